"""The page an invited admin opens from the e-mail: open to anyone holding the link, it only
says whether the invitation is still good and for whom. The form itself is a plain POST
(web/admin_routes.py accept_invite): the session cookie it ends with is set by the server, HttpOnly."""

from __future__ import annotations

import asyncio
from urllib.parse import urlencode

import reflex as rx

from terminal_shop import routes
from terminal_shop.reflex_compat import request_header
from terminal_shop.services.team import admin_accounts, admin_auth
from terminal_shop.services.team.terms import AccountRefusal


class InviteState(rx.State):
    """The token never reaches this state: its link (routes.API_ADMIN_INVITE_OPEN) puts it in
    an HttpOnly cookie and comes here without it; the tab knows only the token's hash."""

    invite_email: str = ""
    invite_role: str = ""
    invite_error: str = ""

    @rx.event
    async def load(self):
        query = self.router.url.query_parameters
        if query.get("token"):  # a link e-mailed before the token moved out of the address
            return rx.redirect(
                f"{routes.API_ADMIN_INVITE_OPEN}?{urlencode({'token': query['token']})}", is_external=True
            )
        token_hash = request_header(self, admin_auth.INVITE_HASH_HEADER)
        found = await asyncio.to_thread(admin_accounts.invitation_by_hash, token_hash)
        self.invite_error = admin_accounts.INVITE_MESSAGES.get(str(query.get("gagal", "")), "")
        if found is None:
            self.invite_email, self.invite_role = "", ""
            self.invite_error = AccountRefusal.INVITE_GONE.label
            return None
        self.invite_email, self.invite_role = found.email, found.role_label
        return None
