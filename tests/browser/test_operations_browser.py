"""What the operator sees of the running site (web/operations.py): /metrics for the
allowed addresses only, counting what the shop did, and log lines (JSON, as the tests'
sites run) whose request id follows an order from its POST to its e-mail."""

from __future__ import annotations

import http.client
import json
import re
import time
from urllib.parse import urlsplit

from playwright.sync_api import expect
from sqlmodel import update

from terminal_shop.infra.db import write_session
from terminal_shop.infra.models import utcnow
from terminal_shop.infra.settings import get_settings
from terminal_shop.services.notifications import outbox
from terminal_shop.services.notifications.tables import OutboxMessage
from terminal_shop.services.notifications.terms import MailStatus
from terminal_shop.services.orders.views import order_number
from terminal_shop.services.team import admin_auth

from support.environment import DATA_DIR
from support.files import png
from support.steps import EMAIL, PASSWORD, choose_proof, orders_in_db, sign_in, to_confirm, wait_for_mail

LINE = re.compile(r"^(terminal_shop_\w+)(\{[^}]*\})? (\S+)$", re.M)


def metrics_from(site: str, address: str = "127.0.0.1", forwarded_for: str = "") -> tuple[int, str]:
    """GET /metrics from one of this machine's loopback addresses."""
    conn = http.client.HTTPConnection("127.0.0.1", urlsplit(site).port, timeout=30, source_address=(address, 0))
    conn.request("GET", "/metrics", headers={"X-Forwarded-For": forwarded_for} if forwarded_for else {})
    answer = conn.getresponse()
    result = answer.status, answer.read().decode()
    conn.close()
    return result


def figures(site: str) -> dict[str, float]:
    status, text = metrics_from(site)
    assert status == 200
    return {name + (labels or ""): float(value) for name, labels, value in LINE.findall(text)}


def log_lines(site: str) -> list[dict]:
    lines = (DATA_DIR / f"site-{urlsplit(site).port}.log").read_text().splitlines()
    return [json.loads(line) for line in lines if line.startswith('{"time"')]


def test_metrics_are_answered_to_the_configured_addresses_only(site):
    status, text = metrics_from(site, "127.0.0.2")
    assert (status, text) == (403, "Akses ditolak")
    status, text = metrics_from(site)
    assert status == 200 and "terminal_shop_request_seconds_bucket" in text
    # The address is the site's to read, by TRUSTED_PROXY_HOPS, never its web server's: with no
    # proxy in front (0, embedded) the header is a client's say-so and changes nothing; behind
    # one (1, scale-out: a worker is reached through the proxy only) its last entry is the client.
    forged = metrics_from(site, "127.0.0.2", forwarded_for="127.0.0.1")[0]
    other = metrics_from(site, "127.0.0.1", forwarded_for="203.0.113.9")[0]
    assert (forged, other) == ((403, 200) if get_settings().trusted_proxy_hops == 0 else (200, 403))


def test_an_order_is_counted_and_its_request_id_follows_it_to_its_email(page, tmp_path, mailbox, site):
    before = figures(site)
    to_confirm(page)
    choose_proof(page, png(tmp_path / "bukti.png"))
    page.get_by_role("button", name="Kirim Pesanan").click()
    expect(page.get_by_text("Terima Kasih! Pesanan Anda telah kami terima")).to_be_visible()
    [order] = orders_in_db()
    wait_for_mail(mailbox, order_number(order.id))

    deadline = time.time() + 20
    while (now := figures(site)).get('terminal_shop_emails{status="sent"}', 0) < 1 and time.time() < deadline:
        time.sleep(0.5)  # the sender records the delivery just after handing it over
    paid_review = 'terminal_shop_orders{status="paid_review"}'
    assert now[paid_review] == before.get(paid_review, 0) + 1
    assert now["terminal_shop_orders_last_hour"] == before["terminal_shop_orders_last_hour"] + 1
    assert now['terminal_shop_emails{status="sent"}'] == 1 and now['terminal_shop_emails{status="pending"}'] == 0
    assert now['terminal_shop_request_seconds_count{kind="api"}'] > before.get(
        'terminal_shop_request_seconds_count{kind="api"}', 0
    )
    assert any(k.startswith("terminal_shop_event_seconds_count") for k in now)  # the clicks on the way
    assert now['terminal_shop_task_last_run_timestamp_seconds{task="sender"}'] > time.time() - 60

    lines = log_lines(site)
    [placed] = [line for line in lines if line["message"].startswith(f"order {order_number(order.id)} placed")]
    [sent] = [line for line in lines if line["message"] == f"e-mail order:{order.id}:received sent"]
    assert placed["request_id"] and sent["request_id"] == placed["request_id"]


def test_the_overview_says_in_red_when_emails_fail(page, clean_db):
    admin_auth.create_admin(EMAIL, PASSWORD)
    sign_in(page)
    page.goto(page.base + "/admin/ringkasan")
    expect(page.get_by_test_id("orders")).to_be_visible()
    expect(page.get_by_test_id("mail-warning")).to_have_count(0)
    with write_session() as s:
        mail = outbox.Mail(to="budi@example.com", subject="Pesanan diterima", text="isi", html="<p>isi</p>")
        outbox.enqueue(s, "order:x:received", "order", "x", mail)
    with write_session() as s:  # given up after its attempts (the sender leaves it alone)
        s.exec(update(OutboxMessage).values(status=MailStatus.FAILED.value, next_attempt_at=utcnow()))
    page.reload()
    warning = page.get_by_role("alert").filter(has_text="e-mail gagal")
    expect(warning).to_have_text(
        re.compile(r"^1 e-mail gagal terkirim dalam 24 jam terakhir\. Periksa pengaturan SMTP")
    )
