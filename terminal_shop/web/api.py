"""Our own HTTP routes, plugged into Reflex through api_transformer (`files_app`): private
files behind signed links, invoices, robots.txt, and the routes of web/admin_routes.py (the
admin's sign-in, sign-out, invitations and exports), web/submissions.py (the two submissions
that carry files), web/customer_auth.py and the partners' webhooks.
"""

from __future__ import annotations

import re

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import PlainTextResponse, Response
from starlette.routing import Route

from terminal_shop import routes, structured_data
from terminal_shop.infra.settings import get_settings
from terminal_shop.infra.storage import LocalStorage, StorageError, content_type_for, get_storage
from terminal_shop.services.devices import owned, warranty_card
from terminal_shop.services.orders import invoice
from terminal_shop.web import customer_auth, transactions_hook, whatsapp_hook
from terminal_shop.web.admin_routes import (
    accept_invite,
    coretax_csv,
    dispute_zip,
    export_csv,
    incident_letter,
    login,
    logout,
    open_invite,
    personal_data_zip,
    two_factor_qr,
)
from terminal_shop.web.guards import NOT_FOUND, client_address
from terminal_shop.web.operations import metrics_page
from terminal_shop.web.submissions import submit_order, submit_registration


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
        headers["Content-Security-Policy"] = (
            "default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'"
        )
    return Response(data, media_type=media_type, headers=headers)


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


async def warranty_card_pdf(request: Request) -> Response:
    """A unit's warranty card for whoever has its serial number, counted as a /garansi lookup."""
    client = client_address(request.headers, request.client.host if request.client else "")
    try:
        card = await run_in_threadpool(warranty_card.requested, request.query_params.get("sn", "")[:40], client)
    except owned.WarrantyRefused as refused:
        return PlainTextResponse(refused.text, status_code=429)
    if card is None:
        return PlainTextResponse(warranty_card.NO_CARD, status_code=404)
    pdf = await run_in_threadpool(warranty_card.render, card)
    disposition = f'attachment; filename="kartu-garansi-{re.sub(r"[^A-Za-z0-9-]", "", card.serial)}.pdf"'
    return Response(pdf, media_type="application/pdf", headers={"Content-Disposition": disposition})


async def robots(request: Request) -> Response:
    return PlainTextResponse(structured_data.robots_txt(), headers={"Cache-Control": "public, max-age=3600"})


def files_app() -> Starlette:
    return Starlette(
        routes=[
            Route(routes.ROBOTS, robots),
            Route(routes.API_INVOICE, invoice_pdf),
            Route(routes.API_WARRANTY_CARD, warranty_card_pdf),
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
            Route(routes.API_ACCOUNT_PAYOUTS_CSV, customer_auth.payouts_csv),
            Route(routes.API_ACCOUNT_FEE_INVOICE, customer_auth.fee_invoice),
            Route(routes.API_TEAM_INVITE, customer_auth.open_invitation, methods=["GET"]),
            Route(routes.API_TEAM_INVITE, customer_auth.join_invitation, methods=["POST"]),
            Route(routes.API_TRANSACTIONS, transactions_hook.receive, methods=["POST"]),
            Route(routes.API_PAYOUTS, transactions_hook.receive_payouts, methods=["POST"]),
            Route(routes.API_DISPUTES, transactions_hook.receive_disputes, methods=["POST"]),
            Route(routes.API_HEARTBEATS, transactions_hook.receive_heartbeats, methods=["POST"]),
            Route(routes.API_ADMIN_DISPUTE, dispute_zip),
            Route(routes.API_ADMIN_INCIDENT_LETTER, incident_letter),
            Route(routes.API_ADMIN_CORETAX, coretax_csv),
            Route(routes.API_WHATSAPP, whatsapp_hook.verify, methods=["GET"]),
            Route(routes.API_WHATSAPP, whatsapp_hook.deliver, methods=["POST"]),
        ]
    )
