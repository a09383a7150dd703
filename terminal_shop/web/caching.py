"""What a browser may keep, and pages sent compressed: the same with or without nginx.

A page is compressed once per version, carries an ETag and `no-cache` (the browser asks
each time and gets a 304 of a few bytes while the page is unchanged). The build's files
(content-hashed names) and our own files at a versioned address (asset_links) are kept
for a year without asking: a returning visitor's phone fetches only the page.
"""

from __future__ import annotations

import gzip
import hashlib
from dataclasses import dataclass

from starlette.datastructures import Headers
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from terminal_shop import asset_links
from terminal_shop.reflex_compat import BUILD_ASSETS_PREFIX

IMMUTABLE = b"public, max-age=31536000, immutable"
REVALIDATE = b"no-cache"
# Replaced on a page: they described the file on disk, not what is sent.
PAGE_HEADERS_REPLACED = (b"content-length", b"etag", b"content-encoding", b"cache-control", b"last-modified")


@dataclass(frozen=True)
class Page:
    etag: bytes
    plain: bytes
    gzipped: bytes

    @classmethod
    def of(cls, html: bytes) -> Page:
        digest = hashlib.blake2b(html, digest_size=12).hexdigest()
        return cls(f'W/"{digest}"'.encode(), html, gzip.compress(html, compresslevel=9, mtime=0))


def accepts_gzip(accept_encoding: str) -> bool:
    for entry in accept_encoding.lower().split(","):
        token, _, params = entry.partition(";")
        if token.strip() in ("gzip", "*"):
            return params.replace(" ", "") not in ("q=0", "q=0.0", "q=0.00", "q=0.000")
    return False


def has_version(if_none_match: str, etag: bytes) -> bool:
    tags = {t.strip() for t in if_none_match.split(",")}
    return "*" in tags or etag.decode() in tags or etag.decode().removeprefix("W/") in tags


async def send_page(scope: Scope, start: Message, page: Page, send: Send) -> None:
    """The page as the browser asked: a 304 if it has this version, else gzip or plain."""
    asked = Headers(scope=scope)
    headers = [(k, v) for k, v in start.get("headers", []) if k.lower() not in PAGE_HEADERS_REPLACED]
    headers += [(b"etag", page.etag), (b"cache-control", REVALIDATE)]
    if not any(k.lower() == b"vary" for k, _ in headers):
        headers.append((b"vary", b"Accept-Encoding"))
    if start["status"] == 200 and has_version(asked.get("if-none-match", ""), page.etag):
        await send({"type": "http.response.start", "status": 304, "headers": headers})
        await send({"type": "http.response.body", "body": b""})
        return
    body = page.plain
    if accepts_gzip(asked.get("accept-encoding", "")):
        body = page.gzipped
        headers.append((b"content-encoding", b"gzip"))
    headers.append((b"content-length", str(len(body)).encode()))
    await send({**start, "headers": headers})
    await send({"type": "http.response.body", "body": body})


def lasts_a_year(scope: Scope) -> bool:
    path = scope["path"]
    return path.startswith(BUILD_ASSETS_PREFIX) or asset_links.is_current(path, scope.get("query_string", b"").decode())


class LongCacheMiddleware:
    """Year-long `immutable` caching for files whose address changes with their content."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] not in ("GET", "HEAD") or not lasts_a_year(scope):
            await self.app(scope, receive, send)
            return

        async def with_cache_control(message: Message) -> None:
            if message["type"] == "http.response.start" and message["status"] in (200, 304):
                headers = [(k, v) for k, v in message.get("headers", []) if k.lower() != b"cache-control"]
                message = {**message, "headers": [*headers, (b"cache-control", IMMUTABLE)]}
            await send(message)

        await self.app(scope, receive, with_cache_control)
