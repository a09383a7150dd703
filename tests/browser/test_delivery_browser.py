"""How the built site's pages and files travel (web/caching.py, web/paint_first.py): pages
compressed with an ETag and a 304 when unchanged, at their own address without a
redirect; content-named files kept a year, so a returning phone asks only for the page."""

from __future__ import annotations

import re
import socket
import urllib.error
import urllib.request
from urllib.parse import urlsplit

import pytest

PAGES = ("/", "/produk/a920", "/pendaftaran", "/checkout/products")


def get(url: str, **headers: str) -> tuple[int, dict[str, str], bytes]:
    request = urllib.request.Request(url, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=30) as r:
            return r.status, {k.lower(): v for k, v in r.headers.items()}, r.read()
    except urllib.error.HTTPError as e:  # urllib raises on 304
        return e.code, {k.lower(): v for k, v in e.headers.items()}, e.read()


def test_pages_are_sent_gzipped_with_an_etag_and_answered_304_when_unchanged(site):
    for path in PAGES:
        status, headers, body = get(site + path, **{"Accept-Encoding": "gzip"})
        assert (status, headers["content-encoding"], headers["cache-control"]) == (200, "gzip", "no-cache"), path
        assert body[:2] == b"\x1f\x8b" and int(headers["content-length"]) == len(body)
        again = get(site + path, **{"Accept-Encoding": "gzip", "If-None-Match": headers["etag"]})
        assert (again[0], again[2]) == (304, b""), path
        assert get(site + path, **{"If-None-Match": 'W/"another"'})[0] == 200


def test_a_page_answers_at_its_own_address_without_a_redirect(site):
    for path in ("/produk/a920", "/about", "/pendaftaran", "/admin/login"):
        with urllib.request.urlopen(site + path, timeout=30) as r:
            assert (r.url, r.status) == (site + path, 200), path  # not sent on to `path/`


def test_the_frameworks_hashed_scripts_and_our_versioned_files_are_kept_a_year(site):
    html = get(site + "/")[2].decode()
    script = re.search(r'(/assets/[^"\\]+\.js)', html)[1]  # named in the loader's code
    site_js = re.search(r'"(/js/site\.js\?v=[0-9a-f]+)"', html)[1]
    for path in (script, site_js):
        status, headers, _ = get(site + path)
        assert (status, headers["cache-control"]) == (200, "public, max-age=31536000, immutable"), path
    assert "immutable" not in get(site + "/js/site.js?v=000000000000")[1].get("cache-control", "")


def test_a_returning_visitor_fetches_only_the_page_and_gets_a_304(browser, site):
    """What went over the wire, as Chromium's network layer saw it (a file from its cache
    sends nothing; a revalidated one shows the server's real status)."""
    context = browser.new_context()
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    urls, on_the_wire = {}, []
    cdp.on("Network.requestWillBeSent", lambda e: urls.__setitem__(e["requestId"], e["request"]["url"]))
    cdp.on("Network.responseReceivedExtraInfo", lambda e: on_the_wire.append((e["requestId"], e["statusCode"])))
    page.goto(site + "/")
    page.wait_for_load_state("networkidle")
    assert len(on_the_wire) > 10  # the first visit fetched the page and its files
    on_the_wire.clear()
    page.goto(site + "/")
    page.wait_for_load_state("networkidle")
    context.close()
    assert [(urls[r], status) for r, status in on_the_wire] == [(site + "/", 304)]


def this_machines_outside_address() -> str:
    """The address this machine reaches other hosts from (no packet is sent)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        s.connect(("192.0.2.1", 9))
        return s.getsockname()[0]


def test_a_worker_started_as_deployed_is_reached_only_from_this_machine(site):
    """deploy/terminal-shop@.service binds 127.0.0.1 (the site fixture starts it so): a
    client elsewhere cannot reach a worker past the proxy and claim any address."""
    outside = this_machines_outside_address()
    assert not outside.startswith("127.")
    port = urlsplit(site).port
    with pytest.raises(ConnectionRefusedError):
        socket.create_connection((outside, port), timeout=5)
    socket.create_connection(("127.0.0.1", port), timeout=5).close()
