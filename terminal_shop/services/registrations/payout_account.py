"""A merchant's payout account, changed safely (issue 61.4). Every payout goes to the
registration's account, so a new one is never typed over it: the owner asks on /akun/pencairan
(bank, number, holder, a photo of the buku tabungan) and confirms with a code sent to the
owner's e-mail, and is told at once on every channel they agreed to ("Bukan Anda? Batalkan");
staff check the holder against the registration and approve with their second factor
(backoffice/merchant_actions.py); the account is used from rules.ACCOUNT_CHANGE_WAIT_DAYS
working days later (`apply_due`), and payouts go to the old one until then. An admin's edit of
an approved merchant's bank fields starts the same request (admin_edit.py). docs/decisions.md,
Payout account."""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
import uuid
from datetime import datetime, time, timedelta

from sqlmodel import Session, col, func, select

from terminal_shop import rules
from terminal_shop.formats import WIB
from terminal_shop.infra import uploads
from terminal_shop.infra.db import read_session, write_session
from terminal_shop.infra.models import utcnow
from terminal_shop.infra.settings import get_settings
from terminal_shop.infra.storage import discard, get_storage
from terminal_shop.refusals import Refused, first_text
from terminal_shop.services import working_days
from terminal_shop.services.events.bus import publish
from terminal_shop.services.notifications import emails, outbox
from terminal_shop.services.registrations.details import DOC_WRONG_TYPE, validate_bank
from terminal_shop.services.registrations.events import PayoutAccountChanged
from terminal_shop.services.registrations.owners import masked
from terminal_shop.services.registrations.tables import MerchantRegistration, PayoutAccountChange
from terminal_shop.services.registrations.terms import AccountChangeRefusal as R
from terminal_shop.services.registrations.terms import AccountChangeStep as Step
from terminal_shop.services.registrations.terms import RegistrationStatus
from terminal_shop.services.validation import parse_id

OPEN_STEPS = (Step.CODE.value, Step.REVIEW.value, Step.WAITING.value)
APPLIED_AT_ONCE = 100  # requests one background round applies
ADMIN_EDIT_WAITS = (f"Rekening baru belum dipakai: pemilik usaha mengonfirmasi dengan kode di emailnya, admin lain "
                    f"memeriksa, lalu rekening berlaku {rules.ACCOUNT_CHANGE_WAIT_DAYS} hari kerja setelah disetujui.")  # fmt: skip


class AccountChangeRefused(Refused):
    pass


def asked(change: PayoutAccountChange) -> str:
    """The account a request asks for, masked as payouts show accounts: "BNI ••4321"."""
    return masked(change.nama_bank, change.nomor_rekening)


def same_holder(a: str, b: str) -> bool:
    """The holder's name as a bank prints it and as the owner typed it: case, dots and titles'
    punctuation aside ("BUDI SANTOSO" is "Budi Santoso")."""

    def plain(name: str) -> str:
        return " ".join(re.sub(r"[^0-9a-z]+", " ", name.casefold()).split())

    return plain(a) == plain(b)


def _code_hash(change_id: uuid.UUID, code: str) -> str:
    key = get_settings().secret_key.encode()
    return hmac.new(key, f"rekening:{change_id}:{code}".encode(), hashlib.sha256).hexdigest()


def effective_from(approved: datetime) -> datetime:
    """00.00 WIB of the rules.ACCOUNT_CHANGE_WAIT_DAYS-th working day after the approval."""
    day = working_days.add_working_days(working_days.wib_date(approved), rules.ACCOUNT_CHANGE_WAIT_DAYS)
    return datetime.combine(day, time(0), WIB)


def _registration(s: Session, merchant_id: uuid.UUID) -> MerchantRegistration:
    row = s.get(MerchantRegistration, merchant_id, with_for_update=True)
    if row is None or row.status != RegistrationStatus.APPROVED.value or row.purged_at or row.restricted_at:
        raise AccountChangeRefused(R.NOT_APPROVED)
    return row


def open_change(s: Session, merchant_id: uuid.UUID, lock: bool = False) -> PayoutAccountChange | None:
    query = select(PayoutAccountChange).where(
        col(PayoutAccountChange.merchant_id) == merchant_id, col(PayoutAccountChange.step).in_(OPEN_STEPS)
    )
    return s.exec(query.with_for_update() if lock else query).first()


def _tell(s: Session, change: PayoutAccountChange, actor: str, said: str) -> None:
    publish(s, PayoutAccountChanged(entity_id=str(change.merchant_id), actor=actor[:254],
                                    new_status=change.step, detail=said[:1000]))  # fmt: skip


def start(s: Session, row: MerchantRegistration, form: dict[str, str], actor: str, proof_key: str | None) -> None:
    """A request in the caller's transaction (the owner's, or an admin's edit): the code goes to
    the owner's e-mail, and the owner is told on every channel."""
    values, errors = validate_bank(form)
    if values is None:
        raise AccountChangeRefused(R.INVALID, words=first_text(errors))
    if open_change(s, row.id, lock=True) is not None:
        raise AccountChangeRefused(R.OPEN)
    if values["nama_bank"] == row.nama_bank and values["nomor_rekening"] == row.nomor_rekening:
        raise AccountChangeRefused(R.SAME)
    since = utcnow() - timedelta(days=1)
    lately = s.exec(select(func.count()).select_from(PayoutAccountChange).where(
        col(PayoutAccountChange.merchant_id) == row.id, col(PayoutAccountChange.requested_at) >= since)).one()  # fmt: skip
    if lately >= rules.ACCOUNT_CHANGES_PER_DAY:
        raise AccountChangeRefused(R.TOO_MANY)
    code, now = f"{secrets.randbelow(10**6):06d}", utcnow()
    change = PayoutAccountChange(merchant_id=row.id, old_account=masked(row.nama_bank, row.nomor_rekening),
                                 requested_by=actor[:254], requested_at=now, proof_key=proof_key,
                                 code_expires_at=now + rules.ACCOUNT_CHANGE_CODE_VALID, nama_bank=values["nama_bank"],
                                 nama_rekening=values["nama_rekening"], nomor_rekening=values["nomor_rekening"])  # fmt: skip
    change.code_hash = _code_hash(change.id, code)
    s.add(change)
    s.flush()  # a second open request for the merchant stops here (uq_payout_account_change_open)
    new = asked(change)
    mail = emails.payout_account_code(row.email, row.nama_usaha, new, code)
    outbox.enqueue(s, f"payout-account-code:{change.id}", "merchant", str(row.id), mail)
    _tell(s, change, actor, f"Ada permintaan mengganti rekening pencairan ke {new}. "
                            "Kode konfirmasinya kami kirim ke email pemilik usaha.")  # fmt: skip


def request(merchant_id: uuid.UUID, form: dict[str, str], proof: bytes | None, actor: str) -> None:
    """The owner's request from /akun/pencairan, with the photo of the account."""
    if not proof:
        raise AccountChangeRefused(R.PROOF)
    checked = uploads.strip_metadata(uploads.check_file(proof, uploads.IMAGE_KINDS, DOC_WRONG_TYPE))
    storage, bucket = get_storage(), get_settings().bucket_merchant_documents
    key = f"{merchant_id}/rekening-{secrets.token_hex(6)}.{checked.extension}"
    storage.put(bucket, key, checked.data, checked.content_type)
    try:
        with write_session() as s:
            start(s, _registration(s, merchant_id), form, actor, key)
    except Exception:
        discard(storage, bucket, key)
        raise


def confirm(merchant_id: uuid.UUID, code: str, actor: str) -> None:
    """The owner's code: the request goes to staff. A wrong code is counted, then refused."""
    given, wrong = "".join(c for c in str(code) if c.isdigit())[:6], False
    with write_session() as s:
        change = open_change(s, merchant_id, lock=True)
        if change is None or change.step != Step.CODE.value:
            raise AccountChangeRefused(R.NOT_FOUND)
        expired = change.code_expires_at is None or utcnow() > change.code_expires_at
        if expired or change.code_tries >= rules.ACCOUNT_CHANGE_CODE_TRIES:
            raise AccountChangeRefused(R.CODE_EXPIRED)
        if not hmac.compare_digest(change.code_hash or "", _code_hash(change.id, given)):
            change.code_tries += 1
            s.add(change)
            wrong = True  # the try is kept as the block ends: then refused
        else:
            change.step, change.confirmed_at, change.code_hash = Step.REVIEW.value, utcnow(), None
            s.add(change)
            _tell(s, change, actor, f"Permintaan ganti rekening pencairan ke "
                                    f"{asked(change)} sudah dikonfirmasi dan "
                                    "sedang diperiksa tim kami.")  # fmt: skip
    if wrong:
        raise AccountChangeRefused(R.CODE)


def cancel(merchant_id: uuid.UUID, actor: str) -> None:
    """ "Batalkan permintaan": at any open step; the account stays as it is."""
    with write_session() as s:
        change = open_change(s, merchant_id, lock=True)
        if change is None:
            raise AccountChangeRefused(R.NOT_FOUND)
        _end(s, change, Step.CANCELLED, actor, f"Permintaan ganti rekening pencairan ke "
             f"{asked(change)} dibatalkan. Pencairan tetap ke {change.old_account}.")  # fmt: skip


def _end(s: Session, change: PayoutAccountChange, step: Step, actor: str, said: str) -> None:
    change.step, change.ended_at = step.value, utcnow()
    s.add(change)
    _tell(s, change, actor, said)


def _in_review(s: Session, change_id: str) -> PayoutAccountChange:
    key = parse_id(change_id)
    change = s.get(PayoutAccountChange, key, with_for_update=True) if key else None
    if change is None or change.step != Step.REVIEW.value:
        raise AccountChangeRefused(R.NOT_FOUND)
    return change


def _approvable(s: Session, change_id: str, admin_email: str, reason: str) -> PayoutAccountChange:
    """A holder other than the registration's needs the reason; an admin's own request, another admin."""
    change = _in_review(s, change_id)
    if change.requested_by.lower() == admin_email.lower():
        raise AccountChangeRefused(R.SELF)
    row = _registration(s, change.merchant_id)
    if not same_holder(change.nama_rekening, row.nama_rekening) and not reason.strip():
        raise AccountChangeRefused(R.MISMATCH)
    return change


def approvable(s: Session, change_id: str, admin_email: str, reason: str) -> None:
    """The refusals that need no code, asked before the second factor (a code spent on a refusal
    would make staff wait for the next)."""
    _approvable(s, change_id, admin_email, reason)


def approve_in(s: Session, change_id: str, admin_email: str, reason: str) -> datetime:
    """Staff's approval in the caller's transaction (its second factor checked there): used from
    `effective_from`."""
    change = _approvable(s, change_id, admin_email, reason)
    now = utcnow()
    change.step, change.reviewed_by, change.reviewed_at = Step.WAITING.value, admin_email[:254], now
    change.note, change.effective_at = reason.strip()[:1000] or None, effective_from(now)
    day = working_days.spoken(working_days.wib_date(change.effective_at))
    s.add(change)
    _tell(s, change, admin_email, f"Rekening pencairan {asked(change)} "
                                  f"disetujui dan dipakai mulai {day}. Sampai itu pencairan tetap ke {change.old_account}.")  # fmt: skip
    return change.effective_at


def refuse(change_id: str, admin_email: str, reason: str) -> None:
    if not reason.strip():
        raise AccountChangeRefused(R.REASON)
    with write_session() as s:
        change = _in_review(s, change_id)
        change.reviewed_by, change.reviewed_at, change.note = admin_email[:254], utcnow(), reason.strip()[:1000]
        _end(s, change, Step.REFUSED, admin_email, f"Permintaan ganti rekening pencairan ke "
             f"{asked(change)} ditolak: {reason.strip()[:500]}. "
             f"Pencairan tetap ke {change.old_account}.")  # fmt: skip


def apply_due(now: datetime | None = None) -> int:
    """The background round: each approved account whose day has come becomes the registration's."""
    moment, applied = now or utcnow(), 0
    with write_session() as s:
        due = s.exec(select(PayoutAccountChange).where(
            col(PayoutAccountChange.step) == Step.WAITING.value, col(PayoutAccountChange.effective_at) <= moment)
            .limit(APPLIED_AT_ONCE).with_for_update()).all()  # fmt: skip
        for change in due:
            row = s.get(MerchantRegistration, change.merchant_id, with_for_update=True)
            if row is None or row.purged_at is not None:
                _end(s, change, Step.CANCELLED, "sistem", "Permintaan ganti rekening berakhir: data merchant dihapus.")
                continue
            row.nama_bank, row.nama_rekening, row.nomor_rekening = (
                change.nama_bank,
                change.nama_rekening,
                change.nomor_rekening,
            )
            row.updated_at = moment
            s.add(row)
            _end(s, change, Step.APPLIED, "sistem", "Mulai hari ini pencairan dikirim ke "
                 f"{asked(change)}, bukan lagi ke {change.old_account}.")  # fmt: skip
            applied += 1
    return applied


def changed_since(merchant_ids: list[uuid.UUID], since: datetime) -> dict[uuid.UUID, datetime]:
    """When each of these merchants' payout account last changed, where that was after `since`
    (staff see such payouts marked: a redirected account is a fraud's first sign)."""
    if not merchant_ids:
        return {}
    with read_session() as s:
        rows = s.exec(select(PayoutAccountChange.merchant_id, func.max(PayoutAccountChange.ended_at)).where(
            col(PayoutAccountChange.merchant_id).in_(merchant_ids), col(PayoutAccountChange.step) == Step.APPLIED.value,
            col(PayoutAccountChange.ended_at) >= since).group_by(col(PayoutAccountChange.merchant_id))).all()  # fmt: skip
    return {m: at for m, at in rows if at is not None}


def proof_keys(ids: list[uuid.UUID]) -> set[str]:
    """The stored photos of these merchants' requests (services/stored_files.py: what the sweeper keeps)."""
    with read_session() as s:
        rows = s.exec(select(PayoutAccountChange.proof_key).where(col(PayoutAccountChange.merchant_id).in_(ids)))
        return {key for key in rows if key}


def forget(s: Session, merchant_id: uuid.UUID) -> list[str]:
    """A deleted registration's requests go with it: their photos' keys, for the caller to discard."""
    rows = s.exec(select(PayoutAccountChange).where(col(PayoutAccountChange.merchant_id) == merchant_id)).all()
    for row in rows:
        s.delete(row)
    return [row.proof_key for row in rows if row.proof_key]
