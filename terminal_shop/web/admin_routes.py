"""The admin's own HTTP routes: sign-in and sign-out, invitations, the 2FA picture, CSV
exports and personal-data archives.

Sign-in is a plain form POST, not a websocket event: the session token then travels only
in an HttpOnly cookie and never through (or into) Reflex's tab state. The next page load
opens a websocket that carries the cookie, and `state/admin/session.py` reads it there.
"""

from __future__ import annotations

import asyncio
from datetime import date
from urllib.parse import urlencode

from starlette.concurrency import iterate_in_threadpool, run_in_threadpool
from starlette.requests import Request
from starlette.responses import PlainTextResponse, RedirectResponse, Response, StreamingResponse
from starlette.routing import Route

from terminal_shop import admin_pages, routes
from terminal_shop.infra import rate_limits
from terminal_shop.infra.rate_limits import Action
from terminal_shop.services.audit import access_log
from terminal_shop.services.audit.terms import AccessAction
from terminal_shop.services.disputes import export as dispute_export
from terminal_shop.services.orders import tax_invoices
from terminal_shop.services.privacy import incidents, requests
from terminal_shop.services.team import admin_accounts, admin_auth, permissions, two_factor
from terminal_shop.services.team.permissions import Permission
from terminal_shop.services.team.terms import AccountRefusal
from terminal_shop.services.transactions import fee_invoices
from terminal_shop.web.guards import NOT_FOUND, client_address, from_our_pages, private_cookie


async def _admin_with(request: Request, permission: Permission | None) -> admin_auth.Admin | None:
    """The signed-in admin (by the session cookie) whose role grants `permission`, or None."""
    admin = await run_in_threadpool(admin_auth.session_admin, request.cookies.get(admin_auth.SESSION_COOKIE, ""))
    if admin is None or admin.next_step or not permissions.allows(admin.role, permission):
        return None
    return admin


async def export_csv(request: Request) -> Response:
    """Streams a CSV export to a signed-in admin (the session cookie travels with the download)."""
    kind = request.path_params["kind"]
    export = admin_pages.export(kind)  # declared by the list's page: its service and who may export
    admin = await _admin_with(request, export.needs) if export else None
    if admin is None or export is None:
        return PlainTextResponse("Akses ditolak", status_code=403)
    filename = f"{kind}_{date.today().isoformat()}.csv"
    query = export.service.query_from(request.query_params)
    filters = urlencode(query.changed().params()) or "semua data"  # the list's own URL filters
    await run_in_threadpool(access_log.record, admin.email, AccessAction.EXPORTED, kind, "-", f"CSV: {filters}")
    return StreamingResponse(
        iterate_in_threadpool(export.service.export_csv(query)),
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


async def dispute_zip(request: Request) -> Response:
    """A dispute's case with its evidence, to send on to the acquirer (services/disputes/export.py)."""
    admin = await _admin_with(request, Permission.TRANSACTIONS)
    if admin is None:
        return PlainTextResponse("Akses ditolak", status_code=403)
    found = await run_in_threadpool(dispute_export.case_zip, request.path_params["dispute_id"], admin.email)
    if found is None:
        return PlainTextResponse(NOT_FOUND, status_code=404)
    name, data = found
    headers = {"Content-Disposition": f'attachment; filename="{name}"', "Cache-Control": "no-store"}
    return Response(data, media_type="application/zip", headers=headers)


async def coretax_csv(request: Request) -> Response:
    """A month's fakturs as the finance staff take them into Coretax (?bulan=YYYY-MM): the PKP
    buyers' orders, or with ?jenis=mdr the PKP merchants' monthly MDR invoices (issue 61.2)."""
    admin = await _admin_with(request, Permission.ORDERS_EXPORT)
    if admin is None:
        return PlainTextResponse("Akses ditolak", status_code=403)
    fees = request.query_params.get("jenis") == "mdr"
    export, kind = (fee_invoices.coretax_csv, "merchants") if fees else (tax_invoices.coretax_csv, "orders")
    name, text = await run_in_threadpool(export, request.query_params.get("bulan", "")[:7])
    await run_in_threadpool(access_log.record, admin.email, AccessAction.EXPORTED, kind, "-", f"Coretax {name}")
    return Response(text.encode("utf-8-sig"), media_type="text/csv; charset=utf-8",
                    headers={"Content-Disposition": f'attachment; filename="{name}"', "Cache-Control": "no-store"})  # fmt: skip


async def incident_letter(request: Request) -> Response:
    """A data incident's letter to the authority (services/privacy/incidents.py), the owner's."""
    admin = await _admin_with(request, Permission.PERSONAL_DATA)
    if admin is None:
        return PlainTextResponse("Akses ditolak", status_code=403)
    try:
        incident = int(request.path_params["incident_id"])
        name, data = await run_in_threadpool(incidents.letter, incident, admin.email)
    except (ValueError, incidents.IncidentRefused):
        return PlainTextResponse(NOT_FOUND, status_code=404)
    headers = {"Content-Disposition": f'attachment; filename="{name}"', "Cache-Control": "no-store"}
    return Response(data, media_type="application/pdf", headers=headers)


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
        gone = AccountRefusal.INVITE_GONE
        code = refused.code.value if isinstance(refused, admin_accounts.AccountError) else gone.value
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


ROUTES = [  # mounted by web/api.py
    Route(routes.API_EXPORT, export_csv),
    Route(routes.API_PERSONAL_DATA, personal_data_zip),
    Route(routes.API_ADMIN_LOGIN, login, methods=["POST"]),
    Route(routes.API_ADMIN_LOGOUT, logout, methods=["POST"]),
    Route(routes.API_ADMIN_INVITE, accept_invite, methods=["POST"]),
    Route(routes.API_ADMIN_INVITE_OPEN, open_invite),
    Route(routes.API_2FA_QR, two_factor_qr),
    Route(routes.API_ADMIN_DISPUTE, dispute_zip),
    Route(routes.API_ADMIN_INCIDENT_LETTER, incident_letter),
    Route(routes.API_ADMIN_CORETAX, coretax_csv),
]
