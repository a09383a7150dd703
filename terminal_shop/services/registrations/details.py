"""The wizard's rules: each field of `registrations/fields.FIELDS` checked as the applicant
typed it, the documents asked for, and the wizard's copy kept in the tab."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from terminal_shop.formats import digits_only, rupiah
from terminal_shop.refusals import FieldErrors, Refused
from terminal_shop.services.registrations.fields import FIELDS, NAMES, RegistrationField, Widget
from terminal_shop.services.registrations.terms import DetailRefusal, DocumentKind, Premises
from terminal_shop.services.validation import clean, client_ref_ok, email_ok, normalise_mobile

TEXT_FIELDS = NAMES
DOC_WRONG_TYPE = ("Format file tidak didukung", "Hanya file JPG atau PNG yang diperbolehkan")


def format_omzet(typed: str) -> str:
    """What the omzet field shows while typing: '15000000' -> 'Rp 15.000.000'."""
    digits = digits_only(typed)[:15]
    return rupiah(int(digits)) if digits else ""


def _field_error(f: RegistrationField, value: str) -> Refused | None:
    """What is wrong with one typed value (None when nothing is)."""
    missing = Refused(DetailRefusal.MISSING, words=f.missing)
    if not value:
        return missing if f.required else None
    if len(value) > f.max_length and f.name != "omzet_bulanan":  # omzet: digits kept, at most 15
        return Refused(DetailRefusal.TOO_LONG, label=f.label, longest=f.max_length)
    if f.choices is not None and f.widget is Widget.CHOICE and f.choices.parse(value) is None:
        return missing
    if f.name == "omzet_bulanan" and not digits_only(value):
        return missing
    if f.name == "nomor_hp" and normalise_mobile(value) is None:
        return Refused(DetailRefusal.PHONE)
    if f.name == "email" and not email_ok(value):
        return Refused(DetailRefusal.EMAIL)
    if f.name == "nomor_rekening" and not _account(value).isdigit():
        return Refused(DetailRefusal.ACCOUNT)
    return None


def _account(typed: str) -> str:
    return typed.replace(" ", "").replace("-", "")


def _stored(v: dict[str, str]) -> dict[str, Any]:
    """The values as the record keeps them."""
    return {
        **v,
        "omzet_bulanan": int(digits_only(v["omzet_bulanan"])[:15]),
        "tempat_usaha": (Premises.parse(v["tempat_usaha"]) or Premises.OWNED).value,
        "nib_npwp": v["nib_npwp"] or None,
        "nomor_hp": normalise_mobile(v["nomor_hp"]),
        "email": v["email"].lower(),
        "nomor_rekening": _account(v["nomor_rekening"]),
    }


def validate_details(raw: dict[str, str]) -> tuple[dict[str, Any] | None, FieldErrors]:
    """Step 1: returns the values as stored, or the error of each field."""
    typed = {f.name: clean(raw.get(f.name)) for f in FIELDS}
    errors = {f.name: e for f in FIELDS if (e := _field_error(f, typed[f.name]))}
    return (None, errors) if errors else (_stored(typed), {})


BANK_FIELDS = ("nama_bank", "nama_rekening", "nomor_rekening")


def validate_bank(raw: Mapping[str, object]) -> tuple[dict[str, str] | None, FieldErrors]:
    """The payout account's three fields checked as the wizard checks them (a new account asked
    for on /akun: registrations/payout_account.py), read from a whole form as it came: the values
    as stored, or each field's error."""
    fields = [f for f in FIELDS if f.name in BANK_FIELDS]
    typed = {f.name: clean(raw.get(f.name)) for f in fields}
    errors = {f.name: e for f in fields if (e := _field_error(f, typed[f.name]))}
    return (None, errors) if errors else ({**typed, "nomor_rekening": _account(typed["nomor_rekening"])}, {})


def validate_documents(present: set[str]) -> FieldErrors:
    """Step 2: each missing required document."""
    return {
        d.value: Refused(DetailRefusal.DOCUMENT, label=d.label)
        for d in DocumentKind
        if d.required and d.value not in present
    }


DRAFT_REF_KEY = "_ref"  # the attempt's key, kept in the wizard's draft beside its fields
DRAFT_REV_KEY = "_rev"  # how many times the server wrote it: a state with fewer is older
DRAFT_AGREED_KEY = "_setuju"  # the consent box, when the registration is sent
DRAFT_WHATSAPP_KEY = "_wa"  # "Kirim info pesanan lewat WhatsApp", when the registration is sent


@dataclass(frozen=True)
class WizardDraft:
    """The wizard as the tab keeps it (localStorage): its fields, its attempt's key and
    the count of the server's writes (a server state with a lower count is older than
    what the tab shows: a worker died after answering, before storing the state)."""

    fields: dict[str, str]
    client_ref: str = ""
    rev: int = 0
    # The consent box as the tab sends the registration (web/submissions.py): the server
    # refuses a registration without it. Never read back into the wizard: ticked anew each time.
    agreed: bool = False
    whatsapp: bool = False  # the WhatsApp box, sent with the registration like `agreed`

    def to_json(self) -> str:
        fields = {k: self.fields.get(k, "") for k in TEXT_FIELDS}
        return json.dumps(
            {
                **fields,
                DRAFT_REF_KEY: self.client_ref,
                DRAFT_REV_KEY: self.rev,
                DRAFT_AGREED_KEY: self.agreed,
                DRAFT_WHATSAPP_KEY: self.whatsapp,
            }  # fmt: skip
        )

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
            ref if isinstance(ref, str) and client_ref_ok(ref) else "",
            rev if isinstance(rev, int) and not isinstance(rev, bool) and 0 <= rev < 2**31 else 0,
            saved.get(DRAFT_AGREED_KEY) is True,
            saved.get(DRAFT_WHATSAPP_KEY) is True,
        )
