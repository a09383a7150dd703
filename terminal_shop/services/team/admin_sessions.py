"""An admin's own signed-in sessions ("Sesi aktif"): where each is, and ending them. A tab
left open elsewhere is ended from here; the owner ends any admin's sessions from "Akun admin"."""

from __future__ import annotations

import re
import uuid
from datetime import datetime
from typing import Any

from sqlalchemy import update
from sqlmodel import col, select

from terminal_shop.formats import wib
from terminal_shop.infra.db import read_session, write_session
from terminal_shop.infra.models import utcnow
from terminal_shop.services.events.bus import publish
from terminal_shop.services.team.admin_auth import SESSION_IDLE, end_sessions
from terminal_shop.services.team.events import SessionsEnded
from terminal_shop.services.team.tables import AdminSession
from terminal_shop.services.team.views import SessionView
from terminal_shop.services.validation import parse_id

_BROWSERS = (("Edg/", "Edge"), ("OPR/", "Opera"), ("Firefox/", "Firefox"), ("Chrome/", "Chrome"), ("Safari/", "Safari"))
_SYSTEMS = (("Android", "Android"), ("iPhone", "iPhone"), ("iPad", "iPad"), ("Windows", "Windows"),
            ("Mac OS X", "macOS"), ("Linux", "Linux"))  # fmt: skip


def device(user_agent: str | None) -> str:
    """'Chrome di Windows' from a user agent; 'Perangkat tidak dikenal' without one."""
    agent = user_agent or ""
    browser = next((name for token, name in _BROWSERS if token in agent), "")
    system = next((name for token, name in _SYSTEMS if re.search(re.escape(token), agent)), "")
    if not browser and not system:
        return "Perangkat tidak dikenal"
    return " di ".join(part for part in (browser or "Peramban", system) if part)


def _alive(now: datetime) -> tuple[Any, ...]:
    return (
        col(AdminSession.revoked_at).is_(None),
        col(AdminSession.expires_at) > now,
        col(AdminSession.last_seen_at) > now - SESSION_IDLE,
    )


def of_admin(admin_id: str, current_hash: str) -> tuple[SessionView, ...]:
    now = utcnow()
    with read_session() as s:
        rows = s.exec(
            select(AdminSession)
            .where(col(AdminSession.admin_id) == uuid.UUID(admin_id), *_alive(now))
            .order_by(col(AdminSession.last_seen_at).desc())
        ).all()
    return tuple(
        SessionView(r.token_hash[:12], device(r.user_agent), r.address or "-", wib(r.created_at), wib(r.last_seen_at), r.token_hash == current_hash)
        for r in rows
    )  # fmt: skip


def end(admin_id: str, admin_email: str, key: str) -> bool:
    """Ends one of the admin's own sessions by its key; False when there is none such."""
    if not re.fullmatch(r"[0-9a-f]{12}", key or ""):
        return False
    with write_session() as s:
        ended = s.exec(
            update(AdminSession)
            .where(col(AdminSession.admin_id) == uuid.UUID(admin_id), col(AdminSession.token_hash).startswith(key), col(AdminSession.revoked_at).is_(None))
            .values(revoked_at=utcnow())
        ).rowcount  # fmt: skip
        if ended:
            publish(s, SessionsEnded(entity_id=admin_id, actor=admin_email, detail=f"Sesi {key} diakhiri"))
    return bool(ended)


def end_others(admin_id: str, admin_email: str, current_hash: str, of_account: str = "") -> int:
    """Ends the admin's other sessions; with `of_account` (another admin's id: the owner's
    power, on "Akun admin"), every session of that admin. Returns how many ended."""
    if (target := parse_id(of_account or admin_id)) is None:
        return 0
    with write_session() as s:
        ended = end_sessions(s, target, keep=current_hash)
        if ended:
            publish(s, SessionsEnded(entity_id=str(target), actor=admin_email, detail=f"{ended} sesi diakhiri"))
    return ended
