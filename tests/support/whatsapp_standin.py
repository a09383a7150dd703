"""A stand-in of Meta's WhatsApp Cloud API on 127.0.0.1, checking what Meta documents and
answering as Meta does (the code under test is the real client, pointed here by
WHATSAPP_API_URL):

- POST /v21.0/{phone-number-id}/messages with `Authorization: Bearer <token>`: the body must
  be `messaging_product: whatsapp`, `recipient_type: individual`, `to` in international digits,
  and a `template` (name, language.code, body parameters of type text, none empty, no line
  breaks) or a `text` (body). Answers `{"messaging_product", "contacts": [...], "messages":
  [{"id": "wamid...."}]}`, or `{"error": {"message", "type", "code", "fbtrace_id"}}` with the
  documented codes: 131026 for a number not on WhatsApp, 130429 when told to throttle,
  132001 for a template it does not know, 190 for a wrong token.
- GET /v21.0/{media-id} and then the URL it gives, both with the token: a file a person sent.
- `post_webhook` signs a delivery as Meta does (X-Hub-Signature-256) and posts it to the site.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import re
import threading
import time
import uuid
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import httpx
import pytest

VERSION = "v21.0"
TOKEN = "test-whatsapp-token"
PHONE_NUMBER_ID = "109876543210"
APP_SECRET = "test-app-secret"
VERIFY_TOKEN = "test-verify-token"
APPROVED = {"order_received", "payment_confirmed", "payment_rejected", "order_shipped", "order_delivered",
            "registration_received", "registration_approved", "registration_rejected", "device_active",
            "proof_received", "sign_in_code"}  # fmt: skip


class StandIn:
    def __init__(self, port: int) -> None:
        self.port = port
        self.sent: list[dict[str, Any]] = []  # every accepted message body
        self.refused: list[tuple[int, dict[str, Any]]] = []
        self.not_on_whatsapp: set[str] = set()
        self.throttle_next = 0  # answer this many sends with 130429
        self.media: dict[str, tuple[bytes, str]] = {}
        self.gets: list[str] = []  # every GET's path, as asked (with or without the token)
        self.lock = threading.Lock()
        self.server = ThreadingHTTPServer(("127.0.0.1", port), _handler(self))
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}/{VERSION}"

    def start(self) -> StandIn:
        self.thread.start()
        return self

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()

    def reset(self) -> None:
        with self.lock:
            self.sent.clear()
            self.refused.clear()
            self.not_on_whatsapp.clear()
            self.throttle_next = 0
            self.media.clear()
            self.gets.clear()

    def add_media(self, data: bytes, mime_type: str) -> str:
        media_id = str(uuid.uuid4().int)[:16]
        self.media[media_id] = (data, mime_type)
        return media_id

    def wait_for(self, count: int, timeout: float = 20.0) -> list[dict[str, Any]]:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            with self.lock:
                if len(self.sent) >= count:
                    return list(self.sent)
            time.sleep(0.1)
        raise AssertionError(f"the stand-in got {len(self.sent)} messages, not {count}")


def _error(code: int, message: str) -> dict[str, Any]:
    return {
        "error": {"message": message, "type": "OAuthException", "code": code, "fbtrace_id": "A" + uuid.uuid4().hex[:10]}
    }


def _check_message(body: dict[str, Any]) -> str | None:
    """What Meta would refuse in this body (code 100), else None."""
    if body.get("messaging_product") != "whatsapp" or body.get("recipient_type") != "individual":
        return "messaging_product and recipient_type are required"
    if not re.fullmatch(r"[1-9]\d{7,14}", str(body.get("to", ""))):
        return "to must be a phone number in international format"
    if body.get("type") == "template":
        t = body.get("template") or {}
        params = [p for c in t.get("components") or [] if c.get("type") == "body" for p in c.get("parameters") or []]
        if not t.get("name") or (t.get("language") or {}).get("code") != "id":
            return "template name and language code are required"
        for p in params:
            if p.get("type") != "text" or not str(p.get("text", "")).strip() or "\n" in str(p.get("text")):
                return "a text parameter must be non-empty and have no new-line characters"
        return None
    if body.get("type") == "text":
        return None if str((body.get("text") or {}).get("body", "")).strip() else "text.body is required"
    return "unsupported message type"


def _send(standin: StandIn, body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    """The answer to one message, as Meta gives it."""
    with standin.lock:
        if (problem := _check_message(body)) is not None:
            standin.refused.append((100, body))
            return 400, _error(100, f"(#100) Invalid parameter: {problem}")
        if body.get("type") == "template" and body["template"]["name"] not in APPROVED:
            standin.refused.append((132001, body))
            return 404, _error(132001, "Template name does not exist in the translation")
        if standin.throttle_next > 0:
            standin.throttle_next -= 1
            standin.refused.append((130429, body))
            return 429, _error(130429, "Rate limit hit")
        if body["to"] in standin.not_on_whatsapp:
            standin.refused.append((131026, body))
            return 400, _error(131026, "Message undeliverable")
        standin.sent.append(body)
    wamid = "wamid.HBgM" + uuid.uuid4().hex.upper()
    return 200, {"messaging_product": "whatsapp", "contacts": [{"input": body["to"], "wa_id": body["to"]}],
                 "messages": [{"id": wamid}]}  # fmt: skip


def _get(standin: StandIn, path: str) -> tuple[int, dict[str, Any] | bytes, str]:
    """A media id's description (with the file's URL), or the file itself."""
    if m := re.fullmatch(rf"/{VERSION}/(\d+)", path):
        found = standin.media.get(m.group(1))
        if found is None:
            return 404, _error(100, "Media not found"), "application/json"
        data, mime = found
        url = f"http://127.0.0.1:{standin.port}/media-files/{m.group(1)}"
        return 200, {"messaging_product": "whatsapp", "url": url, "mime_type": mime,
                     "sha256": hashlib.sha256(data).hexdigest(), "file_size": len(data), "id": m.group(1)}, "application/json"  # fmt: skip
    if (m := re.fullmatch(r"/media-files/(\d+)", path)) and m.group(1) in standin.media:
        data, mime = standin.media[m.group(1)]
        return 200, data, mime
    return 404, _error(100, "Unknown path"), "application/json"


def _handler(standin: StandIn):
    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *args) -> None:  # quiet
            pass

        def _answer(self, status: int, body: dict[str, Any] | bytes, content_type: str = "application/json") -> None:
            data = body if isinstance(body, bytes) else json.dumps(body).encode()
            self.send_response(status)
            self.send_header("Content-Type", content_type)
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def _authorised(self) -> bool:
            if self.headers.get("Authorization") != f"Bearer {TOKEN}":
                self._answer(401, _error(190, "Error validating access token"))
                return False
            return True

        def do_POST(self) -> None:
            if not self._authorised():
                return
            if self.path != f"/{VERSION}/{PHONE_NUMBER_ID}/messages":
                self._answer(400, _error(100, "Unsupported post request"))
                return
            body = json.loads(self.rfile.read(int(self.headers.get("Content-Length") or 0)) or b"{}")
            self._answer(*_send(standin, body))

        def do_GET(self) -> None:
            standin.gets.append(self.path)
            if self._authorised():
                self._answer(*_get(standin, self.path))

    return Handler


def signature(body: bytes, secret: str = APP_SECRET) -> str:
    return "sha256=" + hmac.new(secret.encode(), body, hashlib.sha256).hexdigest()


def delivery(value: dict[str, Any]) -> dict[str, Any]:
    """A webhook delivery as Meta wraps it."""
    value = {"messaging_product": "whatsapp", "metadata": {"display_phone_number": "6281100000000",
             "phone_number_id": PHONE_NUMBER_ID}, **value}  # fmt: skip
    return {
        "object": "whatsapp_business_account",
        "entry": [{"id": "WABA1", "changes": [{"value": value, "field": "messages"}]}],
    }


def inbound_text(number: str, text: str, message_id: str | None = None) -> dict[str, Any]:
    return delivery({
        "contacts": [{"profile": {"name": "Pembeli"}, "wa_id": number}],
        "messages": [{"from": number, "id": message_id or f"wamid.IN{uuid.uuid4().hex}", "timestamp": str(int(time.time())),
                      "type": "text", "text": {"body": text}}],
    })  # fmt: skip


def status(wamid: str, state: str, number: str, error_code: int | None = None) -> dict[str, Any]:
    item: dict[str, Any] = {"id": wamid, "status": state, "timestamp": str(int(time.time())), "recipient_id": number}
    if error_code:
        item["errors"] = [{"code": error_code, "title": "Message undeliverable"}]
    return delivery({"statuses": [item]})


def post_webhook(site: str, payload: dict[str, Any], secret: str = APP_SECRET, tamper: bool = False) -> httpx.Response:
    body = json.dumps(payload).encode()
    headers = {"Content-Type": "application/json", "X-Hub-Signature-256": signature(body, secret)}
    if tamper:
        body = body.replace(b"whatsapp", b"WHATSAPP", 1)
    return httpx.post(f"{site}/api/whatsapp/webhook", content=body, headers=headers, timeout=10)


@pytest.fixture(scope="session")
def _whatsapp_server():
    from support.environment import WHATSAPP_PORT  # here: bench/whatsapp_send.py imports this module too

    standin = StandIn(WHATSAPP_PORT).start()
    yield standin
    standin.stop()


@pytest.fixture
def whatsapp(_whatsapp_server, clean_db):
    """The Cloud API's stand-in, emptied; the database too."""
    _whatsapp_server.reset()
    return _whatsapp_server
