"""Returns in Chromium (issue 61.3): a buyer whose Soundbox arrived damaged opens the order from
the delivery e-mail's link on a phone, asks for a return (a missing photo refused in words),
the staff approve it with a pickup from the new-return e-mail's link on a phone, scan the unit
in and record the refund; the buyer reads each step and downloads the credit note."""

from __future__ import annotations

import re

from playwright.sync_api import expect
from sqlmodel import col, select
from test_account_browser import open_section, sign_in_by_code

from terminal_shop.infra.db import read_session
from terminal_shop.infra.storage import get_storage
from terminal_shop.services.devices import packing, stock
from terminal_shop.services.devices.tables import Device
from terminal_shop.services.notifications.tables import OutboxMessage
from terminal_shop.services.orders import fulfilment, transitions
from terminal_shop.services.returns.tables import OrderReturn

from support.factories import ADMIN, checkout_order
from support.files import jpg, png
from support.steps import sign_in


def _link_in_mail(address: str, subject_has: str, path: str) -> str:
    """The link of the newest e-mail to `address` whose subject has `subject_has`, as its reader follows it."""
    with read_session() as s:
        mails = s.exec(select(OutboxMessage).where(col(OutboxMessage.to_addr) == address)
                       .order_by(col(OutboxMessage.id).desc())).all()  # fmt: skip
    body = next(m.body_text for m in mails if subject_has in m.subject)
    return re.search(rf"https?://\S*{re.escape(path)}\S*", body).group(0)


def _delivered_soundbox(tmp_path):
    order = checkout_order(get_storage(), png(tmp_path / "bukti.png").read_bytes(), lines=(("SOUNDBOX", 1),))
    transitions.confirm(str(order.id), ADMIN)  # paid, packed, shipped, delivered: their own journeys
    stock.receive("SBXRETUR01", "SOUNDBOX", ADMIN)
    packing.pack(str(order.id), ["SBXRETUR01"], ADMIN)
    fulfilment.ship(str(order.id), "jne", "CGK7778889990", ADMIN)
    fulfilment.deliver(str(order.id), ADMIN)
    return order


def test_a_damaged_soundbox_is_returned_and_refunded_from_the_buyers_phone_to_the_staffs(phone, page, admin, tmp_path):
    order = _delivered_soundbox(tmp_path)

    link = _link_in_mail(order.buyer_email, "diterima", "/pesanan/")
    phone.goto(phone.base + link[link.index("/pesanan/") :])
    expect(phone.get_by_test_id("device")).to_have_text(
        re.compile(r"Kartu garansi \(PDF\)$")
    )  # no stray index after it
    returns = phone.locator("#retur")
    expect(returns).to_contain_text("Ajukan retur dalam 7 hari setelah pesanan diterima")
    returns.get_by_role("button", name="Ajukan retur").click()
    form = phone.get_by_test_id("return-form")
    form.get_by_label("Rusak saat diterima").check()
    form.get_by_label("SN SBXRETUR01").check()
    form.get_by_label("Uang kembali").check()
    form.get_by_label("Bank tujuan pengembalian dana").select_option("Bank BRI")
    form.get_by_label("Nomor rekening").fill("0123-01-456789-53-0")
    form.get_by_label("Nama pemilik rekening").fill("Siti Rahma")
    form.get_by_role("button", name="Kirim permintaan retur").click()
    expect(phone.get_by_test_id("return-error")).to_have_text("Lampirkan 1-3 foto unit (JPG atau PNG)")
    form.locator("input[type=file]").set_input_files(str(jpg(tmp_path / "penyok.jpg")))
    form.get_by_role("button", name="Kirim permintaan retur").click()
    asked = phone.get_by_test_id("return")
    expect(asked.get_by_test_id("return-step")).to_have_text("Diajukan")
    expect(asked.get_by_test_id("return-next")).to_have_text("Tim kami memeriksa permintaan Anda dalam 1 hari kerja.")
    expect(asked).to_contain_text("Bank BRI · ••••9530 · a.n. Siti Rahma")
    with read_session() as s:
        row = s.exec(select(OrderReturn)).one()
    assert (row.serials, row.account_number, len(row.photo_keys)) == (["SBXRETUR01"], "012301456789530", 1)

    page.set_viewport_size({"width": 390, "height": 844})  # the staff on their phones
    sign_in(page)
    staff_link = _link_in_mail(ADMIN, f"Retur baru {row.number}", "/admin/orders/")
    page.goto(page.base + staff_link[staff_link.index("/admin/orders/") :])
    card = page.get_by_test_id("admin-return")
    expect(card).to_contain_text("Rusak saat diterima")
    expect(card.get_by_role("img", name="Foto retur")).to_be_visible()
    card.get_by_label("Kurir").select_option("jne")
    card.get_by_label("Resi penjemputan").fill("CGK1112223334")
    card.get_by_role("button", name="Setujui dan jadwalkan penjemputan").click()
    expect(card).to_contain_text("Disetujui: menunggu penjemputan")
    card.get_by_label("SN unit diterima").fill("SBXRETUR99")
    card.get_by_role("button", name="Catat unit diterima").click()
    expect(page.get_by_text("SN SBXRETUR99 bukan unit retur ini")).to_be_visible()
    card.get_by_label("SN unit diterima").fill("sbxretur01")
    card.get_by_label("Tujuan unit").select_option("perbaikan")
    card.get_by_role("button", name="Catat unit diterima").click()
    expect(card).to_contain_text("Unit diterima")
    expect(card.get_by_test_id("refund-to")).to_contain_text("Bank BRI · 012301456789530 · a.n. Siti Rahma")
    card.get_by_label("Referensi transfer").fill("BRI 061226 0042")
    card.get_by_role("button", name="Catat dana dikembalikan").click()
    expect(card).to_contain_text("Dana dikembalikan")
    expect(card.get_by_role("link", name=re.compile(r"Nota kredit NK.\d{4}.000001"))).to_be_visible()
    with read_session() as s:
        assert s.exec(select(Device).where(col(Device.serial) == "SBXRETUR01")).one().status == "rusak"

    phone.reload()
    done = phone.get_by_test_id("return")
    expect(done.get_by_test_id("return-step")).to_have_text("Dana dikembalikan")
    expect(phone.get_by_role("button", name="Ajukan retur")).to_have_count(0)  # its one unit is returned
    with phone.expect_download() as download:
        done.get_by_role("link", name=re.compile(r"Unduh nota kredit NK")).click()
    assert re.fullmatch(r"nota-kredit-NK-\d{4}-000001\.pdf", download.value.suggested_filename)
    assert download.value.path().read_bytes().startswith(b"%PDF")


def test_a_signed_in_buyer_finds_ajukan_retur_beside_the_delivered_order_in_their_account(phone, mailbox, tmp_path):
    order = _delivered_soundbox(tmp_path)
    sign_in_by_code(phone, mailbox, order.buyer_email)
    open_section(phone, "Pesanan")
    mine = phone.get_by_test_id("account-order")
    expect(mine).to_contain_text("Diterima")
    mine.get_by_role("link", name="Ajukan retur").click()
    expect(phone.get_by_test_id("return-form")).to_be_visible()  # the form open, in view
    expect(phone.get_by_test_id("return-form").get_by_label("SN SBXRETUR01")).to_be_in_viewport()
