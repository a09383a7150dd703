"""The page an invited admin opens from the e-mail: open to anyone holding the link, it only
says whether the invitation is still good and for whom. The form itself is a plain POST
(web/api.py accept_invite): the session cookie it ends with is set by the server, HttpOnly."""

from __future__ import annotations

import asyncio

import reflex as rx

from terminal_shop.services.team import admin_accounts

TOKEN_FIELD = "invite-token"


class InviteState(rx.State):
    invite_email: str = ""
    invite_role: str = ""
    invite_error: str = ""

    @rx.event
    async def load(self):
        query = self.router.url.query_parameters
        token = str(query.get("token", ""))[:100]
        found = await asyncio.to_thread(admin_accounts.invitation, token)
        self.invite_error = admin_accounts.INVITE_MESSAGES.get(str(query.get("gagal", "")), "")
        if found is None:
            self.invite_email, self.invite_role = "", ""
            self.invite_error = admin_accounts.INVITE_MESSAGES["tidak-berlaku"]
            return None
        self.invite_email, self.invite_role = found.email, found.role_label
        return rx.set_value(TOKEN_FIELD, token)  # the link's token goes back with the form, never into state
