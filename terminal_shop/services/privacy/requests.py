"""A data subject's rights (UU 27/2022 Pasal 32, 42-44): a copy of their record with its
files and processing history, and its erasure, answered within 3x24 hours.

Erasure erases (erasure.py) unless a law still requires keeping the record: an approved
merchant's identity (anti money laundering: until RETENTION_ENDED_YEARS after the
relationship ends) and an order with its proof (company records: RETENTION_RECORDS_YEARS).
Such a record is restricted instead: hidden from the lists and searches, its files no
longer linked, until retention erases it. The applicant asks from their status page; the
admins are told by e-mail and the overview lists what is open with its deadline.
"""

from __future__ import annotations

import io
import json
import time
import uuid
import zipfile
from datetime import datetime
from pathlib import PurePosixPath
from typing import Any

from sqlalchemy import ColumnElement, update
from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, col, select
from sqlmodel.sql.expression import SelectOfScalar

from terminal_shop import routes, rules
from terminal_shop.formats import wib
from terminal_shop.infra import rate_limits
from terminal_shop.infra.db import read_session, write_session
from terminal_shop.infra.models import utcnow
from terminal_shop.infra.rate_limits import Action
from terminal_shop.infra.settings import get_settings
from terminal_shop.infra.signing import sign, verify
from terminal_shop.infra.storage import StorageError, get_storage
from terminal_shop.refusals import Refused
from terminal_shop.services.audit import access_log, trail
from terminal_shop.services.audit.terms import AccessAction
from terminal_shop.services.events.bus import publish
from terminal_shop.services.notifications import sent
from terminal_shop.services.privacy import copies, erasure
from terminal_shop.services.privacy.events import DataExported, DataRequestAsked, DataRestricted
from terminal_shop.services.privacy.holders import HOLDERS, ORDER, PersonalRecord
from terminal_shop.services.privacy.tables import DataRequest
from terminal_shop.services.privacy.terms import DataRequestKind, RequestRefusal
from terminal_shop.services.registrations import registration_status
from terminal_shop.services.registrations.terms import RegistrationStatus
from terminal_shop.services.validation import parse_id
from terminal_shop.views import DataRequestView

ANSWER_WITHIN = rules.DATA_REQUEST_ANSWER
LINK_SECONDS = 300  # an export link, made after the typed confirmation, works this long
WHY_ASKED = "Permintaan pemilik data"
ARCHIVE = "Arsip data pribadi"


class RequestError(Refused):
    code: RequestRefusal


def _row(entity_type: str, record_id: str) -> Any:
    holder, rid = HOLDERS.get(entity_type), parse_id(record_id)
    if holder is None or rid is None:
        return None
    with read_session() as s:
        return holder.record(s, rid)


# ----- what a law still requires -----


def duty_until(entity_type: str, row: Any) -> datetime | None:
    """Until when a law requires keeping this record's personal data (None: no duty). An
    approved merchant whose relationship has not ended: for as long as it lasts (far future)."""
    s = get_settings()
    if entity_type == ORDER:
        return erasure.years_after(row.created_at, s.retention_records_years)
    if row.status != RegistrationStatus.APPROVED:
        return None
    if row.ended_at is None:
        return datetime.max.replace(tzinfo=row.created_at.tzinfo)
    return erasure.years_after(row.ended_at, s.retention_ended_years)


def restriction_note(entity_type: str, row: PersonalRecord) -> str:
    if row.restricted_at is None or row.purged_at is not None:
        return ""
    until = duty_until(entity_type, row)
    if until is None:
        kept = "sampai permintaan diproses"
    elif until.year == datetime.max.year:  # an approved merchant still in business
        kept = "selama hubungan usaha berlangsung dan sesudahnya sesuai masa retensi"
    else:
        kept = f"sampai {wib(until, False)}"
    return f"Dibatasi sejak {wib(row.restricted_at, False)} atas permintaan pemilik data: wajib disimpan {kept}, lalu dihapus."


# ----- erasure on request -----


def erase_or_restrict(entity_type: str, record_id: str, admin_email: str) -> str:
    """Erases the record's personal data, or restricts it while a law requires keeping it.
    Returns what was done, in the admin's words."""
    row = _row(entity_type, record_id)
    if row is None:
        raise RequestError(RequestRefusal.NOT_FOUND)
    if row.purged_at is not None:
        return "Data pribadi sudah dihapus sebelumnya."

    def answered(s: Session) -> None:  # in the answer's transaction (51.5)
        _close(s, entity_type, row.id, DataRequestKind.ERASURE, admin_email)

    if duty_until(entity_type, row) is None:  # only a registration not approved: an order is a record
        files = erasure.erase_merchant(row.id, admin_email, WHY_ASKED, then=answered)
        if files is None:  # erased meanwhile (retention, another admin): the request is answered all the same
            with write_session() as s:
                answered(s)
        return f"Data pribadi dihapus: {files or 0} dokumen dihapus, status dan tanggal disimpan."
    with write_session() as s:
        holder = HOLDERS[entity_type]
        holder.restrict(s, row.id)
        copies.restrict(s, entity_type, str(row.id))
        emls = erasure.sign_out(s, holder, row, copies.person_words(*holder.personal_values(s, row.id)))
        publish(s, DataRestricted(entity_type=entity_type, entity_id=str(row.id), actor=admin_email,
                                  old_status=row.status, new_status=row.status, detail=WHY_ASKED))  # fmt: skip
        answered(s)
    copies.remove(emls)
    return "Masih wajib disimpan menurut hukum: data dibatasi (tidak tampil di daftar, dokumen tidak dapat dibuka) sampai masa retensi berakhir, lalu dihapus otomatis."


# ----- the copy of a record -----


def export_link(entity_type: str, record_id: str) -> str:
    """A short-lived link to the record's archive, made once the admin typed the confirmation."""
    expires = int(time.time()) + LINK_SECONDS
    token = sign("personal-data", entity_type, record_id, expires)
    return f"{routes.personal_data(entity_type, record_id)}?e={expires}&t={token}"


def link_ok(entity_type: str, record_id: str, expires: str, token: str) -> bool:
    return (
        expires.isdigit()
        and int(expires) >= time.time()
        and verify(token, "personal-data", entity_type, record_id, expires)
    )


def archive(entity_type: str, record_id: str, admin_email: str) -> tuple[str, bytes]:
    """A zip of the record (every field as JSON), its files, and its audit, access and
    e-mail history. Logged as a download; answers an open request for a copy."""
    row = _row(entity_type, record_id)
    if row is None:
        raise RequestError(RequestRefusal.NOT_FOUND)
    holder, buffer = HOLDERS[entity_type], io.BytesIO()
    with read_session() as s:
        fields, keys = holder.fields(s, row.id), holder.files(s, row.id)
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as zf:
        zf.writestr("data.json", _json(fields))
        for name, data in _files(holder.bucket(), keys):
            zf.writestr(name, data)
        zf.writestr("riwayat.json", _json(_history(entity_type, row.id)))
    with write_session() as s:
        access_log.record_in(s, admin_email, AccessAction.DOWNLOADED, entity_type, str(row.id), ARCHIVE)
        publish(s, DataExported(entity_type=entity_type, entity_id=str(row.id), actor=admin_email,
                                old_status=row.status, new_status=row.status, detail=ARCHIVE))  # fmt: skip
        _close(s, entity_type, row.id, DataRequestKind.ACCESS, admin_email)
    return f"data-pribadi-{entity_type}-{str(row.id)[:8]}.zip", buffer.getvalue()


def _json(value: object) -> str:
    return json.dumps(value, ensure_ascii=False, indent=1, default=str)


def _files(bucket: str, keys: list[tuple[str, str]]) -> list[tuple[str, bytes]]:
    storage = get_storage()
    out = []
    for name, key in keys:
        try:
            out.append((f"dokumen/{name}{PurePosixPath(key).suffix}", storage.get(bucket, key)))
        except StorageError:
            out.append((f"dokumen/{name}-TIDAK-DITEMUKAN.txt", b"File tidak ada di penyimpanan."))
    return out


def _history(entity_type: str, record_id: uuid.UUID) -> dict[str, Any]:
    with read_session() as s:
        events = trail.entries(s, entity_type, str(record_id))
        mails = sent.of_record(s, entity_type, str(record_id))
    return {
        "perubahan": [{"waktu": e.at.isoformat(), "oleh": e.by, "tindakan": e.action, "dari": e.old_status, "menjadi": e.new_status, "keterangan": e.detail} for e in events],
        "akses": access_log.entries(entity_type, str(record_id)),
        "email": [{"waktu": m.created_at.isoformat(), "kepada": m.to_addr, "subjek": m.subject, "status": m.status} for m in mails],
    }  # fmt: skip


# ----- the data subject asks -----


def ask(entity_type: str, record_id: str, kind: DataRequestKind, client: str) -> datetime:
    """Records the request (one open request of a kind per record) and tells the admins.
    Returns by when it will be answered. Raises rate_limits.TooMany."""
    row = _row(entity_type, record_id)
    if row is None or row.purged_at is not None:
        raise RequestError(RequestRefusal.NOT_FOUND)
    with read_session() as s:
        open_ = s.exec(_open(entity_type, row.id, kind)).first()
    if open_ is not None:
        return open_.due_at
    rate_limits.hit(Action.DATA_REQUEST, client)
    now = utcnow()
    request = DataRequest(
        entity_type=entity_type, entity_id=str(row.id), kind=kind.value, created_at=now, due_at=now + ANSWER_WITHIN
    )
    try:
        with write_session() as s:
            s.add(request)
            s.flush()
            assert request.id is not None
            publish(s, DataRequestAsked(entity_type=entity_type, entity_id=str(row.id), actor="subjek data",
                                        detail=kind.value, request_id=request.id))  # fmt: skip
    except IntegrityError:  # the same ask at the same moment: the unique index kept one
        with read_session() as s:
            return s.exec(_open(entity_type, row.id, kind)).one().due_at
    return request.due_at


def ask_by_link(registration_id: str, token: str, kind: DataRequestKind, client: str) -> str:
    """The applicant's request from their status page (its signed link): what they read back."""
    rid = registration_status.link_holder(registration_id, token)
    if rid is None:
        raise RequestError(RequestRefusal.LINK)
    try:
        due = ask("merchant", str(rid), kind, client)
    except rate_limits.TooMany as exc:
        raise RequestError(RequestRefusal.TOO_MANY, minutes=exc.minutes) from None
    return f"Permintaan Anda ({kind.label.lower()}) kami terima. Kami menjawab lewat email paling lambat {wib(due)}."


def _open(entity_type: str, record_id: uuid.UUID, kind: DataRequestKind | None = None) -> SelectOfScalar[DataRequest]:
    conds: list[ColumnElement[bool]] = [
        col(DataRequest.entity_type) == entity_type,
        col(DataRequest.entity_id) == str(record_id),
        col(DataRequest.done_at).is_(None),
    ]
    if kind is not None:
        conds.append(col(DataRequest.kind) == kind.value)
    return select(DataRequest).where(*conds).order_by(col(DataRequest.due_at))


def _close(s: Session, entity_type: str, record_id: uuid.UUID, kind: DataRequestKind, admin_email: str) -> None:
    """The open request of this kind answered, in the answer's own transaction."""
    s.exec(
        update(DataRequest)
        .where(col(DataRequest.entity_type) == entity_type, col(DataRequest.entity_id) == str(record_id), col(DataRequest.kind) == kind.value, col(DataRequest.done_at).is_(None))
        .values(done_at=utcnow(), done_by=admin_email)
    )  # fmt: skip


def open_requests(entity_type: str | None = None, record_id: str | None = None) -> tuple[DataRequestView, ...]:
    """What waits for an answer, the nearest deadline first (the overview; a record's page)."""
    now = utcnow()
    conds: list[ColumnElement[bool]] = [col(DataRequest.done_at).is_(None)]
    if entity_type and record_id:
        conds += [col(DataRequest.entity_type) == entity_type, col(DataRequest.entity_id) == str(record_id)]
    with read_session() as s:
        rows = s.exec(select(DataRequest).where(*conds).order_by(col(DataRequest.due_at)).limit(100)).all()
    return tuple(
        DataRequestView(
            DataRequestKind.label_of(r.kind),
            routes.with_id(routes.ADMIN_MERCHANT if r.entity_type == "merchant" else routes.ADMIN_ORDER, r.entity_id),
            wib(r.created_at),
            wib(r.due_at),
            r.due_at < now,
        )
        for r in rows
    )


def due_of(s: Session, request_id: int) -> datetime:
    """When a request asked in this transaction must be answered (a message to the admins)."""
    due: datetime = s.get_one(DataRequest, request_id).due_at
    return due
