"""What the owner and staff read of a payout account and its change (issue 61.4): the owner their
account, the open request and what happens next; staff the request beside the registration."""

from __future__ import annotations

import uuid
from dataclasses import dataclass, replace
from datetime import datetime

from sqlmodel import col, select

from terminal_shop import rules
from terminal_shop.formats import wib
from terminal_shop.infra.db import read_session
from terminal_shop.infra.models import utcnow
from terminal_shop.infra.settings import get_settings
from terminal_shop.infra.storage import get_storage
from terminal_shop.services import working_days
from terminal_shop.services.registrations.owners import masked
from terminal_shop.services.registrations.payout_account import OPEN_STEPS, asked, open_change, same_holder
from terminal_shop.services.registrations.tables import MerchantRegistration, PayoutAccountChange
from terminal_shop.services.registrations.terms import AccountChangeStep as Step
from terminal_shop.views import Badge


@dataclass(frozen=True)
class AccountCard:
    """A business's payout account on /akun/pencairan, and its request if one is open."""

    merchant_id: str
    business: str
    account: str  # "BCA ••7890"
    holder: str
    change_step: Badge | None = None
    change_account: str = ""  # the account asked for, masked
    change_said: str = ""  # what happens next
    needs_code: bool = False
    last: str = ""  # the last request's end (used, refused, cancelled) when it was lately
    tax: str = ""  # a PKP's identity for its MDR invoice's faktur (tax_identity.py); "" when not a PKP


@dataclass(frozen=True)
class ChangeReview:
    """A request as staff check it: the account asked for, its photo, beside the registration."""

    id: str
    merchant_id: str
    business: str
    step: Badge
    bank: str
    number: str
    holder: str
    registered_holder: str
    holder_matches: bool
    old_account: str
    proof: str  # a signed link to the photo ("" for an admin's own request: none was asked)
    asked: str  # "3 Des 2026 10.05 WIB oleh budi@example.com"
    effective: str = ""  # once approved: "Senin, 7 Des 2026"
    note: str = ""
    in_review: bool = False  # confirmed by the owner: staff decide now


def _said(change: PayoutAccountChange, email: str) -> str:
    if change.step == Step.CODE.value:
        minutes = rules.minutes(rules.ACCOUNT_CHANGE_CODE_VALID)
        return f"Masukkan kode 6 angka yang kami kirim ke {email}. Kode berlaku {minutes}."
    if change.step == Step.REVIEW.value:
        return (f"Tim kami memeriksa nama pemilik dan foto rekening, biasanya dalam 1 hari kerja. "
                f"Sampai rekening baru berlaku, pencairan tetap ke {change.old_account}.")  # fmt: skip
    day = working_days.spoken(working_days.wib_date(change.effective_at)) if change.effective_at else "-"
    return f"Disetujui: rekening baru dipakai mulai {day}. Pencairan sebelum itu tetap ke {change.old_account}."


def _last(change: PayoutAccountChange | None) -> str:
    if change is None or change.step in OPEN_STEPS:
        return ""
    account = asked(change)
    if change.step == Step.APPLIED.value:
        return f"Rekening ini dipakai sejak {wib(change.ended_at, with_time=False)}; sebelumnya {change.old_account}."
    if change.step == Step.REFUSED.value:
        return f"Permintaan ganti rekening ke {account} ditolak: {change.note or '-'}"
    return f"Permintaan ganti rekening ke {account} dibatalkan."


def cards(merchant_ids: list[uuid.UUID]) -> list[AccountCard]:
    """The owner's businesses' accounts, each with its open request or its last one's end."""
    if not merchant_ids:
        return []
    since = utcnow() - rules.ACCOUNT_CHANGE_MARKED
    with read_session() as s:
        rows = s.exec(select(MerchantRegistration).where(col(MerchantRegistration.id).in_(merchant_ids))).all()
        changes = s.exec(select(PayoutAccountChange).where(col(PayoutAccountChange.merchant_id).in_(merchant_ids))
                         .order_by(col(PayoutAccountChange.requested_at).desc())).all()  # fmt: skip
    newest: dict[uuid.UUID, PayoutAccountChange] = {}
    for c in changes:
        newest.setdefault(c.merchant_id, c)
    out = []
    for row in sorted(rows, key=lambda r: r.nama_usaha):
        change = newest.get(row.id)
        card = AccountCard(str(row.id), row.nama_usaha, masked(row.nama_bank, row.nomor_rekening), row.nama_rekening)
        if change is not None and change.step in OPEN_STEPS:
            card = AccountCard(card.merchant_id, card.business, card.account, card.holder,
                               Badge.of(Step, change.step), asked(change),
                               _said(change, row.email), change.step == Step.CODE.value)  # fmt: skip
        elif change is not None and (change.ended_at or change.requested_at) >= since:
            card = AccountCard(card.merchant_id, card.business, card.account, card.holder, last=_last(change))
        tax = f"PKP · NPWP/NIK {row.tax_id} · NITKU {row.tax_nitku} · {row.tax_name}" if row.tax_id else ""
        out.append(replace(card, tax=tax))
    return out


def _review(change: PayoutAccountChange, row: MerchantRegistration) -> ChangeReview:
    proof = (
        get_storage().signed_url(get_settings().bucket_merchant_documents, change.proof_key) if change.proof_key else ""
    )
    effective = working_days.spoken(working_days.wib_date(change.effective_at)) if change.effective_at else ""
    return ChangeReview(str(change.id), str(row.id), row.nama_usaha, Badge.of(Step, change.step), change.nama_bank,
                        change.nomor_rekening, change.nama_rekening, row.nama_rekening,
                        same_holder(change.nama_rekening, row.nama_rekening), change.old_account, proof,
                        f"{wib(change.requested_at)} oleh {change.requested_by}", effective, change.note or "",
                        change.step == Step.REVIEW.value)  # fmt: skip


def of_merchant(merchant_id: uuid.UUID) -> ChangeReview | None:
    """The merchant's open request, for its page in the back office."""
    with read_session() as s:
        change = open_change(s, merchant_id)
        row = s.get(MerchantRegistration, merchant_id)
        return _review(change, row) if change is not None and row is not None else None


def oldest_waiting() -> tuple[int, datetime | None, str]:
    """How many requests wait for staff, since when the oldest, and its merchant (the overview)."""
    with read_session() as s:
        waiting = s.exec(select(PayoutAccountChange.merchant_id, PayoutAccountChange.confirmed_at)
                         .where(col(PayoutAccountChange.step) == Step.REVIEW.value)
                         .order_by(col(PayoutAccountChange.confirmed_at))).all()  # fmt: skip
    return (len(waiting), waiting[0][1], str(waiting[0][0])) if waiting else (0, None, "")
