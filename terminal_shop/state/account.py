"""/masuk and /akun: the sign-in page's step and message (read from its address), and what the
signed-in person owns, read for the session whose hash the tab's connection carries
(web/guards.py; the cookie itself never reaches the state).

Any client can send any event with only its tab token, so every account handler passes one
check (`account_only`): the session behind the cookie, looked up on every event. A tab
without a live session is emptied and sent to /masuk; its whole state is emptied before a
hydrate is answered (`withhold_account_data`), and signing out empties the stored state of
every tab that read under the session (web/customer_auth.py, issue 46.1)."""

from __future__ import annotations

import asyncio
import time
import uuid
from typing import Any
from urllib.parse import urlencode

import reflex as rx

from terminal_shop import routes
from terminal_shop.reflex_compat import request_header
from terminal_shop.services.customers import account, sessions, signin, supplies
from terminal_shop.services.devices.owned import DeviceView
from terminal_shop.services.fleet import view as fleet
from terminal_shop.services.merchant_team import scope as team_scope
from terminal_shop.services.merchant_team.scope import Scope
from terminal_shop.services.merchant_team.terms import Ability, MemberRole, TeamRefusal
from terminal_shop.services.privacy import person, requests
from terminal_shop.services.privacy.terms import DataRequestKind
from terminal_shop.services.reach import Reach
from terminal_shop.services.transactions import dashboard, live, statement
from terminal_shop.services.transactions import history as txn_history
from terminal_shop.state import toast
from terminal_shop.state.account_cart import fill_cart
from terminal_shop.state.account_check import account_only, checked_customer, checked_scope
from terminal_shop.state.account_disputes import DisputesMixin
from terminal_shop.state.account_payouts import PayoutsMixin
from terminal_shop.state.account_service import ServiceMixin
from terminal_shop.state.account_team import TeamMixin


class SignInState(rx.State):
    step: str = "email"  # "email", then "kode" once a code was sent
    error: str = ""
    notice: str = ""

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
        self.step = "kode" if q.get("langkah") == "kode" else "email"
        refusal = signin.SignInRefusal.parse(q.get("gagal", ""))
        self.error = refusal.label if refusal else ""
        self.notice = "Anda sudah keluar." if q.get("keluar") else (INVITED_TEXT if q.get("undangan") else "")


INVITED_TEXT = (
    "Anda diundang bergabung dengan tim sebuah usaha. Masuk dengan alamat email yang diundang; "
    "setelah kode benar, Anda langsung bergabung."
)
WATCH_SECONDS = 1800  # an open dashboard follows new transactions this long after it was opened
CHECK_SECONDS = 30  # and checks its marker at least this often (the feed's hint may be missed)


class AccountState(PayoutsMixin, DisputesMixin, ServiceMixin, TeamMixin, rx.State):
    email: str = ""
    orders: list[account.OrderLine] = []
    registrations: list[account.RegistrationLine] = []
    devices: list[DeviceView] = []
    board: dashboard.Dashboard | None = None  # an approved merchant's transactions (services/transactions)
    loaded: bool = False
    history: txn_history.HistoryPage | None = None  # the filtered list and its figures
    chart: list[txn_history.DayBar] = []  # the last 30 days' sales
    chart_top: str = ""  # the busiest of them: the chart's scale
    filters: dict[str, str] = {}  # as the filter form shows them (dari, sampai, perangkat, kanal, status)
    filter_error: str = ""
    csv_link: str = ""
    statements: list[dict[str, str]] = []  # label, link: a month's PDF per MID
    data_requests: list[str] = []  # the person's open requests for their data
    request_answer: str = ""
    request_error: str = ""
    invite_note: str = ""  # why an invitation's link did not join its team
    _merchants: list[str] = []
    _marker: str = ""
    _watching: bool = False

    def _session_hash(self) -> str:
        return request_header(self, signin.SESSION_HASH_HEADER)

    async def _authorise(self) -> signin.Customer | None:
        return await asyncio.to_thread(signin.session_customer, self._session_hash())

    def _customer(self) -> signin.Customer:
        """Inside an `account_only` handler: who the check let through."""
        return checked_customer()

    def _forget(self) -> None:
        """Drops everything of the account this tab holds (signed out, or another person)."""
        self.reset()

    @rx.event
    @account_only
    async def load(self):
        self.loaded = False
        customer, scope = self._customer(), checked_scope()
        refusal = TeamRefusal.parse(self.router.url.query_parameters.get("undangan", ""))
        self.invite_note = refusal.label if refusal else ""
        if self.email and self.email != customer.email:  # another person signed in on this tab
            self._forget()
        client_token = self.router.session.client_token
        await asyncio.to_thread(sessions.remember_tab, self._session_hash(), client_token)
        mine = await asyncio.to_thread(account.of, customer.email)
        self.email, self.orders, self.registrations = mine.email, mine.orders, mine.registrations
        devices = mine.devices if scope.role is MemberRole.OWNER or scope.role is None else [
            d for d in await asyncio.to_thread(account.devices_of, list(scope.merchants)) if scope.sees_device(d.id)
        ]  # fmt: skip
        self.devices = await asyncio.to_thread(fleet.with_last_seen, devices)
        records = await asyncio.to_thread(account.records_of, customer.email)
        self.data_requests = await asyncio.to_thread(person.open_for_records, records)
        self._merchants = [str(m) for m in scope.merchants]
        self._marker = await asyncio.to_thread(dashboard.marker, scope.transactions())
        self.board, self.chart, self.statements = await _figures(scope)
        self.chart_top = txn_history.chart_top(self.chart) if self.chart else ""
        await self._read_history(scope.transactions(), self.filters or {}, scope.can(Ability.REPORTS))
        await asyncio.gather(  # each section in its own thread, side by side
            self._load_payouts(scope.merchant_ids(Ability.PAYOUTS)),
            self._load_disputes(scope.reach(Ability.DISPUTES)),
            self._load_service(scope.reach(Ability.SERVICE)),
            self._load_team(scope.merchant_ids(Ability.TEAM)),
        )
        self.loaded = True
        return AccountState.watch if scope.merchants and not self._watching else None

    async def _scope_now(self) -> Scope | None:
        """Outside a checked event (the watcher): the session's scope now, None when signed out."""
        customer = await self._authorise()
        return (
            await asyncio.to_thread(team_scope.of_session, self._session_hash(), customer.email) if customer else None
        )

    @rx.event
    @account_only
    async def ask_about_me(self, kind: str):
        """ "Minta salinan data" / "Minta penghapusan data" for all the address owns."""
        chosen, customer = DataRequestKind.parse(str(kind)), self._customer()
        if chosen is None:
            return None
        records = await asyncio.to_thread(account.records_of, customer.email)
        try:
            answer = await asyncio.to_thread(person.ask_for_records, records, chosen, self.router.session.client_ip)
            self.request_answer, self.request_error = answer, ""
        except requests.RequestError as exc:
            self.request_answer, self.request_error = "", exc.text
        self.data_requests = await asyncio.to_thread(person.open_for_records, records)
        return None

    @rx.event
    @account_only
    async def order_again(self, order_id: str):
        """ "Pesan lagi": the cart holds that order's lines, checked against the session's
        address again (any id may be sent over the websocket)."""
        lines = await asyncio.to_thread(account.lines_of, self._customer().email, str(order_id)[:64])
        if not lines:
            return toast.error("Pesanan tidak dapat dipesan lagi")
        return await fill_cart(self, lines, None, "Keranjang diisi dengan pesanan yang sama")

    @rx.event
    @account_only
    async def order_paper(self, device_id: str):
        """ "Pesan kertas": the cart holds the roll this device's printer takes, the form the
        business's address; only for the signed-in merchant's own device."""
        found = await asyncio.to_thread(supplies.paper_order, self._customer().email, str(device_id)[:40])
        if found is None:
            return toast.error("Perangkat tidak ditemukan")
        return await fill_cart(
            self, [(found.sku, 1)], found.buyer, "Kertas masuk keranjang; alamat usaha Anda sudah terisi"
        )

    async def _read_history(self, merchants: Reach, raw: dict[str, str], reports: bool) -> None:
        if not merchants:
            self.history, self.csv_link = None, ""
            return
        found, note = txn_history.Filters.parse(raw)
        self.filter_error = note.label if note else ""
        self.history = await asyncio.to_thread(txn_history.page_of, merchants, found)
        self.filters = found.query() | {"halaman": str(self.history.page)}
        self.csv_link = f"{routes.API_ACCOUNT_TRANSACTIONS_CSV}?{urlencode(found.query())}" if reports else ""

    @rx.event
    @account_only
    async def filter(self, form: dict):
        """The filter form: the first page of what it asks for (only what the session reaches)."""
        raw = {k: str(form.get(k, ""))[:40] for k in ("dari", "sampai", "perangkat", "kanal", "status")}
        await self._read_history(self._reached(), raw, checked_scope().can(Ability.REPORTS))

    @rx.event
    @account_only
    async def go_to_page(self, page: int):
        try:
            number = str(int(page))
        except (TypeError, ValueError):
            return
        await self._read_history(
            self._reached(), self.filters | {"halaman": number}, checked_scope().can(Ability.REPORTS)
        )

    def _reached(self) -> Reach:
        """The history's reach in this event; nothing when the tab holds another person's account."""
        return checked_scope().transactions() if self.email == checked_customer().email else Reach(())

    @rx.event(background=True)  # type: ignore[operator]  # Reflex types rx.event as a namespace
    async def watch(self):
        """Waits for this merchant's transactions to change (services/transactions/live.py), then
        reads the figures again if its marker moved. One watcher a tab, for WATCH_SECONDS (a
        reload starts it again); a check every CHECK_SECONDS in any case, and of the session
        each time: signed out, the tab is emptied and sent to /masuk."""
        async with self:
            if self._watching or not self._merchants:
                return
            self._watching = True
        try:
            deadline = time.monotonic() + WATCH_SECONDS
            while time.monotonic() < deadline:
                async with self:
                    merchants, seen, held = [uuid.UUID(m) for m in self._merchants], self._marker, self.email
                if not merchants:
                    return
                await live.FEED.wait(merchants, CHECK_SECONDS)
                scope = await self._scope_now()
                if scope is None or scope.email != held or not scope.merchants:  # signed out, removed: nothing more
                    async with self:
                        self._forget()
                    yield rx.redirect(routes.SIGN_IN, replace=True)
                    return
                now = await asyncio.to_thread(dashboard.marker, scope.transactions())
                if now != seen:
                    board, chart, statements = await _figures(scope)  # read outside the tab's lock
                    async with self:
                        if self._merchants != [str(m) for m in merchants]:  # emptied by a sign-out meanwhile
                            return
                        self.board, self._marker, self.chart, self.statements = board, now, chart, statements
                        self.chart_top = txn_history.chart_top(chart) if chart else ""
                        await self._read_history(scope.transactions(), self.filters, scope.can(Ability.REPORTS))
                        await self._load_payouts(scope.merchant_ids(Ability.PAYOUTS))  # a new sale is in a payout
        finally:
            async with self:
                self._watching = False


async def _figures(scope: Scope) -> tuple[dashboard.Dashboard | None, list[txn_history.DayBar], list[dict[str, str]]]:
    """Today's board, the 30-day chart and the statements, as far as the role reaches."""
    today, history, reports = scope.reach(Ability.TODAY), scope.reach(Ability.HISTORY), scope.reach(Ability.REPORTS)
    board, chart, statements = await asyncio.gather(
        asyncio.to_thread(dashboard.for_merchants, today) if today else _nothing(None),
        asyncio.to_thread(txn_history.last_days, history) if history else _nothing([]),
        asyncio.to_thread(statement.links, reports) if reports else _nothing([]),
    )
    return board, chart, statements


async def _nothing(value: Any) -> Any:
    return value


ACCOUNT_STATES: tuple[type[rx.State], ...] = (AccountState,)  # what a tab holds of an account


async def withhold_account_data(root: rx.State) -> None:
    """Runs before a tab's whole state is sent (a page load or a reconnect, before any check
    can run): a tab that holds an account is emptied unless the live session is that same
    address. Tabs that never read an account: one state read, no database call."""
    held = await root.get_state(AccountState)
    if not held.email:
        return
    now = await held._authorise()
    if now is None or now.email != held.email:
        for state in ACCOUNT_STATES:
            (await root.get_state(state)).reset()
