"""What the operator sees of the running site: the request id on every request and log line,
request timings, a warning when the proxy setting does not match the requests, and /metrics."""

from __future__ import annotations

import asyncio
import logging
import re
import time

from prometheus_client import CONTENT_TYPE_LATEST
from starlette.datastructures import Headers
from starlette.requests import Request
from starlette.responses import PlainTextResponse, Response
from starlette.routing import Route
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from terminal_shop import routes
from terminal_shop.infra import logs, metrics
from terminal_shop.infra.settings import get_settings
from terminal_shop.reflex_compat import BUILD_ASSETS_PREFIX, HEALTH_PATHS, UPLOAD_PATH
from terminal_shop.services import health
from terminal_shop.web.guards import client_address

log = logging.getLogger(__name__)
SANE_ID = re.compile(r"[A-Za-z0-9-]{8,32}")  # fits outbox.request_id
KINDS = (  # the request's kind, for the timings (a few labels, not one per address)
    (routes.API_PREFIX, "api"),
    (routes.FILES_PREFIX, "files"),
    (BUILD_ASSETS_PREFIX, "assets"),
    (UPLOAD_PATH, "upload"),
    (HEALTH_PATHS, "health"),
    (routes.METRICS, "metrics"),
    (routes.ADMIN_PREFIX, "admin_page"),
)


def kind_of(path: str) -> str:
    for prefix, kind in KINDS:
        if path.startswith(prefix):
            return kind
    return "file" if "." in path.rsplit("/", 1)[-1] else "page"


class ProxySettingCheck:
    """Says once per process when requests do not look like TRUSTED_PROXY_HOPS says: a
    forwarded address ignored (every visitor counted as the proxy), or a request that came
    past the proxy (its X-Forwarded-For would be believed)."""

    def __init__(self) -> None:
        self.told: set[str] = set()

    def look(self, headers: Headers, path: str) -> None:
        hops, forwarded = get_settings().trusted_proxy_hops, "x-forwarded-for" in headers
        if not hops and forwarded and "ignored" not in self.told:
            self.told.add("ignored")
            log.warning(
                "requests carry X-Forwarded-For but TRUSTED_PROXY_HOPS=0: behind a proxy every visitor looks like"
                " the proxy and the per-address limits become one limit for everybody. Set TRUSTED_PROXY_HOPS=1"
                " behind deploy/nginx.conf."
            )
        if hops and not forwarded and not path.startswith(HEALTH_PATHS) and "bypassed" not in self.told:
            self.told.add("bypassed")
            log.warning(
                "a request reached this worker without X-Forwarded-For while TRUSTED_PROXY_HOPS=%d: the worker"
                " must listen on 127.0.0.1 only (deploy/terminal-shop@.service), behind the proxy.",
                hops,
            )


class RequestMiddleware:
    """A request id for every HTTP request (kept from nginx's X-Request-Id when it sent
    one), echoed in the answer and on every log line, and each request's time."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app
        self.proxy_check = ProxySettingCheck()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = Headers(scope=scope)
        self.proxy_check.look(headers, scope["path"])
        given = headers.get(logs.HEADER, "")
        rid = given if SANE_ID.fullmatch(given) else logs.new_request_id()
        started = time.perf_counter()

        async def with_id(message: Message) -> None:
            if message["type"] == "http.response.start":
                message = {**message, "headers": [*message.get("headers", []), (logs.HEADER.encode(), rid.encode())]}
            await send(message)

        try:
            with logs.request_context(rid):
                await self.app(scope, receive, with_id)
        finally:
            metrics.REQUEST_SECONDS.labels(kind_of(scope["path"])).observe(time.perf_counter() - started)


async def metrics_page(request: Request) -> Response:
    """Prometheus text, for the addresses in METRICS_ADDRESSES only (the client's real
    address: behind the proxy, the one it saw)."""
    client = client_address(request.headers, request.client.host if request.client else "")
    if client not in get_settings().metrics_addresses:
        return PlainTextResponse("Akses ditolak", status_code=403)
    figures = metrics.figures_collector(health.figures)
    body = await asyncio.to_thread(metrics.exposition, figures)
    return Response(body, media_type=CONTENT_TYPE_LATEST, headers={"Cache-Control": "no-store"})


ROUTES = [Route(routes.METRICS, metrics_page)]  # mounted by web/api.py
