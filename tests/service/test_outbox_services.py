"""E-mails through the outbox, delivered to a real SMTP server (aiosmtpd on 127.0.0.1)."""

from __future__ import annotations

import dataclasses
import threading
import uuid

from sqlmodel import select, update

from terminal_shop.cli import mail as mail_cli
from terminal_shop.infra.db import read_session, write_session
from terminal_shop.infra.models import utcnow
from terminal_shop.infra.settings import get_settings
from terminal_shop.services.backoffice import admin_merchants, admin_orders
from terminal_shop.services.notifications import email_channel, emails, mail_log, outbox, sender
from terminal_shop.services.notifications.tables import OutboxMessage
from terminal_shop.services.notifications.terms import MailStatus
from terminal_shop.services.orders import checkout as orders
from terminal_shop.services.orders import transitions
from terminal_shop.services.orders.order_status import status_path
from terminal_shop.services.registrations import admin_edit

from support.factories import ADMIN, make_merchant
from support.files import png

BUYER = {
    "buyer_name": "Siti Rahayu",
    "buyer_phone": "081234567890",
    "buyer_email": "siti@example.com",
    "shipping_address": "Jl. Tunjungan No. 5, Surabaya",
}


def _order(tmp_path, email: str = "siti@example.com"):
    return orders.create_order(
        client_ref=uuid.uuid4().hex,
        buyer={**BUYER, "buyer_email": email},
        lines=[("D210", 1)],
        payment_method="TRANSFER_BCA",
        proof_filename="bukti.png",
        proof_data=png(tmp_path / f"{uuid.uuid4().hex}.png").read_bytes(),
    )


def _rows() -> list[OutboxMessage]:
    with read_session() as s:
        return list(s.exec(select(OutboxMessage).order_by(OutboxMessage.id)))


def _due_now() -> None:
    """As if the retry wait had passed."""
    with write_session() as s:
        s.exec(update(OutboxMessage).values(next_attempt_at=utcnow()))


def _text(message) -> str:
    return message.get_body(("plain",)).get_content()


def test_each_order_email_arrives_once_with_its_link(mailbox, tmp_path):
    order = _order(tmp_path)
    assert sender.send_pending() == 1
    assert sender.send_pending() == 0  # delivered once
    [received] = mailbox.to("siti@example.com")
    number = str(order.id)[:8].upper()
    assert received["Subject"] == f"TerminalKu: Pesanan {number} diterima"
    assert received["From"] == "TerminalKu <pesanan@terminalku.example>"
    link = get_settings().public_url + status_path(order.id)
    assert link in _text(received) and "Rp 2.499.000" in _text(received)
    assert get_settings().bca_account_number in _text(received)
    assert f'href="{link}"' in received.get_body(("html",)).get_content()

    transitions.confirm(str(order.id), ADMIN)
    assert sender.send_pending() == 1
    confirmed = mailbox.to("siti@example.com")[-1]
    assert "dikonfirmasi" in confirmed["Subject"] and link in _text(confirmed)
    assert [r.status for r in _rows()] == ["sent", "sent"]


def test_rejection_tells_the_reason(mailbox, tmp_path):
    order = _order(tmp_path)
    transitions.reject(str(order.id), "Nominal transfer kurang", ADMIN)
    assert sender.send_pending() == 2
    rejected = mailbox.to("siti@example.com")[-1]
    assert "ditolak" in rejected["Subject"] and "Alasan: Nominal transfer kurang" in _text(rejected)


def test_nothing_is_lost_while_smtp_is_down(smtp_server, mailbox, tmp_path):
    controller, _ = smtp_server
    controller.stop()
    try:
        _order(tmp_path)
        assert sender.send_pending() == 0
        [row] = _rows()
        assert (row.status, row.attempts) == ("pending", 1) and "Connection" in row.last_error
        said = mail_log.failure_words(row)  # what the admin reads under the e-mail (issue 39.6)
        assert said.startswith("Gagal terkirim: server e-mail tidak terhubung (dicoba lagi ") and said.endswith(" WIB)")
        assert "Error" not in said and "Errno" not in said
        assert row.next_attempt_at > utcnow()  # it waits before trying again
    finally:
        controller.start()
    assert sender.send_pending() == 0  # still waiting
    _due_now()
    assert sender.send_pending() == 1
    assert len(mailbox) == 1 and _rows()[0].status == "sent"


def test_a_refused_recipient_is_marked_failed_with_the_reason(mailbox, tmp_path):
    mailbox.refuse.add("tidak.ada@example.com")
    _order(tmp_path, email="tidak.ada@example.com")
    assert sender.send_pending() == 0
    [row] = _rows()
    assert row.status == MailStatus.FAILED and "550" in row.last_error
    assert mail_log.failure_words(row) == "Gagal terkirim: alamat penerima ditolak server e-mail; tidak dicoba lagi"
    _due_now()
    assert sender.send_pending() == 0  # never retried


def test_two_senders_at_once_deliver_each_message_once(mailbox, tmp_path):
    with write_session() as s:
        for i in range(30):
            outbox.enqueue(
                s, f"test:{i}", "order", str(i), emails.Mail(f"p{i}@example.com", f"Pesan {i}", "isi", "<p>isi</p>")
            )
    sent, barrier = [], threading.Barrier(2)

    def one_sender() -> None:
        barrier.wait()
        while n := sender.send_pending(limit=3):
            sent.append(n)

    threads = [threading.Thread(target=one_sender) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sum(sent) == 30
    assert sorted(m["To"] for m in mailbox) == sorted(f"p{i}@example.com" for i in range(30))


def test_sent_now_while_a_workers_sender_holds_it_answers_that_attempts_outcome(mailbox):
    """An invitation sent while the owner waits: when a worker's sender took the row a moment
    before, the answer waits for that attempt instead of saying "pending" as if it had gone."""
    mailbox.refuse.add("ditolak@example.com")
    with write_session() as s:
        outbox.enqueue(s, "invite:x", "admin", "x", emails.Mail("ditolak@example.com", "Undangan", "t", "<p>t</p>"))
    [held] = sender._claim(utcnow(), 1)  # the worker's round, a moment ahead of the owner's click
    late = threading.Timer(1.0, sender._send_one, args=(held,))
    late.start()
    answered = sender.send_now("invite:x")
    late.join()
    assert answered is not None and answered.status == MailStatus.FAILED
    assert (
        mail_log.failure_words(answered) == "Gagal terkirim: alamat penerima ditolak server e-mail; tidak dicoba lagi"
    )


def test_same_event_is_one_message(mailbox):
    with write_session() as s:
        outbox.enqueue(s, "order:x:received", "order", "x", emails.Mail("a@example.com", "S", "t", "<p>t</p>"))
    with write_session() as s:
        outbox.enqueue(s, "order:x:received", "order", "x", emails.Mail("a@example.com", "S", "t", "<p>t</p>"))
    assert len(_rows()) == 1


def test_header_injection_is_refused(mailbox):
    with write_session() as s:
        evil = emails.Mail("korban@example.com\nBcc: semua@example.com", "S", "t", "<p>t</p>")
        outbox.enqueue(s, "evil", "order", "x", evil)
    assert sender.send_pending() == 0
    [row] = _rows()
    assert row.status == "failed" and "tidak valid" in row.last_error
    assert len(mailbox) == 0


def test_registration_emails(mailbox, tmp_path):
    mid = make_merchant(tmp_path)
    form = admin_merchants.detail(str(mid)).form
    admin_edit.save(str(mid), {**form, "status": "rejected", "rejection_reason": "Foto KTP buram"}, ADMIN)
    admin_edit.save(str(mid), {**form, "status": "approved"}, ADMIN)
    sender.send_pending()
    subjects = [m["Subject"] for m in mailbox]
    assert subjects == [
        "TerminalKu: Pendaftaran merchant diterima",
        "TerminalKu: Pendaftaran merchant belum dapat disetujui",
        "TerminalKu: Pendaftaran merchant disetujui",
    ]
    assert "paling lambat" in _text(mailbox[0]) and "Alasan: Foto KTP buram" in _text(mailbox[1])
    assert [m.subject for m in admin_merchants.detail(str(mid)).view.mails][0].endswith("disetujui")


def test_without_smtp_url_messages_are_written_as_files(mailbox, tmp_path, monkeypatch):
    settings = dataclasses.replace(get_settings(), smtp_url="", data_dir=tmp_path)
    monkeypatch.setattr(email_channel, "get_settings", lambda: settings)
    _order(tmp_path)
    assert sender.send_pending() == 1
    [eml] = (tmp_path / "outbox").glob("*.eml")
    assert b"Subject: TerminalKu: Pesanan" in eml.read_bytes() and len(mailbox) == 0


def test_resend_and_the_command(mailbox, tmp_path, capsys):
    order = _order(tmp_path)
    mail_cli.main(["send-pending"])
    assert capsys.readouterr().out.strip() == "1 email terkirim."
    [line] = admin_orders.detail(str(order.id)).view.mails
    assert (line.badge.label, line.recipient) == ("Terkirim", "siti@example.com")
    assert not mail_log.resend(line.id, "merchant", str(order.id))  # not this record's message
    assert mail_log.resend(line.id, "order", str(order.id))
    mail_cli.main(["send-pending"])
    assert len(mailbox) == 2


def test_a_round_sends_every_due_message_not_just_one_batch(mailbox):
    with write_session() as s:
        for i in range(sender.BATCH * 2 + 5):
            outbox.enqueue(
                s, f"bulk:{i}", "order", f"o{i}", outbox.Mail(f"b{i}@example.com", "Halo", "isi", "<p>isi</p>")
            )
    assert sender.drain() == sender.BATCH * 2 + 5
    assert len(mailbox) == sender.BATCH * 2 + 5
