"""What a record's page shows of its messages."""

from __future__ import annotations

from dataclasses import dataclass

from terminal_shop.views import Badge


@dataclass(frozen=True)
class MailView:
    """One e-mail of a record, as the admin's detail pages list it."""

    id: int
    at: str
    recipient: str
    subject: str
    badge: Badge  # delivered / pending / failed
    error: str  # the SMTP server's reason, when it refused or failed
