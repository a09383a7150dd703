"""An admin's own new password ("Ganti password"), and what is refused, by code: the texts
are the labels of PasswordRefusal, chosen at the edge (the page, the invitation's route)."""

from __future__ import annotations

import uuid

from terminal_shop.infra.db import write_session
from terminal_shop.refusals import Refused
from terminal_shop.services.events.bus import publish
from terminal_shop.services.team.admin_auth import (
    MAX_FAILURES_PER_CLIENT,
    end_sessions,
    pwd_context,
    recent_attempts,
)
from terminal_shop.services.team.events import PasswordChanged
from terminal_shop.services.team.tables import AdminUser, LoginAttempt
from terminal_shop.services.team.terms import MIN_PASSWORD_CHARS, PasswordRefusal


class PasswordRefused(Refused):
    code: PasswordRefusal


def checked(new: str, repeat: str) -> None:
    """The rules a new password meets (here and when an invitation is accepted)."""
    if len(new) < MIN_PASSWORD_CHARS:
        raise PasswordRefused(PasswordRefusal.SHORT)
    if new != repeat:
        raise PasswordRefused(PasswordRefusal.MISMATCH)


def change(admin_id: str, current: str, new: str, repeat: str, keep_session: str = "") -> None:
    """Sets a new password chosen by the admin, who proves the current one (a tab left open
    must not be enough to take the account); every other session of the account ends, the
    one with hash `keep_session` stays. Raises PasswordRefused."""
    checked(new, repeat)
    refused = None
    with write_session() as s:  # the row locked: the guesses' count and the failure added are one step
        user = s.get(AdminUser, uuid.UUID(admin_id), with_for_update=True)
        if user is None:
            raise PasswordRefused(PasswordRefusal.UNKNOWN)
        if recent_attempts(s, LoginAttempt.email, user.email) > MAX_FAILURES_PER_CLIENT:
            raise PasswordRefused(PasswordRefusal.LOCKED)
        if not pwd_context.verify(current or "", user.password_hash):
            s.add(LoginAttempt(email=user.email, client="ganti-password"))  # kept: the refusal is raised after
            refused = PasswordRefusal.CURRENT
        elif pwd_context.verify(new, user.password_hash):
            refused = PasswordRefusal.SAME
        else:
            user.password_hash = pwd_context.hash(new)
            user.must_change_password = False
            s.add(user)
            end_sessions(s, user.id, keep=keep_session)
            said = "Password diganti; sesi lain diakhiri"
            publish(s, PasswordChanged(entity_id=str(user.id), actor=user.email, detail=said))
    if refused is not None:
        raise PasswordRefused(refused)
