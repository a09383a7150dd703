"""PPN as the company states it, in one place: the orders' invoices and the merchants' monthly
MDR invoices split a price that includes it the same way; a PKP's tax identity checked the same
way for a buyer and a merchant; and the one layout both are taken into Coretax in."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date

from terminal_shop.refusals import FieldErrors, Refused
from terminal_shop.vocabulary import Term

PPN_RATE = 12  # percent, on a tax base of 11/12 of the price (PMK 131/2024, non-luxury goods and services)


@dataclass(frozen=True)
class Tax:
    """PPN as a PKP states it on a price that includes it."""

    price: int  # harga jual, without PPN
    base: int  # DPP nilai lain: 11/12 of the price
    ppn: int

    @classmethod
    def of(cls, total: int) -> Tax:
        price = round(total * 100 / 111)  # the total includes 12% of 11/12, i.e. 11%
        base = round(price * 11 / 12)
        return cls(price, base, total - price)


class TaxRefusal(Term):
    """What is wrong with a PKP's tax identity (a buyer's, a merchant's); the label is what they read."""

    TAX_ID = "npwp", "NPWP harus 16 angka (NPWP 16 digit atau NIK)"
    NITKU = "nitku", "NITKU harus 22 angka (lihat di Coretax: NPWP diikuti kode tempat usaha)"
    NAME = "nama-npwp", "Nama sesuai NPWP wajib diisi"
    ADDRESS = "alamat-npwp", "Alamat sesuai NPWP wajib diisi"
    NSFP = "nsfp", "NSFP harus 17 angka, seperti tertulis di faktur pajak dari Coretax"


TAX_ID_DIGITS, NITKU_DIGITS, NSFP_DIGITS = 16, 22, 17


@dataclass(frozen=True)
class TaxIdentity:
    """A PKP's identity for the faktur pajak, as Coretax knows it (since 1 January 2025)."""

    tax_id: str  # 16 digits: the NPWP, or the NIK
    nitku: str  # 22 digits: the NPWP and the place of business
    name: str
    address: str


def digits(typed: str) -> str:
    """A tax number as people type it ("0925.4294.3407.0000", "0925 4294 3407 0000") without its
    separators; anything else it holds stays, and is refused."""
    return "".join(c for c in typed if c not in " .-")


def identity(v: dict[str, str]) -> tuple[TaxIdentity | None, FieldErrors]:
    """The fields tax_id, tax_nitku, tax_name, tax_address checked; each wrong one in its words."""
    tax_id, nitku = digits(v.get("tax_id", "")), digits(v.get("tax_nitku", ""))
    name, address = " ".join(v.get("tax_name", "").split())[:200], " ".join(v.get("tax_address", "").split())[:1000]
    wrong = {
        "tax_id": None if tax_id.isdigit() and len(tax_id) == TAX_ID_DIGITS else TaxRefusal.TAX_ID,
        "tax_nitku": None if nitku.isdigit() and len(nitku) == NITKU_DIGITS else TaxRefusal.NITKU,
        "tax_name": None if name else TaxRefusal.NAME,
        "tax_address": None if address else TaxRefusal.ADDRESS,
    }
    errors: FieldErrors = {field: Refused(code) for field, code in wrong.items() if code is not None}
    return (None, errors) if errors else (TaxIdentity(tax_id, nitku, name, address), {})


def nsfp_ok(typed: str) -> str | None:
    """A faktur's serial number as Coretax gives it (17 digits), or None."""
    plain = digits(typed)
    return plain if plain.isdigit() and len(plain) == NSFP_DIGITS else None


# Coretax's import of sales with DPP nilai lain (transaction code 04, PMK 131/2024): one row a
# faktur; the mapping is in docs/decisions.md, Shipping and invoices. The buyers' orders and the
# merchants' monthly MDR invoices are both taken in this one layout.
TRANSACTION_CODE = "04"
COLUMNS = ("Tanggal Faktur", "Jenis Faktur", "Kode Transaksi", "NPWP/NIK Pembeli", "NITKU Pembeli", "Nama Pembeli",
           "Alamat Pembeli", "Email Pembeli", "Referensi", "Harga Jual", "DPP Nilai Lain", "PPN", "NSFP")  # fmt: skip


@dataclass(frozen=True)
class CoretaxLine:
    day: date  # the faktur's date: the invoice's, WIB
    who: TaxIdentity
    email: str
    reference: str  # the invoice's number
    total: int  # including PPN
    nsfp: str = ""


def coretax_csv(lines: Iterable[CoretaxLine]) -> str:
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(COLUMNS)
    for line in lines:
        tax = Tax.of(line.total)
        writer.writerow([line.day.isoformat(), "Normal", TRANSACTION_CODE, line.who.tax_id, line.who.nitku, line.who.name,
                         line.who.address, line.email, line.reference, tax.price, tax.base, tax.ppn, line.nsfp])  # fmt: skip
    return out.getvalue()
