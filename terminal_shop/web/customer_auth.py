"""Signing a buyer or merchant in and out (services/customers/signin.py): plain form POSTs
from /masuk and /akun, answered with a redirect; the cookies are set here, HttpOnly, so no
script and no tab state ever holds the session."""

from __future__ import annotations

from datetime import timedelta
from urllib.parse import urlencode

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import PlainTextResponse, RedirectResponse, Response
from starlette.routing import Route

from terminal_shop import reflex_compat, routes, rules
from terminal_shop.infra.settings import get_settings
from terminal_shop.services.customers import sessions, signin
from terminal_shop.services.customers.terms import SignInRefusal
from terminal_shop.services.merchant_team import activity, invitations, members
from terminal_shop.services.merchant_team import scope as team_scope
from terminal_shop.services.merchant_team.events import AccountDownloaded
from terminal_shop.services.merchant_team.terms import Ability, TeamRefusal
from terminal_shop.services.payouts import export as payout_export
from terminal_shop.services.transactions import fee_invoices, history, statement
from terminal_shop.state.account import account_states
from terminal_shop.web.guards import client_address, from_our_pages, private_cookie


def _to_sign_in(**query: str) -> RedirectResponse:
    return RedirectResponse(f"{routes.SIGN_IN}?{urlencode(query)}" if query else routes.SIGN_IN, status_code=303)


async def send_code(request: Request) -> Response:
    if not from_our_pages(request):
        return PlainTextResponse("Akses ditolak", status_code=403)
    form = await request.form()
    email = str(form.get("email", ""))[:254]
    client = client_address(request.headers, request.client.host if request.client else "")
    browser, _ = signin.read_pending_cookie(request.cookies.get(signin.EMAIL_COOKIE, ""))
    browser = browser or signin.new_browser()  # "Kirim ulang kode" replaces this browser's own code
    try:
        await run_in_threadpool(signin.request_code, email, client, browser)
    except signin.SignInError as exc:
        return _to_sign_in(gagal=exc.code.value)
    response = _to_sign_in(langkah="kode")
    typed = signin.normal_email(email) if "@" in email else email.strip()[:40]  # an HP as typed
    pending = signin.pending_cookie(browser, typed)
    return private_cookie(response, signin.EMAIL_COOKIE, pending, signin.CODE_VALID, "lax")


async def check_code(request: Request) -> Response:
    if not from_our_pages(request):
        return PlainTextResponse("Akses ditolak", status_code=403)
    browser, email = signin.read_pending_cookie(request.cookies.get(signin.EMAIL_COOKIE, ""))
    if not email:
        return _to_sign_in(gagal=SignInRefusal.SESSION.value)
    form = await request.form()
    code = str(form.get("code", ""))[:20]
    try:
        token = await run_in_threadpool(signin.verify, email, code, browser, request.headers.get("user-agent", ""),
                                        str(form.get("tab", ""))[:64])  # fmt: skip
    except signin.SignInError as exc:
        return _to_sign_in(langkah="kode", gagal=exc.code.value)
    invited = bool(request.cookies.get(invitations.COOKIE))  # back to the invitation: joining is their click
    response = RedirectResponse(routes.TEAM_INVITATION if invited else routes.ACCOUNT, status_code=303)
    response.delete_cookie(signin.EMAIL_COOKIE, path="/")
    lifetime = timedelta(days=signin.SESSION_DAYS)
    response.set_cookie(signin.SIGNED_IN_HINT_COOKIE, "1", max_age=int(lifetime.total_seconds()), path="/",
                        samesite="lax", secure=get_settings().secure_cookies)  # fmt: skip
    return private_cookie(response, signin.SESSION_COOKIE, token, lifetime, "lax")


async def sign_out(request: Request) -> Response:
    if not from_our_pages(request):
        return PlainTextResponse("Akses ditolak", status_code=403)
    form = await request.form()
    token_hash = signin.hash_token(request.cookies.get(signin.SESSION_COOKIE, "") or "-")
    ended = await run_in_threadpool(sessions.end_all if form.get("semua") else sessions.end, token_hash)
    await reflex_compat.empty_tab_states(ended, account_states())  # every tab that read the account, this one too
    response = _to_sign_in(keluar="1")
    response.delete_cookie(signin.SESSION_COOKIE, path="/")
    response.delete_cookie(signin.SIGNED_IN_HINT_COOKIE, path="/")
    return response


async def _join(token: str, email: str, token_hash: str) -> TeamRefusal | None:
    """The invitation joined by this signed-in address, and this browser works for it."""
    try:
        await run_in_threadpool(members.accept, token, email, token_hash)
    except members.TeamError as exc:
        return exc.code
    return None


async def open_invitation(request: Request) -> Response:
    """The e-mailed link: its token into an HttpOnly cookie (never in an address or tab state),
    then the invitation's page, which says who invites and as what; a GET joins nothing
    (issue 63.4: opening the link switched a signed-in person to the inviting team at once)."""
    token = request.query_params.get("token", "")[:100]
    response = RedirectResponse(routes.TEAM_INVITATION, status_code=303)
    return private_cookie(response, invitations.COOKIE, token, rules.INVITE_VALID, "lax") if token else response


async def join_invitation(request: Request) -> Response:
    """ "Gabung dengan <usaha> sebagai <peran>": the signed-in invitee joins, and works for that
    team in this browser; another address is told so and joins nothing."""
    if not from_our_pages(request):
        return PlainTextResponse("Akses ditolak", status_code=403)
    session = request.cookies.get(signin.SESSION_COOKIE, "")
    token_hash = signin.hash_token(session) if session else ""
    customer = await run_in_threadpool(signin.session_customer, token_hash) if session else None
    if customer is None:
        return _to_sign_in(undangan="1")
    refusal = await _join(request.cookies.get(invitations.COOKIE, ""), customer.email, token_hash)
    if refusal is TeamRefusal.OTHER_ADDRESS:  # kept: they may sign in with the invited address
        return RedirectResponse(routes.TEAM_INVITATION, status_code=303)
    response = RedirectResponse(_account(refusal), status_code=303)
    response.delete_cookie(invitations.COOKIE, path="/")
    return response


def _account(refusal: TeamRefusal | None) -> str:
    """/akun, saying why an invitation was not joined (AccountState._open reads it)."""
    return f"{routes.ACCOUNT}?{urlencode({'undangan': refusal.value})}" if refusal else routes.ACCOUNT


async def _scope_of_session(request: Request) -> team_scope.Scope | None:
    """What the signed-in browser may see (None: not signed in), the same scope every account
    handler uses (services/merchant_team/scope.py); who it is, on the request."""
    token = request.cookies.get(signin.SESSION_COOKIE, "")
    token_hash = signin.hash_token(token) if token else ""
    customer = await run_in_threadpool(signin.session_customer, token_hash) if token else None
    if customer is None:
        return None
    request.state.customer_email = customer.email
    return await run_in_threadpool(team_scope.of_session, token_hash, customer.email)


def _refused() -> Response:
    return PlainTextResponse("Akses ditolak: peran Anda tidak mencakup unduhan ini", status_code=403)


def _who(request: Request) -> str:
    return str(getattr(request.state, "customer_email", ""))


async def transactions_csv(request: Request) -> Response:
    """The signed-in merchant's transactions the dashboard's filters match, as a CSV file."""
    scope = await _scope_of_session(request)
    if scope is None:
        return RedirectResponse(routes.SIGN_IN, status_code=303)
    if not scope.can(Ability.REPORTS):
        return _refused()
    filters, _ = history.Filters.parse(dict(request.query_params))
    text = await run_in_threadpool(history.csv_text, scope.reach(Ability.REPORTS), filters)
    await run_in_threadpool(activity.acted, list(scope.merchants), AccountDownloaded, _who(request), "CSV transaksi")
    name = f"transaksi-{filters.start.isoformat()}-{filters.end.isoformat()}.csv"
    return Response(
        text.encode("utf-8-sig"),  # Excel reads the BOM as UTF-8
        media_type="text/csv; charset=utf-8",
        headers={"Content-Disposition": f'attachment; filename="{name}"', "Cache-Control": "private, no-store"},
    )


async def payouts_csv(request: Request) -> Response:
    """The signed-in merchant's payouts of the last year, as a CSV file."""
    scope = await _scope_of_session(request)
    if scope is None:
        return RedirectResponse(routes.SIGN_IN, status_code=303)
    merchants = scope.merchant_ids(Ability.PAYOUTS)
    if not merchants:
        return _refused()
    text = await run_in_threadpool(payout_export.csv_text, merchants)
    await run_in_threadpool(activity.acted, merchants, AccountDownloaded, _who(request), "CSV pencairan")
    return Response(
        text.encode("utf-8-sig"),
        media_type="text/csv; charset=utf-8",
        headers={"Content-Disposition": 'attachment; filename="pencairan.csv"', "Cache-Control": "private, no-store"},
    )


async def fee_invoice(request: Request) -> Response:
    """One of the signed-in owner's monthly MDR invoices, as a PDF (services/transactions/fee_invoices.py)."""
    scope = await _scope_of_session(request)
    if scope is None:
        return RedirectResponse(routes.SIGN_IN, status_code=303)
    merchants = scope.merchant_ids(Ability.PAYOUTS)
    found = await run_in_threadpool(fee_invoices.download, merchants, request.query_params.get("nomor", "")[:30])
    if not merchants or found is None:
        return PlainTextResponse("Invoice tidak ditemukan", status_code=404)
    name, pdf = found
    await run_in_threadpool(activity.acted, merchants, AccountDownloaded, _who(request), f"invoice {name}")
    return Response(pdf, media_type="application/pdf", headers={
        "Content-Disposition": f'attachment; filename="{name}"', "Cache-Control": "private, no-store"})  # fmt: skip


async def monthly_statement(request: Request) -> Response:
    """A month's statement (laporan) for one of the signed-in merchant's MIDs, as a PDF."""
    scope = await _scope_of_session(request)
    if scope is None:
        return RedirectResponse(routes.SIGN_IN, status_code=303)
    if not scope.can(Ability.REPORTS):
        return _refused()
    mid, month = request.query_params.get("mid", "")[:20], request.query_params.get("bulan", "")[:7]
    payouts = payout_export.month_rows if scope.can(Ability.PAYOUTS) else None  # the payouts table: the owner's
    pdf = await run_in_threadpool(statement.render, scope.reach(Ability.REPORTS), mid, month, payouts)
    if pdf is None:
        return PlainTextResponse("Laporan tidak ditemukan", status_code=404)
    await run_in_threadpool(
        activity.acted, list(scope.merchants), AccountDownloaded, _who(request), f"laporan MID {mid} {month}"
    )
    return Response(pdf, media_type="application/pdf", headers={
        "Content-Disposition": f'attachment; filename="laporan-{mid}-{month}.pdf"', "Cache-Control": "private, no-store"})  # fmt: skip


ROUTES = [  # mounted by web/api.py
    Route(routes.API_SIGN_IN_CODE, send_code, methods=["POST"]),
    Route(routes.API_SIGN_IN, check_code, methods=["POST"]),
    Route(routes.API_SIGN_OUT, sign_out, methods=["POST"]),
    Route(routes.API_ACCOUNT_TRANSACTIONS_CSV, transactions_csv),
    Route(routes.API_ACCOUNT_STATEMENT, monthly_statement),
    Route(routes.API_ACCOUNT_PAYOUTS_CSV, payouts_csv),
    Route(routes.API_ACCOUNT_FEE_INVOICE, fee_invoice),
    Route(routes.API_TEAM_INVITE, open_invitation, methods=["GET"]),
    Route(routes.API_TEAM_INVITE, join_invitation, methods=["POST"]),
]
