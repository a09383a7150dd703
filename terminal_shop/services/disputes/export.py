"""A dispute's case as one ZIP the admin sends on to the acquirer (issue 47.4, 59.6): the facts
with the sale's RRN and approval code, the merchant's answer and every evidence file. The
download is audited; that it was sent on is the staff's own step (cases.forward)."""

from __future__ import annotations

import io
import zipfile

from sqlmodel import col, select

from terminal_shop.formats import rupiah, wib
from terminal_shop.infra.db import write_session
from terminal_shop.infra.settings import get_settings
from terminal_shop.infra.storage import get_storage
from terminal_shop.services import working_days
from terminal_shop.services.disputes.events import DisputeExported
from terminal_shop.services.disputes.tables import Dispute, DisputeEvidence
from terminal_shop.services.disputes.terms import Decision, DisputeStatus, EvidenceKind
from terminal_shop.services.events.bus import publish
from terminal_shop.services.transactions import lookup
from terminal_shop.services.validation import parse_id


def case_zip(dispute_id: str, admin_email: str) -> tuple[str, bytes] | None:
    """(file name, ZIP bytes), or None for an unknown id."""
    key = parse_id(dispute_id)
    storage, bucket = get_storage(), get_settings().bucket_merchant_documents
    with write_session() as s:
        d = s.get(Dispute, key) if key else None
        if d is None:
            return None
        sale = lookup.sales(s, d.acquirer, [d.txn_id]).get(d.txn_id)
        files = s.exec(
            select(DisputeEvidence).where(col(DisputeEvidence.dispute_id) == d.id).order_by(col(DisputeEvidence.id))
        ).all()
        facts = [
            f"Sengketa {d.dispute_id} ({d.acquirer.upper()})", f"Transaksi {d.txn_id}, TID {d.tid}, MID {d.mid}",
            f"Penjualan {rupiah(sale.amount)} pada {wib(sale.occurred_at)}, {sale.scheme or '-'}, RRN {sale.rrn or '-'}, "
            f"kode approval {sale.approval_code or '-'}" if sale else "Penjualan tidak ditemukan",
            f"Jumlah {rupiah(d.amount)}", f"Alasan {d.reason_code}: {d.reason}",
            f"Batas tanggapan {working_days.spoken(d.deadline)}", f"Status {DisputeStatus.label_of(d.status)}",
            f"Tanggapan merchant: {Decision.label_of(d.decision) if d.decision else 'belum ada'}",
            f"Catatan merchant: {d.note or '-'}",
            f"Dijawab oleh {d.answered_by or '-'} pada {wib(d.answered_at) if d.answered_at else '-'}",
        ]  # fmt: skip
        out = io.BytesIO()
        with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
            for i, e in enumerate(files, 1):
                name = f"{i:02d}-{e.kind}.{e.file_key.rsplit('.', 1)[-1]}"
                z.writestr(name, storage.get(bucket, e.file_key))
                facts.append(f"Bukti {i:02d}: {EvidenceKind.label_of(e.kind)} ({name}), diunggah {wib(e.uploaded_at)}")
            z.writestr("sengketa.txt", "\n".join(facts) + "\n")
        publish(s, DisputeExported(entity_id=str(d.id), actor=admin_email, detail=f"{len(files)} bukti"))
        return f"sengketa-{d.acquirer}-{d.dispute_id}.zip".replace("/", "-"), out.getvalue()
