"""A record's audit trail as its detail page lists it, each status in its words (the trail
itself is the audit area's: services/audit/trail.py)."""

from __future__ import annotations

from terminal_shop.infra.db import read_session
from terminal_shop.services.audit import trail
from terminal_shop.services.devices.terms import DeviceStatus
from terminal_shop.services.orders.terms import Fulfilment, OrderStatus
from terminal_shop.services.registrations.terms import AccountChangeStep, RegistrationStatus
from terminal_shop.views import HistoryView
from terminal_shop.vocabulary import Term


def history(entity_type: str, entity_id: str) -> tuple[HistoryView, ...]:
    """Newest first, as the detail pages list it."""
    with read_session() as s:
        rows = trail.entries(s, entity_type, entity_id, newest_first=True)
    return tuple(
        HistoryView.of(r.at, r.by, r.action, _label(entity_type, r.old_status), _label(entity_type, r.new_status),
                       r.detail)
        for r in rows
    )  # fmt: skip


# The words each record's statuses are shown in (issue 39.6: never "paid_review -> confirmed").
_TERMS: dict[str, tuple[type[Term], ...]] = {
    "order": (OrderStatus, Fulfilment),
    "merchant": (RegistrationStatus, AccountChangeStep),
    "device": (DeviceStatus,),
}


def _label(entity_type: str, value: str | None) -> str | None:
    if value is None:
        return None
    for term in _TERMS.get(entity_type, ()):
        if (member := term.parse(value)) is not None:
            return member.label
    return value
