"""The warranty card (kartu garansi) of one unit, in Bahasa Indonesia as Permendag 38/2019 asks of
telematics products: the model with its SDPPI certificate, the serial number, when the warranty
starts and ends, where and how to get service, and the card's registration number. It names no
owner, so /garansi hands it to whoever has the serial number, as it answers the warranty end."""

from __future__ import annotations

import calendar
from dataclasses import dataclass
from datetime import date

from sqlmodel import col, select

from terminal_shop import catalogue, routes
from terminal_shop.formats import day_text
from terminal_shop.infra.db import read_session
from terminal_shop.infra.pdf import table_pdf
from terminal_shop.infra.pdf_text import latin
from terminal_shop.infra.settings import get_settings
from terminal_shop.services.devices import owned
from terminal_shop.services.devices.stock import compact
from terminal_shop.services.devices.tables import Device
from terminal_shop.services.devices.terms import DeviceStatus

NO_CARD = "Kartu garansi tidak ditemukan: periksa nomor seri. Kartu tersedia setelah perangkat diterima."


@dataclass(frozen=True)
class Card:
    model: str
    serial: str
    sdppi: str
    registration: str  # the card's registration number with Kemendag (per model)
    starts: date
    ends: date


def started(ends: date) -> date:
    """The day the warranty began: WARRANTY_MONTHS before its end (devices/owned.py warranty_end
    counts forward from delivery to the same day of the month, or the month's last day)."""
    months = ends.year * 12 + ends.month - 1 - get_settings().warranty_months
    year, month = divmod(months, 12)
    return date(year, month + 1, min(ends.day, calendar.monthrange(year, month + 1)[1]))


def card_of(serial: str) -> Card | None:
    """A unit's card once its warranty runs (it starts when the unit is received): None for an
    unknown serial number, a unit on the shelf or one not yet received."""
    sn = compact(serial)[:30]
    if not sn:
        return None
    with read_session() as s:
        device = s.exec(select(Device).where(col(Device.serial) == sn)).first()
    product = catalogue.product(device.model) if device else None
    if (
        device is None
        or product is None
        or device.warranty_until is None
        or device.status == DeviceStatus.IN_STOCK.value
    ):
        return None
    ends = device.warranty_until
    return Card(product.name, device.serial, product.sdppi, product.warranty_card_no, started(ends), ends)


def requested(serial: str, client: str) -> Card | None:
    """/garansi's download, counted as a lookup (per client address and per serial number)."""
    return card_of(owned.counted(serial, client))


def render(card: Card) -> bytes:
    s = get_settings()
    pdf = table_pdf(row_font_size=11, row_height=8)
    pdf.set_title(latin(f"Kartu Garansi {card.serial}"))
    pdf.set_author(latin(s.brand_name))
    pdf.add_page()
    pdf.set_font("Helvetica", "B", 18)
    pdf.cell(0, 10, latin(f"KARTU GARANSI {s.brand_name.upper()}"), new_x="LMARGIN", new_y="NEXT")
    pdf.set_font("Helvetica", "", 9)
    pdf.cell(0, 5, latin(f"Nomor pendaftaran kartu garansi: {card.registration}"), new_x="LMARGIN", new_y="NEXT")
    pdf.ln(4)
    for label, value in (
        ("Model", card.model),
        ("Nomor seri (SN)", card.serial),
        ("Sertifikat SDPPI", card.sdppi),
        ("Garansi mulai", day_text(card.starts)),
        ("Garansi berakhir", day_text(card.ends)),
    ):
        pdf.row([(label, 55, "L"), (value, 135, "L")])
    pdf.ln(5)
    pdf.set_font("Helvetica", "B", 11)
    pdf.cell(0, 7, "Layanan servis", new_x="LMARGIN", new_y="NEXT")
    pdf.set_font("Helvetica", "", 10)
    pdf.multi_cell(0, 5, latin(
        f"{s.brand_name}, {s.seller_address}\nEmail {s.support_email} | WhatsApp {s.whatsapp_display}\n"
        f"Merchant terdaftar: laporkan kerusakan di menu Servis pada akun Anda ({s.public_url}{routes.ACCOUNT_SERVICE})."
    ))  # fmt: skip
    pdf.ln(3)
    pdf.multi_cell(0, 5, latin(
        f"Garansi {s.warranty_months} bulan sejak perangkat diterima. Selama masa garansi perangkat yang rusak "
        "diganti: unit pengganti kami kirim lebih dulu, unit lama kami ambil. Di luar masa garansi, biaya servis "
        "mengikuti daftar harga servis. Simpan kartu ini bersama perangkat."
    ))  # fmt: skip
    return bytes(pdf.output())
