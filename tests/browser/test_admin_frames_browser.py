"""No websocket frame carries admin data to a browser whose admin session is gone.

Read from the frames the server sends, not from the page: a page can hide what its
state still received (after Logout and Back, on a reload once the session expired, in
the tab the next person opens, and to a new websocket that presents a closed admin
tab's token without the cookie).
"""

from __future__ import annotations

import re
from datetime import timedelta

from playwright.sync_api import expect
from sqlmodel import select

from terminal_shop.infra.db import write_session
from terminal_shop.infra.models import utcnow
from terminal_shop.services.team.tables import AdminSession

from support.factories import ONE_D210, checkout_order
from support.raw_socket import frames_answering
from support.steps import EMAIL, sign_in

BUYER_NAME = "Rahasia Pembeli"
# What the order list and detail show of the buyer, the admin's own e-mail, and the proof.
PRIVATE = (BUYER_NAME, "rahasia@example.com", "081234567890", "Jl. Darmo No. 12", EMAIL, "X-Amz-Signature", "sig=")


def recorded(page) -> list[str]:
    """Every websocket frame this page receives from now on."""
    frames: list[str] = []
    page.on("websocket", lambda ws: ws.on("framereceived", lambda payload: frames.append(str(payload))))
    return frames


def private_in(frames: list[str]) -> list[str]:
    return [text for text in PRIVATE if any(text in frame for frame in frames)]


def open_order(page, order) -> None:
    page.goto(page.base + "/admin/orders")
    expect(page.get_by_text(BUYER_NAME)).to_be_visible()
    page.goto(page.base + f"/admin/orders/{order.id}")
    expect(page.get_by_role("heading", name=re.compile(str(order.id)[:8].upper()))).to_be_visible()


def settle(page) -> None:
    """Long enough for the page's hydrate and on-load answers to arrive."""
    page.wait_for_timeout(2000)


def test_logout_then_back_receives_no_admin_data(page, admin, tmp_path):
    order = checkout_order(buyer_name=BUYER_NAME, lines=ONE_D210)
    frames = recorded(page)
    sign_in(page)
    open_order(page, order)
    settle(page)  # the page's later loads (its WhatsApp card) answered too
    assert BUYER_NAME in private_in(frames)  # the recorder sees what a signed-in admin gets
    frames.clear()
    page.get_by_role("button", name="Logout").click()
    page.wait_for_url(re.compile("/admin/login"))
    settle(page)
    page.go_back()
    page.wait_for_url(re.compile("/admin/login"))
    settle(page)
    assert frames  # the login page and the page gone back to did talk to the server
    assert private_in(frames) == []


def test_a_reload_after_the_session_expired_receives_no_admin_data(page, admin, tmp_path):
    order = checkout_order(buyer_name=BUYER_NAME, lines=ONE_D210)
    sign_in(page)
    open_order(page, order)
    with write_session() as s:  # two idle hours pass (the cookie is still in the browser)
        for row in s.exec(select(AdminSession)):
            row.last_seen_at = utcnow() - timedelta(hours=3)
            s.add(row)
    frames = recorded(page)
    page.reload()
    page.wait_for_url(re.compile("/admin/login"))
    settle(page)
    assert private_in(frames) == []


def test_the_next_person_in_the_same_tab_receives_no_admin_data(page, admin, tmp_path):
    order = checkout_order(buyer_name=BUYER_NAME, lines=ONE_D210)
    sign_in(page)
    open_order(page, order)
    page.context.clear_cookies()  # the session cookie gone: a shared computer's next user
    frames = recorded(page)
    page.goto(page.base + "/checkout/products")
    page.goto(page.base + "/admin/orders")
    page.wait_for_url(re.compile("/admin/login"))
    settle(page)
    assert private_in(frames) == []


def test_a_closed_tabs_token_without_the_cookie_receives_no_admin_data(page, admin, tmp_path):
    order = checkout_order(buyer_name=BUYER_NAME, lines=ONE_D210)
    sign_in(page)
    open_order(page, order)
    token = page.evaluate("sessionStorage.getItem('token')")
    assert token
    page.close()  # the tab is closed; its state stays on the server

    path = f"/admin/orders/{order.id}"
    frames = frames_answering(page.base, token, "reflex___state____state.hydrate_and_load", path)
    assert frames  # the server answered the hydrate
    assert private_in(frames) == []
