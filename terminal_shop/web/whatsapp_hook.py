"""The WhatsApp Cloud API's webhook (services/whatsapp/webhook.py): GET answers Meta's
subscription handshake, POST takes a signed delivery. Meta retries anything but a 200, so a
delivery we took is answered 200 even when an item in it was ignored."""

from __future__ import annotations

import json
import logging

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import PlainTextResponse, Response
from starlette.routing import Route

from terminal_shop import routes
from terminal_shop.services.whatsapp import webhook

log = logging.getLogger(__name__)


async def verify(request: Request) -> Response:
    q = request.query_params
    challenge = webhook.handshake(q.get("hub.mode", ""), q.get("hub.verify_token", ""), q.get("hub.challenge", ""))
    if challenge is None:
        return PlainTextResponse("Forbidden", status_code=403)
    return PlainTextResponse(challenge)


async def deliver(request: Request) -> Response:
    body = await request.body()
    if not webhook.signed(body, request.headers.get("x-hub-signature-256", "")):
        log.warning("whatsapp webhook: signature refused")
        return PlainTextResponse("Invalid signature", status_code=401)
    try:
        payload = json.loads(body)
    except ValueError:
        return PlainTextResponse("Invalid JSON", status_code=400)
    await run_in_threadpool(webhook.receive, payload if isinstance(payload, dict) else {})
    return PlainTextResponse("OK")


ROUTES = [  # mounted by web/api.py
    Route(routes.API_WHATSAPP, verify, methods=["GET"]),
    Route(routes.API_WHATSAPP, deliver, methods=["POST"]),
]
