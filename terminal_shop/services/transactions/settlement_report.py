"""The acquirer's daily settlement report (CSV): each line marks one transaction settled on
its date; where the report's gross, MDR or net differ from what the site computed, the line
is listed for the admin. Which column holds what is chosen once per acquirer and remembered
(as the QRIS report's columns are)."""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from datetime import date, datetime

from sqlmodel import col, select

from terminal_shop.formats import rupiah
from terminal_shop.infra import preferences
from terminal_shop.infra.db import write_session
from terminal_shop.infra.models import utcnow
from terminal_shop.refusals import Refused
from terminal_shop.services.events.bus import publish
from terminal_shop.services.transactions import ledger_reads
from terminal_shop.services.transactions.events import SettlementReported
from terminal_shop.services.transactions.tables import Transaction
from terminal_shop.services.transactions.terms import ReportRefusal

FIELDS = ("txn_id", "settled_on", "gross", "mdr", "net")
DEFAULT_COLUMNS = {
    "txn_id": "transaction_id",
    "settled_on": "settlement_date",
    "gross": "gross",
    "mdr": "mdr",
    "net": "net",
}
MAX_LINES = 200_000


class ReportError(Refused):
    code: ReportRefusal


@dataclass(frozen=True)
class Difference:
    txn_id: str
    what: str  # "MDR: situs Rp 1.500, laporan Rp 1.800"


SHOWN = 50  # of a report's differences and unknown ids, the first ones the admin's page lists


@dataclass(frozen=True)
class ReportResult:
    """What the page shows of an import: the first SHOWN differences and unknown ids and how
    many more (a report of 200,000 lines would not travel to the tab; the reconciliation keeps
    each MID and day's difference)."""

    settled: int
    differences: list[Difference]
    unknown: list[str]  # transaction ids the site never received
    more_differences: int = 0
    more_unknown: int = 0


def columns_of(acquirer: str) -> dict[str, str]:
    kept = preferences.remembered(f"settlement-columns:{acquirer}")
    return {**DEFAULT_COLUMNS, **{k: str(v) for k, v in kept.items() if k in FIELDS}}


def _save_columns(acquirer: str, columns: dict[str, str]) -> None:
    preferences.remember(f"settlement-columns:{acquirer}", columns)


def _amount(text: str) -> int:
    digits = text.replace("Rp", "").replace("IDR", "").replace(".", "").replace(",00", "").replace(" ", "")
    return int(digits.split(",")[0] or 0)


def _day(text: str) -> date:
    text = text.strip()
    for form in ("%Y-%m-%d", "%d/%m/%Y", "%d-%m-%Y"):
        try:
            return datetime.strptime(text, form).date()
        except ValueError:
            continue
    raise ValueError(text)


def import_report(
    acquirer: str, data: bytes, columns: dict[str, str] | None = None, admin_email: str = "admin"
) -> ReportResult:
    chosen = {**columns_of(acquirer), **(columns or {})}
    try:
        rows = list(csv.DictReader(io.StringIO(data.decode("utf-8-sig"))))
    except UnicodeDecodeError:
        raise ReportError(ReportRefusal.NOT_CSV) from None
    if not rows:
        raise ReportError(ReportRefusal.EMPTY)
    missing = [chosen[f] for f in FIELDS if chosen[f] not in rows[0]]
    if missing:
        raise ReportError(ReportRefusal.COLUMNS, missing=", ".join(missing))
    if len(rows) > MAX_LINES:
        raise ReportError(ReportRefusal.TOO_LONG, most=f"{MAX_LINES:,}".replace(",", "."))
    settled, differences, unknown = 0, [], []
    with write_session() as s:
        ids = [r[chosen["txn_id"]].strip() for r in rows]
        found = {t.txn_id: t for t in s.exec(select(Transaction).where(col(Transaction.acquirer) == acquirer,
                                                                      col(Transaction.txn_id).in_(ids)))}  # fmt: skip
        for row, txn_id in zip(rows, ids, strict=True):
            t = found.get(txn_id)
            if t is None:
                unknown.append(txn_id)
                continue
            try:
                day = _day(row[chosen["settled_on"]])
                theirs = {"Jumlah": _amount(row[chosen["gross"]]), "MDR": _amount(row[chosen["mdr"]]),
                          "Bersih": _amount(row[chosen["net"]])}  # fmt: skip
            except ValueError:
                differences.append(Difference(txn_id, "baris tidak terbaca"))
                continue
            ours = {"Jumlah": t.amount, "MDR": t.mdr, "Bersih": t.net}
            for name, value in ours.items():
                if value != theirs[name]:
                    differences.append(
                        Difference(txn_id, f"{name}: situs {rupiah(value)}, laporan {rupiah(theirs[name])}")
                    )
            t.settled_on, t.reported_net, t.changed_at = day, theirs["Bersih"], utcnow()
            s.add(t)
            settled += 1
        payouts = ledger_reads.sale_payouts(
            s, [(acquirer, t.txn_id) for t in found.values() if t.settled_on is not None]
        )
        paid = {f"{found[txn].mid} {on.isoformat()}" for (_, txn), (on, _) in payouts.items() if on is not None}
        publish(s, SettlementReported(entity_id=acquirer, actor=admin_email, paid=tuple(sorted(paid))))
    _save_columns(acquirer, chosen)
    return ReportResult(settled, differences[:SHOWN], unknown[:SHOWN], max(0, len(differences) - SHOWN),
                        max(0, len(unknown) - SHOWN))  # fmt: skip
