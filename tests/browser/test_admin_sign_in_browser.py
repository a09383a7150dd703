"""Signing in and out of the back office, and pages that need a live session."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from playwright.sync_api import expect
from sqlmodel import select

from terminal_shop.infra.db import read_session, write_session
from terminal_shop.infra.models import utcnow
from terminal_shop.services.team import admin_auth
from terminal_shop.services.team.tables import AdminSession

from support.factories import make_merchant, make_order
from support.steps import EMAIL, PASSWORD, sign_in


def _refused_and_back(page) -> None:
    """Sends the form and waits for the sign-in page to come back as the admin sees it: reloaded
    with the refusal and the e-mail typed again. (Waiting for the alert alone passed on the old
    page, still showing the last refusal, and the next click then fell on a page still loading,
    its e-mail empty: the browser's own check of the required field sent nothing.)"""
    with page.expect_navigation():
        page.get_by_role("button", name="Masuk sebagai Admin").click()
    expect(page.get_by_role("alert").filter(has_text="Email atau password salah")).to_be_visible()
    expect(page.locator("#email")).to_have_value(EMAIL)


def test_sign_in(page, admin):
    sent = []  # websocket messages: showing the password must not need one
    page.on("websocket", lambda ws: ws.on("framesent", lambda frame: sent.append(frame)))
    page.goto(page.base + "/admin/login")
    page.get_by_role("button", name="Masuk sebagai Admin").click()
    assert "/admin/login" in page.url  # both fields are required
    page.locator("#email").fill(EMAIL)
    page.locator("#password").fill("salah-sekali")
    expect(page.locator("#password")).to_have_attribute("type", "password")
    page.wait_for_load_state("networkidle")
    before = len(sent)
    toggle = page.get_by_role("button", name="Tampilkan password")
    toggle.click()
    expect(page.locator("#password")).to_have_attribute("type", "text")
    expect(toggle).to_have_attribute("aria-pressed", "true")
    toggle.click()
    expect(page.locator("#password")).to_have_attribute("type", "password")
    toggle.click()
    assert len(sent) == before
    _refused_and_back(page)
    page.locator("#password").fill(PASSWORD)
    page.get_by_role("button", name="Masuk sebagai Admin").click()
    expect(page.get_by_text("Login berhasil!")).to_be_visible()
    page.wait_for_url(re.compile(r"/admin/ringkasan$"))
    cookie = next(c for c in page.context.cookies() if c["name"] == "admin_session")
    assert cookie["sameSite"] == "Strict" and cookie["httpOnly"] and len(cookie["value"]) >= 40
    assert page.evaluate("document.cookie").find("admin_session") == -1  # no script can read it


def test_denied_account_sees_the_spec_message(page, clean_db):
    admin_auth.create_admin("stranger@example.com", PASSWORD)
    page.goto(page.base + "/admin/login")
    page.locator("#email").fill("stranger@example.com")
    page.locator("#password").fill(PASSWORD)
    page.get_by_role("button", name="Masuk sebagai Admin").click()
    expect(
        page.get_by_role("alert").filter(has_text="Akses ditolak. Email tidak memiliki hak akses admin.")
    ).to_be_visible()
    assert "/admin/login" in page.url


def test_a_strangers_wrong_passwords_do_not_lock_out_the_admin(page, admin):
    page.goto(page.base + "/admin/login")
    for _ in range(admin_auth.FREE_FAILURES_PER_EMAIL + 1):
        page.locator("#email").fill(EMAIL)
        page.locator("#password").fill("salah")
        _refused_and_back(page)
    page.locator("#email").fill(EMAIL)
    page.locator("#password").fill(PASSWORD)
    page.get_by_role("button", name="Masuk sebagai Admin").click()  # answered after a short delay
    page.wait_for_url(re.compile(r"/admin/ringkasan$"))
    expect(page.get_by_test_id("admin-email")).to_have_text(EMAIL)


def test_first_admin_must_choose_a_new_password(page, clean_db):
    email, one_time = admin_auth.create_admin(EMAIL)  # as `make run` creates the first admin
    page.goto(page.base + "/admin/login")
    page.locator("#email").fill(email)
    page.locator("#password").fill(one_time)
    page.get_by_role("button", name="Masuk sebagai Admin").click()
    page.wait_for_url(re.compile(r"/admin/password/?$"))
    page.goto(page.base + "/admin/orders")  # no admin page until the password is changed
    page.wait_for_url(re.compile(r"/admin/password/?$"))
    page.locator("#current_password").fill(one_time)
    page.locator("#new_password").fill("password-baru-saya")
    page.locator("#repeat_password").fill("password-lain-saya")
    page.get_by_role("button", name="Simpan Password").click()
    expect(page.get_by_role("alert").filter(has_text="Konfirmasi password tidak sama")).to_be_visible()
    page.locator("#current_password").fill(one_time)
    page.locator("#new_password").fill("password-baru-saya")
    page.locator("#repeat_password").fill("password-baru-saya")
    page.get_by_role("button", name="Simpan Password").click()
    expect(page.get_by_text("Password berhasil diganti")).to_be_visible()
    page.wait_for_url(re.compile(r"/admin/ringkasan$"))
    expect(page.get_by_test_id("admin-email")).to_have_text(EMAIL)


def _session_outside_allow_list() -> str:
    """A live session of an account whose e-mail is not (or no longer) allowed."""
    from terminal_shop.services.team.tables import AdminUser

    admin_auth.create_admin("stranger@example.com", PASSWORD)
    with write_session() as s:
        user = s.exec(select(AdminUser).where(AdminUser.email == "stranger@example.com")).one()
        s.add(
            AdminSession(
                token_hash=admin_auth.hash_token("stranger-token-" + "x" * 30),
                admin_id=user.id,
                expires_at=utcnow() + timedelta(hours=1),
            )
        )
    return "stranger-token-" + "x" * 30


@pytest.mark.parametrize("session", ["none", "expired", "revoked", "not_allowed"])
def test_admin_pages_need_a_live_session(page, admin, tmp_path, session):
    mid = make_merchant(tmp_path, nama_usaha="Toko Rahasia")
    order = make_order(name="Pembeli Rahasia")
    if session == "not_allowed":
        page.context.add_cookies([{"name": "admin_session", "value": _session_outside_allow_list(), "url": page.base}])
    elif session != "none":
        token = admin_auth.login(EMAIL, PASSWORD, "test")
        with write_session() as s:
            row = s.get(AdminSession, admin_auth.hash_token(token))
            if session == "expired":
                row.expires_at = utcnow() - timedelta(seconds=1)
            else:
                row.revoked_at = utcnow()
            s.add(row)
        page.context.add_cookies([{"name": "admin_session", "value": token, "url": page.base}])
    for route in (
        "/admin",
        "/admin/orders",
        f"/admin/merchants/{mid}",
        f"/admin/orders/{order.id}",
        f"/admin/merchants/{mid}?edit=true",
    ):
        page.goto(page.base + route)
        page.wait_for_url(re.compile("/admin/login"))
        expect(page.get_by_role("button", name="Masuk sebagai Admin")).to_be_visible()
        assert "Toko Rahasia" not in page.content() and "Pembeli Rahasia" not in page.content()


def test_logout_then_back_shows_no_admin_data(page, admin, tmp_path):
    make_merchant(tmp_path, nama_usaha="Toko Rahasia")
    sign_in(page)
    expect(page.get_by_text("Toko Rahasia")).to_be_visible()
    page.get_by_role("button", name="Logout").click()
    expect(page.get_by_text("Berhasil logout")).to_be_visible()
    page.wait_for_url(re.compile("/admin/login"))
    page.go_back()
    page.wait_for_url(re.compile("/admin/login"))
    expect(page.get_by_text("Toko Rahasia")).to_be_hidden()
    assert "Toko Rahasia" not in page.content()
    with read_session() as s:
        assert all(row.revoked_at for row in s.exec(select(AdminSession)))


def test_a_changed_password_ends_the_other_browsers_session(page, browser, clean_db):
    admin_auth.create_admin(EMAIL, PASSWORD)
    other = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    other.base = page.base
    sign_in(other)  # a tab left open on another computer
    sign_in(page)
    page.get_by_role("link", name="Ganti password").click()
    page.wait_for_url(re.compile(r"/admin/password/?$"))
    page.locator("#current_password").fill("bukan-password-ini")
    page.locator("#new_password").fill("password-baru-saya")
    page.locator("#repeat_password").fill("password-baru-saya")
    page.get_by_role("button", name="Simpan Password").click()
    expect(page.get_by_role("alert").filter(has_text="Password saat ini salah")).to_be_visible()
    page.locator("#current_password").fill(PASSWORD)
    page.locator("#new_password").fill("password-baru-saya")
    page.locator("#repeat_password").fill("password-baru-saya")
    page.get_by_role("button", name="Simpan Password").click()
    expect(page.get_by_text("Password berhasil diganti")).to_be_visible()
    page.goto(page.base + "/admin/orders")  # this browser stays signed in
    expect(page.get_by_test_id("admin-email")).to_have_text(EMAIL)
    other.goto(other.base + "/admin/orders")  # the other one is sent to sign in
    other.wait_for_url(re.compile(r"/admin/login"))
