"""Erased means erased (issue 35.2): after an order's or a registration's personal data is
erased, the person's name, e-mail and phone are in no table and no stored file: not in the
outbox (recipient, body, the QRIS and invoice attached), the .eml files the embedded mode
writes, the audit log nor the domain events. An erased e-mail cannot be sent again."""

from __future__ import annotations

from dataclasses import fields

from sqlalchemy import select as core_select
from sqlmodel import SQLModel, select

from terminal_shop.infra.db import read_rows, read_session, write_session
from terminal_shop.infra.settings import get_settings
from terminal_shop.infra.storage import get_storage
from terminal_shop.services.devices import packing, stock
from terminal_shop.services.notifications import mail_log, sender
from terminal_shop.services.notifications.tables import OutboxMessage
from terminal_shop.services.orders import fulfilment, transitions
from terminal_shop.services.privacy import erasure
from terminal_shop.services.registrations import resubmission
from terminal_shop.services.whatsapp.tables import WhatsAppInbound

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
    buckets = [getattr(settings, f.name) for f in fields(settings) if f.name.startswith("bucket_")]  # a new one too
    for bucket in buckets:
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
    stock.receive("A9200099", "A920", ADMIN)
    packing.pack(str(order.id), ["A9200099"], ADMIN)
    fulfilment.ship(str(order.id), "jne", "JNE12345678", ADMIN)
    sender.send_pending()
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
    sender.send_pending()
    assert found_anywhere(NAME, EMAIL)

    erasure.erase_merchant(mid, erasure.SYSTEM, "pendaftaran ditolak")

    assert found_anywhere(NAME, EMAIL, PHONE) == []


def test_erasing_an_order_reaches_the_buyers_account_and_whatsapp_contact(whatsapp, tmp_path):
    """Issue 46.12: the buyer's e-mail stayed in sign-in codes, sessions (still valid) and the
    sign-in e-mail, the phone in the WhatsApp contact (with its opt-in text) and in messages
    attached to no order. A STOP the number sent still holds afterwards."""
    from terminal_shop.services.customers import signin
    from terminal_shop.services.notifications import consent as consents
    from terminal_shop.services.whatsapp import consent, webhook

    from support.factories import signed_in_customer
    from support.whatsapp_standin import inbound_text

    order = checkout_order(get_storage(), png(tmp_path / "p.png").read_bytes(), buyer={**BUYER, "whatsapp": "1"})
    session = signed_in_customer(EMAIL)  # the buyer signed in to /akun
    signin.request_code(EMAIL, "203.0.113.7", "another-browser")  # and asked for another code
    number = "62" + PHONE[1:]
    webhook.receive(inbound_text("6285799990000", "salah kirim"))  # someone else's stray: not touched
    webhook.receive(inbound_text(number, "STOP"))  # the buyer's own message: joins the order's thread
    with write_session() as s:  # and one that joined no record
        s.add(WhatsAppInbound(wa_message_id="wamid.stray", phone=number, kind="text", text="halo, ini Rahmawati"))
    sender.send_pending()
    assert found_anywhere(NAME, EMAIL, number)

    erasure.erase_order(order.id, erasure.SYSTEM, "diminta pemilik data")

    assert found_anywhere(NAME, EMAIL, PHONE, number) == []
    assert signin.session_customer(session) is None  # signed out everywhere
    with write_session() as s:
        consents.whatsapp_box_ticked(s, PHONE, "checkout lain")  # a stranger types the number again
    with read_session() as s:
        assert not consent.allowed(s, number)  # its STOP still holds
        assert (
            s.exec(select(WhatsAppInbound).where(WhatsAppInbound.phone == "6285799990000")).one().text == "salah kirim"
        )


def test_an_address_another_live_order_still_has_keeps_its_account(clean_db, tmp_path):
    from terminal_shop.services.customers import signin

    from support.factories import signed_in_customer

    old = checkout_order(get_storage(), png(tmp_path / "p.png").read_bytes(), buyer=BUYER)
    checkout_order(get_storage(), png(tmp_path / "q.png").read_bytes(), buyer=BUYER)  # the same buyer, later
    session = signed_in_customer(EMAIL)
    erasure.erase_order(old.id, erasure.SYSTEM, "masa simpan berakhir")
    assert signin.session_customer(session) is not None  # still the newer order's buyer's account


def test_an_erased_merchant_leaves_no_address_on_where_its_devices_stand(clean_db, tmp_path):
    """The owner's address kept on a device's outlet (who placed it), and copied to a
    replacement's (issue 63.3), goes with the merchant's record."""
    from test_transactions_services import active_device

    from terminal_shop.services.devices.tables import Device
    from terminal_shop.services.merchant_team import outlets

    owner = "bri00123@example.com"
    merchant_id = active_device(tmp_path)
    outlets.of_merchants([merchant_id], owner)
    outlets.add([merchant_id], str(merchant_id), {"nama": "Cabang Dua", "alamat": "Jl. Dua 2", "kecamatan": "Tebet",
                                                  "kota": "Jakarta Selatan"}, owner)  # fmt: skip
    second = next(o for o in outlets.of_merchants([merchant_id], owner)[0] if o.name == "Cabang Dua")
    with read_session() as s:
        device = s.exec(select(Device.id)).one()
    outlets.assign([merchant_id], str(device), second.id, owner)
    assert [p for p in found_anywhere(owner) if p.startswith("device_outlets")]

    erasure.erase_merchant(merchant_id, erasure.SYSTEM, "permintaan pemilik")

    assert [p for p in found_anywhere(owner) if p.startswith("device_outlets")] == []
