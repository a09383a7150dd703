"""A PKP buyer's tax identity (issue 61.1): "Saya PKP, minta faktur pajak" on the buyer form asks
for the NPWP (16 digits since Coretax, 1 January 2025; a NIK serves as well), the NITKU (22 digits:
the NPWP and the place of business) and the name and address as registered for tax. They travel
with the order, are printed on its invoice, and the faktur's NSFP Coretax gives is recorded on it
(never invented: docs/decisions.md, Shipping and invoices)."""

from __future__ import annotations

from dataclasses import dataclass

from terminal_shop.refusals import FieldErrors, Refused
from terminal_shop.services.orders.terms import TaxRefusal

TAX_FIELDS = ("pkp", "tax_id", "tax_nitku", "tax_name", "tax_address")
TAX_ID_DIGITS, NITKU_DIGITS, NSFP_DIGITS = 16, 22, 17


@dataclass(frozen=True)
class TaxBuyer:
    tax_id: str  # 16 digits: the NPWP, or the NIK
    nitku: str  # 22 digits
    name: str
    address: str


def digits(typed: str) -> str:
    """A tax number as people type it ("0925.4294.3407.0000", "0925 4294 3407 0000") without its
    separators; anything else it holds stays, and is refused."""
    return "".join(c for c in typed if c not in " .-")


def validate_tax(asked: bool, v: dict[str, str]) -> tuple[TaxBuyer | None, FieldErrors]:
    """The tax fields when the buyer asked for a faktur; nothing is asked otherwise."""
    if not asked:
        return None, {}
    tax_id, nitku = digits(v.get("tax_id", "")), digits(v.get("tax_nitku", ""))
    wrong = {
        "tax_id": None if tax_id.isdigit() and len(tax_id) == TAX_ID_DIGITS else TaxRefusal.TAX_ID,
        "tax_nitku": None if nitku.isdigit() and len(nitku) == NITKU_DIGITS else TaxRefusal.NITKU,
        "tax_name": None if v.get("tax_name") else TaxRefusal.NAME,
        "tax_address": None if v.get("tax_address") else TaxRefusal.ADDRESS,
    }
    errors: FieldErrors = {name: Refused(code) for name, code in wrong.items() if code is not None}
    if errors:
        return None, errors
    return TaxBuyer(tax_id, nitku, v["tax_name"], v["tax_address"]), {}


def nsfp_ok(typed: str) -> str | None:
    """A faktur's serial number as Coretax gives it (17 digits), or None."""
    plain = digits(typed)
    return plain if plain.isdigit() and len(plain) == NSFP_DIGITS else None
