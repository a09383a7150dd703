"""What the screens show, as typed, frozen objects: built by the services, held by the
states, serialised by Reflex. Money and WIB times are formatted here, once. Here are the
pieces every area's views share (a badge, a line, a history entry, an access); each area
keeps its own views (`services/<area>/views.py`).

A mistyped field is an AttributeError in a test, not a blank cell on a page.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from terminal_shop.formats import rupiah, wib
from terminal_shop.vocabulary import Term


@dataclass(frozen=True)
class Badge:
    label: str
    tone: str  # a colour name; components.admin.badge turns it into classes

    @classmethod
    def of(cls, term_type: type[Term], value: str) -> Badge:
        member = term_type.parse(value)
        return cls(member.label, member.tone) if member is not None else cls(value, "slate")  # "" is a member


@dataclass(frozen=True)
class LineView:
    """One priced line of a cart or an order."""

    sku: str
    name: str
    qty: int
    unit_price: int
    unit_text: str
    total_text: str
    image: str = ""
    fixed: bool = False  # a service bill's line: one, its quantity not the buyer's to change

    @classmethod
    def of(cls, sku: str, name: str, qty: int, unit_price: int, image: str = "", fixed: bool = False) -> LineView:
        return cls(sku, name, qty, unit_price, rupiah(unit_price), rupiah(qty * unit_price), image, fixed)


@dataclass(frozen=True)
class HistoryView:
    """One audit entry, as the detail pages list it."""

    at: str
    who: str
    action: str
    change: str
    detail: str

    @classmethod
    def of(
        cls, at: datetime, who: str, action: str, old: str | None, new: str | None, detail: str | None
    ) -> HistoryView:
        """`old` and `new` in words (audit.history); one when the status stayed, none when none."""
        change = new or old or "" if old == new or not (old and new) else f"{old} → {new}"
        return cls(wib(at), who, action, change, detail or "")


@dataclass(frozen=True)
class AccessView:
    """One look at personal files or data: "Dilihat oleh ... pada ..."."""

    at: str
    who: str
    action: str  # its label
    item: str


# ----- payments matched against the bank (services/orders/payments/reconcile.py) -----


# ----- the admin overview (services/backoffice/admin_overview.py) -----


@dataclass(frozen=True)
class DataRequestView:
    """A data subject's request waiting for its answer (services/privacy/requests.py), shown on
    the order's and the merchant's admin pages: here, so those areas need not import privacy."""

    label: str
    link: str  # the record's admin page
    asked_at: str
    due: str
    overdue: bool
