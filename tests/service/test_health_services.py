"""The shop's figures for the operator (services/health.py), read from a real database,
and the request id an outbox message keeps from the request that wrote it."""

from __future__ import annotations

from datetime import timedelta

from sqlmodel import select, update

from terminal_shop.infra import logs
from terminal_shop.infra.db import read_session, write_session
from terminal_shop.infra.models import utcnow
from terminal_shop.services import health
from terminal_shop.services.notifications import outbox
from terminal_shop.services.notifications.tables import OutboxMessage
from terminal_shop.services.notifications.terms import MailStatus

from support.factories import make_order, merchant_row


def _mail(key: str) -> outbox.Mail:
    return outbox.Mail(to="budi@example.com", subject=f"Pesanan {key}", text="isi", html="<p>isi</p>")


def test_figures_count_orders_by_status_the_last_hour_and_the_outbox(clean_db):
    make_order(status="paid_review")
    make_order(status="confirmed")
    make_order(status="confirmed", created=utcnow() - timedelta(hours=3))
    merchant_row("Warung Baru", utcnow())
    merchant_row("Toko Lama", utcnow() - timedelta(days=2), status="approved", n=1)
    with logs.request_context("req-0123456789"), write_session() as s:
        outbox.enqueue(s, "order:1:received", "order", "1", _mail("1"))
        outbox.enqueue(s, "order:2:received", "order", "2", _mail("2"))
    with write_session() as s:
        s.exec(update(OutboxMessage).values(created_at=utcnow() - timedelta(minutes=40)))
        s.exec(
            update(OutboxMessage).where(OutboxMessage.key == "order:2:received").values(status=MailStatus.FAILED.value)
        )

    shown = {(name, tuple(sorted(labels.items()))): value for name, _, labels, value in health.figures()}
    assert {k[1][0][1]: v for k, v in shown.items() if k[0] == "orders"} == {"paid_review": 1, "confirmed": 2}
    assert shown[("orders_last_hour", ())] == 2
    assert {k[1][0][1]: v for k, v in shown.items() if k[0] == "registrations"} == {"pending": 1, "approved": 1}
    assert shown[("registrations_last_hour", ())] == 1
    assert {k[1][0][1]: v for k, v in shown.items() if k[0] == "emails" and v} == {"pending": 1, "failed": 1}
    assert shown[("emails", (("status", "sent"),))] == 0
    assert 39 * 60 < shown[("outbox_oldest_pending_seconds", ())] < 41 * 60
    warning = health.overview_warning()  # it gave up within the last 24 hours, and one waits 40 minutes
    assert warning.startswith("1 e-mail gagal terkirim") and "menunggu 40 menit" in warning
    with write_session() as s:  # a failure from two days ago no longer warns
        s.exec(update(OutboxMessage).values(next_attempt_at=utcnow() - timedelta(days=2)))
    assert not health.overview_warning().startswith("1 e-mail gagal")
    with read_session() as s:
        assert {m.request_id for m in s.exec(select(OutboxMessage))} == {"req-0123456789"}
