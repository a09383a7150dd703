"""The fleet's heartbeats (README, Heartbeats): `POST /api/detak` with `{"heartbeats": [...]}`
(1 to 1,000), signed as the transactions webhook is (`X-Terminalku-Timestamp`,
`X-Terminalku-Signature`: HMAC-SHA256 of `<timestamp>.<raw body>`) with the heartbeat secret
(settings: HEARTBEAT_SECRET, or one derived from the site's key). Each item: `sn`, `at` (ISO
8601 with its offset), `app_version`, `firmware`, `battery` and `signal` (0-100 or null),
`paper` (ok, low, out, none). Refused as a whole: a wrong signature or a timestamp more than 5
minutes off (401, counted), a malformed body (400). Refused per item and counted, never stored:
an SN no unit has, a time more than 10 minutes ahead or older than a day. A unit's row keeps its
newest beat; a beat arriving late (older than the one kept) changes nothing."""

from __future__ import annotations

import hashlib
import hmac
import re
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy.dialects import postgresql, sqlite
from sqlmodel import Session

from terminal_shop.infra.db import write_session
from terminal_shop.infra.models import table_of
from terminal_shop.infra.settings import get_settings
from terminal_shop.intake import signed, tallies
from terminal_shop.services.devices import units
from terminal_shop.services.fleet.tables import DeviceHeartbeat
from terminal_shop.services.fleet.terms import Paper

SOURCE = "detak"  # how refusals are tallied (intake/tallies.py)
MAX_ITEMS = 1_000
AHEAD, OLDEST = timedelta(minutes=10), timedelta(days=1)
VERSION = re.compile(r"\d{1,4}(\.\d{1,4}){0,3}")


HeartbeatRefused = signed.WebhookRefused  # the same answer as the acquirers' webhooks (web/transactions_hook.py)


@dataclass
class Beats:
    accepted: int = 0
    refused: list[dict[str, Any]] = field(default_factory=list)  # index, reason


def secret() -> str:
    s = get_settings()
    return s.heartbeat_secret or hmac.new(s.secret_key.encode(), b"heartbeat", hashlib.sha256).hexdigest()


sign = signed.sign  # the acquirers' signing, with the heartbeat secret


def app_key(version: str) -> str:
    """'1.4.2' -> '0001.0004.0002.0000': compared as text in SQL."""
    parts = [int(p) for p in version.split(".")] if VERSION.fullmatch(version) else []
    return ".".join(f"{p:04d}" for p in (parts + [0, 0, 0, 0])[:4]) if parts else ""


def _percent(value: Any) -> int | None:
    if value is None:
        return None
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 100:
        raise ValueError
    return value


def _paper(value: Any) -> str:
    found = Paper.parse(str(value or "ok"))
    if found is None:
        raise ValueError
    return found.value


def _item(x: Any, now: datetime) -> dict[str, Any] | str:
    """The row to keep, or why the item is refused."""
    try:
        at = datetime.fromisoformat(str(x["at"]))
        row = {"sn": str(x["sn"]).strip().upper()[:30], "app_version": str(x.get("app_version") or "")[:20],
               "firmware": str(x.get("firmware") or "")[:40], "battery": _percent(x.get("battery")),
               "signal": _percent(x.get("signal")), "paper": _paper(x.get("paper"))}  # fmt: skip
    except (KeyError, TypeError, ValueError):
        return "sn and at (ISO 8601 with offset) required; battery, signal 0-100; paper ok, low, out or none"
    if at.tzinfo is None:
        return "at needs its offset (+07:00 or Z)"
    if not now - OLDEST <= at <= now + AHEAD:
        return "at more than 10 minutes ahead or older than a day"
    return {**row, "seen_at": at.astimezone(UTC), "app_key": app_key(str(row["app_version"]))}


def accept(body: bytes, signature: str, timestamp: str, now: float | None = None, client: str = "") -> Beats:
    at = now if now is not None else time.time()
    signed.verified(SOURCE, secret(), body, signature, timestamp, at, client)
    try:
        raw = signed.listed(body, "heartbeats", MAX_ITEMS)
    except ValueError as bad:
        raise HeartbeatRefused(400, str(bad)) from None
    moment = datetime.fromtimestamp(at, UTC)
    with write_session() as s:
        return _store(s, [_item(x, moment) for x in raw], moment)


def _store(s: Session, items: list[dict[str, Any] | str], now: datetime) -> Beats:
    taken = Beats()
    ids = units.ids_of_serials(s, {i["sn"] for i in items if isinstance(i, dict)})
    rows: dict[Any, dict[str, Any]] = {}
    for index, item in enumerate(items):
        reason = item if isinstance(item, str) else ("unknown sn" if item["sn"] not in ids else "")
        if reason:
            taken.refused.append({"index": index, "reason": reason})
            tallies.record(SOURCE, reason, f"#{index}", s)
            continue
        assert isinstance(item, dict)
        device_id, active = ids[item.pop("sn")]
        if device_id not in rows or rows[device_id]["seen_at"] < item["seen_at"]:
            rows[device_id] = {"device_id": device_id, "received_at": now, "alerted_at": None, "active": active, **item}
        taken.accepted += 1
    if rows:
        _upsert(s, list(rows.values()))
    return taken


def _upsert(s: Session, rows: list[dict[str, Any]]) -> None:
    """One statement for the batch: a newer beat replaces the kept one (and ends an offline
    episode: its alert is cleared); an older one is ignored."""
    table = table_of(DeviceHeartbeat)
    insert = (postgresql.insert if s.get_bind().dialect.name == "postgresql" else sqlite.insert)(table)
    kept = [c.name for c in table.columns if c.name != "device_id"]
    s.execute(insert.values(rows).on_conflict_do_update(
        index_elements=["device_id"], set_={c: insert.excluded[c] for c in kept},
        where=table.c.seen_at < insert.excluded.seen_at))  # fmt: skip
