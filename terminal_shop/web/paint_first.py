"""Public pages paint before the framework's scripts are fetched.

Each page is prerendered: its HTML already holds the whole page. What holds back its first
paint on a slow phone is the module scripts the head asks for (a dozen `modulepreload`
links and the entry module), fetched before anything is painted. This middleware leaves
the HTML as it is but for those: the preload links go, and the entry module is added by a
small inline script once the page is parsed and painted. Links work before that (plain
`<a href>`); buttons and forms work once the scripts have run, as before. The back office
keeps Reflex's own loading (its pages are not for first impressions).
"""

from __future__ import annotations

import asyncio
import gzip
import json
import logging
from pathlib import Path

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from terminal_shop import routes
from terminal_shop.reflex_compat import ENTRY_MODULE, HEALTH_PATHS, MODULE_PRELOAD, STATE_PATHS

log = logging.getLogger(__name__)
# Once the document is parsed and one frame painted, the entry module runs exactly as the
# head had it (images need not have arrived: buttons come alive as early as they can).
LOADER = (
    '<script>addEventListener("DOMContentLoaded",function(){requestAnimationFrame(function(){setTimeout(function(){'
    'var s=document.createElement("script");s.type="module";s.textContent=%s;document.head.appendChild(s)'
    "},0)})})</script>"
)
LEFT_ALONE = (routes.ADMIN_PREFIX, routes.API_PREFIX, routes.FILES_PREFIX, *STATE_PATHS, *HEALTH_PATHS)


def rewrite(html: bytes) -> bytes:
    """The page with its scripts fetched after first paint (unchanged if it has no entry module)."""
    entry = ENTRY_MODULE.search(html)
    if entry is None:
        # Reflex's prerendered markup changed (an upgrade): the page still works, only later.
        log.warning("first paint: no entry module found in a page; reflex_compat.ENTRY_MODULE needs updating")
        return html
    code = json.dumps(entry.group(1).decode()).replace("</", "<\\/")
    loader = (LOADER % code).encode()
    html = html[: entry.start()] + loader + html[entry.end() :]
    return MODULE_PRELOAD.sub(b"", html)


class PaintFirstMiddleware:
    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] != "GET" or scope["path"].startswith(LEFT_ALONE):
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
            if message["type"] == "http.response.pathsend":  # granian sends a file by its path
                body.append(await asyncio.to_thread(Path(message["path"]).read_bytes))
            else:
                body.append(message.get("body", b""))
                if message.get("more_body"):
                    return
            html = b"".join(body)
            headers = [(k, v) for k, v in start.get("headers", []) if k.lower() not in (b"content-length", b"etag")]
            encoding = dict(headers).get(b"content-encoding", b"")
            if encoding == b"gzip":
                html = gzip.decompress(html)
                headers = [(k, v) for k, v in headers if k.lower() != b"content-encoding"]
            elif encoding:  # another encoding: sent as it came
                await send({**start, "headers": start["headers"]})
                await send({"type": "http.response.body", "body": b"".join(body)})
                return
            html = rewrite(html)
            await send({**start, "headers": [*headers, (b"content-length", str(len(html)).encode())]})
            await send({"type": "http.response.body", "body": html})

        await self.app(scope, receive, hold_html)
