"""A refunded return's credit note for the holder of its signed link (services/returns/credit_note.py)."""

from __future__ import annotations

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import PlainTextResponse, Response
from starlette.routing import Route

from terminal_shop import routes
from terminal_shop.services.returns import credit_note

NOT_FOUND = "Nota kredit tidak ditemukan atau tautannya sudah kedaluwarsa. Buka lagi dari halaman pesanan."


async def credit_note_pdf(request: Request) -> Response:
    found = await run_in_threadpool(
        credit_note.for_link,
        request.path_params["return_id"],
        request.query_params.get("t", ""),
        request.query_params.get("e", ""),
    )
    if found is None:
        return PlainTextResponse(NOT_FOUND, status_code=404)
    name, pdf = found
    headers = {"Content-Disposition": f'attachment; filename="{name}"', "Cache-Control": "private, no-store"}
    return Response(pdf, media_type="application/pdf", headers=headers)


ROUTES = [Route(routes.API_CREDIT_NOTE, credit_note_pdf)]
