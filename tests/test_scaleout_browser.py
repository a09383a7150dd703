"""Two app workers sharing PostgreSQL, Redis and S3, as behind a load balancer.

Collected only in the scale-out pass (TEST_MODE=scaleout): with the embedded
defaults each worker keeps its own state, which is exactly what this checks is not so.
"""

from __future__ import annotations

import re
import shutil

import pytest
from playwright.sync_api import expect
from sqlmodel import select

from terminal_shop.db import read_session
from terminal_shop.models import Order
from terminal_shop.services import admin_auth

from conftest import DATA_DIR, ROOT, free_port, start_site, stop_site
from files import png

EMAIL, PASSWORD = "admin@terminalku.example", "rahasia-admin-123"


@pytest.fixture(scope="module")
def second_worker(site):
    """Another worker process on its own port, built in its own web folder."""
    web = DATA_DIR / "web-worker-b"
    top = ROOT / ".web"
    shutil.copytree(top, web, symlinks=True, ignore=lambda folder, names: ["build"] if folder == str(top) else [])
    proc, url = start_site(free_port(), env={"REFLEX_WEB_WORKDIR": str(web)})
    yield url
    stop_site(proc)


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
    for field, value in {
        "buyer_name": "Wulan Sari",
        "buyer_phone": "081298765432",
        "buyer_email": "wulan@example.com",
        "shipping_address": "Jl. Pemuda No. 8, Semarang",
    }.items():
        b.locator(f"#{field}").fill(value)
    b.get_by_role("button", name="Lanjut ke Pembayaran").click()
    b.locator("input[type=file]").set_input_files(str(png(tmp_path / "bukti.png")))
    b.get_by_role("button", name="Kirim Pesanan").click()
    expect(b.get_by_text("Terima Kasih! Pesanan Anda telah kami terima")).to_be_visible()
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
