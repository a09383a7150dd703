"""WhatsApp through the Cloud API (services/whatsapp, issue 38), against the tests' stand-in
of Meta's API (support/whatsapp_standin.py) on this pass's real database: consent and STOP,
each event's template and parameters as the stand-in checks them, retries and final
failures with the e-mail unaffected, the webhook's handshake and signatures, statuses
applied forward only, inbound messages kept once."""

from __future__ import annotations

import json

import pytest
from sqlmodel import col, select
from starlette.testclient import TestClient

from terminal_shop.infra.db import read_session, write_session
from terminal_shop.infra.settings import get_settings
from terminal_shop.infra.storage import get_storage
from terminal_shop.services.backoffice import admin_merchants
from terminal_shop.services.devices import activation, linking, packing, stock
from terminal_shop.services.devices.tables import Device
from terminal_shop.services.notifications import outbox
from terminal_shop.services.notifications.tables import OutboxMessage
from terminal_shop.services.orders import fulfilment, transitions
from terminal_shop.services.whatsapp import consent, webhook
from terminal_shop.services.whatsapp.tables import WhatsAppContact, WhatsAppInbound
from terminal_shop.web.api import files_app

from support.factories import ADMIN, BUYER_TYPED, checkout_order, make_merchant
from support.files import png
from support.whatsapp_standin import APP_SECRET, inbound_text, signature, status

NUMBER = "6281234567890"  # BUYER_TYPED's 0812-3456 7890
OPTED_IN = {**BUYER_TYPED, "whatsapp": "1"}


def rows(channel: str = "whatsapp") -> list[OutboxMessage]:
    with read_session() as s:
        return list(
            s.exec(select(OutboxMessage).where(col(OutboxMessage.channel) == channel).order_by(col(OutboxMessage.id)))
        )


def order(tmp_path, buyer=OPTED_IN, lines=(("A920", 1),)):
    return checkout_order(get_storage(), png(tmp_path / "bukti.png").read_bytes(), buyer=buyer, lines=lines)


def deliver_all() -> None:
    """Every due message out; those waiting for a retry made due first."""
    with write_session() as s:
        for row in s.exec(select(OutboxMessage).where(col(OutboxMessage.status) == "pending")):
            row.next_attempt_at = row.created_at
            s.add(row)
    outbox.send_pending(limit=100)


def params(body: dict) -> list[str]:
    return [p["text"] for p in body["template"]["components"][0]["parameters"]]


def test_a_buyer_who_ticked_the_box_gets_the_order_template_with_the_exact_amount(whatsapp, mailbox, tmp_path):
    placed = order(tmp_path)
    assert placed.whatsapp_consent_text == consent.CONSENT_TEXT and placed.whatsapp_consent_at is not None
    with read_session() as s:
        contact = s.get(WhatsAppContact, NUMBER)
    assert contact is not None and contact.opt_in_text == "Kirim info pesanan lewat WhatsApp"
    deliver_all()
    [sent] = whatsapp.wait_for(1)
    assert sent["to"] == NUMBER and sent["template"]["name"] == "order_received"
    assert sent["template"]["language"] == {"code": "id"}
    name, number, how, link = params(sent)
    assert (name, number) == ("Budi Santoso", placed.number)
    assert f"Transfer tepat Rp {placed.total:,}".replace(",", ".") in how and f"/pesanan/{placed.id}" in link
    [row] = rows()
    assert row.status == "sent" and row.provider_id.startswith("wamid.")
    assert [r.key.split(":")[-1] for r in rows("email")] == ["received"]  # the e-mail goes as always


def test_without_the_box_or_after_stop_only_email_is_sent(whatsapp, mailbox, tmp_path):
    order(tmp_path, buyer=BUYER_TYPED)
    assert rows() == []
    first = order(tmp_path)
    webhook.receive(inbound_text(NUMBER, " berhenti "))
    with read_session() as s:
        contact = s.get(WhatsAppContact, NUMBER)
    assert contact.opted_out_at is not None and contact.opt_out_text == "berhenti"
    transitions.confirm(str(first.id), ADMIN)
    assert [r.subject for r in rows()] == ["order_received"]  # nothing after STOP
    assert f"order:{first.id}:confirmed" in [r.key for r in rows("email")]
    order(tmp_path)  # ticking the box again on a new order opts back in
    assert [r.subject for r in rows()] == ["order_received", "order_received"]


def test_each_event_sends_its_template_with_its_parameters(whatsapp, mailbox, tmp_path):
    kept, dropped = order(tmp_path), order(tmp_path)
    transitions.confirm(str(kept.id), ADMIN)
    stock.receive("A9200001", "A920", ADMIN)
    merchant_id = make_merchant(tmp_path, email="budi@example.com", hp="0812-3456-7890")
    packing.pack(str(kept.id), ["A9200001"], ADMIN)
    fulfilment.ship(str(kept.id), "jnt", "JP1234567890", ADMIN)
    fulfilment.deliver(str(kept.id), ADMIN)
    transitions.reject(str(dropped.id), "Bukti tidak terbaca", ADMIN)
    form = admin_merchants.form_values(admin_merchants.detail(str(merchant_id)).row)
    admin_merchants.save(str(merchant_id), {**form, "status": "approved"}, ADMIN)
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
    assert sent["registration_approved"] == ["Warung Bu Sri"]  # the HP opted in at checkout
    assert sent["device_active"] == ["PAX A920 Pro", "A9200001", "BRI00123", "000885012345678"]
    assert whatsapp.refused == []  # every body had the shape Meta documents


def test_throttling_is_retried_and_a_number_not_on_whatsapp_fails_once_for_good(whatsapp, mailbox, tmp_path):
    whatsapp.throttle_next = 1
    order(tmp_path)
    outbox.send_pending()
    [row] = rows()
    assert (row.status, row.attempts) == ("pending", 1) and "130429" in row.last_error
    deliver_all()
    assert rows()[0].status == "sent" and len(whatsapp.sent) == 1

    whatsapp.not_on_whatsapp.add("6281311112222")
    order(tmp_path, buyer={**OPTED_IN, "buyer_phone": "0813-1111-2222", "buyer_email": "lain@example.com"})
    deliver_all()
    deliver_all()
    failed = rows()[-1]
    assert (failed.status, failed.attempts) == ("failed", 1) and "131026" in failed.last_error
    assert [r.status for r in rows("email")] == ["sent", "sent"]  # the e-mails went anyway


def test_statuses_move_forward_only_and_failures_keep_their_code(whatsapp, mailbox, tmp_path):
    order(tmp_path)
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
    assert contact.last_inbound_at is not None and contact.opted_in_at is None


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
        order(tmp_path)
        assert rows() == []
    finally:
        monkeypatch.undo()
        get_settings.cache_clear()


@pytest.mark.parametrize("text", ["STOP", "stop", "Berhenti"])
def test_stop_words_in_any_case_end_consent(whatsapp, tmp_path, text):
    order(tmp_path)
    webhook.receive(inbound_text(NUMBER, text))
    with read_session() as s:
        assert not consent.allowed(s, NUMBER)


def test_a_template_goes_under_the_name_meta_approved_and_an_unknown_name_fails_for_good(
    whatsapp, mailbox, tmp_path, monkeypatch
):
    monkeypatch.setenv("WHATSAPP_TEMPLATE_NAMES", "order_received=pesanan_diterima_v2")
    get_settings.cache_clear()
    try:
        order(tmp_path)
        deliver_all()
        deliver_all()
    finally:
        monkeypatch.undo()
        get_settings.cache_clear()
    [(code, body)] = whatsapp.refused  # the stand-in knows only the keys: Meta would answer 132001
    assert (code, body["template"]["name"]) == (132001, "pesanan_diterima_v2")
    assert rows()[0].status == "failed" and "132001" in rows()[0].last_error
