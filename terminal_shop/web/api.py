"""Our own HTTP routes, plugged into Reflex through api_transformer: private files behind
signed links, the admin's CSV exports, the admin's sign-in and sign-out, and the two
submissions that carry files (an order with its proof, a registration with its documents).

Sign-in is a plain form POST, not a websocket event: the session token then travels only
in an HttpOnly cookie and never through (or into) Reflex's tab state. The next page load
opens a websocket that carries the cookie, and `state/admin/session.py` reads it there.

The submissions are plain POSTs too, so storing their files holds no lock on the tab's
state (a slow object store cannot outlast Reflex's state lock) and their answer is the
response itself. They take the tab's own copy of the checkout or wizard (what the buyer
sees) and answer JSON, which the page's state then shows (site.js `terminalShop.send`).
"""

from __future__ import annotations

import asyncio
import functools
import logging
import weakref
from collections.abc import Callable
from datetime import date
from typing import TypeVar
from urllib.parse import urlencode

from starlette.applications import Starlette
from starlette.concurrency import iterate_in_threadpool, run_in_threadpool
from starlette.datastructures import UploadFile
from starlette.exceptions import HTTPException
from starlette.formparsers import MultiPartException
from starlette.requests import ClientDisconnect, Request
from starlette.responses import JSONResponse, PlainTextResponse, RedirectResponse, Response, StreamingResponse
from starlette.routing import Route

from terminal_shop import routes, structured_data
from terminal_shop.infra import rate_limits
from terminal_shop.infra.rate_limits import Action
from terminal_shop.infra.settings import get_settings
from terminal_shop.infra.storage import LocalStorage, StorageError, content_type_for, get_storage
from terminal_shop.infra.uploads import MAX_FILES_PER_REQUEST, UploadRejected
from terminal_shop.privacy_policy import Consent
from terminal_shop.services.backoffice import access_log, admin_merchants, admin_orders
from terminal_shop.services.devices import listing as device_listing
from terminal_shop.services.devices import owned
from terminal_shop.services.orders import checkout as orders
from terminal_shop.services.orders import checkout_rules, invoice
from terminal_shop.services.orders.tables import Order
from terminal_shop.services.privacy import requests
from terminal_shop.services.registrations import details
from terminal_shop.services.registrations import submission as reg
from terminal_shop.services.team import admin_accounts, admin_auth, permissions, two_factor
from terminal_shop.services.team.permissions import Permission
from terminal_shop.services.validation import new_client_ref
from terminal_shop.vocabulary import AccessAction, DocumentKind
from terminal_shop.web import customer_auth, transactions_hook, whatsapp_hook
from terminal_shop.web.guards import client_address, from_our_pages, private_cookie
from terminal_shop.web.operations import metrics_page

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


# kind: the service whose export follows the list's URL query (services/backoffice/list_query.py),
# and the permission a role needs for it
EXPORTS = {"merchants": admin_merchants, "orders": admin_orders, "devices": device_listing}
EXPORT_PERMISSIONS = {
    "merchants": Permission.MERCHANTS_EXPORT,
    "orders": Permission.ORDERS_EXPORT,
    "devices": Permission.DEVICES_VIEW,
}


async def _admin_with(request: Request, permission: Permission | None) -> admin_auth.Admin | None:
    """The signed-in admin (by the session cookie) whose role grants `permission`, or None."""
    admin = await run_in_threadpool(admin_auth.session_admin, request.cookies.get(admin_auth.SESSION_COOKIE, ""))
    if admin is None or admin.next_step or not permissions.allows(admin.role, permission):
        return None
    return admin


async def export_csv(request: Request) -> Response:
    """Streams a CSV export to a signed-in admin (the session cookie travels with the download)."""
    kind = request.path_params["kind"]
    admin = await _admin_with(request, EXPORT_PERMISSIONS.get(kind)) if kind in EXPORTS else None
    if admin is None:
        return PlainTextResponse("Akses ditolak", status_code=403)
    filename = f"{kind}_{date.today().isoformat()}.csv"
    query = EXPORTS[kind].query_from(request.query_params)
    filters = urlencode(query.changed().params()) or "semua data"  # the list's own URL filters
    await run_in_threadpool(access_log.record, admin.email, AccessAction.EXPORTED, kind, "-", f"CSV: {filters}")
    return StreamingResponse(
        iterate_in_threadpool(EXPORTS[kind].export_csv(query)),
        media_type="text/csv; charset=utf-8",
        headers={"Content-Disposition": f'attachment; filename="{filename}"', "Cache-Control": "no-store"},
    )


async def personal_data_zip(request: Request) -> Response:
    """A record's personal data as one archive (services/privacy/requests.py), for a signed-in
    admin holding the short-lived link the detail page made after the typed confirmation."""
    kind, record_id = request.path_params["kind"], request.path_params["record_id"]
    admin = await _admin_with(request, Permission.PERSONAL_DATA)
    expires, token = request.query_params.get("e", ""), request.query_params.get("t", "")
    if admin is None or not requests.link_ok(kind, record_id, expires, token):
        return PlainTextResponse("Akses ditolak", status_code=403)
    try:
        name, data = await run_in_threadpool(requests.archive, kind, record_id, admin.email)
    except requests.RequestError:
        return PlainTextResponse(NOT_FOUND, status_code=404)
    headers = {"Content-Disposition": f'attachment; filename="{name}"', "Cache-Control": "no-store"}
    return Response(data, media_type="application/zip", headers=headers)


def _back_to_login(**query: str) -> RedirectResponse:
    return RedirectResponse(f"{routes.ADMIN_LOGIN}?{urlencode(query)}", status_code=303)


async def login(request: Request) -> Response:
    """Form POST from the sign-in page: counts the attempt, waits the account's delay (on the
    event loop, not in a worker thread), checks the password, sets the session cookie."""
    if not from_our_pages(request):
        return PlainTextResponse("Akses ditolak", status_code=403)
    form = await request.form()
    email, password = str(form.get("email", ""))[:254], str(form.get("password", ""))[:256]
    client = client_address(request.headers, request.client.host if request.client else "")
    try:
        attempt = await run_in_threadpool(admin_auth.start_attempt, email, password, client)
        await asyncio.sleep(attempt.delay)
        agent = request.headers.get("user-agent", "")
        token, _ = await run_in_threadpool(admin_auth.finish_attempt, attempt, password, agent)
    except admin_auth.LoginError as exc:
        return _back_to_login(gagal=exc.code, email=email)  # the form shows the e-mail again
    admin = await run_in_threadpool(admin_auth.session_admin, token)
    home = permissions.home(admin.role if admin else "")  # or the page this session must pass first
    return _with_session(RedirectResponse((admin.next_step if admin else "") or f"{home}?masuk=1", 303), token)


def _with_session(response: Response, token: str) -> Response:
    """The new session's cookie on `response`: HttpOnly, SameSite strict, Secure over HTTPS."""
    return private_cookie(response, admin_auth.SESSION_COOKIE, token, admin_auth.SESSION_ABSOLUTE, "strict")


async def open_invite(request: Request) -> Response:
    """The e-mailed invitation link: its token goes into an HttpOnly cookie and the browser on
    to the invitation page without it, so the token is in no address a tab's state keeps."""
    token = request.query_params.get("token", "")[:100]
    response = RedirectResponse(routes.ADMIN_INVITE, 303)
    if token:  # SameSite lax: it arrives from an e-mail, a cross-site navigation
        private_cookie(response, admin_auth.INVITE_COOKIE, token, admin_accounts.INVITE_VALID, "lax")
    return response


async def accept_invite(request: Request) -> Response:
    """Form POST from the invitation page: the invited admin's password (the token comes from
    the cookie its link set); the account is made and signed in, and goes on to set up 2FA
    (services/team/admin_accounts.py)."""
    if not from_our_pages(request):
        return PlainTextResponse("Akses ditolak", status_code=403)
    form = await request.form()
    token = request.cookies.get(admin_auth.INVITE_COOKIE, "")[:100]
    password, repeat = str(form.get("password", ""))[:256], str(form.get("repeat_password", ""))[:256]
    client = client_address(request.headers, request.client.host if request.client else "")
    agent = request.headers.get("user-agent", "")
    try:
        await run_in_threadpool(rate_limits.hit, Action.ADMIN_INVITE, client)
        session_token = await run_in_threadpool(admin_accounts.accept, token, password, repeat, agent, client)
    except (rate_limits.TooMany, admin_accounts.AccountError) as refused:
        code = (
            refused.message if isinstance(refused, admin_accounts.AccountError) else "tidak-berlaku"
        )  # INVITE_MESSAGES
        return RedirectResponse(f"{routes.ADMIN_INVITE}?{urlencode({'gagal': code})}", 303)
    response = _with_session(RedirectResponse(routes.ADMIN_2FA_SETUP, 303), session_token)
    response.delete_cookie(admin_auth.INVITE_COOKIE, path="/")
    return response  # the invitation ends at 2FA


async def two_factor_qr(request: Request) -> Response:
    """The setup page's QR code, for the signed-in admin setting up 2FA; never cached."""
    admin = await run_in_threadpool(admin_auth.session_admin, request.cookies.get(admin_auth.SESSION_COOKIE, ""))
    if admin is None or admin.next_step not in ("", routes.ADMIN_2FA_SETUP):
        return PlainTextResponse("Akses ditolak", status_code=403)
    svg = await run_in_threadpool(two_factor.setup_qr_svg, admin.id, admin.email)
    if svg is None:
        return PlainTextResponse(NOT_FOUND, status_code=404)
    return Response(svg, media_type="image/svg+xml", headers={"Cache-Control": "no-store"})


async def logout(request: Request) -> Response:
    """Form POST from the admin header: revokes the session and drops the cookie."""
    if not from_our_pages(request):
        return PlainTextResponse("Akses ditolak", status_code=403)
    await run_in_threadpool(admin_auth.logout, request.cookies.get(admin_auth.SESSION_COOKIE, ""))
    response = _back_to_login(keluar="1")
    response.delete_cookie(admin_auth.SESSION_COOKIE, path="/", httponly=True, samesite="strict")
    return response


# ----- submissions with files -----

log = logging.getLogger(__name__)
T = TypeVar("T")
# Submissions storing at once per worker: the rest wait here, on the event loop, rather
# than in the thread pool that page reads and every admin's database calls share.
SUBMISSIONS_AT_ONCE = 3
_slots: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, asyncio.Semaphore] = weakref.WeakKeyDictionary()


def _submission_slot() -> asyncio.Semaphore:
    loop = asyncio.get_running_loop()  # one per worker's loop (and per test client's)
    return _slots.setdefault(loop, asyncio.Semaphore(SUBMISSIONS_AT_ONCE))


async def _files_form(request: Request, max_files: int):
    """The multipart form, or None when it is not one (or the client went away)."""
    try:
        return await request.form(max_files=max_files, max_fields=4)
    except (MultiPartException, HTTPException, ClientDisconnect, ValueError, KeyError, AssertionError):
        return None


async def _over_limit(
    request: Request, action: Action, mail_to: str, *, counted_later: bool = False
) -> JSONResponse | None:
    """A 429 when this client (or the e-mail address it would have us write to) has done
    `action` too often; None otherwise. Counted now, or with `counted_later` only checked
    (the caller counts it once the action succeeded: a refused form costs nothing)."""
    client = client_address(request.headers, request.client.host if request.client else "")
    try:  # no address typed: nothing will be sent, and the form's own check says so
        if counted_later:
            await asyncio.to_thread(rate_limits.check, action, client)
        else:
            counted = [(action, client)] + ([(Action.MAIL_TO, mail_to.strip())] if mail_to.strip() else [])
            await asyncio.to_thread(rate_limits.hit_all, *counted)
    except rate_limits.TooMany as exc:
        return _refused(exc.message, 429, kind="limit")
    return None


def _refused(message: str, status: int = 400, **extra: str) -> JSONResponse:
    return JSONResponse({"message": message, **extra}, status_code=status)


async def _answer(
    work: Callable[[], T], refused: type[Exception], failed: str, made: Callable[[T], dict[str, str]]
) -> JSONResponse:
    """Runs a submission in a thread and answers what the page shows: what it made, a file
    refused (with the toast's title), the service's own refusal, or `failed` (503)."""
    try:
        async with _submission_slot():
            result = await asyncio.to_thread(work)
    except UploadRejected as exc:
        return _refused(exc.message, 422, kind="file", title=exc.title)
    except refused as exc:  # a registration's refusal carries its code for the failure page
        return _refused(str(exc), 422, code=str(getattr(exc, "code", "")))
    except Exception:
        log.exception("submission failed")
        return _refused(failed, 503)
    return JSONResponse(made(result))


async def submit_order(request: Request) -> Response:
    """The confirm page's "Kirim Pesanan": the tab's copy of its checkout and the proof."""
    if not from_our_pages(request):
        return _refused("Akses ditolak", 403)
    form = await _files_form(request, 1)
    draft = checkout_rules.CheckoutDraft.parse(form.get("draft") if form else None)
    if form is None or draft is None:
        return _refused(orders.MSG_GENERIC)
    proof = next(iter(form.getlist("files")), None)
    if not isinstance(proof, UploadFile):
        return _refused(orders.PROOF_MISSING, 422, kind="file", title=orders.PROOF_MISSING)
    # The address is checked, and counted only once an order is stored; the buyer's own
    # limit (rules.ORDERS_PER_BUYER) is counted from the orders stored, in their transaction.
    if refused := await _over_limit(request, Action.ORDER, "", counted_later=True):
        return refused
    data = await proof.read()
    client = client_address(request.headers, request.client.host if request.client else "")

    def place() -> Order:  # in a thread: the order, then the address's count (Redis is I/O)
        order = orders.create_order(
            client_ref=draft.client_ref or new_client_ref(),
            buyer=draft.buyer,
            lines=list(draft.cart),
            payment_method=draft.payment_method,
            proof_filename=proof.filename or "bukti",
            proof_data=data,
            shown_amount=draft.shown,
        )
        rate_limits.hit_quietly(Action.ORDER, client)
        return order

    return await _answer(
        place,
        orders.OrderError,
        "",  # the failure page says it in its own words
        lambda order: {"order_id": str(order.id), "next": orders.success_path(order.id)},
    )


async def submit_registration(request: Request) -> Response:
    """The wizard's "Kirim Pendaftaran": the tab's copy of its fields and the documents,
    each file named after its document ('ktp__foto.jpg')."""
    if not from_our_pages(request):
        return _refused("Akses ditolak", 403)
    form = await _files_form(request, MAX_FILES_PER_REQUEST)
    if form is None:
        return _refused(reg.FAILED_REASON)
    draft = details.WizardDraft.parse(form.get("draft"))
    if refused := await _over_limit(request, Action.REGISTRATION, draft.fields.get("email", "")):
        return refused
    documents: dict[str, bytes] = {}
    for f in form.getlist("files"):
        doc, _, _ = (getattr(f, "filename", "") or "").partition("__")
        if isinstance(f, UploadFile) and DocumentKind.parse(doc):
            documents[doc] = await f.read()
    consent = (
        Consent(client_address(request.headers, request.client.host if request.client else ""), whatsapp=draft.whatsapp)
        if draft.agreed
        else None
    )
    return await _answer(
        functools.partial(
            reg.submit, draft.fields, documents, None, draft.client_ref or new_client_ref(), consent=consent
        ),
        reg.RegistrationError,
        reg.FAILED_REASON,
        lambda registration_id: {"registration_id": str(registration_id), "next": routes.REGISTER_SUCCESS},
    )


async def invoice_pdf(request: Request) -> Response:
    """An invoice PDF for the holder of its signed link (services/orders/invoice.py)."""
    order = await run_in_threadpool(
        invoice.for_link,
        request.path_params["order_id"],
        request.query_params.get("t", ""),
        request.query_params.get("e", ""),
    )
    if order is None:
        return PlainTextResponse(NOT_FOUND, status_code=404)
    serials = await run_in_threadpool(owned.serials, order.id)
    pdf = await run_in_threadpool(invoice.render, order, serials)
    disposition = f'attachment; filename="{invoice.file_name(order)}"'
    return Response(
        pdf,
        media_type="application/pdf",
        headers={"Content-Disposition": disposition, "Cache-Control": "private, no-store"},
    )


async def robots(request: Request) -> Response:
    return PlainTextResponse(structured_data.robots_txt(), headers={"Cache-Control": "public, max-age=3600"})


def files_app() -> Starlette:
    return Starlette(
        routes=[
            Route(routes.ROBOTS, robots),
            Route(routes.API_INVOICE, invoice_pdf),
            Route(routes.METRICS, metrics_page),
            Route(routes.FILES + "/{bucket}/{key:path}", serve_file),
            Route(routes.API_EXPORT, export_csv),
            Route(routes.API_PERSONAL_DATA, personal_data_zip),
            Route(routes.API_ADMIN_LOGIN, login, methods=["POST"]),
            Route(routes.API_ADMIN_LOGOUT, logout, methods=["POST"]),
            Route(routes.API_ADMIN_INVITE, accept_invite, methods=["POST"]),
            Route(routes.API_ADMIN_INVITE_OPEN, open_invite),
            Route(routes.API_2FA_QR, two_factor_qr),
            Route(routes.API_ORDER, submit_order, methods=["POST"]),
            Route(routes.API_REGISTRATION, submit_registration, methods=["POST"]),
            Route(routes.API_SIGN_IN_CODE, customer_auth.send_code, methods=["POST"]),
            Route(routes.API_SIGN_IN, customer_auth.check_code, methods=["POST"]),
            Route(routes.API_SIGN_OUT, customer_auth.sign_out, methods=["POST"]),
            Route(routes.API_ACCOUNT_TRANSACTIONS_CSV, customer_auth.transactions_csv),
            Route(routes.API_ACCOUNT_STATEMENT, customer_auth.monthly_statement),
            Route(routes.API_TRANSACTIONS, transactions_hook.receive, methods=["POST"]),
            Route(routes.API_WHATSAPP, whatsapp_hook.verify, methods=["GET"]),
            Route(routes.API_WHATSAPP, whatsapp_hook.deliver, methods=["POST"]),
        ]
    )
