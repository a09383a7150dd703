"""ASGI guards around the whole app (pages, websocket, uploads, our routes): request body
limits per route, security headers, and the client's real address behind a proxy."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import timedelta
from http.cookies import CookieError, SimpleCookie
from typing import Literal

from starlette.datastructures import Headers
from starlette.requests import Request
from starlette.responses import PlainTextResponse, Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from terminal_shop import routes, rules
from terminal_shop.infra.settings import get_settings
from terminal_shop.reflex_compat import STATE_PATHS, UPLOAD_HANDLER_HEADER, UPLOAD_PATH
from terminal_shop.services.customers import signin
from terminal_shop.services.merchant_team import invitations
from terminal_shop.services.team.admin_auth import (
    INVITE_COOKIE,
    INVITE_HASH_HEADER,
    SESSION_COOKIE,
    SESSION_HASH_HEADER,
    hash_token,
)
from terminal_shop.structured_data import PRIVATE_PREFIXES

NOT_FOUND = "Tidak ditemukan"  # every route's answer to a missing or unreadable record

MB = 1024 * 1024
DEFAULT_BODY_LIMIT = 1 * MB  # every route but the uploads below
FILE_TOO_LARGE = f"Ukuran file maksimal {rules.UPLOAD_MAX}"  # a route that takes files: each may be that large
BODY_TOO_LARGE = f"Permintaan terlalu besar (maksimal {DEFAULT_BODY_LIMIT // MB}MB)"  # any other route


def client_address(headers: Mapping[str, str], peer: str) -> str:
    """The visitor's address: the peer itself, or with TRUSTED_PROXY_HOPS proxies in front,
    the address the outermost trusted proxy saw. Any X-Forwarded-For a client sends without
    a trusted proxy is ignored (it is the client's own say-so)."""
    hops = get_settings().trusted_proxy_hops
    if hops:
        forwarded = [ip.strip() for ip in headers.get("x-forwarded-for", "").split(",") if ip.strip()]
        if len(forwarded) >= hops:
            return forwarded[-hops]
    return peer


class BodyLimitMiddleware:
    """Refuses a request body above its route's limit while it streams in.

    A declared Content-Length above the limit is refused before anything is read; a body
    without one (chunked) is cut off as soon as it passes the limit. Reflex's upload route
    has no limit of its own: each upload handler gets its own (`upload_limits`, by the
    handler's full name in the `reflex-event-handler` header); our routes that take files
    theirs (`route_limits`, by path); everything else 1 MB.
    """

    def __init__(
        self,
        app: ASGIApp,
        upload_limits: Mapping[str, int] | None = None,
        route_limits: Mapping[str, int] | None = None,
    ):
        self.app = app
        self.upload_limits = dict(upload_limits or {})
        self.route_limits = dict(route_limits or {})

    def limit_for(self, scope: Scope) -> int:
        path = scope["path"].rstrip("/")
        if path == UPLOAD_PATH:
            handler = Headers(scope=scope).get(UPLOAD_HANDLER_HEADER, "")
            return self.upload_limits.get(handler, DEFAULT_BODY_LIMIT)
        return self.route_limits.get(path, DEFAULT_BODY_LIMIT)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        limit = self.limit_for(scope)
        declared = Headers(scope=scope).get("content-length", "")
        if declared.isdigit() and int(declared) > limit:
            await _too_large(send, limit)
            return
        exchange = _LimitedExchange(limit, receive, send)
        try:
            await self.app(scope, exchange.receive, exchange.send)
        except Exception:
            if not exchange.too_large:
                raise
        if exchange.too_large and not exchange.answered:
            await _too_large(send, limit)


class _LimitedExchange:
    """One request's body counted as it streams in: past the limit the app sees a dropped
    client (and stops reading), and the client gets a 413 instead of the app's answer."""

    def __init__(self, limit: int, receive: Receive, send: Send):
        self.limit, self._receive, self._send = limit, receive, send
        self.received, self.too_large, self.answered = 0, False, False

    async def receive(self) -> Message:
        if self.too_large:
            return {"type": "http.disconnect"}
        message = await self._receive()
        if message["type"] == "http.request":
            self.received += len(message.get("body", b""))
            if self.received > self.limit:
                self.too_large = True
                return {"type": "http.disconnect"}
        return message

    async def send(self, message: Message) -> None:
        if self.too_large:
            if not self.answered:
                self.answered = True
                await _too_large(self._send, self.limit)
            return
        self.answered = True
        await self._send(message)


async def _too_large(send: Send, limit: int) -> None:
    """The rest of the body is never read: the connection ends with the answer, or the web
    server would go on taking in (and throwing away) every byte the client still sends."""
    text = FILE_TOO_LARGE if limit > DEFAULT_BODY_LIMIT else BODY_TOO_LARGE
    response = PlainTextResponse(text, status_code=413, headers={"Connection": "close"})
    await send({"type": "http.response.start", "status": 413, "headers": response.raw_headers})
    await send({"type": "http.response.body", "body": response.body})


# Reflex's pages need their inline scripts, so the policy guards what does not break them:
# no framing by other sites, no plugins, no <base> hijack, forms post only to us.
PAGE_POLICY = "frame-ancestors 'none'; base-uri 'self'; object-src 'none'; form-action 'self'"
# Stored files are shown only inside our own admin pages.
FILE_POLICY_FRAMING = "frame-ancestors 'self'"


class SecurityHeadersMiddleware:
    """Adds the security headers to every HTTP response; a route's own CSP is kept, with
    the framing rule added."""

    def __init__(self, app: ASGIApp, hsts: bool | None = None):
        self.app = app
        self.hsts = get_settings().https if hsts is None else hsts  # only over HTTPS

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        is_file = scope["path"].startswith(routes.FILES_PREFIX)
        private = scope["path"].startswith(PRIVATE_PREFIXES)  # also dynamic pages, whose HTML is generic

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = [(k, v) for k, v in message.get("headers", []) if k.lower() != b"x-frame-options"]
                names = {k.lower() for k, _ in headers}
                own_csp = [v for k, v in headers if k.lower() == b"content-security-policy"]
                headers = [(k, v) for k, v in headers if k.lower() != b"content-security-policy"]
                framing = FILE_POLICY_FRAMING if is_file else "frame-ancestors 'none'"
                csp = (own_csp[0].decode() + "; " + framing) if own_csp else PAGE_POLICY
                headers.append((b"content-security-policy", csp.encode()))
                headers.append((b"x-frame-options", b"SAMEORIGIN" if is_file else b"DENY"))
                extra = {
                    b"x-content-type-options": b"nosniff",
                    b"referrer-policy": b"same-origin",
                    # The camera for our own pages only: the SN scanner (components/scanner.py).
                    b"permissions-policy": b"camera=(self), microphone=(), geolocation=(), payment=(), usb=()",
                }
                if self.hsts:
                    extra[b"strict-transport-security"] = b"max-age=31536000; includeSubDomains"
                if private:
                    extra[b"x-robots-tag"] = b"noindex, nofollow"
                headers += [(k, v) for k, v in extra.items() if k not in names]
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, send_with_headers)


def _cookie_hash(cookie_header: str, name: str) -> str:
    try:
        morsel = SimpleCookie(cookie_header).get(name)
    except CookieError:
        return ""
    return hash_token(morsel.value) if morsel and morsel.value else ""


class CookieToTabStateGuard:
    """Keeps cookies out of Reflex's tab state.

    Reflex stores the headers of the request that opened a tab's websocket (and of each
    upload) with the tab's state, in plain text on disk or in Redis: an HttpOnly session
    cookie would land there. On those two paths this drops the Cookie header and passes
    on only the SHA-256 of the admin session token (and of an admin invitation's token, of a
    signed-in customer's session and of a merchant team invitation's token), each in a
    header of its own that a client cannot set itself. The database keeps the same hash, so the session check needs
    nothing else, and a leaked state store holds no usable token.
    """

    def __init__(self, app: ASGIApp):
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] in ("http", "websocket") and scope["path"].startswith(STATE_PATHS):
            cookie = Headers(scope=scope).get("cookie", "")
            own = (SESSION_HASH_HEADER.encode(), INVITE_HASH_HEADER.encode(), signin.SESSION_HASH_HEADER.encode(),
                   invitations.HASH_HEADER.encode())  # fmt: skip
            headers = [(k, v) for k, v in scope["headers"] if k.lower() not in (b"cookie", *own)]
            names = (SESSION_COOKIE, INVITE_COOKIE, signin.SESSION_COOKIE, invitations.COOKIE)
            for header, name in zip(own, names, strict=True):
                if digest := _cookie_hash(cookie, name):
                    headers.append((header, digest.encode()))
            scope = {**scope, "headers": headers}
        await self.app(scope, receive, send)


def from_our_pages(request: Request) -> bool:
    """A browser's form POST names its origin; one from another site is refused."""
    origin = request.headers.get("origin")
    return origin is None or origin in {*get_settings().cors_origins, get_settings().public_url}


def private_cookie(
    response: Response, name: str, value: str, lifetime: timedelta, samesite: Literal["lax", "strict"]
) -> Response:
    """A cookie no script reads (HttpOnly), sent over HTTPS only where the site is."""
    response.set_cookie(
        name,
        value,
        max_age=int(lifetime.total_seconds()),
        path="/",
        httponly=True,
        samesite=samesite,
        secure=get_settings().secure_cookies,
    )
    return response
