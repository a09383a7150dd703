"""WhatsApp through the Cloud API (services/whatsapp, issue 38), against the tests' stand-in
of Meta's API (support/whatsapp_standin.py) on this pass's real database: consent and STOP,
each event's template and parameters as the stand-in checks them, retries and final
failures with the e-mail unaffected, the webhook's handshake and signatures, statuses
applied forward only, inbound messages kept once."""

from __future__ import annotations

import json
import time
import uuid
from datetime import timedelta

import pytest
from sqlmodel import col, select
from starlette.testclient import TestClient

from terminal_shop.infra.db import read_session, write_session
from terminal_shop.infra.settings import get_settings
from terminal_shop.infra.storage import get_storage
from terminal_shop.privacy_policy import Consent
from terminal_shop.services.audit.tables import AuditEvent
from terminal_shop.services.backoffice import admin_merchants
from terminal_shop.services.devices import activation, linking, packing, stock
from terminal_shop.services.devices.tables import Device
from terminal_shop.services.notifications import sender
from terminal_shop.services.notifications.consent import WHATSAPP_BOX
from terminal_shop.services.notifications.tables import Consent as ConsentAct
from terminal_shop.services.notifications.tables import OutboxMessage
from terminal_shop.services.orders import fulfilment, transitions
from terminal_shop.services.orders.tables import Order
from terminal_shop.services.registrations import admin_edit
from terminal_shop.services.whatsapp import consent, inbox, slips, webhook
from terminal_shop.services.whatsapp.tables import WhatsAppContact, WhatsAppInbound
from terminal_shop.web.api import files_app

from support.factories import ADMIN, BUYER_TYPED, checkout_order, make_merchant
from support.files import huge_png, jpg
from support.whatsapp_standin import APP_SECRET, delivery, inbound_text, signature, status

NUMBER = "6281234567890"  # BUYER_TYPED's 0812-3456 7890
OPTED_IN = {**BUYER_TYPED, "whatsapp": "1"}


def rows(channel: str = "whatsapp") -> list[OutboxMessage]:
    with read_session() as s:
        return list(
            s.exec(select(OutboxMessage).where(col(OutboxMessage.channel) == channel).order_by(col(OutboxMessage.id)))
        )


def fresh(placed: Order) -> Order:
    with read_session() as s:
        got = s.get(Order, placed.id)
        assert got is not None
        return got


def deliver_all() -> None:
    """Every due message out; those waiting for a retry made due first."""
    with write_session() as s:
        for row in s.exec(select(OutboxMessage).where(col(OutboxMessage.status) == "pending")):
            row.next_attempt_at = row.created_at
            s.add(row)
    sender.send_pending(limit=100)


def acts(number: str = NUMBER) -> list[tuple[bool, str, str]]:
    """The number's consent log (notifications/consent.py): (given, the words, the act)."""
    with read_session() as s:
        found = s.exec(select(ConsentAct).where(col(ConsentAct.address) == number).order_by(col(ConsentAct.id)))
        return [(a.given, a.text, a.act) for a in found]


def params(body: dict) -> list[str]:
    return [p["text"] for p in body["template"]["components"][0]["parameters"]]


def test_a_buyer_who_ticked_the_box_gets_the_order_template_with_the_exact_amount(whatsapp, mailbox, tmp_path):
    placed = checkout_order(buyer=OPTED_IN)
    assert acts() == [(True, "Kirim info pesanan lewat WhatsApp", f"checkout {placed.number}")]
    deliver_all()
    [sent] = whatsapp.wait_for(1)
    assert sent["to"] == NUMBER and sent["template"]["name"] == "order_received"
    assert sent["template"]["language"] == {"code": "id"}
    number, how, link = params(sent)
    assert number == placed.number and not any("Budi" in p for p in params(sent))  # the typed name is never sent
    assert f"Transfer tepat Rp {placed.total:,}".replace(",", ".") in how and f"/pesanan/{placed.id}" in link
    [row] = rows()
    assert row.status == "sent" and row.provider_id.startswith("wamid.")
    assert [r.key.split(":")[-1] for r in rows("email")] == ["received"]  # the e-mail goes as always


def test_without_the_box_or_after_stop_only_email_is_sent(whatsapp, mailbox, tmp_path):
    checkout_order(buyer=BUYER_TYPED)
    assert rows() == []
    first = checkout_order(buyer=OPTED_IN)
    webhook.receive(inbound_text(NUMBER, " berhenti "))
    assert acts()[-1] == (False, "berhenti", "balasan WhatsApp dari nomor ini")
    transitions.confirm(str(first.id), ADMIN)
    assert [r.subject for r in rows()] == ["order_received"]  # nothing after STOP
    assert f"order:{first.id}:confirmed" in [r.key for r in rows("email")]
    checkout_order(buyer=OPTED_IN)  # issue 46.9: a box ticked on a form does not undo the number's STOP
    assert [r.subject for r in rows()] == ["order_received"]
    assert len(acts()) == 2  # the refused tick is not an act of consent
    webhook.receive(inbound_text(NUMBER, "Mulai"))  # the number itself asks again
    assert acts()[-1] == (True, "MULAI", "balasan WhatsApp dari nomor ini")
    checkout_order(buyer=OPTED_IN)
    assert [r.subject for r in rows()] == ["order_received", "order_received"]


def test_each_event_sends_its_template_with_its_parameters(whatsapp, mailbox, tmp_path):
    kept, dropped = checkout_order(buyer=OPTED_IN), checkout_order(buyer=OPTED_IN)
    transitions.confirm(str(kept.id), ADMIN)
    stock.receive("A9200001", "A920", ADMIN)
    merchant_id = make_merchant(tmp_path, email="budi@example.com", hp="0812-3456-7890")
    packing.pack(str(kept.id), ["A9200001"], ADMIN)
    fulfilment.ship(str(kept.id), "jnt", "JP1234567890", ADMIN)
    fulfilment.deliver(str(kept.id), ADMIN)
    transitions.reject(str(dropped.id), "Bukti tidak terbaca", ADMIN)
    form = admin_merchants.detail(str(merchant_id)).form
    admin_edit.save(str(merchant_id), {**form, "status": "approved"}, ADMIN)
    linking.link(str(kept.id), str(merchant_id), ADMIN)
    with read_session() as s:
        unit = s.exec(select(Device)).one()
    activation.activate(str(unit.id), "BRI", "000885012345678", "BRI00123", "", ADMIN)
    deliver_all()
    sent = {b["template"]["name"]: params(b) for b in whatsapp.sent}
    assert sent["payment_confirmed"][:2] == [kept.number, f"Rp {kept.total:,}".replace(",", ".")]
    assert sent["order_shipped"] == [kept.number, "J&T Express", "JP1234567890", "https://jet.co.id/track"]
    assert sent["order_delivered"] == [kept.number]
    assert sent["payment_rejected"] == [dropped.number, "Bukti tidak terbaca"]
    assert sent["registration_approved"] == [get_settings().public_url + "/masuk"]  # the HP opted in at checkout
    assert sent["device_active"][4] == get_settings().public_url + "/masuk"
    assert sent["device_active"][:4] == ["PAX A920 Pro", "A9200001", "BRI00123", "000885012345678"]
    assert whatsapp.refused == []  # every body had the shape Meta documents


def test_throttling_is_retried_and_a_number_not_on_whatsapp_fails_once_for_good(whatsapp, mailbox, tmp_path):
    whatsapp.throttle_next = 1
    checkout_order(buyer=OPTED_IN)
    sender.send_pending()
    [row] = rows()
    assert (row.status, row.attempts) == ("pending", 1) and "130429" in row.last_error
    deliver_all()
    assert rows()[0].status == "sent" and len(whatsapp.sent) == 1

    whatsapp.not_on_whatsapp.add("6281311112222")
    checkout_order(buyer={**OPTED_IN, "buyer_phone": "0813-1111-2222", "buyer_email": "lain@example.com"})
    deliver_all()
    deliver_all()
    failed = rows()[-1]
    assert (failed.status, failed.attempts) == ("failed", 1) and "131026" in failed.last_error
    assert [r.status for r in rows("email")] == ["sent", "sent"]  # the e-mails went anyway


def test_statuses_move_forward_only_and_failures_keep_their_code(whatsapp, mailbox, tmp_path):
    checkout_order(buyer=OPTED_IN)
    deliver_all()
    [row] = rows()
    for state in ("delivered", "sent", "delivered"):  # out of order and twice, as Meta sends them
        webhook.receive(status(row.provider_id, state, NUMBER))
    assert rows()[0].delivery == "delivered"
    webhook.receive(status(row.provider_id, "read", NUMBER))
    assert rows()[0].delivery == "read"
    webhook.receive(status(row.provider_id, "failed", NUMBER, error_code=131026))
    assert rows()[0].delivery == "failed" and "131026" in rows()[0].last_error


def test_inbound_messages_are_kept_once_even_from_strangers(whatsapp):
    delivery = inbound_text("6285700001111", "Halo, apakah A920 ready?", message_id="wamid.IN1")
    webhook.receive(delivery)
    webhook.receive(delivery)  # Meta delivers again
    with read_session() as s:
        kept = s.exec(select(WhatsAppInbound)).all()
        contact = s.get(WhatsAppContact, "6285700001111")
    assert [(m.phone, m.text) for m in kept] == [("6285700001111", "Halo, apakah A920 ready?")]
    assert contact.last_inbound_at is not None and acts("6285700001111") == []
    [stray] = inbox.strays()  # nobody's order or registration: listed on the admin's overview
    assert (stray.number, stray.text) == ("+6285700001111", "Halo, apakah A920 ready?")


def test_the_webhook_answers_the_handshake_and_refuses_unsigned_or_changed_deliveries(whatsapp):
    client = TestClient(files_app())
    ok = client.get(
        "/api/whatsapp/webhook",
        params={"hub.mode": "subscribe", "hub.verify_token": "test-verify-token", "hub.challenge": "1158201444"},
    )
    assert (ok.status_code, ok.text) == (200, "1158201444")
    wrong = client.get(
        "/api/whatsapp/webhook", params={"hub.mode": "subscribe", "hub.verify_token": "tebakan", "hub.challenge": "1"}
    )
    assert wrong.status_code == 403
    body = json.dumps(inbound_text(NUMBER, "STOP", message_id="wamid.SIGNED")).encode()
    for headers, data in (
        ({}, body),  # no signature
        ({"X-Hub-Signature-256": signature(body, "rahasia-lain")}, body),  # another secret
        ({"X-Hub-Signature-256": signature(body, APP_SECRET)}, body.replace(b"STOP", b"HALO")),  # changed body
    ):
        assert client.post("/api/whatsapp/webhook", content=data, headers=headers).status_code == 401
    with read_session() as s:
        assert s.exec(select(WhatsAppInbound)).all() == []
    taken = client.post("/api/whatsapp/webhook", content=body, headers={"X-Hub-Signature-256": signature(body)})
    assert taken.status_code == 200
    with read_session() as s:
        assert [m.wa_message_id for m in s.exec(select(WhatsAppInbound))] == ["wamid.SIGNED"]


def test_without_the_settings_whatsapp_is_off_and_nothing_is_queued(whatsapp, tmp_path, monkeypatch):
    monkeypatch.setenv("WHATSAPP_TOKEN", "")
    get_settings.cache_clear()
    try:
        assert not get_settings().whatsapp_on
        checkout_order(buyer=OPTED_IN)
        assert rows() == []
    finally:
        monkeypatch.undo()
        get_settings.cache_clear()


@pytest.mark.parametrize("text", ["STOP", "stop", "Berhenti"])
def test_stop_words_in_any_case_end_consent(whatsapp, tmp_path, text):
    checkout_order(buyer=OPTED_IN)
    webhook.receive(inbound_text(NUMBER, text))
    with read_session() as s:
        assert not consent.allowed(s, NUMBER)


def test_a_template_goes_under_the_name_meta_approved_and_an_unknown_name_fails_for_good(
    whatsapp, mailbox, tmp_path, monkeypatch
):
    monkeypatch.setenv("WHATSAPP_TEMPLATE_NAMES", "order_received=pesanan_diterima_v2")
    get_settings.cache_clear()
    try:
        checkout_order(buyer=OPTED_IN)
        deliver_all()
        deliver_all()
    finally:
        monkeypatch.undo()
        get_settings.cache_clear()
    [(code, body)] = whatsapp.refused  # the stand-in knows only the keys: Meta would answer 132001
    assert (code, body["template"]["name"]) == (132001, "pesanan_diterima_v2")
    assert rows()[0].status == "failed" and "132001" in rows()[0].last_error


def image_message(
    number: str, media_id: str, caption: str = "", kind: str = "image", mime: str = "image/jpeg", reply_to: str = ""
) -> dict:
    """A photo or PDF as Meta delivers it; `reply_to`: the wamid of our message it answers."""
    body = {"id": media_id, "mime_type": mime, "sha256": "x"} | ({"caption": caption} if caption else {})
    message = {
        "from": number,
        "id": f"wamid.IN{uuid.uuid4().hex}",
        "timestamp": str(int(time.time())),
        "type": kind,
        kind: body,
    } | ({"context": {"from": "6281100000000", "id": reply_to}} if reply_to else {})
    return delivery({"contacts": [{"profile": {"name": "Pembeli"}, "wa_id": number}], "messages": [message]})  # fmt: skip


def our_template(order: Order) -> str:
    """The wamid of the order_received template the buyer's number got (sent first)."""
    deliver_all()
    return next(r.provider_id for r in rows() if r.entity_id == str(order.id) and r.subject == "order_received")


def inbound() -> list[WhatsAppInbound]:
    with read_session() as s:
        return list(s.exec(select(WhatsAppInbound).order_by(col(WhatsAppInbound.received_at))))


def test_a_slip_sent_by_whatsapp_becomes_a_proof_of_the_waiting_order(whatsapp, mailbox, tmp_path):
    placed = checkout_order(buyer=OPTED_IN)
    slip = jpg(tmp_path / "slip.jpg", size=(600, 900), color=(10, 160, 90), gps=True).read_bytes()
    webhook.receive(image_message(NUMBER, whatsapp.add_media(slip, "image/jpeg"), caption="transfer sudah ya",
                                  reply_to=our_template(placed)))  # a reply to the order's own message  # fmt: skip
    [message] = inbound()
    assert (message.entity_id, message.outcome) == (
        str(placed.id),
        f"Bukti pembayaran ditambahkan ke pesanan {placed.number}",
    )
    stored = get_storage().get(get_settings().bucket_order_payments, message.stored_key)
    assert stored.startswith(b"\xff\xd8") and b"GPS" not in stored  # kept as a JPEG, its location stripped
    with read_session() as s:
        logged = s.exec(select(AuditEvent).where(col(AuditEvent.entity_id) == str(placed.id))).all()
    assert "bukti-tambahan" in [a.action for a in logged]
    assert [r.subject for r in rows()] == ["order_received", "proof_received"]
    [line] = [m for m in inbox.thread("order", str(placed.id)) if m.direction == "masuk"]
    assert line.slip_url and "transfer sudah ya" in line.text
    assert not fresh(placed).proof_suspect


def test_a_slip_gets_every_check_an_upload_gets(whatsapp, mailbox, tmp_path):
    placed = checkout_order(buyer=OPTED_IN)
    someone_elses = jpg(tmp_path / "lain.jpg", size=(500, 700), color=(120, 30, 60)).read_bytes()
    other_buyer = {**BUYER_TYPED, "buyer_phone": "0813-9999-0000", "buyer_email": "lain@example.com"}
    checkout_order(get_storage(), someone_elses, buyer=other_buyer)  # another order paid with this picture
    assert not fresh(placed).proof_suspect
    ours = our_template(placed)
    for data, mime in (
        (b"MZ\x90\x00 sebuah program, bukan bukti" * 3, "application/pdf"),  # not what it claims
        (huge_png(8000, 8000), "image/png"),  # a pixel bomb (64 MP in a small file): refused from its header
        (someone_elses, "image/jpeg"),  # another order's proof
    ):
        webhook.receive(image_message(NUMBER, whatsapp.add_media(data, mime),
                                      kind="document" if "pdf" in mime else "image", reply_to=ours))  # fmt: skip
    wrong, bomb, reused = [m.outcome for m in inbound()]
    assert wrong.startswith("File ditolak: Hanya file JPG, PNG, atau PDF")
    assert bomb.startswith("File ditolak:") and "megapiksel" in bomb
    assert (
        reused
        == f"Bukti pembayaran ditambahkan ke pesanan {placed.number} (gambar sama dengan bukti pesanan lain: periksa)"
    )
    assert fresh(placed).proof_suspect  # marked for the admin, as a reused upload is
    big = whatsapp.add_media(b"\xff\xd8" + b"0" * (11 * 1024 * 1024), "image/jpeg")
    webhook.receive(image_message(NUMBER, big, reply_to=ours))
    assert (
        inbound()[-1].outcome.startswith("File tidak dapat diunduh dari WhatsApp") and inbound()[-1].stored_key is None
    )


def test_the_slip_goes_to_the_order_it_names_and_a_stranger_is_kept(whatsapp, mailbox, tmp_path):
    older, _newer = checkout_order(buyer=OPTED_IN), checkout_order(buyer=OPTED_IN)
    slip = jpg(tmp_path / "s1.jpg", color=(1, 2, 3)).read_bytes()
    webhook.receive(
        image_message(NUMBER, whatsapp.add_media(slip, "image/jpeg"), caption=f"untuk {older.number.lower()}")
    )
    webhook.receive(
        image_message(NUMBER, whatsapp.add_media(jpg(tmp_path / "s2.jpg", color=(9, 9, 9)).read_bytes(), "image/jpeg"))
    )
    webhook.receive(image_message("6285700002222", whatsapp.add_media(slip, "image/jpeg")))
    # The three arrive within one second (a message's own timestamp): told apart by sender and caption.
    [stranger] = [m for m in inbound() if m.phone == "6285700002222"]
    [named] = [m for m in inbound() if m.text and older.number.lower() in m.text]
    [unnamed] = [m for m in inbound() if m not in (stranger, named)]
    assert named.entity_id == str(older.id)
    assert (unnamed.entity_id, unnamed.outcome, unnamed.stored_key) == (None, slips.ASKED, None)  # two waiting: which?
    assert (stranger.entity_id, stranger.outcome, stranger.stored_key) == (None, slips.NO_ORDER, None)


def test_a_slip_without_an_order_number_never_goes_to_an_order_a_stranger_placed_with_the_number(
    whatsapp, mailbox, tmp_path
):
    """Issue 46.10: the newest waiting order with the sender's phone took the slip, so whoever
    ordered with a victim's phone received the victim's payment slip."""
    intruder = checkout_order(buyer={**BUYER_TYPED, "buyer_email": "penipu@example.com"})  # the victim's phone, typed
    slip = jpg(tmp_path / "korban.jpg", color=(40, 80, 120)).read_bytes()
    webhook.receive(image_message(NUMBER, whatsapp.add_media(slip, "image/jpeg"), caption="sudah transfer"))
    [message] = inbound()
    assert (message.entity_id, message.outcome, message.stored_key) == (None, slips.ASKED, None)
    assert [m.text for m in inbox.strays()] == [f"sudah transfer · {slips.ASKED}"]  # the admin's list without an order
    [asked] = [r for r in rows() if r.subject == "minta nomor pesanan"]
    assert asked.to_addr == NUMBER and "nomor pesanan" in json.loads(asked.body_text)["text"]
    bucket = get_settings().bucket_order_payments
    assert [k for k, _ in get_storage().list_keys(bucket) if k.startswith(f"{intruder.id}/wa_")] == []


def test_a_media_id_that_is_not_digits_is_refused_before_any_request(whatsapp):
    """Issue 46.11: `../../x` was put in a request carrying the token."""
    from terminal_shop.services.whatsapp import cloud_api

    for media_id in ("../../x", "123/../../me", "١٢٣", ""):
        with pytest.raises(cloud_api.WhatsAppError) as refused_as:
            cloud_api.media(media_id)
        assert refused_as.value.final
    assert whatsapp.gets == []


def test_a_free_reply_goes_only_within_24_hours_of_the_buyers_last_message(whatsapp, mailbox, tmp_path):
    placed = checkout_order(buyer=OPTED_IN)
    with pytest.raises(inbox.ReplyRefused) as refused_as:
        inbox.reply("order", str(placed.id), placed.buyer_phone, "Sudah kami cek", ADMIN)
    assert refused_as.value.code is inbox.ReplyRefusal.WINDOW_CLOSED
    webhook.receive(inbound_text(NUMBER, "Kapan dikirim?"))
    inbox.reply("order", str(placed.id), placed.buyer_phone, "Besok pagi dikirim, Kak.", ADMIN)
    deliver_all()
    said = [(m.direction, m.text) for m in inbox.thread("order", str(placed.id))]
    assert ("masuk", "Kapan dikirim?") in said and said[0] == ("keluar", "Besok pagi dikirim, Kak.")
    assert [b["text"]["body"] for b in whatsapp.sent if b["type"] == "text"] == ["Besok pagi dikirim, Kak."]
    with write_session() as s:
        contact = s.get(WhatsAppContact, NUMBER)
        contact.last_inbound_at = contact.last_inbound_at - timedelta(hours=25)
        s.add(contact)
    with pytest.raises(inbox.ReplyRefused) as refused_as:
        inbox.reply("order", str(placed.id), placed.buyer_phone, "Halo lagi", ADMIN)
    assert refused_as.value.code is inbox.ReplyRefusal.WINDOW_CLOSED
    with pytest.raises(inbox.ReplyRefused) as refused_as:
        inbox.reply("order", str(placed.id), placed.buyer_phone, "   ", ADMIN)
    assert refused_as.value.code is inbox.ReplyRefusal.EMPTY


def test_an_applicant_who_ticked_the_box_in_the_wizard_is_told_on_whatsapp(whatsapp, mailbox, tmp_path):
    merchant_id = make_merchant(tmp_path, consent=Consent("203.0.113.7", whatsapp=True))
    assert acts() == [(True, WHATSAPP_BOX, "formulir pendaftaran merchant")]
    deliver_all()
    [sent] = whatsapp.wait_for(1)
    [link] = params(sent)  # the status page, never a name the form's filler typed (issue 46.9, 50.1)
    assert sent["template"]["name"] == "registration_received" and f"/pendaftaran/status/{merchant_id}?t=" in link
    assert rows()[0].entity_id == str(merchant_id)
    make_merchant(tmp_path, email="lain@example.com", hp="0813-2222-3333")  # no box: no WhatsApp
    assert [r.entity_id for r in rows()] == [str(merchant_id)]


def test_a_merchants_message_joins_the_merchant_pages_conversation(whatsapp, mailbox, tmp_path):
    merchant_id = make_merchant(tmp_path, hp="0857-0000-1111", consent=Consent("203.0.113.7", whatsapp=True))
    webhook.receive(inbound_text("6285700001111", "EDC saya kapan aktif?"))
    inbox.reply("merchant", str(merchant_id), "0857-0000-1111", "Minggu ini, Bu.", ADMIN)
    deliver_all()
    said = [(m.direction, m.text) for m in inbox.thread("merchant", str(merchant_id))]
    assert ("masuk", "EDC saya kapan aktif?") in said and ("keluar", "Minggu ini, Bu.") in said
    assert any(d == "keluar" and t.startswith("Pendaftaran merchant Anda sudah kami terima") for d, t in said)


def test_a_rejected_applicant_who_allowed_whatsapp_gets_the_reason_and_the_correction_link(whatsapp, mailbox, tmp_path):
    merchant_id = make_merchant(tmp_path, hp="0857-0000-1111", consent=Consent("203.0.113.7", whatsapp=True))
    form = admin_merchants.detail(str(merchant_id)).form
    admin_edit.save(str(merchant_id), {**form, "status": "rejected", "rejection_reason": "Foto KTP buram"}, ADMIN)
    deliver_all()
    sent = {b["template"]["name"]: params(b) for b in whatsapp.wait_for(2)}
    reason, link = sent["registration_rejected"]
    assert reason == "Foto KTP buram"
    assert f"/pendaftaran/perbaiki/{merchant_id}?t=" in link
