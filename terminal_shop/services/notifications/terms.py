"""An outgoing message's words."""

from __future__ import annotations

from terminal_shop.vocabulary import Term


class MailStatus(Term):
    """An outbox message (services/notifications/outbox.py)."""

    PENDING = "pending", "Menunggu", "amber"
    SENT = "sent", "Terkirim", "emerald"
    FAILED = "failed", "Gagal", "red"
    HELD = "held", "Ditahan", "slate"  # its record is restricted on its owner's request: never sent (again)
