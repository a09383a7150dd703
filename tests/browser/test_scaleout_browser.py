"""Two app workers sharing PostgreSQL, Redis and S3, as behind a load balancer.

Collected only in the scale-out pass (TEST_MODE=scaleout): with the embedded
defaults each worker keeps its own state, which is exactly what this checks is not so.
"""

from __future__ import annotations

import gzip
import http.client
import re
import ssl
import subprocess
import time
import urllib.request
from urllib.parse import urlencode, urlsplit

import pytest
from playwright.sync_api import expect
from sqlmodel import select

from terminal_shop.infra.db import read_session
from terminal_shop.services.orders.tables import Order
from terminal_shop.services.team import admin_auth

from support import tls
from support.environment import DATA_DIR, PROXY_HTTP_PORT, PROXY_URL, ROOT
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
    assert (order.buyer_name, order.total + order.unique_code) == ("Wulan Sari", 2_499_000)  # less the kode unik

    # An admin signed in through A is signed in on B, and both list the order.
    admin_auth.create_admin(EMAIL, PASSWORD)
    a = context.new_page()
    a.set_default_timeout(15_000)
    a.goto(site + "/admin/login")
    a.locator("#email").fill(EMAIL)
    a.locator("#password").fill(PASSWORD)
    a.get_by_role("button", name="Masuk sebagai Admin").click()
    a.wait_for_url(re.compile(r"/admin/ringkasan$"))
    for page, base in ((a, site), (b, second_worker)):
        page.goto(base + "/admin/orders")
        expect(page.get_by_test_id("admin-email")).to_have_text(EMAIL)
        expect(page.get_by_test_id("order-row")).to_have_count(1)
        expect(page.get_by_test_id("order-row")).to_contain_text("Wulan Sari")
    context.close()


NGINX = "/usr/sbin/nginx"


@pytest.fixture(scope="module")
def proxy(site):
    """deploy/nginx.conf as written, run by Debian's nginx on PROXY_URL (HTTPS with a
    certificate of the tests' own) in front of two workers built for that address (the
    browser reaches their websocket through it too). Only ports, upstreams and paths change."""
    workers = [start_worker("web-behind-proxy", public_url=PROXY_URL) for _ in (1, 2)]
    work = DATA_DIR / "nginx"
    cert, key = tls.self_signed(work / "tls")
    ports = [urlsplit(url).port for _, url in workers]
    upstreams = "".join(f"    server 127.0.0.1:{p} max_fails=1 fail_timeout=5s;\n" for p in ports)
    deployed = (ROOT / "deploy/nginx.conf").read_text()
    deployed = re.sub(
        r"(upstream terminal_shop_workers \{\n)(?:    server .*\n)+", lambda m: m[1] + upstreams, deployed
    )
    for written, here in {
        "listen 80;": f"listen 127.0.0.1:{PROXY_HTTP_PORT};",
        "listen 443 ssl http2;": f"listen 127.0.0.1:{urlsplit(PROXY_URL).port} ssl http2;",
        "/etc/letsencrypt/live/shop.example.co.id/fullchain.pem": str(cert),
        "/etc/letsencrypt/live/shop.example.co.id/privkey.pem": str(key),
        "/srv/terminal_shop/.web": str(DATA_DIR / "web-behind-proxy"),
    }.items():
        assert written in deployed, written
        deployed = deployed.replace(written, here)
    temp = " ".join(f"{name}_temp_path {work}/{name};" for name in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"))
    (work / "nginx.conf").write_text(
        f"user root;\nworker_processes 1;\ndaemon off;\npid {work}/nginx.pid;\nerror_log {work}/error.log;\n"
        f"events {{}}\nhttp {{\ninclude /etc/nginx/mime.types;\n"
        f"log_format up '$request_method $uri $status $upstream_addr';\n"
        f"access_log {work}/access.log up;\n{temp}\n{deployed}\n}}\n"
    )
    proc = subprocess.Popen([NGINX, "-c", str(work / "nginx.conf"), "-p", str(work)], start_new_session=True)
    trusted = tls.trusting(cert)
    for _ in range(100):
        try:
            if urllib.request.urlopen(PROXY_URL + "/ping", timeout=2, context=trusted).status == 200:
                break
        except OSError:
            time.sleep(0.1)
    yield PROXY_URL, work / "access.log", ports, trusted
    proc.terminate()
    proc.wait(10)
    for worker, _ in workers:
        stop_site(worker)


def _login_from(address: str, email: str, password: str, trusted: ssl.SSLContext, forwarded_for: str = "") -> str:
    """A sign-in POST through the proxy from one loopback address (a visitor of its own)."""
    parts = urlsplit(PROXY_URL)
    conn = http.client.HTTPSConnection(
        parts.hostname, parts.port, timeout=60, source_address=(address, 0), context=trusted
    )
    headers = {"Content-Type": "application/x-www-form-urlencoded"}
    if forwarded_for:
        headers["X-Forwarded-For"] = forwarded_for  # a client's own say-so
    conn.request("POST", "/api/admin/login", urlencode({"email": email, "password": password}), headers)
    location = conn.getresponse().getheader("Location", "")
    conn.close()
    return location


def test_purchase_review_and_throttling_through_the_proxy(browser, proxy, clean_db, tmp_path):
    proxy, access_log, ports, trusted = proxy
    context = browser.new_context(viewport={"width": 1280, "height": 900}, ignore_https_errors=True)
    page = context.new_page()
    page.set_default_timeout(20_000)
    page.goto(proxy + "/checkout/products")
    page.locator("[data-sku=SOUNDBOX]").get_by_role("button", name="Tambah ke Keranjang").click()
    expect(page.get_by_test_id("total")).to_have_text("Rp 349.000")
    page.get_by_role("link", name="Lanjut Isi Data").first.click()
    _pay(page, "Dewi Lestari", "081211112222", "Jl. Braga No. 5, Bandung", png(tmp_path / "bukti.png"))
    with read_session() as s:
        [order] = s.exec(select(Order)).all()
    assert (order.buyer_name, order.total + order.unique_code, order.status) == ("Dewi Lestari", 349_000, "paid_review")
    assert 1 <= order.unique_code <= 999  # held on the confirm page through one worker, taken by another

    admin_auth.create_admin(EMAIL, PASSWORD)
    page.goto(proxy + "/admin/login")
    page.locator("#email").fill(EMAIL)
    page.locator("#password").fill(PASSWORD)
    page.get_by_role("button", name="Masuk sebagai Admin").click()
    page.wait_for_url(re.compile(r"/admin/ringkasan$"))
    page.goto(f"{proxy}/admin/orders/{order.id}")
    page.get_by_role("button", name="Konfirmasi").click()
    page.get_by_role("button", name="Ya, tanpa mutasi").click()  # no statement line yet: asked once (issue 39.4)
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
        assert "gagal=salah" in _login_from("127.0.0.2", f"tebak{i}@example.com", "salah", trusted)
    assert "gagal=terkunci" in _login_from("127.0.0.2", EMAIL, PASSWORD, trusted)
    assert "gagal=terkunci" in _login_from(
        "127.0.0.2", EMAIL, PASSWORD, trusted, forwarded_for="203.0.113.9"
    )  # no escape
    assert _login_from("127.0.0.3", EMAIL, PASSWORD, trusted).endswith(
        "/admin/ringkasan?masuk=1"
    )  # another visitor is let in


def _through(url: str, trusted: ssl.SSLContext, **headers: str) -> tuple[int, dict[str, str], bytes]:
    parts = urlsplit(url)
    make = http.client.HTTPSConnection if parts.scheme == "https" else http.client.HTTPConnection
    conn = make(parts.hostname, parts.port, timeout=30, **({"context": trusted} if parts.scheme == "https" else {}))
    conn.request("GET", parts.path + (f"?{parts.query}" if parts.query else ""), headers=headers)
    answer = conn.getresponse()
    result = answer.status, {k.lower(): v for k, v in answer.getheaders()}, answer.read()
    conn.close()
    return result


def test_the_proxy_serves_https_only_with_hsts_secure_cookies_and_its_own_static_files(proxy, clean_db):
    proxy, access_log, _, trusted = proxy
    status, headers, _ = _through(f"http://127.0.0.1:{PROXY_HTTP_PORT}/produk/a920?ref=wa", trusted)
    assert (status, headers["location"]) == (301, "https://127.0.0.1/produk/a920?ref=wa")

    status, headers, body = _through(proxy + "/", trusted, **{"Accept-Encoding": "gzip"})
    assert (status, headers["content-encoding"]) == (200, "gzip")
    assert headers["strict-transport-security"].startswith("max-age=31536000")
    assert _through(proxy + "/", trusted, **{"If-None-Match": headers["etag"]})[0] == 304
    html = gzip.decompress(body).decode()

    admin_auth.create_admin(EMAIL, PASSWORD)
    parts = urlsplit(proxy)
    conn = http.client.HTTPSConnection(parts.hostname, parts.port, timeout=60, context=trusted)
    form = urlencode({"email": EMAIL, "password": PASSWORD})
    conn.request("POST", "/api/admin/login", form, {"Content-Type": "application/x-www-form-urlencoded"})
    cookie = conn.getresponse().getheader("Set-Cookie", "")
    conn.close()
    assert "Secure" in cookie and "HttpOnly" in cookie, cookie

    script = re.search(r'(/assets/[^"\\]+\.js)', html)[1]
    site_js = re.search(r'"(/js/site\.js\?v=[0-9a-f]+)"', html)[1]
    for path in (script, site_js):
        status, headers, _ = _through(proxy + path, trusted, **{"Accept-Encoding": "gzip"})
        assert (status, headers["cache-control"]) == (200, "public, max-age=31536000, immutable"), path
        assert headers["content-encoding"] == "gzip" and headers["strict-transport-security"], path
    served_by_nginx = [line for line in access_log.read_text().splitlines() if line.startswith(f"GET {script} ")]
    assert served_by_nginx and all(line.endswith(" -") for line in served_by_nginx)  # no worker asked

    # /metrics: the operator's scraper on this machine only, whatever a client claims.
    assert _metrics_through(proxy, trusted, "127.0.0.1")[0] == 200
    assert _metrics_through(proxy, trusted, "127.0.0.2")[0] == 403  # nginx refuses it
    assert _metrics_through(proxy, trusted, "127.0.0.2", forwarded_for="127.0.0.1")[0] == 403


def _metrics_through(proxy: str, trusted: ssl.SSLContext, address: str, forwarded_for: str = "") -> tuple[int, str]:
    parts = urlsplit(proxy)
    conn = http.client.HTTPSConnection(
        parts.hostname, parts.port, timeout=30, source_address=(address, 0), context=trusted
    )
    conn.request("GET", "/metrics", headers={"X-Forwarded-For": forwarded_for} if forwarded_for else {})
    answer = conn.getresponse()
    result = answer.status, answer.read().decode()
    conn.close()
    return result
