"""Public pages paint before the framework's scripts are fetched.

Each page is prerendered: its HTML already holds the whole page. What holds back its first
paint on a slow phone is the module scripts the head asks for (a dozen `modulepreload`
links and the entry module), fetched before anything is painted. This middleware leaves
the HTML as it is but for those: the preload links go, and the entry module is added by a
small inline script once the page is parsed and painted. Links work before that (plain
`<a href>`); buttons and forms work once the scripts have run, as before. The back office
keeps Reflex's own loading (its pages are not for first impressions). The page then goes
out compressed, with its ETag (web/caching.py).
"""

from __future__ import annotations

import asyncio
import functools
import gzip
import json
import logging
import re

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from terminal_shop.reflex_compat import ENTRY_MODULE, HEALTH_PATHS, MODULE_PRELOAD, STATE_PATHS, built_pages_dir
from terminal_shop.structured_data import PRIVATE_PREFIXES
from terminal_shop.web.caching import Page, send_page

log = logging.getLogger(__name__)
# Once the page's first contentful paint is on screen, our own deferred scripts (site.js)
# run, then the entry module exactly as the head had it. Fetched any earlier (the load
# event often comes before the first paint), the scripts compete with the page's own HTML
# and CSS on a slow line. A second after the load event they start anyway: a browser that
# reports no paints, and Chromium reports none for a 404 page.
LOADER = (
    "<script>(function(){var done=false,srcs=%s;function go(){if(done)return;done=true;next()}"
    'function next(){var s=document.createElement("script");'
    'if(srcs.length){s.src=srcs.shift();s.setAttribute("async","");s.onload=s.onerror=next}'
    'else{s.type="module";s.textContent=%s}document.head.appendChild(s)}'
    'var P=window.PerformanceObserver;if(P&&(P.supportedEntryTypes||[]).indexOf("paint")>=0){'
    "new P(function(l){"
    'if(l.getEntriesByName("first-contentful-paint").length)setTimeout(go,0)'
    '}).observe({type:"paint",buffered:true})}addEventListener("load",function(){setTimeout(go,1000)})})()</script>'
)
# Our own scripts in the head: loaded by the loader above, before the entry module. They are
# `async` in the page: React then hydrates them as resources it finds by their address (the
# loader's copy) instead of elements that must stand where the HTML had them.
DEFERRED_SCRIPT = re.compile(rb'<script async="" src="([^"]+)"></script>')
# Private pages (a person's own order or application, checkout steps, the back office) keep
# Reflex's own loading: they are not first impressions, and a dynamic page's HTML is a
# generic shell that paints nothing until its scripts run.
LEFT_ALONE = (*PRIVATE_PREFIXES, *STATE_PATHS, *HEALTH_PATHS)


def rewrite(html: bytes) -> bytes:
    """The page with its scripts fetched after first paint (unchanged if it has no entry module)."""
    entry = ENTRY_MODULE.search(html)
    if entry is None:
        # Reflex's prerendered markup changed (an upgrade): the page still works, only later.
        log.warning("first paint: no entry module found in a page; reflex_compat.ENTRY_MODULE needs updating")
        return html
    code = json.dumps(entry.group(1).decode()).replace("</", "<\\/")
    srcs = json.dumps([m.decode() for m in DEFERRED_SCRIPT.findall(html)]).replace("</", "<\\/")
    loader = (LOADER % (srcs, code)).encode()
    html = html[: entry.start()] + loader + html[entry.end() :]
    return DEFERRED_SCRIPT.sub(b"", MODULE_PRELOAD.sub(b"", html))


@functools.lru_cache(maxsize=256)
def final_page(source: bytes) -> Page:
    """Rewritten and compressed once per version of a page (the build's files do not change
    while a worker runs; a new build is new source bytes)."""
    return Page.of(rewrite(source))


@functools.lru_cache(maxsize=1024)
def folder_page(path: str) -> bool:
    """Whether the build has this page as `path/index.html`, which the static server would
    answer with a redirect to `path/` (a whole round trip on a phone before anything shows)."""
    if path.endswith("/") or "." in path.rsplit("/", 1)[-1]:
        return False
    return (built_pages_dir() / path.lstrip("/") / "index.html").is_file()


async def _send_rewritten(scope: Scope, start: Message, html: bytes, send: Send) -> None:
    encoding = dict(start.get("headers", [])).get(b"content-encoding", b"")
    if encoding == b"gzip":
        html = await asyncio.to_thread(gzip.decompress, html)
    elif encoding:  # another encoding: sent as it came
        await send(start)
        await send({"type": "http.response.body", "body": html})
        return
    await send_page(scope, start, final_page(html), send)


class PaintFirstMiddleware:
    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] not in ("GET", "HEAD"):
            await self.app(scope, receive, send)
            return
        if folder_page(scope["path"]):  # served at its own address, without the redirect
            scope = {**scope, "path": scope["path"] + "/", "raw_path": scope["path"].encode() + b"/"}
        if scope["method"] == "HEAD" or scope["path"].startswith(LEFT_ALONE):
            await self.app(scope, receive, send)
            return
        start: Message | None = None
        body: list[bytes] = []

        async def hold_html(message: Message) -> None:
            nonlocal start
            if message["type"] == "http.response.start":
                headers = dict(message.get("headers", []))
                if b"text/html" not in headers.get(b"content-type", b""):
                    await send(message)
                    return
                start = message
                return
            if start is None:  # not a page: passed through
                await send(message)
                return
            body.append(message.get("body", b""))
            if message.get("more_body"):
                return
            await _send_rewritten(scope, start, b"".join(body), send)

        await self.app(scope, receive, hold_html)
