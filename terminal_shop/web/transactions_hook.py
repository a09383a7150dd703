"""The acquirers' webhooks: transactions (services/transactions/ingest.py), payouts sent
(services/payouts/webhook.py), disputes (services/disputes/webhook.py) and the fleet's
heartbeats (services/fleet/heartbeat.py), each a signed POST answered with what was kept, or the reason
it was refused."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from terminal_shop import routes
from terminal_shop.infra import rate_limits
from terminal_shop.infra.rate_limits import Action
from terminal_shop.intake import signed
from terminal_shop.services.disputes import webhook as dispute_webhook
from terminal_shop.services.fleet import heartbeat
from terminal_shop.services.payouts import webhook
from terminal_shop.services.transactions import ingest
from terminal_shop.web.guards import client_address


async def receive(request: Request) -> Response:
    return await _answer(request, ingest.accept, request.path_params["acquirer"])


async def receive_payouts(request: Request) -> Response:
    return await _answer(request, webhook.accept, request.path_params["acquirer"])


async def receive_disputes(request: Request) -> Response:
    return await _answer(request, dispute_webhook.accept, request.path_params["acquirer"])


async def receive_heartbeats(request: Request) -> Response:
    """The fleet's heartbeats (services/fleet/heartbeat.py): signed with the heartbeat secret."""
    return await _answer(request, heartbeat.accept)


async def _answer(request: Request, accept: Callable[..., Any], *sender: str) -> Response:
    """A client whose deliveries keep failing (forged, stale, malformed) is refused before any
    work or row for a while (rate_limits.WEBHOOK_FAILED); a signed acquirer never fails."""
    client = client_address(request.headers, request.client.host if request.client else "")
    try:
        rate_limits.check(Action.WEBHOOK_FAILED, client)
    except rate_limits.TooMany as exc:
        return JSONResponse({"error": "too many refused deliveries"}, status_code=429,
                            headers={"Retry-After": str(exc.minutes * 60)})  # fmt: skip
    body = await request.body()
    try:
        result = await run_in_threadpool(
            accept,
            *sender,  # the acquirer the path names; none for the fleet's heartbeats
            body,
            request.headers.get("x-terminalku-signature", ""),
            request.headers.get("x-terminalku-timestamp", ""),
            None,
            client,
        )
    except signed.WebhookRefused as refused:
        rate_limits.hit_quietly(Action.WEBHOOK_FAILED, client)
        answer: dict[str, object] = {"error": refused.reason}
        if refused.items:
            answer["items"] = [asdict(i) for i in refused.items]
        return JSONResponse(answer, status_code=refused.status)
    return JSONResponse(asdict(result))


ROUTES = [  # mounted by web/api.py: the acquirers' and the devices' signed deliveries
    Route(routes.API_TRANSACTIONS, receive, methods=["POST"]),
    Route(routes.API_PAYOUTS, receive_payouts, methods=["POST"]),
    Route(routes.API_DISPUTES, receive_disputes, methods=["POST"]),
    Route(routes.API_HEARTBEATS, receive_heartbeats, methods=["POST"]),
]
