"""The site's log lines: text for a person at a terminal, or one JSON object a line for a
log collector (LOG_FORMAT=json); each carries the id of the request it belongs to.

The id follows an order from its POST to its e-mail: the outbox row keeps the id of the
request that wrote it, and the sender logs the delivery under it (services/notifications/outbox.py).
"""

from __future__ import annotations

import contextlib
import contextvars
import json
import logging
import secrets
from collections.abc import Iterator
from datetime import UTC, datetime

_request_id: contextvars.ContextVar[str] = contextvars.ContextVar("request_id", default="")
HEADER = "x-request-id"  # set by nginx ($request_id) or made here


def request_id() -> str:
    return _request_id.get()


def new_request_id() -> str:
    return secrets.token_hex(8)


@contextlib.contextmanager
def request_context(rid: str | None) -> Iterator[None]:
    token = _request_id.set(rid or "")
    try:
        yield
    finally:
        _request_id.reset(token)


class _WithRequestId(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        record.request_id = _request_id.get()
        return True


class JsonLines(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        line = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname.lower(),
            "logger": record.name,
            "message": record.getMessage(),
            "request_id": getattr(record, "request_id", ""),
        }
        if record.exc_info:
            line["error"] = self.formatException(record.exc_info)
        return json.dumps(line, ensure_ascii=False)


class _OurHandler(logging.StreamHandler):  # type: ignore[type-arg]  # generic only in typeshed
    """The handler `configure` adds, so a second call adds none."""


def configure(json_lines: bool) -> None:
    """Our loggers ('terminal_shop.*') to stderr, in the chosen format (once per process)."""
    root = logging.getLogger("terminal_shop")
    if any(isinstance(h, _OurHandler) for h in root.handlers):
        return
    handler = _OurHandler()
    handler.addFilter(_WithRequestId())
    handler.setFormatter(
        JsonLines()
        if json_lines
        else logging.Formatter("%(asctime)s %(levelname)s %(name)s [%(request_id)s] %(message)s")
    )
    root.addHandler(handler)
    root.setLevel(logging.INFO)
    root.propagate = False
