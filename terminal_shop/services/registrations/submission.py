"""Merchant registrations: the wizard's rules and the all-or-nothing submission.

A submission stores the record and its documents together. A pair (e-mail, phone)
already registered is refused and the earlier registration stays untouched. A rejected
one is never replaced by a new submission either (anyone who knows those two values
could take it over): the registered address is e-mailed how to have it corrected
(docs/decisions.md, Merchant registrations).
"""

from __future__ import annotations

import json
import secrets
import time
import uuid
from dataclasses import dataclass

from sqlalchemy.exc import IntegrityError
from sqlmodel import select

from terminal_shop.formats import digits_only, rupiah
from terminal_shop.infra.db import read_session, write_session
from terminal_shop.infra.models import MerchantRegistration, utcnow
from terminal_shop.infra.settings import get_settings
from terminal_shop.infra.storage import Storage, StorageError, discard, get_storage
from terminal_shop.infra.uploads import IMAGE_KINDS, UploadRejected, check_file, strip_metadata
from terminal_shop.services.notifications import emails, outbox
from terminal_shop.services.registrations import fix_link
from terminal_shop.services.validation import MSG_EMAIL_FORMAT, clean, client_ref_ok, email_ok, normalise_mobile
from terminal_shop.vocabulary import Bank, BusinessType, DocumentKind, Premises, RegistrationStatus

# Text fields of step 1, in form order, with the texts shown when one is left empty.
REQUIRED_TEXTS = {
    "nama_lengkap": "Nama lengkap wajib diisi",
    "nama_usaha": "Nama usaha wajib diisi",
    "jenis_usaha": "Jenis usaha wajib dipilih",
    "alamat_usaha": "Alamat usaha wajib diisi",
    "omzet_bulanan": "Omzet bulanan wajib diisi",
    "kecamatan": "Kecamatan wajib diisi",
    "kabupaten_kota": "Kabupaten/Kota wajib diisi",
    "nomor_hp": "Nomor HP wajib diisi",
    "email": "Email wajib diisi",
    "nama_bank": "Nama bank wajib dipilih",
    "nama_rekening": "Nama rekening wajib diisi",
    "nomor_rekening": "Nomor rekening wajib diisi",
}
TEXT_FIELDS = (*REQUIRED_TEXTS, "tempat_usaha", "nib_npwp")
MSG_PHONE = "Nomor HP harus nomor ponsel Indonesia yang valid, contoh 0812-3456-7890"
MSG_ACCOUNT = "Nomor rekening hanya boleh berisi angka"


DOC_WRONG_TYPE = ("Format file tidak didukung", "Hanya file JPG atau PNG yang diperbolehkan")

DUPLICATE_REASON = (
    "Email atau nomor HP sudah terdaftar. Silakan gunakan email/nomor HP yang berbeda atau hubungi admin."
)
FAILED_REASON = "Gagal mengirim pendaftaran. Silakan coba lagi."
REJECTED_REASON = (
    "Email dan nomor HP ini sudah pernah didaftarkan dan pendaftarannya ditolak. Data lama tidak diganti dari "
    "formulir baru: kami mengirim tautan perbaikan ke email yang terdaftar."
)


class RegistrationError(Exception):
    """The submission was refused; the message is the failure page's reason."""


class RejectedRegistration(RegistrationError):
    def __init__(self) -> None:
        super().__init__(REJECTED_REASON)


class DuplicateRegistration(RegistrationError):
    def __init__(self) -> None:
        super().__init__(DUPLICATE_REASON)


def format_omzet(typed: str) -> str:
    """What the omzet field shows while typing: '15000000' -> 'Rp 15.000.000'."""
    digits = digits_only(typed)[:15]
    return rupiah(int(digits)) if digits else ""


def validate_details(raw: dict[str, str]) -> tuple[dict | None, dict[str, str]]:
    """Step 1: returns the values as stored, or the error of each field."""
    v = {k: clean(raw.get(k)) for k in TEXT_FIELDS}
    errors = {k: msg for k, msg in REQUIRED_TEXTS.items() if not v[k]}
    if v["jenis_usaha"] and BusinessType.parse(v["jenis_usaha"]) is None:
        errors["jenis_usaha"] = REQUIRED_TEXTS["jenis_usaha"]
    if v["nama_bank"] and Bank.parse(v["nama_bank"]) is None:
        errors["nama_bank"] = REQUIRED_TEXTS["nama_bank"]
    omzet = digits_only(v["omzet_bulanan"])
    if v["omzet_bulanan"] and not omzet:
        errors["omzet_bulanan"] = REQUIRED_TEXTS["omzet_bulanan"]
    phone = normalise_mobile(v["nomor_hp"]) if v["nomor_hp"] else None
    if v["nomor_hp"] and phone is None:
        errors["nomor_hp"] = MSG_PHONE
    if v["email"] and not email_ok(v["email"]):
        errors["email"] = MSG_EMAIL_FORMAT
    account = v["nomor_rekening"].replace(" ", "").replace("-", "")
    if account and not account.isdigit():
        errors["nomor_rekening"] = MSG_ACCOUNT
    if errors:
        return None, errors
    return {
        "nama_lengkap": v["nama_lengkap"],
        "nama_usaha": v["nama_usaha"],
        "jenis_usaha": v["jenis_usaha"],
        "alamat_usaha": v["alamat_usaha"],
        "omzet_bulanan": int(omzet[:15]),
        "tempat_usaha": (Premises.parse(v["tempat_usaha"]) or Premises.OWNED).value,
        "kecamatan": v["kecamatan"],
        "kabupaten_kota": v["kabupaten_kota"],
        "nib_npwp": v["nib_npwp"] or None,
        "nomor_hp": phone,
        "email": v["email"].lower(),
        "nama_bank": v["nama_bank"],
        "nama_rekening": v["nama_rekening"],
        "nomor_rekening": account,
    }, {}


def validate_documents(present: set[str]) -> dict[str, str]:
    """Step 2: the error of each missing required document."""
    return {d.value: d.required_text for d in DocumentKind if d.required and d.value not in present}


def document_key(registration_id: uuid.UUID, doc: DocumentKind, ext: str) -> str:
    """A new, unguessable storage key for one document of a registration."""
    return f"{registration_id}/{doc}/{int(time.time() * 1000)}_{secrets.token_hex(4)}.{ext}"


DRAFT_REF_KEY = "_ref"  # the attempt's key, kept in the wizard's draft beside its fields
DRAFT_REV_KEY = "_rev"  # how many times the server wrote it: a state with fewer is older


@dataclass(frozen=True)
class WizardDraft:
    """The wizard as the tab keeps it (localStorage): its fields, its attempt's key and
    the count of the server's writes (a server state with a lower count is older than
    what the tab shows: a worker died after answering, before storing the state)."""

    fields: dict[str, str]
    client_ref: str = ""
    rev: int = 0

    def to_json(self) -> str:
        fields = {k: self.fields.get(k, "") for k in TEXT_FIELDS}
        return json.dumps({**fields, DRAFT_REF_KEY: self.client_ref, DRAFT_REV_KEY: self.rev})

    @classmethod
    def parse(cls, text: object) -> WizardDraft:
        """The fields present in a tab's draft, its key ("" when missing or malformed) and
        count. Trusts nothing: the fields are validated again when sent."""
        try:
            saved = json.loads(str(text)[:20_000]) if text else {}
        except ValueError:
            saved = {}
        if not isinstance(saved, dict):
            return cls({})
        ref = saved.get(DRAFT_REF_KEY)
        rev = saved.get(DRAFT_REV_KEY)
        return cls(
            {k: str(saved[k])[:1000] for k in TEXT_FIELDS if isinstance(saved.get(k), (str, int))},
            ref if client_ref_ok(ref) else "",
            rev if isinstance(rev, int) and not isinstance(rev, bool) and 0 <= rev < 2**31 else 0,
        )


def registration_for(client_ref: str) -> uuid.UUID | None:
    """The registration a wizard attempt already sent, if it sent one: a tab whose answer
    was lost (connection cut, worker killed) learns it was received."""
    if not client_ref_ok(client_ref):
        return None
    with read_session() as s:
        return s.exec(select(MerchantRegistration.id).where(MerchantRegistration.client_ref == client_ref)).first()


def submit(
    raw: dict[str, str], documents: dict[str, bytes], storage: Storage | None = None, client_ref: str = ""
) -> uuid.UUID:
    """Stores a registration with its documents, or nothing. Returns its id.

    Sent again with the same `client_ref` (a well-formed one), it returns the first
    registration's id and stores nothing. Raises RegistrationError (its message is shown)
    or UploadRejected for a bad file.
    """
    client_ref = client_ref if client_ref_ok(client_ref) else ""
    if client_ref and (earlier_id := registration_for(client_ref)):
        return earlier_id
    values, errors = validate_details(raw)
    if values is None:
        raise RegistrationError(next(iter(errors.values())))
    documents = {kind: data for k, data in documents.items() if (kind := DocumentKind.parse(k)) and data}
    missing = validate_documents(set(documents))
    if missing:
        raise RegistrationError(next(iter(missing.values())))
    checked = {k: strip_metadata(check_file(data, IMAGE_KINDS, DOC_WRONG_TYPE)) for k, data in documents.items()}

    with read_session() as s:
        earlier = s.exec(
            select(MerchantRegistration).where(
                MerchantRegistration.email == values["email"], MerchantRegistration.nomor_hp == values["nomor_hp"]
            )
        ).first()
    if earlier is not None and earlier.status == RegistrationStatus.REJECTED:
        with write_session() as s:  # told at the address on record, never at the one just typed
            row = s.get(MerchantRegistration, earlier.id)
            link = fix_link.link(row) if fix_link.link_alive(row) else fix_link.open_link(row)
            s.add(row)
            key = f"registration:{row.id}:fix-requested:{utcnow().isoformat()}"
            outbox.enqueue(s, key, "merchant", str(row.id), emails.registration_fix_requested(row, link))
        raise RejectedRegistration()
    if earlier is not None:
        raise DuplicateRegistration()
    registration_id = uuid.uuid4()

    storage = storage or get_storage()
    bucket = get_settings().bucket_merchant_documents
    stored: list[str] = []
    photos = {d.column: None for d in DocumentKind}
    try:
        for doc, file in checked.items():
            key = document_key(registration_id, doc, file.extension)
            storage.put(bucket, key, file.data, file.content_type)
            stored.append(key)
            photos[doc.column] = key
        now = utcnow()
        told = emails.registration_received(MerchantRegistration(id=registration_id, **values))
        with write_session() as s:
            key = f"registration:{registration_id}:received:{now.isoformat()}"
            outbox.enqueue(s, key, "merchant", str(registration_id), told)
            s.add(
                MerchantRegistration(
                    id=registration_id,
                    client_ref=client_ref or None,
                    status=RegistrationStatus.PENDING.value,
                    created_at=now,
                    updated_at=now,
                    **values,
                    **photos,
                )
            )
    except IntegrityError:
        discard(storage, bucket, *stored)
        if client_ref and (winner := registration_for(client_ref)):  # the same attempt, sent twice at once
            return winner
        raise DuplicateRegistration() from None
    except StorageError as exc:
        discard(storage, bucket, *stored)
        raise RegistrationError(FAILED_REASON) from exc
    except BaseException:
        discard(storage, bucket, *stored)
        raise
    return registration_id


DUPLICATE_MARKERS = ("duplicate", "unique constraint", "sudah terdaftar", "uq_merchant_email_hp")


def is_duplicate_reason(reason: str) -> bool:
    text = reason.lower()
    return any(m in text for m in DUPLICATE_MARKERS)


__all__ = [
    "DuplicateRegistration",
    "RegistrationError",
    "UploadRejected",
    "WizardDraft",
    "registration_for",
    "submit",
    "validate_details",
    "validate_documents",
]
