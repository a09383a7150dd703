"""How long personal data is kept, enforced (docs/decisions.md, Personal data; /privacy).

Four periods, from the settings: a rejected registration that was not corrected,
RETENTION_REJECTED_DAYS after its rejection; an approved merchant's identity,
RETENTION_ENDED_YEARS after the admin marked the relationship ended ("berhenti"); orders and
their proofs, RETENTION_RECORDS_YEARS after they were placed; an amount held for a checkout
that never became an order, RETENTION_ABANDONED_DAYS after its hold ran out. Each worker runs
`run()` with the orphan sweeper; by hand: `python -m terminal_shop.retention run [--dry-run]`.
A second run, or a second worker at the same time, erases nothing twice (erasure.py).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from terminal_shop.formats import wib
from terminal_shop.infra.db import read_session, write_session
from terminal_shop.infra.models import utcnow
from terminal_shop.infra.settings import get_settings
from terminal_shop.infra.storage import Storage
from terminal_shop.services.orders import personal as orders
from terminal_shop.services.privacy import erasure
from terminal_shop.services.privacy.holders import ORDER
from terminal_shop.services.registrations import personal as registrations
from terminal_shop.services.registrations.terms import RegistrationStatus

log = logging.getLogger(__name__)
BATCH = 500  # records erased per rule and run; the next run takes the rest


@dataclass
class Report:
    """What a run erased (or, dry, would erase): record ids per rule, and files removed."""

    due: dict[str, list[str]] = field(default_factory=dict)
    files: int = 0

    def lines(self) -> list[str]:
        return [f"{rule}: {len(ids)}" for rule, ids in self.due.items()] + [f"file dihapus: {self.files}"]


# A rule's answer: the ids due (a query), the check made again on each locked row, and the reason.
Due = tuple[Any, Callable[[Any], bool], str]


def _rejected_due(now: datetime) -> Due:
    days = get_settings().retention_rejected_days
    limit = now - timedelta(days=days)

    def still_due(row: Any) -> bool:
        return row.status == RegistrationStatus.REJECTED and row.rejected_at is not None and row.rejected_at <= limit

    query = registrations.rejected_before(limit)
    return query, still_due, f"Retensi: {days} hari setelah ditolak"


def _ended_due(now: datetime) -> Due:
    years = get_settings().retention_ended_years

    def still_due(row: Any) -> bool:
        return erasure.ended(now, row.ended_at, years)

    # A coarse cut in SQL (365 days a year); the calendar check is still_due's.
    query = registrations.ended_before(now - timedelta(days=365 * years))
    return query, still_due, f"Retensi: {years} tahun setelah hubungan usaha berakhir"


def _orders_due(now: datetime) -> Due:
    years = get_settings().retention_records_years

    def still_due(row: Any) -> bool:
        return erasure.ended(now, row.created_at, years)

    query = orders.placed_before(now - timedelta(days=365 * years))
    return query, still_due, f"Retensi: {years} tahun catatan keuangan"


RULES: dict[str, tuple[Callable[[datetime], Due], Callable[..., int | None]]] = {
    "pendaftaran ditolak": (_rejected_due, erasure.erase_merchant),
    "merchant berhenti": (_ended_due, erasure.erase_merchant),
    "pesanan": (_orders_due, erasure.erase_order),
}


def run(now: datetime | None = None, dry_run: bool = False, storage: Storage | None = None) -> Report:
    now = now or utcnow()
    report = Report()
    for name, (rule, erase) in RULES.items():
        query, still_due, why = rule(now)
        with read_session() as s:
            ids = list(s.exec(query.limit(BATCH)))
        done = []
        for record_id in ids:
            if dry_run:
                done.append(str(record_id))
            elif (files := erase(record_id, erasure.SYSTEM, why, still_due, storage)) is not None:
                done.append(str(record_id))
                report.files += files
        report.due[name] = done
    report.due["percobaan tidak dikirim"] = _abandoned(now, dry_run)
    if not dry_run and any(report.due.values()):
        log.info("retention erased %s", ", ".join(report.lines()))
    return report


def _abandoned(now: datetime, dry_run: bool) -> list[str]:
    """Amounts held for checkouts that never became orders (the attempt's key, nothing else)."""
    limit = now - timedelta(days=get_settings().retention_abandoned_days)
    with read_session() if dry_run else write_session() as s:
        return orders.forget_abandoned(s, limit, BATCH, dry_run)


def run_quietly() -> None:
    """For the periodic task: a failure is logged and waits for the next round."""
    try:
        run()
    except Exception:
        log.exception("retention round failed")


def purge_note(entity_type: str, row: Any) -> str:
    """When this record's personal data goes, as the admin's detail page says it."""
    s = get_settings()
    if row.purged_at is not None:
        return f"Data pribadi sudah dihapus pada {wib(row.purged_at)}."
    if entity_type == ORDER:
        return f"Data pembeli dan bukti dihapus otomatis pada {wib(erasure.years_after(row.created_at, s.retention_records_years), False)}."
    if row.status == RegistrationStatus.REJECTED and row.rejected_at is not None:
        when = row.rejected_at + timedelta(days=s.retention_rejected_days)
        return f"Dokumen dan data pribadi dihapus otomatis pada {wib(when, False)} jika tidak diperbaiki."
    if row.ended_at is not None:
        return f"Hubungan usaha berakhir {wib(row.ended_at, False)}: data dihapus otomatis pada {wib(erasure.years_after(row.ended_at, s.retention_ended_years), False)}."
    if row.status == RegistrationStatus.APPROVED:
        return f"Disimpan selama menjadi merchant dan {s.retention_ended_years} tahun setelah hubungan usaha berakhir."
    return "Disimpan selama pendaftaran diproses."
