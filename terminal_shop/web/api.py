"""Our own HTTP routes, plugged into Reflex through api_transformer (`files_app`): private
files behind signed links, invoices, robots.txt, and the ROUTES each web module declares beside
its handlers (MODULES: the admin's sign-in and exports, the two submissions that carry files,
the customer's sign-in and downloads, the partners' webhooks, /metrics).
"""

from __future__ import annotations

import importlib
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
from terminal_shop.web.guards import NOT_FOUND, client_address


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


OWN = [
    Route(routes.ROBOTS, robots),
    Route(routes.API_INVOICE, invoice_pdf),
    Route(routes.API_WARRANTY_CARD, warranty_card_pdf),
    Route(routes.FILES + "/{bucket}/{key:path}", serve_file),
]
# The web modules that declare ROUTES beside their handlers: a new one is its module and its line.
MODULES = (
    "terminal_shop.web.operations",
    "terminal_shop.web.admin_routes",
    "terminal_shop.web.submissions",
    "terminal_shop.web.customer_auth",
    "terminal_shop.web.transactions_hook",
    "terminal_shop.web.whatsapp_hook",
    "terminal_shop.web.returns",
)


def files_app() -> Starlette:
    return Starlette(routes=OWN + [r for name in MODULES for r in importlib.import_module(name).ROUTES])
