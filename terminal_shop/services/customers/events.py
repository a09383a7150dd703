"""What happens to a customer's session, as events (issue 60.4): published in the change's
transaction, so what other areas write of it (the merchant team's account log) commits with it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from terminal_shop.services.events.bus import Event


@dataclass(frozen=True, kw_only=True)
class CustomerSignedIn(Event):
    """A session began (the code accepted). `entity_id`: the session's token hash, so the event
    row names no one; the session's row says whose it is (sessions.address_of)."""

    name: ClassVar[str] = "customer.signed_in"
    entity_type: str = "customer_session"
