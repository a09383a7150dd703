"""Database tables. Times are timezone-aware UTC, money is whole rupiah."""

from __future__ import annotations

import uuid
from datetime import UTC, date, datetime
from typing import Any

import sqlalchemy as sa
from sqlalchemy.types import TypeDecorator
from sqlmodel import Field, SQLModel

from terminal_shop.vocabulary import MailStatus, OrderStatus, Premises, RegistrationStatus


def utcnow() -> datetime:
    return datetime.now(UTC)


class UTCDateTime(TypeDecorator):
    """Stores UTC and always reads back an aware datetime (SQLite forgets the zone)."""

    impl = sa.DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value, dialect):
        if value is not None:
            if value.tzinfo is None:
                raise ValueError("naive datetime")
            value = value.astimezone(UTC)
        return value

    def process_result_value(self, value, dialect):
        if value is not None and value.tzinfo is None:
            value = value.replace(tzinfo=UTC)
        return value


def _time(**kw: Any) -> Any:
    return Field(default_factory=utcnow, sa_type=UTCDateTime, **kw)


class Order(SQLModel, table=True):
    __tablename__ = "orders"
    # Lists read newest first and page by (created_at, id): see services/backoffice/listing.py.
    # Migration 0002 adds the PostgreSQL trigram indexes behind the admin's "contains" search.
    __table_args__ = (
        sa.Index("ix_orders_created_id", "created_at", "id"),
        sa.Index("ix_orders_status_created_id", "status", "created_at", "id"),
        sa.Index("ix_orders_method_created_id", "payment_method", "created_at", "id"),
        sa.Index("ix_orders_total_created_id", "total", "created_at", "id"),  # the list's sorts (0008)
        sa.Index("ix_orders_buyer_name_created_id", "buyer_name", "created_at", "id"),
        sa.Index("ix_orders_overview", "created_at", "status", "total", "updated_at"),  # admin_overview
        sa.Index("ix_orders_fulfilment_created_id", "status", "fulfilment", "created_at", "id"),  # 0013
        sa.Index("ix_orders_waiting_amount", "status", "payment_method", "total", "created_at"),  # 0014
        sa.Index("ix_orders_proof_suspect_created_id", "proof_suspect", "created_at", "id"),  # 0014
    )

    id: uuid.UUID = Field(default_factory=uuid.uuid4, primary_key=True)
    client_ref: str | None = Field(default=None, max_length=64, unique=True)
    created_at: datetime = _time()
    updated_at: datetime = _time()
    # The 8 hex digits buyers, admins and the QRIS bill see (views.order_number): unique.
    number: str | None = Field(default=None, max_length=8, unique=True, index=True)
    buyer_name: str = Field(max_length=200)
    buyer_phone: str = Field(max_length=32, index=True)
    buyer_email: str = Field(max_length=254, index=True)
    shipping_address: str = Field(max_length=1000)
    note: str | None = Field(default=None, sa_type=sa.Text)
    items: list[dict] = Field(default_factory=list, sa_type=sa.JSON)
    subtotal: int = Field(sa_type=sa.BigInteger)
    shipping_fee: int = Field(default=0, sa_type=sa.BigInteger)
    total: int = Field(sa_type=sa.BigInteger)
    payment_method: str = Field(max_length=20)
    status: str = Field(default=OrderStatus.PAID_REVIEW.value, max_length=20)
    payment_proof_url: str | None = Field(default=None, max_length=500)
    payment_proof_path: str | None = Field(default=None, max_length=500)
    qris_payload: str | None = Field(default=None, sa_type=sa.Text)  # the dynamic QR the buyer was shown
    # After confirmation (services/orders/fulfilment.py; vocabulary.Fulfilment): its own field.
    fulfilment: str = Field(default="", max_length=20, sa_column_kwargs={"server_default": ""})
    courier: str | None = Field(default=None, max_length=20)  # couriers.COURIERS code
    resi: str | None = Field(default=None, max_length=30, unique=True, index=True)
    packed_at: datetime | None = Field(default=None, sa_type=UTCDateTime)
    shipped_at: datetime | None = Field(default=None, sa_type=UTCDateTime)
    delivered_at: datetime | None = Field(default=None, sa_type=UTCDateTime)
    # Given in the confirming transaction (services/orders/invoice.py): INV/2026/000123.
    invoice_number: str | None = Field(default=None, max_length=20, unique=True, index=True)
    invoiced_at: datetime | None = Field(default=None, sa_type=UTCDateTime)
    # Payments (services/payments): the kode unik taken off a BCA total (total is what the buyer
    # transfers), the amount the confirm page showed when the proof was sent, whether the proof
    # looks reused or sent for another amount, and how the payment was verified.
    unique_code: int = Field(default=0, sa_column_kwargs={"server_default": "0"})
    proof_amount: int | None = Field(default=None, sa_type=sa.BigInteger)
    proof_suspect: bool = Field(default=False, sa_column_kwargs={"server_default": sa.false()})
    payment_check: str | None = Field(default=None, max_length=300)
    # Retention and the buyer's requests (services/privacy): erased, or restricted instead.
    purged_at: datetime | None = Field(default=None, sa_type=UTCDateTime)
    restricted_at: datetime | None = Field(default=None, sa_type=UTCDateTime, index=True)


class TransferCode(SQLModel, table=True):
    """An amount to transfer held for one checkout attempt, then for its order while the
    order waits (services/payments/transfer_codes.py). The amount is the key: no two held
    at once, whichever worker or database makes them."""

    __tablename__ = "transfer_codes"

    amount: int = Field(sa_type=sa.BigInteger, primary_key=True, sa_column_kwargs={"autoincrement": False})
    client_ref: str = Field(max_length=64, unique=True)
    base_total: int = Field(sa_type=sa.BigInteger)
    code: int
    order_id: uuid.UUID | None = Field(default=None, index=True)
    expires_at: datetime = Field(sa_type=UTCDateTime)  # for a reservation no order took, or a settled order's
    settled_at: datetime | None = Field(default=None, sa_type=UTCDateTime)  # its order confirmed or cancelled


class StatementLine(SQLModel, table=True):
    """A line of an imported bank statement or QRIS report (services/payments/reconcile.py).
    `identity` is the line's own, so a file imported twice (or an overlapping period) adds
    nothing and a line confirms at most one order."""

    __tablename__ = "statement_lines"
    __table_args__ = (sa.Index("ix_statement_lines_open", "source", "order_id", "amount"),)

    id: int | None = Field(default=None, primary_key=True)
    identity: str = Field(max_length=64, unique=True)
    source: str = Field(max_length=10)  # vocabulary.StatementSource
    booked_on: date | None = Field(default=None)  # None for a pending line
    description: str = Field(max_length=500)
    reference: str | None = Field(default=None, max_length=100)  # a QRIS report's bill number
    amount_cents: int = Field(sa_type=sa.BigInteger)  # signed: a debit is negative
    pending: bool = False
    # What matching reads: the whole rupiah of a booked credit (else None) and the window of
    # order times it may pay ([booked day - 7 days, end of booked day) in UTC).
    amount: int | None = Field(default=None, sa_type=sa.BigInteger)
    window_from: datetime | None = Field(default=None, sa_type=UTCDateTime)
    window_to: datetime | None = Field(default=None, sa_type=UTCDateTime)
    order_id: uuid.UUID | None = Field(default=None, unique=True)
    imported_at: datetime = _time()
    imported_by: str = Field(max_length=254)


class ProofPrint(SQLModel, table=True):
    """An image proof's SHA-256 and perceptual hash (services/payments/proof_prints.py)."""

    __tablename__ = "proof_prints"

    order_id: uuid.UUID = Field(primary_key=True)
    created_at: datetime = _time(index=True)
    sha256: str = Field(max_length=64, index=True)
    phash: str | None = Field(default=None, max_length=256)  # 1024 bits as hex; None for a PDF


class Preference(SQLModel, table=True):
    """A setting the admins choose once and the site remembers (the QRIS report's columns)."""

    __tablename__ = "preferences"

    name: str = Field(primary_key=True, max_length=60)
    value: dict = Field(default_factory=dict, sa_type=sa.JSON)
    updated_at: datetime = _time()


class InvoiceCounter(SQLModel, table=True):
    """The last invoice number of each year, taken under the row's lock (no gap, no twin)."""

    __tablename__ = "invoice_counters"

    year: int = Field(primary_key=True, sa_column_kwargs={"autoincrement": False})
    last: int = 0


class MerchantRegistration(SQLModel, table=True):
    __tablename__ = "merchant_registrations"
    __table_args__ = (
        sa.UniqueConstraint("email", "nomor_hp", name="uq_merchant_email_hp"),
        sa.Index("ix_merchant_created_id", "created_at", "id"),
        sa.Index("ix_merchant_status_created_id", "status", "created_at", "id"),
        sa.Index("ix_merchant_nama_usaha_created_id", "nama_usaha", "created_at", "id"),
    )

    id: uuid.UUID = Field(default_factory=uuid.uuid4, primary_key=True)
    created_at: datetime = _time()
    updated_at: datetime = _time()
    verified_at: datetime | None = Field(default=None, sa_type=UTCDateTime)
    status: str = Field(default=RegistrationStatus.PENDING.value, max_length=20)
    rejection_reason: str | None = Field(default=None, sa_type=sa.Text)
    # The wizard attempt's key: sending it again (its answer lost) finds this row.
    client_ref: str | None = Field(default=None, max_length=64, unique=True, index=True)
    # After a rejection: what the applicant may correct (FixGroup and DocumentKind values),
    # and the one-time secret behind their correction link (services/registrations/resubmission.py).
    fix_items: list[str] | None = Field(default=None, sa_type=sa.JSON)
    fix_nonce: str | None = Field(default=None, max_length=64)
    fix_expires_at: datetime | None = Field(default=None, sa_type=UTCDateTime)
    nama_lengkap: str = Field(max_length=200)
    nomor_hp: str = Field(max_length=20, index=True)
    email: str = Field(max_length=254, index=True)
    nama_usaha: str = Field(max_length=200)
    jenis_usaha: str = Field(max_length=30)
    alamat_usaha: str = Field(max_length=1000)
    kecamatan: str = Field(max_length=120)
    kabupaten_kota: str = Field(max_length=120)
    omzet_bulanan: int = Field(sa_type=sa.BigInteger)
    tempat_usaha: str = Field(default=Premises.OWNED.value, max_length=20)
    nib_npwp: str | None = Field(default=None, max_length=40)
    nama_bank: str = Field(max_length=60)
    nama_rekening: str = Field(max_length=200)
    nomor_rekening: str = Field(max_length=40)
    # Storage paths of the private documents (never public URLs: docs/decisions.md, Files).
    foto_ktp_url: str | None = Field(default=None, max_length=500)
    foto_kk_url: str | None = Field(default=None, max_length=500)
    foto_selfie_url: str | None = Field(default=None, max_length=500)
    foto_usaha_url: str | None = Field(default=None, max_length=500)
    foto_barang_url: str | None = Field(default=None, max_length=500)
    # The applicant's agreement as the server received it (privacy_policy.Consent): when, from
    # which address, to which version of the privacy text. Renewed by a correction.
    consent_at: datetime | None = Field(default=None, sa_type=UTCDateTime)
    consent_address: str | None = Field(default=None, max_length=64)
    consent_version: str | None = Field(default=None, max_length=20)
    # Retention and the applicant's requests (services/privacy): when it was rejected, when an
    # approved merchant's relationship ended ("berhenti"), when its personal data was erased,
    # and when it was restricted instead (a legal duty to keep it still runs).
    rejected_at: datetime | None = Field(default=None, sa_type=UTCDateTime)
    ended_at: datetime | None = Field(default=None, sa_type=UTCDateTime)
    purged_at: datetime | None = Field(default=None, sa_type=UTCDateTime)
    restricted_at: datetime | None = Field(default=None, sa_type=UTCDateTime, index=True)


class StatusTally(SQLModel, table=True):
    """How many orders (per status and payment method) and registrations (per status) exist.

    Database triggers (migration 0002) keep it in the same transaction as every insert,
    update and delete, so the stat cards and filter counts never count a million rows.
    """

    __tablename__ = "status_tallies"

    entity: str = Field(primary_key=True, max_length=40)  # table name
    status: str = Field(primary_key=True, max_length=20)
    method: str = Field(primary_key=True, max_length=20, default="")  # '' for registrations
    n: int = Field(default=0, sa_type=sa.BigInteger)


class AdminUser(SQLModel, table=True):
    __tablename__ = "admin_users"

    id: uuid.UUID = Field(default_factory=uuid.uuid4, primary_key=True)
    email: str = Field(max_length=254, unique=True)
    password_hash: str = Field(max_length=255)
    created_at: datetime = _time()
    failed_logins: int = 0  # unused since migration 0003: attempts are rows of login_attempts
    locked_until: datetime | None = Field(default=None, sa_type=UTCDateTime)  # unused, likewise
    must_change_password: bool = False  # set for a generated one-time password
    role: str = Field(default="pemilik", max_length=20, sa_column_kwargs={"server_default": "pemilik"})  # AdminRole
    # An account the owner invited needs no ADMIN_EMAILS entry; a deactivated one signs in nowhere.
    active: bool = Field(default=True, sa_column_kwargs={"server_default": sa.true()})
    invited: bool = Field(default=False, sa_column_kwargs={"server_default": sa.false()})
    last_sign_in_at: datetime | None = Field(default=None, sa_type=UTCDateTime)
    # Two-factor sign-in (services/team/two_factor.py): secrets encrypted with SECRET_KEY.
    totp_secret: str | None = Field(default=None, max_length=255)  # confirmed by a first code: 2FA on
    totp_pending: str | None = Field(default=None, max_length=255)  # shown on the setup page, not yet confirmed
    totp_last_step: int | None = Field(default=None, sa_type=sa.BigInteger)  # a code is good once


class AdminSession(SQLModel, table=True):
    __tablename__ = "admin_sessions"

    token_hash: str = Field(primary_key=True, max_length=64)
    admin_id: uuid.UUID = Field(foreign_key="admin_users.id", index=True, ondelete="CASCADE")
    created_at: datetime = _time()
    last_seen_at: datetime = _time()
    expires_at: datetime = Field(sa_type=UTCDateTime)
    revoked_at: datetime | None = Field(default=None, sa_type=UTCDateTime)
    # What "Sesi aktif" shows of it: the browser that signed in, and from where.
    user_agent: str | None = Field(default=None, max_length=300)
    address: str | None = Field(default=None, max_length=64)
    verified_at: datetime | None = Field(default=None, sa_type=UTCDateTime)  # its second factor was given


class AdminInvite(SQLModel, table=True):
    """A one-time link the owner e-mailed (services/team/admin_accounts.py); the link
    carries the token, the table only its hash."""

    __tablename__ = "admin_invites"

    token_hash: str = Field(primary_key=True, max_length=64)
    email: str = Field(max_length=254, index=True)
    role: str = Field(max_length=20)
    invited_by: str = Field(max_length=254)
    created_at: datetime = _time()
    expires_at: datetime = Field(sa_type=UTCDateTime)
    used_at: datetime | None = Field(default=None, sa_type=UTCDateTime)


class RecoveryCode(SQLModel, table=True):
    """A single-use code that stands in for the authenticator app; kept as its SHA-256."""

    __tablename__ = "admin_recovery_codes"

    id: int | None = Field(default=None, primary_key=True)
    admin_id: uuid.UUID = Field(foreign_key="admin_users.id", index=True, ondelete="CASCADE")
    code_hash: str = Field(max_length=64)
    used_at: datetime | None = Field(default=None, sa_type=UTCDateTime)


class LoginAttempt(SQLModel, table=True):
    """Sign-in attempts per e-mail and per client address, for throttling without revealing
    accounts. Written before the password is checked; removed when a sign-in succeeds."""

    __tablename__ = "login_attempts"

    id: int | None = Field(default=None, primary_key=True)
    email: str = Field(max_length=254, index=True)
    client: str = Field(max_length=64, index=True)
    created_at: datetime = _time(index=True)


class OutboxMessage(SQLModel, table=True):
    """An e-mail to send, written in the same transaction as the change it tells of.

    `key` names the event (one message per event, however often it is written); the
    sender claims pending rows, delivers them and records the outcome (services/notifications/outbox.py).
    """

    __tablename__ = "outbox"
    __table_args__ = (
        sa.Index("ix_outbox_due", "status", "next_attempt_at"),
        sa.Index("ix_outbox_entity", "entity_type", "entity_id", "created_at"),
    )

    id: int | None = Field(default=None, primary_key=True)
    key: str = Field(max_length=120, unique=True)
    created_at: datetime = _time()
    channel: str = Field(default="email", max_length=20, sa_column_kwargs={"server_default": "email"})  # Channel
    entity_type: str = Field(max_length=20)
    entity_id: str = Field(max_length=64)
    to_addr: str = Field(max_length=254)
    subject: str = Field(max_length=200)
    body_text: str = Field(sa_type=sa.Text)
    body_html: str = Field(sa_type=sa.Text)
    attachment_png: str | None = Field(default=None, sa_type=sa.Text)  # base64, e.g. the order's QRIS
    attachment_pdf: str | None = Field(default=None, sa_type=sa.Text)  # base64, e.g. the invoice
    attachment_pdf_name: str | None = Field(default=None, max_length=60)
    status: str = Field(default=MailStatus.PENDING.value, max_length=20)
    attempts: int = 0
    next_attempt_at: datetime = _time()
    sent_at: datetime | None = Field(default=None, sa_type=UTCDateTime)
    last_error: str | None = Field(default=None, sa_type=sa.Text)
    request_id: str | None = Field(default=None, max_length=32)  # the request that wrote it (infra/logs.py)


class AccessEvent(SQLModel, table=True):
    """An admin's look at personal files or data (services/backoffice/access_log.py): who,
    what, which record and when. Only ever added to: the site has no way to change one."""

    __tablename__ = "access_log"
    __table_args__ = (sa.Index("ix_access_entity", "entity_type", "entity_id", "at"),)

    id: int | None = Field(default=None, primary_key=True)
    at: datetime = _time()
    admin_email: str = Field(max_length=254)
    action: str = Field(max_length=20)  # vocabulary.AccessAction
    entity_type: str = Field(max_length=20)  # "merchant", "order", or the list a CSV came from
    entity_id: str = Field(max_length=64)
    item: str = Field(max_length=500)  # the documents, the proof, the export's filters


class DataRequest(SQLModel, table=True):
    """A data subject asked for their data ("akses") or its erasure ("hapus"): to be answered
    by `due_at`, 3x24 hours later (UU 27/2022; services/privacy/requests.py)."""

    __tablename__ = "data_requests"
    __table_args__ = (sa.Index("ix_data_requests_open", "done_at", "due_at"),)

    id: int | None = Field(default=None, primary_key=True)
    created_at: datetime = _time()
    entity_type: str = Field(max_length=20)
    entity_id: str = Field(max_length=64)
    kind: str = Field(max_length=10)  # vocabulary.DataRequestKind
    due_at: datetime = Field(sa_type=UTCDateTime)
    done_at: datetime | None = Field(default=None, sa_type=UTCDateTime)
    done_by: str | None = Field(default=None, max_length=254)


class AuditEvent(SQLModel, table=True):
    __tablename__ = "audit_events"
    __table_args__ = (sa.Index("ix_audit_entity", "entity_type", "entity_id", "created_at"),)

    id: int | None = Field(default=None, primary_key=True)
    created_at: datetime = _time()
    admin_email: str = Field(max_length=254)
    action: str = Field(max_length=40)
    entity_type: str = Field(max_length=20)
    entity_id: str = Field(max_length=64)
    old_status: str | None = Field(default=None, max_length=20)
    new_status: str | None = Field(default=None, max_length=20)
    detail: str | None = Field(default=None, sa_type=sa.Text)


class DomainEventRecord(SQLModel, table=True):
    """Every status change, as its event was published (services/events/bus.py). `payload`
    holds the event's fields; nothing personal is put in one (erasure blanks `detail`)."""

    __tablename__ = "domain_events"
    __table_args__ = (sa.Index("ix_domain_events_entity", "entity_type", "entity_id", "created_at"),)

    id: int | None = Field(default=None, primary_key=True)
    created_at: datetime = _time()
    name: str = Field(max_length=40)
    entity_type: str = Field(max_length=20)
    entity_id: str = Field(max_length=64)
    actor: str = Field(max_length=254)
    payload: dict = Field(default_factory=dict, sa_type=sa.JSON)
