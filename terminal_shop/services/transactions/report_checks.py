"""What the acquirers' settlement reports said of the transactions each payout is made of,
beside the site's own figures: the transactions area's door for the payouts' reconciliation
(settlement_report.py keeps the reported figures on each transaction)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import Any

import sqlalchemy as sa
from sqlmodel import Session, col, func

from terminal_shop.formats import rupiah
from terminal_shop.services.transactions.tables import Transaction


@dataclass(frozen=True)
class ReportCheck:
    """What the settlement report said of one MID's transactions due on a day."""

    reported: int  # the report's net of the transactions it listed
    ours: int  # the site's net of those same transactions
    count: int
    mismatched: tuple[str, ...]  # "T1: situs Rp 99.000, laporan Rp 98.500", the first few


def checks(s: Session, since: date, until: date, shown: int = 10) -> dict[tuple[str, str, date], ReportCheck]:
    """Per (acquirer, MID, day due) in [since, until] with a report, and the lines that differ."""
    t = Transaction
    reported = col(t.reported_net).is_not(None)
    where = (col(t.settle_on) >= since, col(t.settle_on) <= until, reported)
    rows: Any = s.execute(
        sa.select(col(t.acquirer), col(t.mid), col(t.settle_on), func.sum(t.reported_net), func.sum(t.net), func.count())
        .where(*where).group_by(col(t.acquirer), col(t.mid), col(t.settle_on))
    ).all()  # fmt: skip
    odd: Any = s.execute(
        sa.select(col(t.acquirer), col(t.mid), col(t.settle_on), col(t.txn_id), col(t.net), col(t.reported_net))
        .where(*where, col(t.reported_net) != col(t.net)).order_by(col(t.settle_on), col(t.txn_id)).limit(500)
    ).all()  # fmt: skip
    found: dict[tuple[str, str, date], list[str]] = {}
    for a, m, d, txn_id, net, theirs in odd:
        found.setdefault((a, m, d), []).append(f"{txn_id}: situs {rupiah(int(net))}, laporan {rupiah(int(theirs))}")
    return {(a, m, d): ReportCheck(int(r or 0), int(o or 0), int(n), tuple(found.get((a, m, d), [])[:shown]))
            for a, m, d, r, o, n in rows}  # fmt: skip
