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
from urllib.parse import urlencode

import reflex as rx

from terminal_shop import routes
from terminal_shop.reflex_compat import request_header
from terminal_shop.services.customers import account, sessions, signin, supplies
from terminal_shop.services.devices.owned import DeviceView
from terminal_shop.services.fleet import view as fleet
from terminal_shop.services.privacy import person, requests
from terminal_shop.services.privacy.terms import DataRequestKind
from terminal_shop.services.transactions import dashboard, live, statement
from terminal_shop.services.transactions import history as txn_history
from terminal_shop.state import toast
from terminal_shop.state.account_check import account_only, checked_customer
from terminal_shop.state.account_disputes import DisputesMixin
from terminal_shop.state.account_payouts import PayoutsMixin
from terminal_shop.state.account_service import ServiceMixin
from terminal_shop.state.account_team import TeamMixin
from terminal_shop.state.checkout import CheckoutState


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
        self.notice = "Anda sudah keluar." if q.get("keluar") else ""


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
        customer = self._customer()
        if self.email and self.email != customer.email:  # another person signed in on this tab
            self._forget()
        client_token = self.router.session.client_token
        await asyncio.to_thread(sessions.remember_tab, self._session_hash(), client_token)
        mine = await asyncio.to_thread(account.of, customer.email)
        self.email, self.orders, self.registrations = mine.email, mine.orders, mine.registrations
        self.devices = await asyncio.to_thread(fleet.with_last_seen, mine.devices)
        self._merchants = [str(m) for m in mine.merchants]
        records = await asyncio.to_thread(account.records_of, customer.email)
        self.data_requests = await asyncio.to_thread(person.open_for_records, records)
        self.board = await asyncio.to_thread(dashboard.for_merchants, mine.merchants) if mine.merchants else None
        self._marker = await asyncio.to_thread(dashboard.marker, mine.merchants)
        if mine.merchants:
            await self._read_history(mine.merchants, self.filters or {})
            self.chart = await asyncio.to_thread(txn_history.last_days, mine.merchants)  # not the filters'
            self.chart_top = txn_history.chart_top(self.chart)
            self.statements = await asyncio.to_thread(statement.links, mine.merchants)
            await self._load_payouts(mine.merchants)
            await self._load_disputes(mine.merchants)
            await self._load_service(mine.merchants)
            await self._load_team(mine.merchants)
        self.loaded = True
        return AccountState.watch if mine.merchants and not self._watching else None

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
        checkout = await self.get_state(CheckoutState)
        checkout._replace_cart(lines)
        return [toast.success("Keranjang diisi dengan pesanan yang sama"), rx.redirect(routes.CHECKOUT_PRODUCTS)]

    @rx.event
    @account_only
    async def order_paper(self, device_id: str):
        """ "Pesan kertas": the cart holds the roll this device's printer takes, the form the
        business's address; only for the signed-in merchant's own device."""
        found = await asyncio.to_thread(supplies.paper_order, self._customer().email, str(device_id)[:40])
        if found is None:
            return toast.error("Perangkat tidak ditemukan")
        checkout = await self.get_state(CheckoutState)
        checkout._replace_cart([(found.sku, 1)], found.buyer)
        return [
            toast.success("Kertas masuk keranjang; alamat usaha Anda sudah terisi"),
            rx.redirect(routes.CHECKOUT_PRODUCTS),
        ]

    async def _read_history(self, merchants: list[uuid.UUID], raw: dict[str, str]) -> None:
        found, note = txn_history.Filters.parse(raw)
        self.filter_error = note.label if note else ""
        self.history = await asyncio.to_thread(txn_history.page_of, merchants, found)
        self.filters = found.query() | {"halaman": str(self.history.page)}
        self.csv_link = f"{routes.API_ACCOUNT_TRANSACTIONS_CSV}?{urlencode(found.query())}"

    @rx.event
    @account_only
    async def filter(self, form: dict):
        """The filter form: the first page of what it asks for (only the signed-in merchant's)."""
        if not self._merchants:
            return
        raw = {k: str(form.get(k, ""))[:40] for k in ("dari", "sampai", "perangkat", "kanal", "status")}
        await self._read_history([uuid.UUID(m) for m in self._merchants], raw)

    @rx.event
    @account_only
    async def go_to_page(self, page: int):
        if not self._merchants:
            return
        try:
            number = str(int(page))
        except (TypeError, ValueError):
            return
        await self._read_history([uuid.UUID(m) for m in self._merchants], self.filters | {"halaman": number})

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
                    merchants, seen = [uuid.UUID(m) for m in self._merchants], self._marker
                if not merchants:
                    return
                await live.FEED.wait(merchants, CHECK_SECONDS)
                if await self._authorise() is None:  # signed out meanwhile: nothing more reaches the tab
                    async with self:
                        self._forget()
                    yield rx.redirect(routes.SIGN_IN, replace=True)
                    return
                now = await asyncio.to_thread(dashboard.marker, merchants)
                if now != seen:
                    board = await asyncio.to_thread(dashboard.for_merchants, merchants)
                    chart = await asyncio.to_thread(txn_history.last_days, merchants)  # read outside the tab's lock
                    statements = await asyncio.to_thread(statement.links, merchants)  # a first sale offers its month
                    async with self:
                        if self._merchants != [str(m) for m in merchants]:  # emptied by a sign-out meanwhile
                            return
                        self.board, self._marker, self.chart = board, now, chart
                        self.chart_top, self.statements = txn_history.chart_top(chart), statements
                        await self._read_history(merchants, self.filters)  # the list too
        finally:
            async with self:
                self._watching = False


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
