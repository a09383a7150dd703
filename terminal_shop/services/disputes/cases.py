"""A merchant's disputes on /akun and the admin's list (issue 47.4): the merchant reaches only
their own; evidence is checked as every upload is; an answer is one act (accept, or contest
with a note and at least one file) before the deadline."""

from __future__ import annotations

import uuid
from datetime import date, timedelta
from typing import Any

import sqlalchemy as sa
from sqlmodel import Session, col, func, select

from terminal_shop.formats import day_text, rupiah, wib
from terminal_shop.infra import uploads
from terminal_shop.infra.db import read_session, write_session
from terminal_shop.infra.models import utcnow
from terminal_shop.infra.settings import get_settings
from terminal_shop.infra.storage import discard, get_storage
from terminal_shop.refusals import Refused
from terminal_shop.services import reach, working_days
from terminal_shop.services.disputes.events import DisputeAnswered, DisputeForwarded
from terminal_shop.services.disputes.tables import Dispute, DisputeEvidence
from terminal_shop.services.disputes.terms import (
    ANSWERED,
    CLOSED,
    DECISION_DAYS,
    FORWARDED,
    Decision,
    DisputeRefusal,
    DisputeStatus,
    EvidenceKind,
)
from terminal_shop.services.disputes.views import DisputeView, EvidenceView
from terminal_shop.services.events.bus import publish
from terminal_shop.services.reach import Reach
from terminal_shop.services.registrations import owners as registrations
from terminal_shop.services.transactions import lookup
from terminal_shop.services.validation import parse_id
from terminal_shop.views import Badge

MAX_EVIDENCE = 5
EVIDENCE_WRONG_TYPE = ("Format file tidak didukung", "Bukti berupa foto JPG/PNG atau PDF")
SHOWN = 50


class DisputeError(Refused):
    code: DisputeRefusal


def _answerable(d: Dispute, today: date) -> bool:
    return d.status == DisputeStatus.OPEN.value and not d.decision and today <= d.deadline


def _sale_text(sale: lookup.Sale | None) -> str:
    if sale is None:
        return ""
    return (f"Penjualan {rupiah(sale.amount)} · {wib(sale.occurred_at)} · {sale.scheme or '-'} · TID {sale.tid}")  # fmt: skip


def _status(d: Dispute) -> Badge:
    """The acquirer's status, and while it is open the merchant's side of it."""
    if d.status == DisputeStatus.OPEN.value and d.forwarded_at:
        return Badge(*FORWARDED)
    if d.status == DisputeStatus.OPEN.value and d.decision:
        return Badge(*ANSWERED)
    return Badge.of(DisputeStatus, d.status)


def _next_step(d: Dispute) -> str:
    if d.status in CLOSED:
        return ""
    if d.forwarded_at:
        due = working_days.wib_date(d.forwarded_at) + timedelta(days=DECISION_DAYS)
        return f"Diteruskan ke acquirer {day_text(working_days.wib_date(d.forwarded_at))}; keputusan diharapkan paling lambat {day_text(due)}"
    if d.decision:
        return f"Tanggapan Anda kami teruskan ke acquirer; keputusan biasanya dalam {DECISION_DAYS} hari setelahnya"
    return ""


def _view(
    d: Dispute, files: list[DisputeEvidence], today: date, merchant: str = "", sale: lookup.Sale | None = None
) -> DisputeView:
    storage, bucket = get_storage(), get_settings().bucket_merchant_documents
    decided = f"{Decision.label_of(d.decision)}" + (f": {d.note}" if d.note else "") if d.decision else ""
    return DisputeView(
        str(d.id), f"Chargeback {rupiah(d.amount)} · transaksi {d.txn_id} (TID {d.tid})", f"{d.reason_code} · {d.reason}",
        f"Batas tanggapan {working_days.spoken(d.deadline)}", _status(d), decided, merchant,
        _answerable(d, today),
        [EvidenceView(EvidenceKind.label_of(e.kind), f"{EvidenceKind.label_of(e.kind)} ({e.content_type.split('/')[-1].upper()}, "
                      f"{max(1, e.size // 1024)} KB)", storage.signed_url(bucket, e.file_key)) for e in files],
        _sale_text(sale), _next_step(d), bool(d.decision) and not d.forwarded_at and d.status not in CLOSED,
    )  # fmt: skip


def _sales(s: Session, rows: list[Dispute]) -> dict[tuple[str, str], lookup.Sale]:
    found: dict[tuple[str, str], lookup.Sale] = {}
    for acquirer in {d.acquirer for d in rows}:
        for txn_id, sale in lookup.sales(s, acquirer, [d.txn_id for d in rows if d.acquirer == acquirer]).items():
            found[(acquirer, txn_id)] = sale
    return found


def _files(s: Session, ids: list[uuid.UUID]) -> dict[uuid.UUID, list[DisputeEvidence]]:
    found: dict[uuid.UUID, list[DisputeEvidence]] = {}
    rows = s.exec(
        select(DisputeEvidence).where(col(DisputeEvidence.dispute_id).in_(ids)).order_by(col(DisputeEvidence.id))
    )
    for e in rows:
        found.setdefault(e.dispute_id, []).append(e)
    return found


def _terminal() -> Any:
    """The terminal the disputed sale was made on (what an outlet's reach is made of)."""
    return lookup.terminal_of(col(Dispute.acquirer), col(Dispute.txn_id))


def of_merchants(merchant_ids: Reach | list[uuid.UUID], today: date | None = None) -> list[DisputeView]:
    """Open ones first, the nearest deadline first; then the closed, newest first."""
    if not merchant_ids:
        return []
    today = today or working_days.today_wib()
    with read_session() as s:
        rows = s.exec(
            select(Dispute).where(*reach.of(merchant_ids).where(col(Dispute.merchant_id), _terminal()))
            .order_by(col(Dispute.status).in_(CLOSED), col(Dispute.deadline)).limit(SHOWN)
        ).all()  # fmt: skip
        files = _files(s, [d.id for d in rows])
        sales = _sales(s, list(rows))
    return [_view(d, files.get(d.id, []), today, sale=sales.get((d.acquirer, d.txn_id))) for d in rows]


def _mine(s: Session, merchant_ids: Reach | list[uuid.UUID], dispute_id: str) -> Dispute:
    key = parse_id(dispute_id)
    row = s.get(Dispute, key, with_for_update=True) if key else None
    device = s.execute(sa.select(_terminal()).where(col(Dispute.id) == key)).first() if row is not None else None
    if row is None or not reach.of(merchant_ids).allows(row.merchant_id, device[0] if device else None):
        raise DisputeError(DisputeRefusal.NOT_FOUND)
    return row


def _still_open(d: Dispute, today: date) -> None:
    if d.status in CLOSED:
        raise DisputeError(DisputeRefusal.CLOSED)
    if d.decision:
        raise DisputeError(DisputeRefusal.ANSWERED)
    if today > d.deadline:
        raise DisputeError(DisputeRefusal.PAST_DEADLINE, day=working_days.spoken(d.deadline))


def add_evidence(merchant_ids: Reach | list[uuid.UUID], dispute_id: str, kind: str, data: bytes, email: str,
                 today: date | None = None) -> None:  # fmt: skip
    """One file of evidence, checked as every upload is and stripped of its metadata."""
    today = today or working_days.today_wib()
    if EvidenceKind.parse(kind) is None:
        raise DisputeError(DisputeRefusal.KIND)
    checked = uploads.strip_metadata(uploads.check_file(data, uploads.PROOF_KINDS, EVIDENCE_WRONG_TYPE))
    storage, bucket = get_storage(), get_settings().bucket_merchant_documents
    with write_session() as s:
        d = _mine(s, merchant_ids, dispute_id)
        _still_open(d, today)
        count = s.exec(
            select(func.count()).select_from(DisputeEvidence).where(DisputeEvidence.dispute_id == d.id)
        ).one()
        if count >= MAX_EVIDENCE:
            raise DisputeError(DisputeRefusal.TOO_MANY_FILES, count=MAX_EVIDENCE)
        key = f"{d.id}/bukti-{uuid.uuid4().hex[:12]}.{checked.extension}"
        storage.put(bucket, key, checked.data, checked.content_type)
        try:
            s.add(DisputeEvidence(dispute_id=d.id, kind=kind, file_key=key, content_type=checked.content_type,
                                  size=len(checked.data), uploaded_by=email[:254]))  # fmt: skip
            s.flush()
        except Exception:
            discard(storage, bucket, key)
            raise


def answer(merchant_ids: Reach | list[uuid.UUID], dispute_id: str, decision: str, note: str, email: str,
           today: date | None = None) -> None:  # fmt: skip
    """Accept the chargeback, or contest it with a note and at least one file."""
    today = today or working_days.today_wib()
    chosen = Decision.parse(decision)
    words = " ".join(str(note or "").split())
    if chosen is None or len(words) > 1000 or (chosen is Decision.CONTEST and not words):
        raise DisputeError(DisputeRefusal.NOTE)
    with write_session() as s:
        d = _mine(s, merchant_ids, dispute_id)
        _still_open(d, today)
        has_files = s.exec(select(DisputeEvidence.id).where(DisputeEvidence.dispute_id == d.id)).first() is not None
        if chosen is Decision.CONTEST and not has_files:
            raise DisputeError(DisputeRefusal.NO_EVIDENCE)
        d.decision, d.note, d.answered_by, d.answered_at = chosen.value, words, email[:254], utcnow()
        s.add(d)
        publish(
            s, DisputeAnswered(entity_id=str(d.id), actor=email, new_status=chosen.value, detail=words[:200] or None)
        )


def waiting(limit: int = 100, today: date | None = None) -> list[DisputeView]:
    """For the admin: every dispute not closed, the nearest deadline first, with whose it is."""
    today = today or working_days.today_wib()
    named = registrations.names()
    with read_session() as s:
        rows = s.exec(
            select(Dispute, named.c.nama_usaha).join(named, named.c.id == col(Dispute.merchant_id), isouter=True)
            .where(col(Dispute.status).not_in(CLOSED)).order_by(col(Dispute.deadline)).limit(limit)
        ).all()  # fmt: skip
        files = _files(s, [d.id for d, _ in rows])
        sales = _sales(s, [d for d, _ in rows])
    return [_view(d, files.get(d.id, []), today, name or "", sales.get((d.acquirer, d.txn_id))) for d, name in rows]


def forward(dispute_id: str, admin_email: str) -> None:
    """The staff's step: the answer and its evidence were sent on to the acquirer, today."""
    key = parse_id(dispute_id)
    with write_session() as s:
        d = s.get(Dispute, key, with_for_update=True) if key else None
        if d is None:
            raise DisputeError(DisputeRefusal.NOT_FOUND)
        if d.status in CLOSED:
            raise DisputeError(DisputeRefusal.CLOSED)
        if not d.decision:
            raise DisputeError(DisputeRefusal.NOT_ANSWERED)
        if d.forwarded_at:
            return
        d.forwarded_by, d.forwarded_at = admin_email[:254], utcnow()
        s.add(d)
        publish(s, DisputeForwarded(entity_id=str(d.id), actor=admin_email, detail="diteruskan ke acquirer"))


def evidence_keys(ids: list[uuid.UUID]) -> set[str]:
    """The stored evidence of these disputes (services/stored_files.py: what the sweeper keeps)."""
    with read_session() as s:
        return set(s.exec(select(DisputeEvidence.file_key).where(col(DisputeEvidence.dispute_id).in_(ids))))
