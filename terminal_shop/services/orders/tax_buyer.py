"""A PKP buyer's tax identity (issue 61.1): "Saya PKP, minta faktur pajak" on the buyer form asks
for the NPWP (16 digits since Coretax, 1 January 2025; a NIK serves as well), the NITKU (22 digits:
the NPWP and the place of business) and the name and address as registered for tax (checked as
every PKP's is: terminal_shop/tax.py). They travel with the order, are printed on its invoice,
and the faktur's NSFP Coretax gives is recorded on it (never invented: docs/decisions.md,
Shipping and invoices)."""

from __future__ import annotations

from terminal_shop.refusals import FieldErrors
from terminal_shop.tax import TaxIdentity, identity

TAX_FIELDS = ("pkp", "tax_id", "tax_nitku", "tax_name", "tax_address")


def validate_tax(asked: bool, v: dict[str, str]) -> tuple[TaxIdentity | None, FieldErrors]:
    """The tax fields when the buyer asked for a faktur; nothing is asked otherwise."""
    return identity(v) if asked else (None, {})
