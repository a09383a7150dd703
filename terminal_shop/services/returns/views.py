"""What the order's pages show of its returns: the buyer's (their account masked, what they
may still return and until when) and the staff's (the account whole with its holder's name,
the photos, the units still to scan)."""

from __future__ import annotations

import uuid
from dataclasses import dataclass, field

from sqlmodel import Session, col, select

from terminal_shop import couriers
from terminal_shop.formats import rupiah, wib
from terminal_shop.infra.db import read_session
from terminal_shop.infra.settings import get_settings
from terminal_shop.infra.storage import get_storage
from terminal_shop.services.orders import owners as orders
from terminal_shop.services.returns import asking, credit_note
from terminal_shop.services.returns.naming import named_units
from terminal_shop.services.returns.tables import OrderReturn
from terminal_shop.services.returns.terms import NEXT, Destination, Resolution, ReturnReason, ReturnStep


@dataclass(frozen=True)
class ReturnView:
    id: str
    number: str
    step: str  # terms.ReturnStep value
    step_label: str
    step_tone: str  # a colour name (components.ui.TONES)
    reason: str
    units: str  # "PAX A920 Pro SN A9200001, ..."
    resolution: str
    next: str
    is_refund: bool = False
    note: str = ""
    refused_reason: str = ""
    pickup: str = ""  # "JNE, resi ..."
    received: str = ""  # "A9200001: Kembali ke stok"
    refund_to: str = ""
    amount: str = ""
    refund_reference: str = ""
    credit_note: str = ""
    credit_note_link: str = ""
    exchange: str = ""
    asked: str = ""
    photos: list[str] = field(default_factory=list)  # signed links: the staff's view only
    waiting: list[str] = field(default_factory=list)  # SNs not yet received (staff)


@dataclass(frozen=True)
class BuyerReturns:
    serials: list[str]  # what may still be returned; [] when nothing may
    until: str
    returns: list[ReturnView]


def _view(s: Session, r: OrderReturn, staff: bool) -> ReturnView:
    step = ReturnStep.parse(r.step) or ReturnStep.ASKED
    courier = couriers.courier(r.pickup_courier)
    masked = r.account_number if staff else "••••" + r.account_number[-4:]
    refund_to = f"{r.bank} · {masked} · a.n. {r.account_holder}" if r.resolution == Resolution.REFUND.value else ""
    storage, bucket = get_storage(), get_settings().bucket_order_payments
    return ReturnView(
        id=str(r.id), number=r.number, step=step.value, step_label=step.label, step_tone=step.tone,
        reason=ReturnReason.label_of(r.reason), units=", ".join(named_units(s, r.serials)), resolution=Resolution.label_of(r.resolution),
        next=NEXT[step], is_refund=r.resolution == Resolution.REFUND.value, note=r.note if staff else "", refused_reason=r.refused_reason,
        pickup=f"{courier.name}, resi {r.pickup_resi}" if courier else "",
        received=", ".join(f"{sn}: {Destination.label_of(d)}" for sn, d in r.received.items()),
        refund_to=refund_to, amount=rupiah(r.amount) if r.resolution == Resolution.REFUND.value else "",
        refund_reference=r.refund_reference, credit_note=r.credit_note or "",
        credit_note_link=credit_note.link(r.id) if r.credit_note else "",
        exchange=(f"SN {', '.join(r.exchange_serials)}, resi {r.exchange_resi}" if r.exchange_serials else ""),
        asked=wib(r.asked_at), photos=[storage.signed_url(bucket, k) for k in r.photo_keys] if staff else [],
        waiting=[sn for sn in r.serials if sn not in r.received] if staff else [],
    )  # fmt: skip


def _rows(s: Session, order_id: uuid.UUID) -> list[OrderReturn]:
    return list(s.exec(select(OrderReturn).where(col(OrderReturn.order_id) == order_id)
                       .order_by(col(OrderReturn.asked_at))))  # fmt: skip


def for_buyer(order_id: uuid.UUID) -> BuyerReturns:
    """The order page's part (its signed link was checked by the caller)."""
    with read_session() as s:
        order = orders.record(s, order_id)
        found = asking.offer(s, order) if order is not None else None
        views = [_view(s, r, staff=False) for r in _rows(s, order_id)]
    return BuyerReturns(found.serials if found else [], found.until if found else "", views)


def for_staff(order_id: uuid.UUID) -> list[ReturnView]:
    with read_session() as s:
        return [_view(s, r, staff=True) for r in _rows(s, order_id)]
