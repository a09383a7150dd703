"""What the admin changes on a registration: its fields (the wizard's checks) and its
status (the transitions' rules), all or nothing."""

from __future__ import annotations

from dataclasses import dataclass

from sqlmodel import Session

from terminal_shop.formats import rupiah
from terminal_shop.infra.db import write_session
from terminal_shop.infra.models import utcnow
from terminal_shop.refusals import FieldErrors
from terminal_shop.services.registrations import payout_account, transitions
from terminal_shop.services.registrations.details import BANK_FIELDS, validate_details
from terminal_shop.services.registrations.fields import FIELDS
from terminal_shop.services.registrations.tables import MerchantRegistration
from terminal_shop.services.registrations.terms import ChangeRefusal, RegistrationStatus
from terminal_shop.services.validation import parse_id


class NotFound(Exception):
    pass


def find_row(s: Session, merchant_id: str, lock: bool = False) -> MerchantRegistration:
    rid = parse_id(merchant_id)
    row = s.get(MerchantRegistration, rid, with_for_update=lock) if rid else None
    if row is None:
        raise NotFound(merchant_id)
    return row


EDITABLE_TEXT = tuple(f.name for f in FIELDS if f.admin_editable)


def form_values(row: MerchantRegistration) -> dict[str, str]:
    """The row as the edit form shows it (same fields and formats as the wizard)."""
    values = {k: "" if getattr(row, k) is None else str(getattr(row, k)) for k in EDITABLE_TEXT}
    values["omzet_bulanan"] = rupiah(row.omzet_bulanan)
    values["status"] = row.status
    values["rejection_reason"] = row.rejection_reason or ""
    return values


@dataclass(frozen=True)
class Saved:
    errors: FieldErrors
    account_waits: bool = False  # an approved merchant's new bank fields: a request the owner confirms


def save(merchant_id: str, form: dict[str, str], admin_email: str, fix_items: list[str] | None = None) -> Saved:
    """The wizard's checks and the status rules (docs/decisions.md, Merchant registrations): all or
    nothing. An approved merchant's payout account is never typed over: new bank fields become a
    request confirmed by the owner's code and approved by another admin (payout_account.py)."""
    values, errors = validate_details(form)
    status = RegistrationStatus.parse(form.get("status", ""))
    if status is None:
        errors["status"] = transitions.ChangeRefused(ChangeRefusal.UNKNOWN_STATUS)
    if errors or values is None or status is None:
        return Saved(errors)
    try:
        with write_session() as s:
            row = find_row(s, merchant_id, lock=True)
            transitions.editable(row)
            bank = {k: values.pop(k) for k in BANK_FIELDS} if row.status == RegistrationStatus.APPROVED else {}
            waits = any(bank[k] != getattr(row, k) for k in bank)
            if waits:
                payout_account.start(s, row, bank, admin_email, None)
            for k, v in {**values, **({} if waits else bank)}.items():
                setattr(row, k, v)
            transitions.change(s, row, status, form.get("rejection_reason"), admin_email, utcnow(), fix_items)
    except transitions.ChangeRefused as refused:  # nothing of the form was kept
        return Saved({"status": refused})
    except payout_account.AccountChangeRefused as refused:
        return Saved({"nomor_rekening": refused})
    return Saved({}, waits)


def decide(
    merchant_id: str, status: RegistrationStatus, reason: str, admin_email: str, fix_items: list[str] | None = None
) -> None:
    """ "Setujui" / "Tolak" on the merchant's page: the status alone, the record's fields as they
    are (issue 39.5). Raises ChangeRefused, nothing changed, when it may not be decided so."""
    if status is RegistrationStatus.REJECTED and not reason.strip():
        raise transitions.ChangeRefused(ChangeRefusal.REASON_MISSING)
    with write_session() as s:
        row = find_row(s, merchant_id, lock=True)
        transitions.editable(row)
        if row.status == status.value:
            raise transitions.ChangeRefused(ChangeRefusal.ALREADY, status=status.label)
        transitions.change(s, row, status, reason.strip()[:1000], admin_email, utcnow(), fix_items)
