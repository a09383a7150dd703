"""Pages go out compressed with an ETag and come back as a 304; content-named files are
kept a year (web/caching.py), driven as the server drives an ASGI app."""

from __future__ import annotations

import asyncio
import gzip

from terminal_shop import asset_links
from terminal_shop.web.caching import IMMUTABLE, LongCacheMiddleware, Page, send_page

HTML = b"<!doctype html><html><body>" + b"<p>Terminal EDC</p>" * 200 + b"</body></html>"
START = {
    "type": "http.response.start",
    "status": 200,
    "headers": [(b"content-type", b"text/html"), (b"etag", b'"disk"')],
}


def answer(headers: dict[str, str], start: dict = START) -> tuple[int, dict[bytes, bytes], bytes]:
    sent = []

    async def send(message):
        sent.append(message)

    scope = {"type": "http", "headers": [(k.encode(), v.encode()) for k, v in headers.items()]}
    asyncio.run(send_page(scope, start, Page.of(HTML), send))
    return sent[0]["status"], dict(sent[0]["headers"]), sent[1]["body"]


def test_a_page_is_sent_gzipped_to_a_browser_that_accepts_it_and_plain_otherwise():
    status, headers, body = answer({"accept-encoding": "gzip, deflate, br"})
    assert (status, headers[b"content-encoding"]) == (200, b"gzip")
    assert gzip.decompress(body) == HTML and len(body) < len(HTML) / 5
    assert headers[b"cache-control"] == b"no-cache" and headers[b"etag"] != b'"disk"'
    status, headers, body = answer({"accept-encoding": "identity"})
    assert (status, body, b"content-encoding" in headers) == (200, HTML, False)
    assert answer({"accept-encoding": "gzip;q=0"})[2] == HTML


def test_the_same_version_is_answered_304_and_another_is_sent_whole():
    etag = answer({})[1][b"etag"].decode()
    status, headers, body = answer({"if-none-match": etag, "accept-encoding": "gzip"})
    assert (status, body, headers[b"etag"].decode()) == (304, b"", etag)
    assert answer({"if-none-match": 'W/"old"', "accept-encoding": "gzip"})[0] == 200
    not_found = {**START, "status": 404}
    assert answer({"if-none-match": etag}, not_found)[0] == 404  # an error page is never "unchanged"


def cache_control(path: str, query: str = "") -> bytes | None:
    sent = []

    async def app(scope, receive, send):
        await send({"type": "http.response.start", "status": 200, "headers": []})

    async def send(message):
        sent.append(message)

    scope = {"type": "http", "method": "GET", "path": path, "query_string": query.encode(), "headers": []}
    asyncio.run(LongCacheMiddleware(app)(scope, None, send))
    return dict(sent[0]["headers"]).get(b"cache-control")


def test_content_named_files_are_kept_a_year_and_nothing_else_is():
    assert cache_control("/assets/manifest-48aa3848.js") == IMMUTABLE
    current = asset_links.url("/js/site.js").split("?")[1]
    assert cache_control("/js/site.js", current) == IMMUTABLE
    assert cache_control("/js/site.js", "v=0123456789ab") is None  # an old address: not for a year
    assert cache_control("/js/site.js") is None
    assert cache_control("/produk/a920") is None
