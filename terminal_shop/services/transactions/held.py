"""A held sale resolved by the admin (issue 59.4): a sale whose TID no active device had when it
came is in no payout; once a terminal is active with that TID and the sale's MID (activated
late, a replacement), "Masukkan ke pencairan" gives it to that terminal's merchant, on the MID's
next payout not yet sent. A sale whose MID is not its terminal's stays held: the acquirer's
mistake is put right by the acquirer, or by a correction."""

from __future__ import annotations

from datetime import date

import sqlalchemy as sa
from sqlmodel import col, select

from terminal_shop.infra.db import write_session
from terminal_shop.infra.models import utcnow
from terminal_shop.refusals import Refused
from terminal_shop.services.devices import units
from terminal_shop.services.devices.terms import DeviceStatus
from terminal_shop.services.events.bus import publish
from terminal_shop.services.transactions import ledger
from terminal_shop.services.transactions.events import HeldSaleReleased
from terminal_shop.services.transactions.tables import Transaction
from terminal_shop.services.transactions.terms import HeldRefusal, Hold


class HeldError(Refused):
    code: HeldRefusal


def release(acquirer: str, txn_id: str, admin_email: str) -> date:
    """The payout day the sale now lands on, or HeldError."""
    with write_session() as s:
        t = s.exec(select(Transaction).where(col(Transaction.acquirer) == acquirer, col(Transaction.txn_id) == txn_id,
                                             col(Transaction.held) != "").with_for_update()).first()  # fmt: skip
        if t is None:
            raise HeldError(HeldRefusal.NOT_FOUND)
        if t.held == Hold.MID.value:
            raise HeldError(HeldRefusal.OTHER_MID)
        unit = units.units()
        found = s.execute(sa.select(unit.c.id, unit.c.merchant_id).where(
            unit.c.tid == t.tid, unit.c.mid == t.mid, unit.c.status == DeviceStatus.ACTIVE.value)).first()  # fmt: skip
        if found is None or found.merchant_id is None:
            raise HeldError(HeldRefusal.NO_TERMINAL, tid=t.tid, mid=t.mid)
        t.held, t.device_id, t.merchant_id, t.changed_at = "", found.id, found.merchant_id, utcnow()
        s.add(t)
        day = ledger.release(s, acquirer, t.mid, txn_id, found.merchant_id)
        publish(s, HeldSaleReleased(entity_id=txn_id, actor=admin_email,
                                    detail=f"{acquirer.upper()} TID {t.tid} ke pencairan {day.isoformat()}"))  # fmt: skip
        return day
