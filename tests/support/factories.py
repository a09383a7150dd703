"""Records made through the services (or inserted as rows), shared by service and browser tests."""

from __future__ import annotations

import re
import uuid
from datetime import UTC, datetime, time, timedelta

import pytest
from sqlmodel import select

from terminal_shop.formats import WIB
from terminal_shop.infra.db import read_session, write_session
from terminal_shop.privacy_policy import Consent
from terminal_shop.services.backoffice import admin_merchants
from terminal_shop.services.backoffice.tables import AuditEvent
from terminal_shop.services.notifications.tables import OutboxMessage
from terminal_shop.services.orders import checkout as orders
from terminal_shop.services.orders.tables import Order
from terminal_shop.services.registrations import submission as reg
from terminal_shop.services.registrations.tables import MerchantRegistration
from terminal_shop.services.team import admin_auth
from terminal_shop.views import order_number

from support.files import jpg, png

ADMIN = "admin@terminalku.example"
AGREED = Consent("203.0.113.7")  # an applicant's consent, as the registration route passes it


def make_order(
    name="Budi",
    email="budi@example.com",
    phone="081234567890",
    status="paid_review",
    method="TRANSFER_BCA",
    total=349_000,
    created=None,
    proof=None,
    fulfilment="",
) -> Order:
    oid = uuid.uuid4()
    order = Order(
        id=oid,
        number=order_number(oid),  # as checkout.create_order stores it
        buyer_name=name,
        buyer_email=email,
        buyer_phone=phone,
        shipping_address="Jl. Darmo No. 12",
        items=[{"sku": "SOUNDBOX", "name": "Soundbox QRIS", "qty": 1, "unit_price": total}],
        subtotal=total,
        total=total,
        payment_method=method,
        status=status,
        payment_proof_path=proof,
        fulfilment=fulfilment,
    )
    if created:
        order.created_at = created
    with write_session() as s:
        s.add(order)
    return order


def make_merchant(tmp_path, email="sri@example.com", hp="0812-3456-7890", consent=AGREED, **over) -> uuid.UUID:
    form = {
        "nama_lengkap": "Sri Wahyuni",
        "nama_usaha": "Warung Bu Sri",
        "jenis_usaha": "fnb",
        "alamat_usaha": "Jl. Kenjeran 10",
        "omzet_bulanan": "15000000",
        "kecamatan": "Bulak",
        "kabupaten_kota": "Surabaya",
        "nomor_hp": hp,
        "email": email,
        "nama_bank": "Bank BCA",
        "nama_rekening": "Sri",
        "nomor_rekening": "123",
        **over,
    }
    docs = {
        "ktp": jpg(tmp_path / "k.jpg").read_bytes(),
        "selfie": png(tmp_path / "s.png").read_bytes(),
        "usaha": jpg(tmp_path / "u.jpg").read_bytes(),
    }
    return reg.submit(form, docs, consent=consent)


def wib_midnight(days_ago: int = 0) -> datetime:
    """The start of a WIB day, in UTC: rows placed around it fall on a known day."""
    today = datetime.now(UTC).astimezone(WIB).date()
    return datetime.combine(today - timedelta(days=days_ago), time(), WIB).astimezone(UTC)


def order(name: str, total: int, created: datetime, status="paid_review", confirmed_after=None, n=None) -> Order:
    oid = uuid.uuid4()
    row = Order(
        id=oid,
        number=order_number(oid),
        buyer_name=name,
        buyer_email=f"{name.lower().replace(' ', '.')}@example.com",
        buyer_phone="081234567890",
        shipping_address="Jl. Darmo No. 12",
        items=[{"sku": "SOUNDBOX", "name": "Soundbox QRIS", "qty": 1, "unit_price": total}],
        subtotal=total,
        total=total,
        payment_method="QRIS",
        status=status,
        created_at=created,
        updated_at=created + (confirmed_after or timedelta()),
    )
    with write_session() as s:
        s.add(row)
    return row


def merchant(shop: str, created: datetime, status="pending", n=0) -> None:
    with write_session() as s:
        s.add(
            MerchantRegistration(
                nama_lengkap="Siti Aminah",
                nomor_hp=f"08123456{n:04d}",
                email=f"siti{n}@example.com",
                nama_usaha=shop,
                jenis_usaha="retail",
                alamat_usaha="Jl. Merdeka 1",
                omzet_bulanan=10_000_000,
                tempat_usaha="sewa",
                kecamatan="Tegalsari",
                kabupaten_kota="Surabaya",
                nama_bank="Bank BCA",
                nama_rekening="Siti Aminah",
                nomor_rekening="1234567890",
                status=status,
                created_at=created,
                updated_at=created,
            )
        )


BUYER = {
    "buyer_name": "Budi Santoso",
    "buyer_phone": "0812-3456-7890",
    "buyer_email": "budi@example.com",
    "shipping_address": "Jl. Merdeka No. 10, Surabaya",
}


FORM = {
    "nama_lengkap": "Sri Wahyuni",
    "nama_usaha": "Warung Bu Sri",
    "jenis_usaha": "fnb",
    "alamat_usaha": "Jl. Kenjeran No. 10",
    "omzet_bulanan": "Rp 15.000.000",
    "tempat_usaha": "sewa",
    "kecamatan": "Bulak",
    "kabupaten_kota": "Surabaya",
    "nib_npwp": "",
    "nomor_hp": "0812-3456-7890",
    "email": "Sri@Example.com",
    "nama_bank": "Bank BCA",
    "nama_rekening": "Sri Wahyuni",
    "nomor_rekening": "123 456 7890",
}


@pytest.fixture
def docs(tmp_path):
    return {
        "ktp": jpg(tmp_path / "ktp.jpg", gps=True).read_bytes(),
        "selfie": png(tmp_path / "selfie.png").read_bytes(),
        "kk": jpg(tmp_path / "kk.jpg").read_bytes(),
        "usaha": jpg(tmp_path / "usaha.jpg").read_bytes(),
        "barang": png(tmp_path / "barang.png").read_bytes(),
    }


def reject_with_link(mid, items: list[str]) -> str:
    """The admin rejects; returns the correction link the e-mail carries."""
    form = admin_merchants.detail(str(mid)).form
    admin_merchants.save(str(mid), {**form, "status": "rejected", "rejection_reason": "Foto KTP buram"}, ADMIN, items)
    with read_session() as s:
        mail = s.exec(select(OutboxMessage).order_by(OutboxMessage.id.desc())).first()
    assert "belum dapat disetujui" in mail.subject and "Foto KTP buram" in mail.body_text
    return re.search(r"https?://\S+/pendaftaran/perbaiki/\S+", mail.body_text)[0]


@pytest.fixture
def admin(clean_db):
    """The allow-listed admin of the browser steps, with the password they sign in with."""
    from support.steps import EMAIL, PASSWORD

    admin_auth.create_admin(EMAIL, PASSWORD)


def audit_rows() -> list[AuditEvent]:
    """Every audit row, oldest first."""
    with read_session() as s:
        return list(s.exec(select(AuditEvent).order_by(AuditEvent.id)))


BUYER_TYPED = {  # as a person types it: spaces around, a dashed phone
    "buyer_name": "  Budi Santoso ",
    "buyer_phone": "0812-3456 7890",
    "buyer_email": "budi@example.com",
    "shipping_address": "Jl. Darmo No. 12, Surabaya",
    "note": "",
    "whatsapp": "",  # the box "Kirim info pesanan lewat WhatsApp" left empty
}


def checkout_order(
    storage,
    data: bytes,
    *,
    ref: str | None = None,
    lines=(("A920", 1),),
    method="TRANSFER_BCA",
    name="Bukti TF.png",
    buyer: dict | None = None,
):
    return orders.create_order(
        client_ref=ref or uuid.uuid4().hex,
        buyer=buyer or BUYER_TYPED,
        lines=list(lines),
        payment_method=method,
        proof_filename=name,
        proof_data=data,
        storage=storage,
    )


def stored_orders() -> list[Order]:
    with read_session() as s:
        return list(s.exec(select(Order)))
