"""Meta's WhatsApp Cloud API over HTTPS with the bearer token (httpx): a template message,
a free-text reply inside the 24-hour window, and a media file by its id.

Errors carry the API's code: those that sending again cannot fix (a number not on
WhatsApp, a template Meta does not know, a parameter wrong, the window closed, the token
refused) are final; throttling, Meta's own failures and the network are retried.
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass
from typing import Any

import httpx

from terminal_shop.infra.settings import get_settings

TIMEOUT = httpx.Timeout(10.0, connect=5.0)
MEDIA_MAX_BYTES = 10 * 1024 * 1024
# Meta's default throughput per business phone number: 80 messages a second. One process
# never sends faster; a thousand notifications queued at once take about 13 s.
MESSAGES_PER_SECOND = 80
_next_send = 0.0
_pace_lock = threading.Lock()


def _pace() -> None:
    """Waits until this process may send its next message."""
    global _next_send
    with _pace_lock:
        now = time.monotonic()
        wait = _next_send - now
        _next_send = max(now, _next_send) + 1 / MESSAGES_PER_SECOND
    if wait > 0:
        time.sleep(wait)


# https://developers.facebook.com/docs/whatsapp/cloud-api/support/error-codes
FINAL_CODES = {
    100,  # invalid parameter
    190,  # access token expired or invalid: the operator must act, retrying will not help
    131026,  # message undeliverable: the number is not on WhatsApp (or cannot receive)
    131047,  # more than 24 hours since the person's last message: free text not allowed
    131051,  # unsupported message type
    132000,  # the template's parameter count does not match
    132001,  # the template does not exist in this language
    132012,  # a parameter's format does not match the template
    131008,  # a required parameter is missing
}


class WhatsAppError(Exception):
    def __init__(self, code: int, message: str, final: bool) -> None:
        super().__init__(f"{code}: {message}")
        self.code, self.message, self.final = code, message, final


@dataclass(frozen=True)
class Media:
    data: bytes
    mime_type: str


_clients: dict[tuple[str, str], httpx.Client] = {}
_clients_lock = threading.Lock()


def _client() -> httpx.Client:
    """One pooled client per API address and token (a connection kept open between messages)."""
    s = get_settings()
    key = (s.whatsapp_api_url, s.whatsapp_token)
    with _clients_lock:
        if key not in _clients:
            _clients[key] = httpx.Client(
                base_url=s.whatsapp_api_url, headers={"Authorization": f"Bearer {s.whatsapp_token}"}, timeout=TIMEOUT
            )
        return _clients[key]


def _raise_for(response: httpx.Response) -> None:
    if response.is_success:
        return
    response.read()  # a streamed answer's body, for its error
    try:
        error = response.json().get("error", {})
        code, message = int(error.get("code", 0)), str(error.get("message", ""))[:300]
    except (ValueError, AttributeError, TypeError):
        code, message = 0, response.text[:300]
    final = code in FINAL_CODES or (400 <= response.status_code < 500 and response.status_code != 429 and code == 0)
    raise WhatsAppError(code or response.status_code, message or response.reason_phrase, final)


def _post_message(body: dict[str, Any]) -> str:
    """The message's id (wamid...), or WhatsAppError; a network failure is a retryable one."""
    path = f"/{get_settings().whatsapp_phone_number_id}/messages"
    try:
        _pace()
        response = _client().post(path, json={"messaging_product": "whatsapp", "recipient_type": "individual", **body})
    except httpx.HTTPError as exc:
        raise WhatsAppError(0, f"{type(exc).__name__}: {exc}", final=False) from exc
    _raise_for(response)
    return str(response.json()["messages"][0]["id"])


def send_template(to: str, name: str, params: list[str]) -> str:
    parameters = [{"type": "text", "text": p} for p in params]
    template = {"name": name, "language": {"code": "id"}, "components": [{"type": "body", "parameters": parameters}]}
    return _post_message({"to": to, "type": "template", "template": template})


def send_text(to: str, text: str) -> str:
    return _post_message({"to": to, "type": "text", "text": {"preview_url": False, "body": text}})


def media(media_id: str) -> Media:
    """The file a person sent: its URL from the media id, then the file (both with the token),
    refused past MEDIA_MAX_BYTES before it is read whole. Meta's media ids are digits: anything
    else (`../../x`) is refused before a request carries the token (issue 46.11)."""
    if not (media_id.isascii() and media_id.isdigit() and len(media_id) <= 40):
        raise WhatsAppError(0, "media id is not a number", final=True)
    client = _client()
    try:
        meta = client.get(f"/{media_id}")
        _raise_for(meta)
        info = meta.json()
        if int(info.get("file_size") or 0) > MEDIA_MAX_BYTES:
            raise WhatsAppError(0, "file too large", final=True)
        with client.stream("GET", str(info["url"])) as got:
            _raise_for(got)
            chunks, size = [], 0
            for chunk in got.iter_bytes():
                size += len(chunk)
                if size > MEDIA_MAX_BYTES:
                    raise WhatsAppError(0, "file too large", final=True)
                chunks.append(chunk)
    except httpx.HTTPError as exc:
        raise WhatsAppError(0, f"{type(exc).__name__}: {exc}", final=False) from exc
    return Media(b"".join(chunks), str(info.get("mime_type", "")))
