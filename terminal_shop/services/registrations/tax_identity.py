"""A PKP merchant's tax identity (issue 61.2): the owner gives the NPWP (16 digits, or the NIK),
the NITKU and the name and address as registered for tax on /akun/pencairan; the monthly MDR
invoice then names them and the finance staff take it into Coretax with the buyers' orders
(transactions/fee_invoices.py). Checked as every PKP's is (terminal_shop/tax.py)."""

from __future__ import annotations

import uuid

from sqlmodel import Session

from terminal_shop.infra.db import read_session, write_session
from terminal_shop.infra.models import utcnow
from terminal_shop.services.events.bus import publish
from terminal_shop.services.registrations.events import TaxIdentitySet
from terminal_shop.services.registrations.tables import MerchantRegistration
from terminal_shop.tax import TaxIdentity, identity


def of(s: Session, merchant_id: uuid.UUID) -> TaxIdentity | None:
    row = s.get(MerchantRegistration, merchant_id)
    if row is None or not row.tax_id or row.purged_at is not None:
        return None
    return TaxIdentity(row.tax_id, row.tax_nitku or "", row.tax_name or "", row.tax_address or "")


def of_merchant(merchant_id: uuid.UUID) -> TaxIdentity | None:
    with read_session() as s:
        return of(s, merchant_id)


def save(merchant_id: uuid.UUID, form: dict[str, str], actor: str) -> TaxIdentity | None:
    """The business is a PKP with these (the first wrong field refused in its words, nothing
    stored), or, with "pkp" unticked, no longer: its next invoices go without a faktur."""
    found = None
    if form.get("pkp"):
        found, errors = identity(form)
        if errors:
            raise next(iter(errors.values()))
    with write_session() as s:
        row = s.get(MerchantRegistration, merchant_id, with_for_update=True)
        if row is None or row.purged_at is not None:
            return None
        row.tax_id, row.tax_nitku = (found.tax_id, found.nitku) if found else (None, None)
        row.tax_name, row.tax_address = (found.name, found.address) if found else (None, None)
        row.updated_at = utcnow()
        s.add(row)
        said = f"PKP, NPWP ****{found.tax_id[-4:]}" if found else "Bukan PKP"
        publish(s, TaxIdentitySet(entity_id=str(merchant_id), actor=actor, detail=said))
    return found
