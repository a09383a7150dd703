"""The one session check every admin handler passes, and the sign-in and password pages.

Any browser can send any event to any state, so the proof of identity is the random
session token in the HttpOnly admin cookie, checked against the database on every event.
The tab sees only the token's hash, taken from the request that opened its websocket
(guards.CookieToTabStateGuard): tab state is stored in plain text. Signing in and out are form POSTs to
api.py. The check and every handler's database or storage work run in a thread: a
handler on the event loop would stall every other visitor on this worker.
"""

from __future__ import annotations

import asyncio
import contextvars
import dataclasses
import functools
import inspect
from typing import cast

import reflex as rx

from terminal_shop import routes
from terminal_shop.reflex_compat import EventSpec, all_substates, request_header
from terminal_shop.services.audit import trail
from terminal_shop.services.team import admin_auth, passwords, permissions
from terminal_shop.services.team.terms import LoginRefusal
from terminal_shop.state import toast

# The admin the shared check let through, for the rest of that event (AdminState._admin).
_checked: contextvars.ContextVar[admin_auth.Admin | None] = contextvars.ContextVar("checked_admin", default=None)


def admin_only(fn=None, *, permission=None, step: str = ""):
    """Runs the handler only for a live, allowed admin session whose role grants
    `permission` (services/team/permissions.py; a function of the state for the list
    mixin; None: any admin). Without a session it changes nothing, clears this state and
    sends the browser to sign in; without the permission it refuses, audited, and a page's
    load goes to the role's own first page. A session with a step still to pass (a one-time
    password to replace, its second factor, the 2FA setup: admin_auth.Admin.next_step) is
    sent there; `step` names the step page this handler belongs to."""

    def decorate(handler):
        if not inspect.iscoroutinefunction(handler):
            raise TypeError(f"{handler.__name__}: admin handlers are async so their work can leave the event loop")

        @functools.wraps(handler)
        async def wrapper(self, *args, **kwargs):
            admin = await self._authorise()
            if admin is None:
                self._forget()
                return rx.redirect(routes.ADMIN_LOGIN, replace=True)
            if admin.next_step and admin.next_step != step:
                return rx.redirect(admin.next_step, replace=True)
            needed = permission(self) if callable(permission) else permission
            if not permissions.allows(admin.role, needed):
                what = f"{type(self).__name__}.{handler.__name__}"
                await asyncio.to_thread(trail.record_alone, admin.email, "denied", "admin", admin.id, what)
                if handler.__name__ == "load":  # a page this role may not open
                    return [
                        toast.error(permissions.MSG_DENIED),
                        rx.redirect(permissions.home(admin.role), replace=True),
                    ]
                return toast.error(permissions.MSG_DENIED)
            passed = _checked.set(admin)
            try:
                return await handler(self, *args, **kwargs)
            finally:
                _checked.reset(passed)

        vars(wrapper).update(
            admin_only=True, permission=permission, step=step
        )  # read by the guard test and admin_pages.py
        return wrapper

    return decorate(fn) if fn is not None else decorate


class AdminState(rx.State):
    """Who is signed in; every admin page's state inherits the session check."""

    admin_email: str = ""
    permissions: list[str] = []  # what the signed-in role may do: the pages and header show only that
    login_error: str = ""
    password_error: str = ""
    _holds_data: bool = False  # a check passed in this tab: its states may hold admin data
    _holder: str = ""  # whose data: "<admin id>:<role>" of the last check that passed

    def _session_hash(self) -> str:
        """The hash of the session cookie the browser sent when this tab connected; the
        cookie itself never reaches the state (guards.CookieToTabStateGuard)."""
        return request_header(self, admin_auth.SESSION_HASH_HEADER)

    async def _authorise(self) -> admin_auth.Admin | None:
        admin = await asyncio.to_thread(admin_auth.session_admin_by_hash, self._session_hash())
        email = admin.email if admin else ""
        if email != self.admin_email:  # unchanged: nothing sent (a chained load answers later)
            self.admin_email = email
        granted = [p.value for p in sorted(permissions.of(admin.role))] if admin else []
        if granted != self.permissions:  # unchanged: nothing new sent to the browser
            self.permissions = granted
        self._holds_data = self._holds_data or admin is not None
        if admin is not None:
            self._holder = _holder_of(admin)
        return admin

    def _admin(self) -> admin_auth.Admin:
        """Inside an `admin_only` handler: who the check let through (no second database call)."""
        admin = _checked.get()
        if admin is None:
            raise RuntimeError("_admin() outside an admin_only handler")
        return admin

    def _reads_restricted(self) -> bool:
        """Whether this admin's role opens the files of a record restricted on its owner's
        request (docs/decisions.md, Personal data): the owner's, and every look is logged."""
        return permissions.allows(self._admin().role, permissions.Permission.PERSONAL_DATA)

    def _forget(self) -> None:
        """Drops every admin value this state holds (on denial and on leaving)."""
        self.reset()

    async def _forget_everything(self) -> None:
        for area in all_substates(AdminState):
            cast(AdminState, await self.get_state(area))._forget()
        self._forget()

    # ----- the sign-in page: open to anyone -----

    @rx.event
    async def show_login(self):
        """The sign-in page: a signed-in admin goes on to the dashboard; otherwise the result
        of the last form POST (web/admin_routes.py login and logout) is shown, and no admin data stays."""
        if (admin := await self._authorise()) is not None:
            return rx.redirect(permissions.home(admin.role), replace=True)
        await self._forget_everything()
        query = self.router.url.query_parameters
        code = query.get("gagal", "")
        refusal = LoginRefusal.parse(code)
        self.login_error = refusal.label if refusal is not None else ""
        typed_again = rx.set_value("email", query.get("email", "")[:254])
        if refusal is LoginRefusal.DENIED:
            return [typed_again, toast.error("Akses ditolak", description=self.login_error)]
        if self.login_error:
            return [typed_again, toast.error(self.login_error)]
        if query.get("keluar"):
            return toast.success("Berhasil logout")
        return None

    # ----- choosing a new password (after a one-time password) -----

    @rx.event
    @admin_only(step=routes.ADMIN_PASSWORD)
    async def show_password_page(self):
        """Leaves `password_error` as it is, as the 2FA page's load does: a submission sent while
        the page was opening is answered before this load runs (Reflex queues the page's loads
        after it), and clearing here wiped its "Password saat ini salah"; a change that passes clears it."""

    @rx.event
    @admin_only(step=routes.ADMIN_PASSWORD)
    async def change_password(self, form: dict):
        admin = self._admin()
        current = str(form.get("current_password", ""))[:256]
        new, repeat = str(form.get("new_password", ""))[:256], str(form.get("repeat_password", ""))[:256]
        changed = functools.partial(passwords.change, admin.id, current, new, repeat, self._session_hash())
        try:
            await asyncio.to_thread(changed)
        except passwords.PasswordRefused as refused:
            self.password_error = refused.code.label
            return toast.error(self.password_error)
        self.password_error = ""
        following = dataclasses.replace(admin, must_change_password=False).next_step  # the 2FA setup may come next
        return [
            toast.success("Password berhasil diganti", description="Sesi lain akun ini sudah dikeluarkan."),
            rx.redirect(following or permissions.home(admin.role), replace=True),
        ]


def _holder_of(admin: admin_auth.Admin) -> str:
    return f"{admin.id}:{admin.role}"


async def withhold_admin_data(root: rx.State) -> None:
    """Runs before a tab's whole state is sent (a page load or a reconnect: Reflex sends
    it before any check can run). A tab that held admin data gets every admin state empty
    (and its stored copy with it) unless the live session is the same admin, in the same
    role, past its second factor (issue 35.5: a tab reopened on a shared computer by another
    admin, of another role, or by a session still waiting for its code, received what the
    first admin's tab held). Public pages' tabs never held any: one state read, no database call."""
    admin = await root.get_state(AdminState)
    if not admin._holds_data:
        return
    holder = admin._holder
    now = await admin._authorise()
    if now is None or now.next_step or _holder_of(now) != holder:
        await admin._forget_everything()
        admin._holds_data, admin._holder = False, ""


def signed_in(router) -> list[EventSpec] | None:
    """ "Login berhasil!" on the page a sign-in landed on (web/admin_routes.py adds ?masuk=1)."""
    if not router.url.query_parameters.get("masuk"):
        return None
    return [toast.success("Login berhasil!"), rx.call_script("history.replaceState(null, '', location.pathname)")]
