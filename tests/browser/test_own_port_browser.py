"""`PORT=8080 make run` (issue 50.2): `make run`'s own story on its embedded defaults, so this
module runs in the embedded pass only (tests/conftest.py EMBEDDED_ONLY)."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from support.environment import free_port
from support.site import start_worker, stop_site


def test_a_site_served_on_another_port_talks_to_that_port(browser, site):
    """Issue 50.2: `PORT=8080 make run` served pages that talked to port 3000 (PUBLIC_URL's
    default) and showed only a websocket error. Unset, PUBLIC_URL follows PORT."""
    port = free_port()
    proc, _ = start_worker("web-own-port", public_url=None, env={"PORT": str(port)}, port=port)
    try:
        page = browser.new_page()
        page.goto(f"http://localhost:{port}/produk/d210")
        expect(page.get_by_test_id("stock-D210")).to_have_text(re.compile(r"Stok tersedia|Pre-order"))  # it answered
        expect(page.get_by_text(re.compile("websocket|Cannot connect", re.IGNORECASE))).to_have_count(0)
        page.close()
    finally:
        stop_site(proc)
