"""/undangan: a merchant team invitation as its invitee reads it (issue 63.4), from the token the
e-mailed link left in an HttpOnly cookie (its hash reaches the tab, web/guards.py), and who is
signed in on this browser: the page offers joining, signing in with the invited address, or
signing out of another one."""

from __future__ import annotations

import asyncio

import reflex as rx

from terminal_shop.reflex_compat import request_header
from terminal_shop.services.customers import signin
from terminal_shop.services.merchant_team import invitations


class InvitationState(rx.State):
    loaded: bool = False
    found: bool = False
    business: str = ""
    role: str = ""
    outlets: str = ""
    email: str = ""  # the invited address: the invitee's own, from their e-mail's link
    until: str = ""
    gone: str = ""  # why it can no longer be joined
    join_label: str = ""  # "Gabung dengan Warung Bu Sri sebagai Kasir"
    signed_in_as: str = ""  # "" when nobody is signed in on this browser

    @rx.event
    async def load(self):
        found = await asyncio.to_thread(invitations.of_hash, request_header(self, invitations.HASH_HEADER))
        customer = await asyncio.to_thread(signin.session_customer, request_header(self, signin.SESSION_HASH_HEADER))
        self.signed_in_as = customer.email if customer else ""
        self.found = found is not None
        if found is not None:
            self.business, self.role, self.outlets, self.email = found.business, found.role, found.outlets, found.email
            self.until, self.gone, self.join_label = found.until, found.gone, found.join_label
        self.loaded = True
