"""The registrations area's tables: a merchant's registration with its documents' keys, and the
requests to change its payout account. Times are timezone-aware UTC, money is whole rupiah."""

from __future__ import annotations

import uuid
from datetime import datetime

import sqlalchemy as sa
from sqlmodel import Field, SQLModel

from terminal_shop.infra.models import ERASED, ERASED_UNIQUE, UTCDateTime, now_field, personal
from terminal_shop.services.registrations.terms import AccountChangeStep, Premises, RegistrationStatus


class MerchantRegistration(SQLModel, table=True):
    __tablename__ = "merchant_registrations"
    __table_args__ = (
        sa.UniqueConstraint("email", "nomor_hp", name="uq_merchant_email_hp"),
        sa.Index("ix_merchant_created_id", "created_at", "id"),
        sa.Index("ix_merchant_status_created_id", "status", "created_at", "id"),
        sa.Index("ix_merchant_nama_usaha_created_id", "nama_usaha", "created_at", "id"),
    )

    id: uuid.UUID = Field(default_factory=uuid.uuid4, primary_key=True)
    created_at: datetime = now_field()
    updated_at: datetime = now_field()
    verified_at: datetime | None = Field(default=None, sa_type=UTCDateTime)
    status: str = Field(default=RegistrationStatus.PENDING.value, max_length=20)
    rejection_reason: str | None = Field(default=None, sa_type=sa.Text)
    # The wizard attempt's key: sending it again (its answer lost) finds this row.
    client_ref: str | None = Field(default=None, max_length=64, unique=True, index=True, sa_column_kwargs=personal())
    # After a rejection: what the applicant may correct (FixGroup and DocumentKind values),
    # and the one-time secret behind their correction link (services/registrations/resubmission.py).
    fix_items: list[str] | None = Field(default=None, sa_type=sa.JSON, sa_column_kwargs=personal())
    fix_nonce: str | None = Field(default=None, max_length=64, sa_column_kwargs=personal())
    fix_expires_at: datetime | None = Field(default=None, sa_type=UTCDateTime, sa_column_kwargs=personal())
    nama_lengkap: str = Field(max_length=200, sa_column_kwargs=personal(ERASED))
    nomor_hp: str = Field(max_length=20, index=True, sa_column_kwargs=personal(""))
    email: str = Field(max_length=254, index=True, sa_column_kwargs=personal(ERASED_UNIQUE))
    nama_usaha: str = Field(max_length=200, sa_column_kwargs=personal(ERASED))
    jenis_usaha: str = Field(max_length=30)
    alamat_usaha: str = Field(max_length=1000, sa_column_kwargs=personal(ERASED))
    kecamatan: str = Field(max_length=120)
    kabupaten_kota: str = Field(max_length=120)
    omzet_bulanan: int = Field(sa_type=sa.BigInteger)
    tempat_usaha: str = Field(default=Premises.OWNED.value, max_length=20)
    nib_npwp: str | None = Field(default=None, max_length=40, sa_column_kwargs=personal())
    # A PKP merchant's identity for the faktur pajak of its monthly MDR invoice (issue 61.2; tax_identity.py).
    tax_id: str | None = Field(default=None, max_length=16, sa_column_kwargs=personal())
    tax_nitku: str | None = Field(default=None, max_length=22, sa_column_kwargs=personal())
    tax_name: str | None = Field(default=None, max_length=200, sa_column_kwargs=personal())
    tax_address: str | None = Field(default=None, max_length=1000, sa_column_kwargs=personal())
    nama_bank: str = Field(max_length=60)
    nama_rekening: str = Field(max_length=200, sa_column_kwargs=personal(ERASED))
    nomor_rekening: str = Field(max_length=40, sa_column_kwargs=personal(""))
    # Storage paths of the private documents (never public URLs: docs/decisions.md, Files).
    foto_ktp_url: str | None = Field(default=None, max_length=500, sa_column_kwargs=personal())
    foto_kk_url: str | None = Field(default=None, max_length=500, sa_column_kwargs=personal())
    foto_selfie_url: str | None = Field(default=None, max_length=500, sa_column_kwargs=personal())
    foto_usaha_url: str | None = Field(default=None, max_length=500, sa_column_kwargs=personal())
    foto_barang_url: str | None = Field(default=None, max_length=500, sa_column_kwargs=personal())
    # The applicant's agreement as the server received it (privacy_policy.Consent): when, from
    # which address, to which version of the privacy text. Renewed by a correction.
    consent_at: datetime | None = Field(default=None, sa_type=UTCDateTime)
    consent_address: str | None = Field(default=None, max_length=64, sa_column_kwargs=personal())
    consent_version: str | None = Field(default=None, max_length=20)
    # Retention and the applicant's requests (services/privacy): when it was rejected, when an
    # approved merchant's relationship ended ("berhenti"), when its personal data was erased,
    # and when it was restricted instead (a legal duty to keep it still runs).
    rejected_at: datetime | None = Field(default=None, sa_type=UTCDateTime)
    ended_at: datetime | None = Field(default=None, sa_type=UTCDateTime)
    purged_at: datetime | None = Field(default=None, sa_type=UTCDateTime)
    restricted_at: datetime | None = Field(default=None, sa_type=UTCDateTime, index=True)


OPEN_CHANGE = sa.text("step IN ('kode', 'periksa', 'disetujui')")  # AccountChangeStep CODE, REVIEW, WAITING


class PayoutAccountChange(SQLModel, table=True):
    """A new payout account asked for (issue 61.4): confirmed by a code to the owner's e-mail,
    checked by staff and approved with their second factor, used only after a waiting period;
    until then payouts go to the registration's account. One open request per merchant."""

    __tablename__ = "payout_account_changes"
    __table_args__ = (
        sa.Index("uq_payout_account_change_open", "merchant_id", unique=True,
                 postgresql_where=OPEN_CHANGE, sqlite_where=OPEN_CHANGE),
    )  # fmt: skip

    id: uuid.UUID = Field(default_factory=uuid.uuid4, primary_key=True)
    merchant_id: uuid.UUID = Field(index=True)
    step: str = Field(default=AccountChangeStep.CODE.value, max_length=20, index=True)
    nama_bank: str = Field(max_length=60)
    nama_rekening: str = Field(max_length=200, sa_column_kwargs=personal(ERASED))
    nomor_rekening: str = Field(max_length=40, sa_column_kwargs=personal(""))
    proof_key: str | None = Field(default=None, max_length=500, sa_column_kwargs=personal())
    old_account: str = Field(default="", max_length=80)  # "BCA ••7890", masked as payouts keep it
    requested_by: str = Field(max_length=254, sa_column_kwargs=personal(ERASED))
    requested_at: datetime = now_field()
    code_hash: str | None = Field(default=None, max_length=64, sa_column_kwargs=personal())
    code_expires_at: datetime | None = Field(default=None, sa_type=UTCDateTime)
    code_tries: int = 0
    confirmed_at: datetime | None = Field(default=None, sa_type=UTCDateTime)
    reviewed_by: str | None = Field(default=None, max_length=254)  # an admin's address (STAFF)
    reviewed_at: datetime | None = Field(default=None, sa_type=UTCDateTime)
    note: str | None = Field(
        default=None, max_length=1000, sa_column_kwargs=personal()
    )  # why approved despite a name, or refused
    effective_at: datetime | None = Field(default=None, sa_type=UTCDateTime)  # approved: used from then
    ended_at: datetime | None = Field(default=None, sa_type=UTCDateTime)  # applied, refused or cancelled
