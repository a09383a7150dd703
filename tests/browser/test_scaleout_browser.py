"""Two app workers sharing PostgreSQL, Redis and S3, as behind a load balancer.

Collected only in the scale-out pass (TEST_MODE=scaleout): with the embedded
defaults each worker keeps its own state, which is exactly what this checks is not so.
"""

from __future__ import annotations

import http.client
import re
import subprocess
import time
import urllib.request
from urllib.parse import urlencode, urlsplit

import pytest
from playwright.sync_api import expect
from sqlmodel import select

from terminal_shop.infra.db import read_session
from terminal_shop.infra.models import Order
from terminal_shop.services.backoffice import admin_auth

from support.environment import DATA_DIR, PROXY_URL, ROOT
from support.files import png
from support.site import start_worker, stop_site

EMAIL, PASSWORD = "admin@terminalku.example", "rahasia-admin-123"


@pytest.fixture(scope="module")
def second_worker(site):
    proc, url = start_worker("web-worker-b")
    yield url
    stop_site(proc)


def _pay(page, name: str, phone: str, address: str, proof) -> None:
    """From the buyer form to the thank-you page, by bank transfer."""
    email = name.split()[0].lower() + "@example.com"
    for field, value in {
        "buyer_name": name,
        "buyer_phone": phone,
        "buyer_email": email,
        "shipping_address": address,
    }.items():
        page.locator(f"#{field}").fill(value)
    page.get_by_role("button", name="Lanjut ke Pembayaran").click()
    page.locator("input[type=file]").set_input_files(str(proof))
    page.get_by_role("button", name="Kirim Pesanan").click()
    expect(page.get_by_text("Terima Kasih! Pesanan Anda telah kami terima")).to_be_visible()


def test_cart_admin_and_orders_are_shared_between_workers(browser, site, second_worker, clean_db, tmp_path):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    a = context.new_page()
    a.set_default_timeout(15_000)
    a.goto(site + "/checkout/products")
    a.locator("[data-sku=D210]").get_by_role("button", name="Tambah ke Keranjang").click()
    expect(a.get_by_test_id("total")).to_have_text("Rp 2.499.000")
    token = a.evaluate("sessionStorage.getItem('token')")
    assert token
    a.close()  # the tab's next connection goes to the other worker

    # The same browser tab, now routed to worker B (its origin differs only by port).
    port_b = second_worker.rsplit(":", 1)[1]
    context.add_init_script(f"if (location.port === '{port_b}') sessionStorage.setItem('token', '{token}')")
    b = context.new_page()
    b.set_default_timeout(15_000)
    b.goto(second_worker + "/checkout/form")
    expect(b.get_by_text("D210 UnionPay × 1")).to_be_visible()
    _pay(b, "Wulan Sari", "081298765432", "Jl. Pemuda No. 8, Semarang", png(tmp_path / "bukti.png"))
    with read_session() as s:
        [order] = s.exec(select(Order)).all()
    assert (order.buyer_name, order.total) == ("Wulan Sari", 2_499_000)

    # An admin signed in through A is signed in on B, and both list the order.
    admin_auth.create_admin(EMAIL, PASSWORD)
    a = context.new_page()
    a.set_default_timeout(15_000)
    a.goto(site + "/admin/login")
    a.locator("#email").fill(EMAIL)
    a.locator("#password").fill(PASSWORD)
    a.get_by_role("button", name="Masuk sebagai Admin").click()
    a.wait_for_url(re.compile(r"/admin/?$"))
    for page, base in ((a, site), (b, second_worker)):
        page.goto(base + "/admin/orders")
        expect(page.get_by_test_id("admin-email")).to_have_text(EMAIL)
        expect(page.get_by_test_id("order-row")).to_have_count(1)
        expect(page.get_by_test_id("order-row")).to_contain_text("Wulan Sari")
    context.close()


NGINX = "/usr/sbin/nginx"


@pytest.fixture(scope="module")
def proxy(site):
    """deploy/nginx.conf on PROXY_URL, run by Debian's nginx, in front of two workers built
    for that address (the browser reaches their websocket through it too)."""
    workers = [start_worker("web-behind-proxy", public_url=PROXY_URL) for _ in (1, 2)]
    work = DATA_DIR / "nginx"
    work.mkdir(exist_ok=True)
    ports = [urlsplit(url).port for _, url in workers]
    upstreams = "".join(f"    server 127.0.0.1:{p} max_fails=1 fail_timeout=5s;\n" for p in ports)
    deployed = (ROOT / "deploy/nginx.conf").read_text()
    deployed = re.sub(
        r"(upstream terminal_shop_workers \{\n)(?:    server .*\n)+", lambda m: m[1] + upstreams, deployed
    )
    deployed = deployed.replace("listen 80;", f"listen 127.0.0.1:{urlsplit(PROXY_URL).port};")
    temp = " ".join(f"{name}_temp_path {work}/{name};" for name in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"))
    (work / "nginx.conf").write_text(
        f"user root;\nworker_processes 1;\ndaemon off;\npid {work}/nginx.pid;\nerror_log {work}/error.log;\n"
        f"events {{}}\nhttp {{\nlog_format up '$request_method $uri $status $upstream_addr';\n"
        f"access_log {work}/access.log up;\n{temp}\n{deployed}\n}}\n"
    )
    proc = subprocess.Popen([NGINX, "-c", str(work / "nginx.conf"), "-p", str(work)], start_new_session=True)
    for _ in range(100):
        try:
            if urllib.request.urlopen(PROXY_URL + "/ping", timeout=2).status == 200:
                break
        except OSError:
            time.sleep(0.1)
    yield PROXY_URL, work / "access.log", ports
    proc.terminate()
    proc.wait(10)
    for worker, _ in workers:
        stop_site(worker)


def _login_from(address: str, email: str, password: str, forwarded_for: str = "") -> str:
    """A sign-in POST through the proxy from one loopback address (a visitor of its own)."""
    parts = urlsplit(PROXY_URL)
    conn = http.client.HTTPConnection(parts.hostname, parts.port, timeout=60, source_address=(address, 0))
    headers = {"Content-Type": "application/x-www-form-urlencoded"}
    if forwarded_for:
        headers["X-Forwarded-For"] = forwarded_for  # a client's own say-so
    conn.request("POST", "/api/admin/login", urlencode({"email": email, "password": password}), headers)
    location = conn.getresponse().getheader("Location", "")
    conn.close()
    return location


def test_purchase_review_and_throttling_through_the_proxy(browser, proxy, clean_db, tmp_path):
    proxy, access_log, ports = proxy
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.set_default_timeout(20_000)
    page.goto(proxy + "/checkout/products")
    page.locator("[data-sku=SOUNDBOX]").get_by_role("button", name="Tambah ke Keranjang").click()
    expect(page.get_by_test_id("total")).to_have_text("Rp 349.000")
    page.get_by_role("link", name="Lanjut Isi Data").first.click()
    _pay(page, "Dewi Lestari", "081211112222", "Jl. Braga No. 5, Bandung", png(tmp_path / "bukti.png"))
    with read_session() as s:
        [order] = s.exec(select(Order)).all()
    assert (order.buyer_name, order.total, order.status) == ("Dewi Lestari", 349_000, "paid_review")

    admin_auth.create_admin(EMAIL, PASSWORD)
    page.goto(proxy + "/admin/login")
    page.locator("#email").fill(EMAIL)
    page.locator("#password").fill(PASSWORD)
    page.get_by_role("button", name="Masuk sebagai Admin").click()
    page.wait_for_url(re.compile(r"/admin/?$"))
    page.goto(f"{proxy}/admin/orders/{order.id}")
    page.get_by_role("button", name="Konfirmasi").click()
    expect(page.get_by_text("Pembayaran berhasil dikonfirmasi")).to_be_visible()
    with read_session() as s:
        assert s.get(Order, order.id).status == "confirmed"

    def served() -> set[int]:
        lines = [line for line in access_log.read_text().splitlines() if line.startswith("GET /_event")]
        return {int(line.rsplit(":", 1)[1]) for line in lines}

    # Both workers serve tabs: the proxy spreads every request round robin, so which worker a
    # tab's websocket meets depends on how many requests came before; a few more tabs settle it.
    for _ in range(8):
        if served() == set(ports):
            break
        extra = context.new_page()
        extra.goto(proxy + "/admin/login")
        extra.close()
    context.close()
    assert served() == set(ports)

    # Throttling counts the visitor's own address, as the proxy saw it.
    for i in range(admin_auth.MAX_FAILURES_PER_CLIENT):  # guesses at random accounts
        assert "gagal=salah" in _login_from("127.0.0.2", f"tebak{i}@example.com", "salah")
    assert "gagal=terkunci" in _login_from("127.0.0.2", EMAIL, PASSWORD)
    assert "gagal=terkunci" in _login_from("127.0.0.2", EMAIL, PASSWORD, forwarded_for="203.0.113.9")  # no escape
    assert _login_from("127.0.0.3", EMAIL, PASSWORD).endswith("/admin?masuk=1")  # another visitor is let in
