"""The account's summary paints before the framework runs (issue 60.5).

On a phone on Slow 4G the summary's figures waited for 179 kB of scripts, the websocket and the
first event (2.17 s); the HTML arrives in about half a second. So for a GET of /akun with a live
session the page's HTML carries today's takings, read here as the summary reads them, inside an
element the page renders empty and with `dangerouslySetInnerHTML` (React keeps such content
when it hydrates). The page's own summary replaces it once its state has loaded. A page that
names a person's money is `private, no-store`: never kept by a browser or a proxy.
"""

from __future__ import annotations

import asyncio
import gzip
import html
import re

from starlette.requests import Request
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from terminal_shop import routes
from terminal_shop.components.ui import CARD, CARD_LINK
from terminal_shop.services.customers import signin
from terminal_shop.services.merchant_team import scope as team_scope
from terminal_shop.services.merchant_team.terms import Ability, MemberRole
from terminal_shop.services.transactions import dashboard

PLACE = re.compile(rb'(<div[^>]*\bid="' + routes.ACCOUNT_FIRST_PAINT.encode() + rb'"[^>]*>)(</div>)')
DROPPED = (b"content-length", b"etag", b"content-encoding", b"cache-control", b"last-modified")


def today_card(token_hash: str) -> str:
    """Blocking: the summary's "Hari ini" card for this session, as the page draws it; '' when
    the session is not live or its role sees no takings (a cashier's summary is the counter's page)."""
    customer = signin.session_customer(token_hash)
    if customer is None:
        return ""
    scope = team_scope.of_session(token_hash, customer.email)
    reach = scope.reach(Ability.TODAY)
    if scope.role is MemberRole.CASHIER or not reach:
        return ""
    t = dashboard.for_merchants(reach).today
    net = f" · bersih {html.escape(t.net)}" if scope.can(Ability.HISTORY) else ""
    return (
        f'<div class="mx-auto flex max-w-5xl flex-col gap-6 py-10"><h1 class="text-2xl font-bold">Akun Saya</h1>'
        f'<div class="grid gap-4 sm:grid-cols-2 lg:grid-cols-3"><section class="{CARD} flex flex-col gap-1 px-4 pb-4 pt-1" data-testid="summary-today">'
        f'<div class="flex items-center justify-between gap-2"><h2 class="font-bold">Hari ini</h2>'
        f'<a class="{CARD_LINK}" href="{routes.ACCOUNT_TRANSACTIONS}">Lihat transaksi</a></div>'
        f'<p class="text-2xl font-bold" data-testid="summary-sales">{html.escape(t.sales)}</p>'
        f'<p class="text-sm text-slate-600"><span data-testid="summary-count">{t.count}</span> transaksi{net}</p>'
        f"</section></div></div>"
    )


def painted(page: bytes, card: str) -> bytes:
    return PLACE.sub(lambda m: m.group(1) + card.encode() + m.group(2), page, count=1)


def _session_hash(scope: Scope) -> str:
    token = Request(scope).cookies.get(signin.SESSION_COOKIE, "")  # as the routes read it
    return signin.hash_token(token) if token else ""


class AccountFirstPaint:
    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] != "GET" or scope["path"].rstrip("/") != routes.ACCOUNT:
            await self.app(scope, receive, send)
            return
        token_hash = _session_hash(scope)
        card = await asyncio.to_thread(today_card, token_hash) if token_hash else ""
        if not card:
            await self.app(scope, receive, send)
            return
        # the whole page asked for (a 304 would keep a copy without the figures)
        asked = [(k, v) for k, v in scope["headers"] if k.lower() not in (b"if-none-match", b"if-modified-since")]
        start: Message | None = None
        body: list[bytes] = []

        async def fill(message: Message) -> None:
            nonlocal start
            if message["type"] == "http.response.start":
                start = message
                return
            body.append(message.get("body", b""))
            if message.get("more_body") or start is None:
                return
            page, headers = b"".join(body), dict(start.get("headers", []))
            encoding = headers.get(b"content-encoding", b"")
            if (
                start["status"] != 200
                or b"text/html" not in headers.get(b"content-type", b"")
                or encoding not in (b"", b"gzip")
            ):
                await send(start)  # not the page as built: as it came
                await send({"type": "http.response.body", "body": page})
                return
            page = painted(gzip.decompress(page) if encoding else page, card)
            kept = [(k, v) for k, v in start.get("headers", []) if k.lower() not in DROPPED]
            kept += [(b"cache-control", b"private, no-store"), (b"content-length", str(len(page)).encode())]
            await send({**start, "headers": kept})
            await send({"type": "http.response.body", "body": page})

        await self.app({**scope, "headers": asked}, receive, fill)
