"""The admin's view of the transactions: each acquirer's webhook health (its last transaction,
the deliveries refused lately and why), transactions for TIDs no active device has, and
active devices silent for days."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta

from sqlmodel import col, func, select

from terminal_shop import catalogue, rules
from terminal_shop.formats import rupiah, wib
from terminal_shop.infra.db import read_session
from terminal_shop.infra.models import utcnow
from terminal_shop.infra.settings import get_settings
from terminal_shop.intake import tallies
from terminal_shop.services.devices.terms import DeviceStatus
from terminal_shop.services.devices.units import units
from terminal_shop.services.transactions import settlement
from terminal_shop.services.transactions.tables import Acquirer, Transaction
from terminal_shop.services.transactions.terms import Hold

LIST_MAX = 50


@dataclass(frozen=True)
class AcquirerHealth:
    code: str
    name: str
    last_transaction: str  # WIB, "-" when none yet
    refused_today: int  # in the last 24 hours
    last_refusal: str  # its reason, "" when none
    schedule: str = ""  # "H+1 hari kerja, batas 23.00, paling lambat 17.00 WIB"


@dataclass(frozen=True)
class UnknownLine:
    at: str
    acquirer: str
    tid: str
    amount: str
    why: str = ""  # terms.Hold's label, with the MID the sale named
    txn_id: str = ""
    releasable: bool = False  # an unknown TID's sale: "Masukkan ke pencairan" once its terminal is active


@dataclass(frozen=True)
class SilentDevice:
    serial: str
    model: str
    tid: str
    last: str  # the last transaction, WIB, or "belum pernah"


def acquirers() -> list[AcquirerHealth]:
    since = utcnow() - rules.REFUSALS_SHOWN
    with read_session() as s:
        rows = s.exec(select(Acquirer).order_by(col(Acquirer.code))).all()
        out = []
        for a in rows:
            last = s.exec(select(func.max(Transaction.received_at)).where(col(Transaction.acquirer) == a.code)).one()
            lately = tallies.recent(a.code, since)  # counted in SQL, whatever a flood wrote
            out.append(AcquirerHealth(a.code, a.name, wib(last) if last else "-", lately.count, lately.last_reason,
                                      settlement.of(a).words()))  # fmt: skip
    return out


def unknown_tids() -> list[UnknownLine]:
    with read_session() as s:
        rows = s.exec(
            select(Transaction).where(col(Transaction.device_id).is_(None))
            .order_by(col(Transaction.received_at).desc()).limit(LIST_MAX)
        ).all()  # fmt: skip
    return [UnknownLine(wib(t.occurred_at), t.acquirer, t.tid, rupiah(t.amount), f"{Hold.label_of(t.held or 'tid')} (MID {t.mid})",
                        t.txn_id, t.held == Hold.TID.value) for t in rows]  # fmt: skip


def silent_days() -> int:
    return get_settings().silent_device_days


def silent_devices(days: int | None = None) -> list[SilentDevice]:
    """Active terminals without a transaction for SILENT_DEVICE_DAYS (a setting)."""
    since = utcnow() - timedelta(days=days or silent_days())
    with read_session() as s:
        last = (
            select(Transaction.device_id, func.max(Transaction.occurred_at).label("last"))
            .group_by(col(Transaction.device_id)).subquery()
        )  # fmt: skip
        unit = units()
        rows = s.exec(
            select(unit.c.serial, unit.c.model, unit.c.tid, last.c.last)
            .join(last, last.c.device_id == unit.c.id, isouter=True)
            .where(unit.c.status == DeviceStatus.ACTIVE.value, unit.c.activated_at < since)
            .where((last.c.last.is_(None)) | (last.c.last < since))
            .limit(LIST_MAX)
        ).all()  # fmt: skip
    out = []
    for serial, model, tid, seen in rows:
        product = catalogue.product(model)
        out.append(
            SilentDevice(
                serial, product.short_name if product else model, tid or "", wib(seen) if seen else "belum pernah"
            )
        )
    return out
