"""Hostile clients against the running site: what the state store keeps
after an admin signs in, headers, an oversize body streamed at the upload route, and a
handler called with arguments it does not take."""

from __future__ import annotations

import asyncio
import concurrent.futures
import re
import socket
import time
import urllib.request
import uuid
from urllib.parse import urlsplit

import socketio

from terminal_shop import routes
from terminal_shop.infra.settings import get_settings
from terminal_shop.services.team import admin_auth
from terminal_shop.state.checkout import CheckoutState

from support.environment import SCALEOUT
from support.factories import make_order
from support.steps import stored_tab_states

EMAIL, PASSWORD = "admin@terminalku.example", "rahasia-admin-123"
NAMESPACE = "/_event"


def test_state_store_holds_no_session_token_and_forgets_admin_data(page, clean_db):
    admin_auth.create_admin(EMAIL, PASSWORD)
    make_order(name="Pembeli Rahasia Sekali")
    page.goto(page.base + "/admin/login")
    page.locator("#email").fill(EMAIL)
    page.locator("#password").fill(PASSWORD)
    page.get_by_role("button", name="Masuk sebagai Admin").click()
    page.wait_for_url(re.compile(r"/admin/ringkasan$"))
    page.goto(page.base + "/admin/orders")
    page.get_by_text("Pembeli Rahasia Sekali").wait_for()
    token = next(c["value"] for c in page.context.cookies() if c["name"] == admin_auth.SESSION_COOKIE)

    stored = []
    for _ in range(50):  # the disk store writes a moment after the event
        stored = [t for t in stored_tab_states() if EMAIL.encode() in t[1]]
        if stored:
            break
        time.sleep(0.2)
    assert stored, "the signed-in tab's state was never stored"
    stored = stored_tab_states()
    assert not any(token.encode() in content for _, content, _ in stored)
    if SCALEOUT:  # every tab expires when idle
        assert all(0 < ttl <= get_settings().state_expiry_seconds for _, _, ttl in stored)
    else:  # readable by the site's own user only
        assert {mode for _, _, mode in stored} == {0o600}

    page.get_by_role("button", name="Logout").click()
    page.wait_for_url(re.compile("/admin/login"))
    page.get_by_text("Berhasil logout").wait_for()
    for _ in range(50):  # the store is written a moment after the event
        if not any(b"Pembeli Rahasia Sekali" in content for _, content, _ in stored_tab_states()):
            break
        time.sleep(0.2)
    assert not any(b"Pembeli Rahasia Sekali" in content for _, content, _ in stored_tab_states())


def test_pages_carry_security_headers(site):
    with urllib.request.urlopen(site + "/") as r:
        headers = r.headers
    assert "frame-ancestors 'none'" in headers["Content-Security-Policy"]
    assert headers["X-Content-Type-Options"] == "nosniff"
    assert headers["X-Frame-Options"] == "DENY"
    assert headers["Referrer-Policy"] == "same-origin"
    assert "geolocation=()" in headers["Permissions-Policy"]


def test_oversize_body_is_refused_while_it_streams_in(site):
    """A 50 MB proof streamed without Content-Length: refused once it passes 11 MB."""
    host, port = urlsplit(site).hostname, urlsplit(site).port
    sent, chunk = 0, b"x" * (1024 * 1024)
    with socket.create_connection((host, port), timeout=30) as sock:
        sock.sendall(
            (
                f"POST {routes.API_ORDER} HTTP/1.1\r\nHost: {host}:{port}\r\nTransfer-Encoding: chunked\r\n"
                "Content-Type: multipart/form-data; boundary=b\r\n\r\n"
            ).encode()
        )
        head = b'--b\r\nContent-Disposition: form-data; name="files"; filename="bukti.png"\r\n\r\n'
        sock.sendall(b"%x\r\n" % len(head) + head + b"\r\n")
        try:
            for _ in range(50):
                sock.sendall(b"%x\r\n" % len(chunk) + chunk + b"\r\n")
                sent += len(chunk)
        except (BrokenPipeError, ConnectionResetError):
            pass  # the server stopped listening: what we want
        sock.settimeout(30)
        answer = b""
        while b"maksimal" not in answer and len(answer) < 65536:  # the head and body may come apart
            try:
                part = sock.recv(4096)
            except ConnectionResetError:
                break
            if not part:
                break
            answer += part
    assert answer.startswith(b"HTTP/1.1 413"), answer[:200]
    assert b"Ukuran file maksimal 10MB" in answer, answer[-200:]
    assert sent < 50 * 1024 * 1024  # refused while it streamed in, not after the whole body


def test_a_handler_called_with_odd_arguments_answers_in_indonesian(site):
    async def send_odd_event() -> list:
        received: list = []
        sio = socketio.AsyncClient(reconnection=False)
        sio.on("event", lambda data: received.append(data), namespace=NAMESPACE)
        router = {"pathname": "/checkout/products", "query": {}, "asPath": "/checkout/products"}
        await sio.connect(
            f"{site}?token={uuid.uuid4()}",
            socketio_path=NAMESPACE,
            namespaces=[NAMESPACE],
            transports=["websocket"],
            auth={"event": {"name": "reflex___state____state.hydrate", "payload": {}, "router_data": router}},
            wait_timeout=30,
        )
        await asyncio.sleep(1)
        received.clear()
        odd = {"name": f"{CheckoutState.get_full_name()}.add_to_cart", "payload": {"sku": "A920", "x": [1]}}
        await sio.emit("event", {**odd, "router_data": router}, namespace=NAMESPACE)
        for _ in range(50):
            if received:
                break
            await asyncio.sleep(0.1)
        await sio.disconnect()
        return received

    with concurrent.futures.ThreadPoolExecutor(1) as pool:  # Playwright holds this thread's loop
        answer = str(pool.submit(asyncio.run, send_odd_event()).result())
    assert "Terjadi kesalahan" in answer and get_settings().support_email in answer
    assert "An error occurred" not in answer
