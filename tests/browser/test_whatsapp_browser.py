"""WhatsApp in Chromium (issue 38): a buyer ticks "Kirim info pesanan lewat WhatsApp" at
checkout; the site sends the stand-in of Meta's Cloud API the order template with the exact
amount; the stand-in posts the buyer's reply with a photo of the slip, signed as Meta signs;
the admin's order page shows the message and the slip as a proof, and answers in the window."""

from __future__ import annotations

import re
import time
import uuid

from playwright.sync_api import expect
from sqlmodel import col, select

from terminal_shop.infra.db import read_session
from terminal_shop.services.notifications.tables import Consent as ConsentAct
from terminal_shop.services.notifications.tables import OutboxMessage
from terminal_shop.services.team import admin_auth

from support.files import jpg, png
from support.steps import EMAIL, PASSWORD, add, choose_proof, fill_buyer, orders_in_db, sign_in
from support.whatsapp_standin import delivery, post_webhook

NUMBER = "6281234567890"  # support.steps.BUYER's 0812-3456 7890


def _provider_id_of(subject: str, seconds: float = 15) -> str:
    """The id WhatsApp gave our message, once the site's sender has kept it: the stand-in sees the
    send a moment before the sender commits the answer (reading it at once raced, and the buyer's
    reply then named no message of ours)."""
    deadline = time.monotonic() + seconds
    while True:
        with read_session() as s:
            found = s.exec(select(OutboxMessage.provider_id).where(OutboxMessage.subject == subject)).one()
        if found or time.monotonic() > deadline:
            assert found, f"the sender kept no WhatsApp id for {subject}"
            return found
        time.sleep(0.2)


def test_a_buyer_opts_in_gets_the_order_on_whatsapp_and_replies_with_the_slip(page, browser, tmp_path, whatsapp):
    admin_auth.create_admin(EMAIL, PASSWORD)
    page.goto(page.base + "/checkout/products")
    add(page, "SOUNDBOX")
    page.get_by_role("link", name="Lanjut Isi Data").click()
    fill_buyer(page)
    box = page.get_by_label("Kirim info pesanan lewat WhatsApp")
    for ticked in (True, False, True):  # ticked, a change of mind, ticked again: the box follows the server
        box.click()
        expect(box).to_be_checked(checked=ticked)
    page.get_by_role("button", name="Lanjut ke Pembayaran").click()
    expect(page.get_by_role("heading", name="Metode Pembayaran")).to_be_visible()
    shown = page.get_by_test_id("transfer-amount").first.inner_text()  # the exact amount, kode unik taken off
    choose_proof(page, png(tmp_path / "bukti.png"))
    page.get_by_role("button", name="Kirim Pesanan").click()
    page.wait_for_url(re.compile(r"/checkout/success"))
    [order] = orders_in_db()
    with read_session() as s:  # the consent log keeps the words the buyer saw and where
        [act] = s.exec(select(ConsentAct).where(col(ConsentAct.address) == NUMBER)).all()
    assert (act.given, act.text, act.act) == (True, "Kirim info pesanan lewat WhatsApp", f"checkout {order.number}")

    [sent] = whatsapp.wait_for(1)  # the site's outbox sender, on its own
    assert sent["to"] == NUMBER and sent["template"]["name"] == "order_received"
    how = sent["template"]["components"][0]["parameters"][1]["text"]
    amount = f"Rp {order.total:,}".replace(",", ".")
    assert f"Transfer tepat {amount}" in how and shown.strip() == amount

    slip = jpg(tmp_path / "slip.jpg", size=(600, 900), color=(10, 160, 90)).read_bytes()
    media_id = whatsapp.add_media(slip, "image/jpeg")
    ours = _provider_id_of(
        "order_received"
    )  # the buyer answers the order's message (issue 46.10: no order number in the caption)
    reply = delivery({
        "contacts": [{"profile": {"name": "Siti"}, "wa_id": NUMBER}],
        "messages": [{"from": NUMBER, "id": f"wamid.IN{uuid.uuid4().hex}", "timestamp": str(int(time.time())),
                      "context": {"from": "6281100000000", "id": ours},
                      "type": "image", "image": {"id": media_id, "mime_type": "image/jpeg", "caption": "sudah transfer"}}],
    })  # fmt: skip
    assert post_webhook(page.base, reply).status_code == 200
    assert post_webhook(page.base, reply, secret="bukan-rahasia-kami").status_code == 401

    admin = browser.new_context(viewport={"width": 390, "height": 844}).new_page()  # the owner, on a phone
    admin.base = page.base
    sign_in(admin)
    admin.goto(f"{page.base}/admin/orders/{order.id}")
    messages = admin.get_by_test_id("whatsapp-message")
    incoming = messages.filter(has_text="Dari pelanggan")
    expect(incoming).to_contain_text("sudah transfer")
    expect(incoming).to_contain_text(f"Bukti pembayaran ditambahkan ke pesanan {order.number}")
    expect(incoming.get_by_role("link", name="Lihat bukti dari WhatsApp")).to_have_attribute("href", re.compile(r"."))
    viewer = admin.get_by_role("list", name="Bukti dari WhatsApp")  # issue 50.9: beside "Jumlah seharusnya"
    expect(viewer.get_by_test_id("whatsapp-slip")).to_have_count(1)
    admin.wait_for_function(
        "[...document.querySelectorAll('[data-testid=whatsapp-slip] img')].every(i => i.naturalWidth > 0)"
    )
    expect(messages.filter(has_text="Ke pelanggan").first).to_be_visible()
    admin.get_by_label("Balas lewat WhatsApp").fill("Terima kasih, Kak. Kami cek sekarang.")
    admin.get_by_role("button", name="Kirim WhatsApp").click()
    expect(messages.filter(has_text="Terima kasih, Kak. Kami cek sekarang.")).to_be_visible()
    texts = [b for b in whatsapp.wait_for(3) if b["type"] == "text"]  # order_received, proof_received, the reply
    assert [t["text"]["body"] for t in texts] == ["Terima kasih, Kak. Kami cek sekarang."]
