"""What the service desk owes, for the admin's overview (issue 63.6): cases whose promised
shipping day has come or gone with no replacement sent, bills not paid, replacements sent
and not yet in the merchant's hands. Counted from the open cases (a few hundred at most)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlmodel import col, select

from terminal_shop.infra.db import read_session
from terminal_shop.services import working_days
from terminal_shop.services.devices import units
from terminal_shop.services.devices.terms import DeviceStatus
from terminal_shop.services.orders import bills
from terminal_shop.services.orders.bills import BillState
from terminal_shop.services.servicing.cases import promised_day
from terminal_shop.services.servicing.tables import ServiceCase
from terminal_shop.services.servicing.terms import OPEN_STEPS, CaseStep


@dataclass(frozen=True)
class Queue:
    label: str
    count: int
    oldest: datetime | None  # when the oldest began to wait


def _queue(label: str, since: list[datetime]) -> Queue:
    return Queue(label, len(since), min(since) if since else None)


def waiting(now: datetime | None = None) -> list[Queue]:
    today = working_days.today_wib(now)
    with read_session() as s:
        rows = list(s.exec(select(ServiceCase).where(col(ServiceCase.step).in_(OPEN_STEPS))))
        billed = bills.states(s, [c.number for c in rows if c.fee_sku])
        sent = [c for c in rows if c.step == CaseStep.SENT.value and c.delivered_at is None and c.replacement_id]
        found = units.records(s, {c.replacement_id for c in sent if c.replacement_id})
    due = [c.opened_at for c in rows if c.step in (CaseStep.OPEN.value, CaseStep.CHECKED.value) and c.in_warranty
           and promised_day(working_days.today_wib(c.opened_at)) <= today]  # fmt: skip
    unpaid = [
        c.changed_at
        for c in rows
        if c.fee_sku and billed.get((c.number, c.fee_sku), BillState.UNPAID) is BillState.UNPAID
    ]
    active = {uid for uid, unit in found.items() if unit.status == DeviceStatus.ACTIVE.value}  # activated: it arrived
    on_the_road = [c.sent_at or c.changed_at for c in sent if c.replacement_id not in active]
    return [
        _queue("Servis: janji kirim hari ini atau terlewat", due),
        _queue("Servis: tagihan belum dibayar", unpaid),
        _queue("Servis: pengganti belum diterima merchant", on_the_road),
    ]
