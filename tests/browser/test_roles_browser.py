"""Admins as a team, in real Chromium: a finance clerk (role Keuangan) signs in to the orders,
sees only the areas of the role, confirms a payment and is turned away from the
registrations; an admin ends the session left open on another computer."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from terminal_shop.services.team import admin_auth
from terminal_shop.services.team.terms import AdminRole
from terminal_shop.services.transactions import signers

from support.factories import ONE_D210, checkout_order, make_merchant
from support.steps import EMAIL, PASSWORD, sign_in


def test_a_finance_clerk_confirms_payments_and_sees_no_registrations(page, clean_db, tmp_path):
    admin_auth.create_admin(EMAIL, PASSWORD, AdminRole.FINANCE)
    order = checkout_order(buyer_name="Rina Keuangan", lines=ONE_D210)
    mid = make_merchant(tmp_path)
    page.goto(page.base + "/admin/login")
    page.locator("#email").fill(EMAIL)
    page.locator("#password").fill(PASSWORD)
    page.get_by_role("button", name="Masuk sebagai Admin").click()
    page.wait_for_url(re.compile(r"/admin/ringkasan"))  # the role's own first page: what waits (issue 63.6)
    header = page.get_by_role("banner")
    for area in ("Orders", "Pembayaran", "Ringkasan"):
        expect(header.get_by_role("link", name=area, exact=True)).to_be_visible()
    expect(header.get_by_role("link", name="Dashboard", exact=True)).to_have_count(0)

    page.goto(f"{page.base}/admin/orders/{order.id}")
    page.get_by_role("button", name="Konfirmasi").click()
    page.get_by_role("button", name="Ya, tanpa mutasi").click()  # no statement line yet: asked once (issue 39.4)
    expect(page.get_by_text("Pembayaran berhasil dikonfirmasi")).to_be_visible()
    expect(page.get_by_role("button", name="Tandai Dikemas")).to_have_count(0)  # shipping is not the role's
    expect(page.get_by_test_id("personal-data")).to_have_count(0)

    page.goto(f"{page.base}/admin/merchants/{mid}")  # typed in: sent back, nothing shown
    expect(page.get_by_text("Peran Anda tidak memiliki akses untuk tindakan ini")).to_be_visible()
    page.wait_for_url(re.compile(r"/admin/ringkasan"))
    expect(page.locator("main")).not_to_contain_text("Warung Bu Sri")

    signers.add_acquirer("bri", "Bank BRI")  # issue 46.8: the webhook's health is finance's, its secret is not
    page.get_by_role("banner").get_by_role("link", name="Transaksi", exact=True).click()
    expect(page.get_by_test_id("acquirer-health")).to_contain_text("Bank BRI")
    expect(page.get_by_role("button", name="Ganti rahasia bri")).to_have_count(0)
    expect(page.get_by_role("form", name="Tambah acquirer")).to_have_count(0)


def test_an_admin_ends_the_session_left_open_elsewhere(page, browser, clean_db):
    admin_auth.create_admin(EMAIL, PASSWORD)
    elsewhere = browser.new_context(
        viewport={"width": 1280, "height": 900},
        user_agent="Mozilla/5.0 (Linux; Android 14) Chrome/131.0 Mobile Safari/537.36",
    ).new_page()
    elsewhere.base = page.base
    sign_in(elsewhere)
    sign_in(page)
    page.get_by_role("link", name="Sesi aktif").click()
    rows = page.get_by_test_id("session-row")
    expect(rows).to_have_count(2)
    expect(rows.filter(has_text="(sesi ini)")).to_have_count(1)
    expect(rows.filter(has_text="Chrome di Android")).to_have_count(1)
    rows.filter(has_text="Chrome di Android").get_by_role("button", name="Keluar dari sesi ini").click()
    expect(page.get_by_text("Sesi diakhiri")).to_be_visible()
    expect(rows).to_have_count(1)
    elsewhere.goto(elsewhere.base + "/admin/orders")
    elsewhere.wait_for_url(re.compile(r"/admin/login"))
