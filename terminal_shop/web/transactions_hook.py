"""The acquirers' transactions webhook (services/transactions/ingest.py): a signed POST,
answered with what was kept, or the reason it was refused."""

from __future__ import annotations

from dataclasses import asdict

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from terminal_shop.services.transactions import ingest


async def receive(request: Request) -> Response:
    body = await request.body()
    try:
        result = await run_in_threadpool(
            ingest.accept,
            request.path_params["acquirer"],
            body,
            request.headers.get("x-terminalku-signature", ""),
            request.headers.get("x-terminalku-timestamp", ""),
        )
    except ingest.WebhookRefused as refused:
        return JSONResponse({"error": refused.reason}, status_code=refused.status)
    return JSONResponse(asdict(result))
