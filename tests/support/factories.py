"""Records made through the services (or inserted as rows), shared by service and browser tests."""

from __future__ import annotations

import re
import uuid
from datetime import UTC, datetime, time, timedelta

import pytest
from PIL import Image
from sqlmodel import select

from terminal_shop.formats import WIB
from terminal_shop.infra.db import read_session, write_session
from terminal_shop.infra.storage import get_storage
from terminal_shop.privacy_policy import Consent
from terminal_shop.services.audit.tables import AuditEvent
from terminal_shop.services.backoffice import admin_merchants
from terminal_shop.services.notifications.tables import OutboxMessage
from terminal_shop.services.orders import checkout as orders
from terminal_shop.services.orders.tables import Order
from terminal_shop.services.orders.views import order_number
from terminal_shop.services.registrations import admin_edit
from terminal_shop.services.registrations import submission as reg
from terminal_shop.services.registrations.tables import MerchantRegistration
from terminal_shop.services.team import admin_auth

from support.files import encoded, jpg, png

ADMIN = "admin@terminalku.example"
AGREED = Consent("203.0.113.7")  # an applicant's consent, as the registration route passes it


def make_order(
    name="Budi",
    email=None,
    phone="081234567890",
    status="paid_review",
    method="TRANSFER_BCA",
    total=349_000,
    created=None,
    proof=None,
    fulfilment="",
    confirmed_after=None,
) -> Order:
    """An order row as the back office finds it, at any status and time (no checkout ran:
    no proof stored, no event, no e-mail); `checkout_order` places one as a buyer does.
    The e-mail comes from the name ("Budi" -> budi@example.com); `confirmed_after` dates its
    last change that long after `created`."""
    oid = uuid.uuid4()
    order = Order(
        id=oid,
        number=order_number(oid),  # as checkout.create_order stores it
        buyer_name=name,
        buyer_email=email or f"{name.lower().replace(' ', '.')}@example.com",
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
        order.updated_at = created + (confirmed_after or timedelta())
    with write_session() as s:
        s.add(order)
    return order


def make_merchant(tmp_path, email="sri@example.com", hp="0812-3456-7890", consent=AGREED, **over) -> uuid.UUID:
    """A registration sent as an applicant sends it (documents stored, event and e-mails
    queued); `merchant_row` makes a row at any status and time instead."""
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


def approved_merchant(tmp_path, email: str, hp: str, **over) -> uuid.UUID:
    """A registration sent as an applicant sends it, then approved by an admin."""
    merchant_id = make_merchant(tmp_path, email=email, hp=hp, **over)
    form = admin_merchants.detail(str(merchant_id)).form
    admin_edit.save(str(merchant_id), {**form, "status": "approved"}, ADMIN)
    return merchant_id


def wib_midnight(days_ago: int = 0) -> datetime:
    """The start of a WIB day, in UTC: rows placed around it fall on a known day."""
    today = datetime.now(UTC).astimezone(WIB).date()
    return datetime.combine(today - timedelta(days=days_ago), time(), WIB).astimezone(UTC)


def merchant_row(shop: str, created: datetime, status="pending", n=0) -> None:
    """A registration row as the back office lists it, at any status and time (no documents,
    no event); `make_merchant` registers one as an applicant does."""
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
    admin_edit.save(str(mid), {**form, "status": "rejected", "rejection_reason": "Foto KTP buram"}, ADMIN, items)
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


ONE_D210 = (("D210", 1),)


def checkout_order(
    storage=None,
    data: bytes | None = None,
    *,
    ref: str | None = None,
    lines=(("A920", 1),),
    method="TRANSFER_BCA",
    name="Bukti TF.png",
    buyer: dict | None = None,
    buyer_name: str | None = None,
) -> Order:
    """An order placed through the checkout, as a buyer places it (proof stored, events and
    e-mails queued); `make_order` makes a row at any status instead. `buyer_name` gives the
    typed buyer that name and an e-mail from its first word ("Rahma Putri" -> rahma@example.com)."""
    if buyer_name:
        buyer = {**BUYER_TYPED, "buyer_name": buyer_name, "buyer_email": f"{buyer_name.split()[0].lower()}@example.com"}
    return orders.create_order(
        client_ref=ref or uuid.uuid4().hex,
        buyer=buyer or BUYER_TYPED,
        lines=list(lines),
        payment_method=method,
        proof_filename=name,
        proof_data=encoded(Image.new("RGB", (400, 300), (20, 90, 200))) if data is None else data,
        storage=storage or get_storage(),
    )


def stored_orders() -> list[Order]:
    with read_session() as s:
        return list(s.exec(select(Order)))


def signed_in_customer(email: str, browser: str = "browser") -> str:
    """A customer session made as /masuk makes it (a code asked, read from the outbox, typed):
    the session's hash, as the tab's connection carries it."""
    from sqlmodel import col

    from terminal_shop.services.customers import signin

    signin.request_code(email, "203.0.113.7", browser)
    with read_session() as s:
        mail = s.exec(
            select(OutboxMessage).where(col(OutboxMessage.to_addr) == email).order_by(col(OutboxMessage.id).desc())
        ).first()
    code = re.search(r"Kode masuk Anda: (\d{6})", mail.body_text).group(1)
    return signin.hash_token(signin.verify(email, code, browser))
