"""Erased means erased (issue 35.2): after an order's or a registration's personal data is
erased, the person's name, e-mail and phone are in no table and no stored file: not in the
outbox (recipient, body, the QRIS and invoice attached), the .eml files the embedded mode
writes, the audit log nor the domain events. An erased e-mail cannot be sent again."""

from __future__ import annotations

from sqlalchemy import select as core_select
from sqlmodel import SQLModel, select

from terminal_shop.infra.db import read_rows, read_session
from terminal_shop.infra.settings import get_settings
from terminal_shop.infra.storage import get_storage
from terminal_shop.services.notifications import mail_log, outbox
from terminal_shop.services.notifications.tables import OutboxMessage
from terminal_shop.services.orders import fulfilment, transitions
from terminal_shop.services.privacy import erasure
from terminal_shop.services.registrations import resubmission

from support.factories import ADMIN, AGREED, checkout_order, make_merchant, reject_with_link
from support.files import png

NAME, EMAIL, PHONE = "Rahmawati Kusumaningrum", "rahma.kusuma@contoh.id", "081298765432"
BUYER = {"buyer_name": NAME, "buyer_phone": PHONE, "buyer_email": EMAIL, "shipping_address": "Jl. Melati 7, Malang",
         "note": "Titip ke Rahmawati Kusumaningrum"}  # fmt: skip


def found_anywhere(*words: str) -> list[str]:
    """Where any of `words` still is: every column of every table, every stored file."""
    places = []
    with read_rows() as conn:
        for table in SQLModel.metadata.sorted_tables:
            for row in conn.execute(core_select(table)):
                text = " ".join(str(v) for v in row)
                places += [f"{table.name}: {w}" for w in words if w.lower() in text.lower()]
    storage, settings = get_storage(), get_settings()
    for bucket in (settings.bucket_order_payments, settings.bucket_merchant_documents, settings.bucket_assets):
        for key, _ in storage.list_keys(bucket):
            data = storage.get(bucket, key)
            places += [f"{bucket}/{key}: {w}" for w in words if w.encode() in data]
    for path in settings.data_dir.rglob("*"):
        if path.is_file() and ".db" not in path.name:  # the database itself: read as tables above
            data = path.read_bytes()
            places += [f"{path}: {w}" for w in words if w.encode() in data]
    return places


def test_an_erased_order_leaves_no_copy_of_its_buyer(clean_db, tmp_path):
    order = checkout_order(get_storage(), png(tmp_path / "p.png").read_bytes(), buyer=BUYER)
    transitions.confirm(str(order.id), ADMIN)  # the e-mail carries the invoice PDF
    fulfilment.ship(str(order.id), "jne", "JNE12345678", ADMIN)
    outbox.send_pending()
    assert found_anywhere(NAME, EMAIL, PHONE)  # the test can see them before

    assert erasure.erase_order(order.id, erasure.SYSTEM, "masa simpan berakhir") == 1

    assert found_anywhere(NAME, EMAIL, PHONE) == []
    with read_session() as s:
        mails = list(s.exec(select(OutboxMessage).where(OutboxMessage.entity_id == str(order.id))))
    assert len(mails) == 3 and all(m.attachment_pdf is None and m.attachment_png is None for m in mails)
    assert not mail_log.resend(mails[0].id, "order", str(order.id))  # "Kirim ulang" refused
    assert [m.recipient for m in mail_log.for_entity("order", str(order.id))] == ["(dihapus)"] * 3


def test_an_erased_registration_leaves_no_copy_of_its_applicant(clean_db, tmp_path, docs):
    mid = make_merchant(tmp_path, email=EMAIL, hp=PHONE, nama_lengkap=NAME)
    link = reject_with_link(mid, ["ktp"])
    token = link.rsplit("?t=", 1)[1]
    resubmission.resubmit(str(mid), token, {}, {"ktp": docs["ktp"]}, consent=AGREED)  # audited: "pemohon <e-mail>"
    outbox.send_pending()
    assert found_anywhere(NAME, EMAIL)

    erasure.erase_merchant(mid, erasure.SYSTEM, "pendaftaran ditolak")

    assert found_anywhere(NAME, EMAIL, PHONE) == []
