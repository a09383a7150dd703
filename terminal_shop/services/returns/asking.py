"""A buyer asks to return units of a delivered order (issue 61.3, PP 80/2019): within
rules.RETURN_DAYS of delivery, from the order's own page (its signed link is the buyer's key),
with the reason, the units by SN, photos and, for a refund, the account it goes to. One
transaction: the request, its photos' keys and its event (the buyer and the staff are told)."""

from __future__ import annotations

import re
import secrets
import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlmodel import Session, col, select

from terminal_shop import rules
from terminal_shop.formats import WIB
from terminal_shop.infra import rate_limits, uploads
from terminal_shop.infra.db import read_session, write_session
from terminal_shop.infra.settings import get_settings
from terminal_shop.infra.storage import discard, get_storage
from terminal_shop.refusals import Refused
from terminal_shop.services import working_days
from terminal_shop.services.devices import owned, units
from terminal_shop.services.devices.terms import DeviceStatus
from terminal_shop.services.events.bus import publish
from terminal_shop.services.orders import order_status
from terminal_shop.services.orders import owners as orders
from terminal_shop.services.orders.terms import Fulfilment
from terminal_shop.services.orders.views import OrderFacts
from terminal_shop.services.registrations.terms import Bank
from terminal_shop.services.returns import window
from terminal_shop.services.returns.events import ReturnAsked
from terminal_shop.services.returns.tables import OrderReturn
from terminal_shop.services.returns.terms import NEXT, Resolution, ReturnReason, ReturnRefusal, ReturnStep

PHOTO_WRONG_TYPE = ("Format file tidak didukung", "Foto unit harus JPG atau PNG, maksimal 10 MB")
IN_USE = (DeviceStatus.ACTIVE.value, DeviceStatus.SUSPENDED.value)


@dataclass(frozen=True)
class Offer:
    """What the buyer may still return: the units (SN) and until when."""

    serials: list[str]
    until: str  # "Minggu, 13 Des 2026"


def taken(s: Session, order_id: uuid.UUID) -> set[str]:
    """The order's units already in a return that was not refused: none goes back twice."""
    rows = s.exec(select(OrderReturn.serials).where(col(OrderReturn.order_id) == order_id,
                                                    col(OrderReturn.step) != ReturnStep.REFUSED.value))  # fmt: skip
    return {sn for serials in rows for sn in serials}


def offer(s: Session, order: OrderFacts, now: datetime | None = None) -> Offer | None:
    """None when nothing may be returned now: not delivered, past the window, every unit asked."""
    if order.fulfilment != Fulfilment.DELIVERED.value or order.delivered_at is None:
        return None
    if not window.is_open(order.delivered_at, now):
        return None
    left = [sn for sn in owned.serials_of(s, order.id) if sn not in taken(s, order.id)]
    return Offer(left, working_days.spoken(window.end(order.delivered_at).astimezone(WIB).date())) if left else None


def _form(form: dict[str, Any], serials: Sequence[str]) -> dict[str, Any]:
    """The form as stored, or the first wrong field refused in its words."""
    reason, resolution = (
        ReturnReason.parse(str(form.get("alasan", ""))),
        Resolution.parse(str(form.get("penyelesaian", ""))),
    )
    if reason is None:
        raise Refused(ReturnRefusal.REASON)
    chosen = [sn for sn in serials if form.get(f"sn_{sn}")]
    if not chosen:
        raise Refused(ReturnRefusal.UNITS)
    if resolution is None:
        raise Refused(ReturnRefusal.RESOLUTION)
    if reason is ReturnReason.CHANGED_MIND and resolution is not Resolution.REFUND:
        raise Refused(ReturnRefusal.CHANGED_MIND_REFUND)
    out: dict[str, Any] = {"reason": reason.value, "resolution": resolution.value, "serials": chosen,
                           "note": " ".join(str(form.get("keterangan", "")).split())[:1000]}  # fmt: skip
    if resolution is Resolution.REFUND:
        bank, number = Bank.parse(str(form.get("bank", ""))), re.sub(r"[\s.-]", "", str(form.get("rekening", "")))
        holder = " ".join(str(form.get("pemilik", "")).split())[:100]
        if bank is None:
            raise Refused(ReturnRefusal.BANK)
        if not re.fullmatch(r"\d{6,20}", number):
            raise Refused(ReturnRefusal.ACCOUNT)
        if not holder:
            raise Refused(ReturnRefusal.HOLDER)
        out |= {"bank": bank.value, "account_number": number, "account_holder": holder}
    return out


def _refund(order: OrderFacts, models: dict[str, str], reason: str, every_unit: bool) -> int:
    """The units' prices as paid; the whole order (its shipping too) when every unit comes back for
    a fault of ours, the order less its shipping when the buyer changed their mind."""
    if every_unit:
        return order.total - (order.shipping_fee if reason == ReturnReason.CHANGED_MIND.value else 0)
    price = {str(line["sku"]): int(line["unit_price"]) for line in order.items}
    return min(order.total, sum(price.get(model, 0) for model in models.values()))


def ask(order_id: str, token: str, form: dict[str, Any], photos: list[bytes], client: str) -> str:
    """The return's number; Refused (the first wrong field, the window, a unit asked before) or
    UploadRejected change nothing. Counted per client address and per order."""
    oid = order_status.verified(order_id, token)
    if oid is None:
        raise Refused(ReturnRefusal.NOT_FOUND)
    try:
        rate_limits.hit_all((rate_limits.Action.RETURN, client), (rate_limits.Action.RETURN_ORDER, str(oid)))
    except rate_limits.TooMany as exc:
        raise Refused(ReturnRefusal.TOO_MANY, minutes=exc.minutes) from None
    with read_session() as s:
        order = orders.record(s, oid)
        if order is None or order.fulfilment != Fulfilment.DELIVERED.value or order.delivered_at is None:
            raise Refused(ReturnRefusal.NOT_DELIVERED)
        serials = owned.serials_of(s, oid)
    wanted = _form(form, serials)
    if not 1 <= len(photos) <= rules.RETURN_PHOTOS:
        raise Refused(ReturnRefusal.PHOTOS)
    checked = [uploads.strip_metadata(uploads.check_file(p, uploads.IMAGE_KINDS, PHOTO_WRONG_TYPE)) for p in photos]
    storage, bucket = get_storage(), get_settings().bucket_order_payments
    row_id = uuid.uuid4()
    keys = [f"{row_id}/retur-{secrets.token_hex(6)}.{c.extension}" for c in checked]
    for key, c in zip(keys, checked, strict=True):
        storage.put(bucket, key, c.data, c.content_type)
    try:
        return _store(oid, row_id, wanted, keys)
    except BaseException:
        discard(storage, bucket, *keys)
        raise


def _store(oid: uuid.UUID, row_id: uuid.UUID, wanted: dict[str, Any], keys: list[str]) -> str:
    with write_session() as s:
        order = orders.record(s, oid, lock=True)  # one return at a time per order: no unit asked twice
        assert order is not None and order.delivered_at is not None  # checked above; orders are not deleted
        if not window.is_open(order.delivered_at):
            raise Refused(ReturnRefusal.WINDOW)
        before = taken(s, oid)
        models: dict[str, str] = {}
        for sn in wanted["serials"]:
            unit = units.by_serial(s, sn)
            if sn in before or unit is None:
                raise Refused(ReturnRefusal.UNIT_TAKEN, serial=sn)
            if wanted["reason"] == ReturnReason.CHANGED_MIND.value and unit.status in IN_USE:
                raise Refused(ReturnRefusal.USED, serial=sn)
            models[sn] = unit.model
        every = set(wanted["serials"]) | before == set(owned.serials_of(s, oid)) and not before
        row = OrderReturn(id=row_id, number=f"RTR-{row_id.hex[:8].upper()}", order_id=oid, photo_keys=keys,
                          amount=_refund(order, models, wanted["reason"], every) if wanted["resolution"] == Resolution.REFUND.value else 0,
                          **wanted)  # fmt: skip
        s.add(row)
        s.flush()
        publish(s, ReturnAsked(entity_id=str(row.id), actor="pembeli", new_status=ReturnStep.ASKED.value,
                               detail=NEXT[ReturnStep.ASKED]))  # fmt: skip
        return row.number


def photo_keys(ids: list[uuid.UUID]) -> set[str]:
    """The stored photos of these returns (services/stored_files.py: what the sweeper keeps)."""
    with read_session() as s:
        rows = s.exec(select(OrderReturn.photo_keys).where(col(OrderReturn.id).in_(ids)))
        return {key for keys in rows for key in keys}
