"""Our own HTTP routes and ASGI guards, plugged into Reflex through api_transformer."""

from __future__ import annotations

from datetime import date

from starlette.applications import Starlette
from starlette.concurrency import iterate_in_threadpool, run_in_threadpool
from starlette.requests import Request
from starlette.responses import PlainTextResponse, Response, StreamingResponse
from starlette.routing import Route
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from terminal_shop.services import admin_auth, admin_merchants, admin_orders
from terminal_shop.storage import FILES_ROUTE, LocalStorage, StorageError, content_type_for, get_storage
from terminal_shop.uploads import MAX_FILES_PER_REQUEST, MAX_UPLOAD_BYTES

# The registration sends its five documents in one request; each file is checked
# against MAX_UPLOAD_BYTES by the services. 1 MB is room for the multipart envelope.
MAX_BODY_BYTES = MAX_FILES_PER_REQUEST * MAX_UPLOAD_BYTES + 1024 * 1024


class BodyLimitMiddleware:
    """Refuses request bodies above the limit, whatever Content-Length claims.

    Reflex's upload route has no limit of its own; without this a client could
    stream gigabytes into the worker.
    """

    def __init__(self, app: ASGIApp, limit: int = MAX_BODY_BYTES):
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = dict(scope.get("headers") or []).get(b"content-length")
        if declared is not None and declared.isdigit() and int(declared) > self.limit:
            await _too_large(send)
            return
        received = 0
        too_large = False
        answered = False

        async def limited_receive() -> Message:
            nonlocal received, too_large
            if too_large:
                return {"type": "http.disconnect"}
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > self.limit:
                    too_large = True  # the app sees a dropped client and stops reading
                    return {"type": "http.disconnect"}
            return message

        async def guarded_send(message: Message) -> None:
            nonlocal answered
            if too_large:
                if not answered:
                    answered = True
                    await _too_large(send)
                return
            answered = True
            await send(message)

        try:
            await self.app(scope, limited_receive, guarded_send)
        except Exception:
            if not too_large:
                raise
        if too_large and not answered:
            await _too_large(send)


async def _too_large(send: Send) -> None:
    response = PlainTextResponse("Ukuran file maksimal 10MB", status_code=413)
    await send({"type": "http.response.start", "status": 413, "headers": response.raw_headers})
    await send({"type": "http.response.body", "body": response.body})


async def serve_file(request: Request) -> Response:
    """Serves a local-disk file to the holder of a valid signed link (or a public asset)."""
    storage = get_storage()
    bucket = request.path_params["bucket"]
    key = request.path_params["key"]
    if not isinstance(storage, LocalStorage):
        return PlainTextResponse("Not found", status_code=404)
    if not storage.verify(
        bucket, key, request.query_params.get("expires", ""), request.query_params.get("signature", "")
    ):
        return PlainTextResponse("Tautan tidak berlaku atau sudah kedaluwarsa.", status_code=403)
    try:
        data = await run_in_threadpool(storage.get, bucket, key)  # a disk read stays off the event loop
    except StorageError:
        return PlainTextResponse("Not found", status_code=404)
    public = bucket in storage.public_buckets
    media_type = content_type_for(key)
    headers = {
        "Cache-Control": "public, max-age=3600" if public else "private, max-age=3600",
        "X-Content-Type-Options": "nosniff",
    }
    if media_type != "application/pdf":  # the browser's PDF viewer needs its own scripts
        headers["Content-Security-Policy"] = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'"
    return Response(data, media_type=media_type, headers=headers)


EXPORTS = {
    # kind: the export, given the query string (the list's filters)
    "merchants": (lambda q: admin_merchants.export_csv(q.get("search", ""), q.get("status", ""))),
    "orders": (lambda q: admin_orders.export_csv(q.get("search", ""), q.get("status", ""), q.get("method", ""))),
}


async def export_csv(request: Request) -> Response:
    """Streams a CSV export to a signed-in admin (the session cookie travels with the download)."""
    kind = request.path_params["kind"]
    token = request.cookies.get(admin_auth.SESSION_COOKIE, "")
    if kind not in EXPORTS or await run_in_threadpool(admin_auth.session_admin, token) is None:
        return PlainTextResponse("Akses ditolak", status_code=403)
    filename = f"{kind}_{date.today().isoformat()}.csv"
    return StreamingResponse(
        iterate_in_threadpool(EXPORTS[kind](request.query_params)),
        media_type="text/csv; charset=utf-8",
        headers={"Content-Disposition": f'attachment; filename="{filename}"', "Cache-Control": "no-store"},
    )


def files_app() -> Starlette:
    return Starlette(
        routes=[
            Route(FILES_ROUTE + "/{bucket}/{key:path}", serve_file),
            Route("/api/admin/export/{kind}.csv", export_csv),
        ]
    )


api_transformers = [files_app(), BodyLimitMiddleware]
