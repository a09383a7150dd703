"""/masuk and the account's pages (/akun and /akun/...): the sign-in page's step and message (read
from its address), and the header every account page shares, read for the session whose hash the
tab's connection carries (web/guards.py; the cookie itself never reaches the state).

Each account page has its own small state below `AccountState` that loads only what it shows
(issue 60.5). Any client can send any event with only its tab token, so every handler of them
passes one check (`account_only`): the session behind the cookie, looked up on every event. A tab
without a live session is emptied and sent to /masuk; its whole state is emptied before a
hydrate is answered (`withhold_account_data`), and signing out empties the stored state of
every tab that read under the session (web/customer_auth.py, issue 46.1)."""

from __future__ import annotations

import asyncio
import hashlib
from typing import ClassVar

import reflex as rx

from terminal_shop import account_pages, reflex_compat, routes
from terminal_shop.reflex_compat import EventSpec, request_header
from terminal_shop.services.customers import sessions, signin
from terminal_shop.services.customers.terms import SignInRefusal
from terminal_shop.services.merchant_team import invitations, members
from terminal_shop.services.merchant_team import scope as team_scope
from terminal_shop.services.merchant_team.scope import Choice
from terminal_shop.services.merchant_team.terms import Ability, TeamRefusal
from terminal_shop.state import toast
from terminal_shop.state.account_check import account_only, checked_customer, checked_scope


class SignInState(rx.State):
    error: str = ""
    notice: str = ""
    invited: str = ""  # the address a team invitation on this browser is for: the field's first value

    @rx.var(cache=False)
    def step(self) -> str:
        """ "email", then "kode" once a code was sent: read from the page's own address, never
        from what this tab showed before (its stored answer arrives before the page's load runs,
        and the code form flashed in place of the e-mail field the person had typed into)."""
        return "kode" if self.router.url.query_parameters.get("langkah") == "kode" else "email"

    @rx.event
    async def load(self):
        """Signed in already (the header's "Masuk" from an old page): straight to the account."""
        q = self.router.url.query_parameters
        if not q.get("keluar"):
            customer = await asyncio.to_thread(
                signin.session_customer, request_header(self, signin.SESSION_HASH_HEADER)
            )
            if customer is not None:
                return rx.redirect(routes.ACCOUNT, replace=True)
        refusal = SignInRefusal.parse(q.get("gagal", ""))
        self.error = refusal.label if refusal else ""
        ended = await asyncio.to_thread(sessions.ended_note, request_header(self, signin.SESSION_HASH_HEADER))
        said = await asyncio.to_thread(members.removal_said, ended) if ended else ""
        self.notice = "Anda sudah keluar." if q.get("keluar") else said  # a removal says why
        found = await asyncio.to_thread(invitations.of_hash, request_header(self, invitations.HASH_HEADER))
        live = found if found is not None and not found.gone else None
        self.invited = live.email if live else ""
        if live and not q.get("keluar"):
            self.notice = (
                f"Undangan dari {live.business} sebagai {live.role}: masuk dengan {live.email}, lalu pilih Gabung."
            )


class AccountState(rx.State):
    """The header of every account page: who is signed in, as whom they work, and what their
    role may open (the section links). A page's state is a substate of this one and names the
    ability it needs (`needs`); without it the page sends the person to the summary."""

    needs: ClassVar[Ability | None] = None
    email: str = ""
    role: str = ""  # the session's role: pemilik, manajer, kasir ("" for a buyer)
    abilities: list[str] = []  # what the pages offer (each handler checks again)
    links: list[str] = []  # the routes of the section links shown (account_pages.offered)
    choices: list[Choice] = []  # the merchants this address works for, when more than one
    chosen: str = ""
    working_as: str = ""  # "Kasir · Warung Sari (Cabang Pasar)"
    invite_note: str = ""  # why an invitation's link did not join its team
    _remembered: str = ""  # a digest of the session this tab was remembered under

    def _session_hash(self) -> str:
        return request_header(self, signin.SESSION_HASH_HEADER)

    async def _authorise(self) -> signin.Customer | None:
        return await asyncio.to_thread(signin.session_customer, self._session_hash())

    def _customer(self) -> signin.Customer:
        """Inside an `account_only` handler: who the check let through."""
        return checked_customer()

    def _forget(self) -> None:
        """Drops everything of the account this tab holds (signed out, or another person)."""
        root: rx.State = self if type(self) is AccountState else self.parent_state  # type: ignore[assignment]
        root.reset()

    async def _open(self) -> EventSpec | None:
        """A page's first step (inside its `account_only` load): the header for this session and
        the tab remembered (signing out empties it: the tab that signed in was, then; another
        one writes once per session); a redirect to the summary
        when the role may not open this page."""
        customer, scope = checked_customer(), checked_scope()
        if self.email and self.email != customer.email:  # another person signed in on this tab
            self._forget()
        self.email = customer.email
        self.role = scope.role.value if scope.role else ""
        self.abilities = [a.value for a in Ability if scope.can(a)]
        self.links = account_pages.offered(self.role, set(self.abilities))
        self.choices, self.chosen = list(scope.choices) if len(scope.choices) > 1 else [], scope.chosen
        self.working_as = scope.working_as
        refusal = TeamRefusal.parse(self.router.url.query_parameters.get("undangan", ""))
        self.invite_note = refusal.label if refusal else ""
        digest = hashlib.sha256(self._session_hash().encode()).hexdigest()[:16]
        if self._remembered != digest:
            await asyncio.to_thread(sessions.remember_tab, self._session_hash(), self.router.session.client_token)
            self._remembered = digest
        if self.needs is None or scope.can(self.needs):
            return None
        self.reset()  # this page's own vars: what an earlier role read here
        return rx.redirect(routes.ACCOUNT, replace=True)

    @rx.event
    @account_only
    async def work_as(self, value: str):
        """An address in several teams picks which one this browser works for: the summary again."""
        done = await asyncio.to_thread(
            team_scope.choose, self._session_hash(), checked_customer().email, str(value)[:40]
        )
        if not done:
            return toast.error("Pilihan tidak tersedia")
        return rx.redirect(routes.ACCOUNT)


def account_states() -> tuple[type[rx.State], ...]:
    """What a tab holds of an account: the header and every page's state below it."""
    return (AccountState, *reflex_compat.all_substates(AccountState))


async def withhold_account_data(root: rx.State) -> None:
    """Runs before a tab's whole state is sent (a page load or a reconnect, before any check
    can run): a tab that holds an account is emptied unless the live session is that same
    address. Tabs that never read an account: one state read, no database call."""
    held = await root.get_state(AccountState)
    if not held.email:
        return
    now = await held._authorise()
    if now is None or now.email != held.email:
        for state in account_states():
            (await root.get_state(state)).reset()
