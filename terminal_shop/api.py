"""Our own HTTP routes, plugged into Reflex through api_transformer: private files behind
signed links, the admin's CSV exports, and the admin's sign-in and sign-out.

Sign-in is a plain form POST, not a websocket event: the session token then travels only
in an HttpOnly cookie and never through (or into) Reflex's tab state. The next page load
opens a websocket that carries the cookie, and `state/admin/session.py` reads it there.
"""

from __future__ import annotations

import asyncio
from datetime import date
from urllib.parse import urlencode

from starlette.applications import Starlette
from starlette.concurrency import iterate_in_threadpool, run_in_threadpool
from starlette.requests import Request
from starlette.responses import PlainTextResponse, RedirectResponse, Response, StreamingResponse
from starlette.routing import Route

from terminal_shop.guards import client_address
from terminal_shop.services import admin_auth, admin_merchants, admin_orders
from terminal_shop.settings import get_settings
from terminal_shop.storage import FILES_ROUTE, LocalStorage, StorageError, content_type_for, get_storage

LOGIN_PAGE = "/admin/login"
PASSWORD_PAGE = "/admin/password"
HOME_PAGE = "/admin"
NOT_FOUND = "Tidak ditemukan"


def _stored_buckets() -> set[str]:
    s = get_settings()
    return {s.bucket_order_payments, s.bucket_merchant_documents, s.bucket_assets}


async def serve_file(request: Request) -> Response:
    """Serves a local-disk file to the holder of a valid signed link (or a public asset)."""
    storage = get_storage()
    bucket = request.path_params["bucket"]
    key = request.path_params["key"]
    if not isinstance(storage, LocalStorage) or bucket not in _stored_buckets() or "\x00" in key:
        return PlainTextResponse(NOT_FOUND, status_code=404)
    expires, signature = request.query_params.get("expires", ""), request.query_params.get("signature", "")
    if not storage.verify(bucket, key, expires, signature):
        return PlainTextResponse("Tautan tidak berlaku atau sudah kedaluwarsa.", status_code=403)
    try:
        data = await run_in_threadpool(storage.get, bucket, key)  # a disk read stays off the event loop
    except StorageError:
        return PlainTextResponse(NOT_FOUND, status_code=404)
    public = bucket in storage.public_buckets
    media_type = content_type_for(key)
    headers = {"Cache-Control": "public, max-age=3600" if public else "private, max-age=600"}
    if media_type == "application/pdf":
        # Whatever a PDF hides (a polyglot with HTML, scripts) runs in a sandbox with no
        # access to this origin; the browser's PDF viewer still shows it.
        headers["Content-Security-Policy"] = "sandbox"
    else:
        headers["Content-Security-Policy"] = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'"
    return Response(data, media_type=media_type, headers=headers)


# kind: the service whose export follows the list's URL query (list_query.py)
EXPORTS = {"merchants": admin_merchants, "orders": admin_orders}


async def export_csv(request: Request) -> Response:
    """Streams a CSV export to a signed-in admin (the session cookie travels with the download)."""
    kind = request.path_params["kind"]
    admin = await run_in_threadpool(admin_auth.session_admin, request.cookies.get(admin_auth.SESSION_COOKIE, ""))
    if kind not in EXPORTS or admin is None or admin.must_change_password:
        return PlainTextResponse("Akses ditolak", status_code=403)
    filename = f"{kind}_{date.today().isoformat()}.csv"
    return StreamingResponse(
        iterate_in_threadpool(EXPORTS[kind].export_csv(EXPORTS[kind].query_from(request.query_params))),
        media_type="text/csv; charset=utf-8",
        headers={"Content-Disposition": f'attachment; filename="{filename}"', "Cache-Control": "no-store"},
    )


def _from_our_pages(request: Request) -> bool:
    """A browser's form POST names its origin; one from another site is refused."""
    origin = request.headers.get("origin")
    return origin is None or origin in {*get_settings().cors_origins, get_settings().public_url}


def _back_to_login(**query: str) -> RedirectResponse:
    return RedirectResponse(f"{LOGIN_PAGE}?{urlencode(query)}", status_code=303)


async def login(request: Request) -> Response:
    """Form POST from the sign-in page: counts the attempt, waits the account's delay (on the
    event loop, not in a worker thread), checks the password, sets the session cookie."""
    if not _from_our_pages(request):
        return PlainTextResponse("Akses ditolak", status_code=403)
    form = await request.form()
    email, password = str(form.get("email", ""))[:254], str(form.get("password", ""))[:256]
    client = client_address(request.headers, request.client.host if request.client else "")
    try:
        attempt = await run_in_threadpool(admin_auth.start_attempt, email, password, client)
        await asyncio.sleep(attempt.delay)
        token, must_change = await run_in_threadpool(admin_auth.finish_attempt, attempt, password)
    except admin_auth.LoginError as exc:
        return _back_to_login(gagal=exc.code, email=email)  # the form shows the e-mail again
    response = RedirectResponse(PASSWORD_PAGE if must_change else f"{HOME_PAGE}?masuk=1", status_code=303)
    response.set_cookie(
        admin_auth.SESSION_COOKIE,
        token,
        max_age=int(admin_auth.SESSION_ABSOLUTE.total_seconds()),
        path="/",
        httponly=True,
        samesite="strict",
        secure=get_settings().https,
    )
    return response


async def logout(request: Request) -> Response:
    """Form POST from the admin header: revokes the session and drops the cookie."""
    if not _from_our_pages(request):
        return PlainTextResponse("Akses ditolak", status_code=403)
    await run_in_threadpool(admin_auth.logout, request.cookies.get(admin_auth.SESSION_COOKIE, ""))
    response = _back_to_login(keluar="1")
    response.delete_cookie(admin_auth.SESSION_COOKIE, path="/", httponly=True, samesite="strict")
    return response


def files_app() -> Starlette:
    return Starlette(
        routes=[
            Route(FILES_ROUTE + "/{bucket}/{key:path}", serve_file),
            Route("/api/admin/export/{kind}.csv", export_csv),
            Route("/api/admin/login", login, methods=["POST"]),
            Route("/api/admin/logout", logout, methods=["POST"]),
        ]
    )
