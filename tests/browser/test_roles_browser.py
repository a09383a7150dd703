"""A finance clerk (role Keuangan) in real Chromium: signs in to the orders, sees only the
areas of the role, confirms a payment, and is turned away from the registrations."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from terminal_shop.services.backoffice import admin_auth
from terminal_shop.vocabulary import AdminRole

from support.factories import make_merchant
from support.steps import EMAIL, PASSWORD, real_order


def test_a_finance_clerk_confirms_payments_and_sees_no_registrations(page, clean_db, tmp_path):
    admin_auth.create_admin(EMAIL, PASSWORD, AdminRole.FINANCE)
    order = real_order(tmp_path, "Rina Keuangan")
    mid = make_merchant(tmp_path)
    page.goto(page.base + "/admin/login")
    page.locator("#email").fill(EMAIL)
    page.locator("#password").fill(PASSWORD)
    page.get_by_role("button", name="Masuk sebagai Admin").click()
    page.wait_for_url(re.compile(r"/admin/orders"))  # the role's own first page
    header = page.get_by_role("banner")
    for area in ("Orders", "Pembayaran", "Ringkasan"):
        expect(header.get_by_role("link", name=area, exact=True)).to_be_visible()
    expect(header.get_by_role("link", name="Dashboard", exact=True)).to_have_count(0)

    page.goto(f"{page.base}/admin/orders/{order.id}")
    page.get_by_role("button", name="Konfirmasi").click()
    expect(page.get_by_text("Pembayaran berhasil dikonfirmasi")).to_be_visible()
    expect(page.get_by_role("button", name="Tandai Dikemas")).to_have_count(0)  # shipping is not the role's
    expect(page.get_by_test_id("personal-data")).to_have_count(0)

    page.goto(f"{page.base}/admin/merchants/{mid}")  # typed in: sent back, nothing shown
    expect(page.get_by_text("Peran Anda tidak memiliki akses untuk tindakan ini")).to_be_visible()
    page.wait_for_url(re.compile(r"/admin/orders"))
    expect(page.locator("main")).not_to_contain_text("Warung Bu Sri")
