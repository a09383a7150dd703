"""The admin's sign-in, sign-out and the one session check every admin handler passes.

Any browser can send any event to any state, so the proof of identity is the random
session token in the admin cookie, checked against the database on every event by
`admin_only`. The check and every handler's database or storage work run in a thread:
a handler on the event loop would stall every other visitor on this worker.
"""

from __future__ import annotations

import asyncio
import functools
import inspect

import reflex as rx

from terminal_shop.services import admin_auth
from terminal_shop.settings import get_settings
from terminal_shop.state import toast

LOGIN_ROUTE = "/admin/login"
HOME_ROUTE = "/admin"


def admin_only(fn):
    """Runs the handler only for a live, allow-listed admin session; otherwise it changes
    nothing, clears this state and sends the browser to the sign-in page."""
    if not inspect.iscoroutinefunction(fn):
        raise TypeError(f"{fn.__name__}: admin handlers are async so their work can leave the event loop")

    @functools.wraps(fn)
    async def wrapper(self, *args, **kwargs):
        if not await self._authorise():
            self._forget()
            return rx.redirect(LOGIN_ROUTE, replace=True)
        return await fn(self, *args, **kwargs)

    wrapper.admin_only = True
    return wrapper


class AdminState(rx.State):
    """Sign-in and sign-out; every admin page's state inherits the session check."""

    session_token: str = rx.Cookie(
        "",
        name=admin_auth.SESSION_COOKIE,
        path="/",
        same_site="strict",
        secure=get_settings().public_url.startswith("https://"),
        max_age=int(admin_auth.SESSION_ABSOLUTE.total_seconds()),
    )
    admin_email: str = ""
    login_busy: bool = False
    login_error: str = ""
    show_password: bool = False

    async def _authorise(self) -> bool:
        admin = await asyncio.to_thread(admin_auth.session_admin, self.session_token)
        self.admin_email = admin.email if admin else ""
        return admin is not None

    def _forget(self) -> None:
        """Drops every admin value this state holds (on denial and on logout)."""
        self.reset()

    # ----- the sign-in page: the only handlers open to anyone -----

    @rx.event
    def toggle_password(self):
        self.show_password = not self.show_password

    @rx.event
    async def login(self, form: dict):
        if self.login_busy:
            return
        email = str(form.get("email", ""))[:254]
        password = str(form.get("password", ""))[:256]
        self.login_busy = True
        self.login_error = ""
        yield
        client = self.router.session.client_ip or self.router.session.client_token
        try:
            old = self.session_token
            token = await asyncio.to_thread(admin_auth.login, email, password, client)
            await asyncio.to_thread(admin_auth.logout, old)  # rotate: the old token dies
        except admin_auth.LoginError as exc:
            self.login_busy = False
            self.login_error = exc.message
            if exc.message == admin_auth.MSG_DENIED:
                yield toast.error("Akses ditolak", description=exc.message)
            else:
                yield toast.error(exc.message or "Login gagal")
            return
        self.session_token = token
        self.admin_email = admin_auth.normalise_email(email)
        self.login_busy = False
        yield [toast.success("Login berhasil!"), rx.redirect(HOME_ROUTE)]

    @rx.event
    async def logout(self):
        await asyncio.to_thread(admin_auth.logout, self.session_token)
        self.session_token = ""
        for area in AdminState.__subclasses__():
            (await self.get_state(area))._forget()
        self._forget()
        return [toast.success("Berhasil logout"), rx.redirect(LOGIN_ROUTE, replace=True)]

    @rx.event
    async def leave_login_if_signed_in(self):
        """The sign-in page sends a signed-in admin straight to the dashboard."""
        if self.session_token and await self._authorise():
            return rx.redirect(HOME_ROUTE, replace=True)
