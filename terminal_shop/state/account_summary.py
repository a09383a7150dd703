"""/akun: the summary (issue 60.5): today's takings, the next payout and when, open disputes and
service cases, the devices that want a look, and the latest orders, each a tap from its page.
A cashier's account opens on their payments today instead (issue 63.4)."""

from __future__ import annotations

import asyncio
from typing import Any
from urllib.parse import urlencode

import reflex as rx

from terminal_shop import routes
from terminal_shop.services.customers import account
from terminal_shop.services.disputes import cases as disputes
from terminal_shop.services.fleet import view as fleet
from terminal_shop.services.merchant_team.scope import Scope
from terminal_shop.services.merchant_team.terms import Ability, MemberRole
from terminal_shop.services.payouts import merchant as merchant_payouts
from terminal_shop.services.payouts.views import PayoutLine
from terminal_shop.services.servicing import cases as servicing
from terminal_shop.services.servicing.views import ServiceCaseView
from terminal_shop.services.transactions import dashboard
from terminal_shop.state.account import AccountState
from terminal_shop.state.account_check import account_only, checked_customer, checked_scope
from terminal_shop.state.account_devices import reached_devices
from terminal_shop.state.attempt import given

SHOWN = 3  # of each list: the rest is on its page


class SummaryState(AccountState):
    loaded: bool = False
    today: dashboard.Figures | None = None
    fees_shown: bool = False  # the role reads MDR and net (not a cashier's)
    next_payout: PayoutLine | None = None
    disputes_open: int = 0
    dispute_due: str = ""  # the nearest deadline: "Batas tanggapan Sabtu, 5 Des 2026"
    cases: list[ServiceCaseView] = []  # the open ones
    attention: list[fleet.Attention] = []
    device_count: int = 0
    orders: list[account.OrderLine] = []
    order_count: int = 0
    registrations: list[account.RegistrationLine] = []

    @rx.event
    @account_only
    async def load(self):
        if away := await self._open():
            return away
        scope, email = checked_scope(), checked_customer().email
        if scope.role is MemberRole.CASHIER:  # at the counter: did this payment arrive?
            query = urlencode(self.router.url.query_parameters)
            return rx.redirect(routes.ACCOUNT_TRANSACTIONS + (f"?{query}" if query else ""), replace=True)
        today, payouts, open_disputes, open_cases, (devices, mine) = await _read(scope, email)
        self.today, self.fees_shown = (today.today if today else None), scope.can(Ability.HISTORY)
        self.next_payout = merchant_payouts.next_of(payouts)
        answerable = [d for d in open_disputes if d.can_answer]
        self.disputes_open, self.dispute_due = len(answerable), answerable[0].deadline if answerable else ""
        self.cases = [c for c in open_cases if c.open][:SHOWN]
        self.device_count = len(devices)
        self.attention = (await asyncio.to_thread(fleet.needs_attention, devices))[:SHOWN]
        self.orders, self.order_count = (mine.orders[:SHOWN], len(mine.orders)) if mine else ([], 0)
        self.registrations = mine.registrations[:SHOWN] if mine else []
        self.loaded = True


async def _read(scope: Scope, email: str) -> tuple[Any, ...]:
    """Each figure in its own thread, side by side; only what the role reaches."""
    today, payouts = scope.reach(Ability.TODAY), scope.merchant_ids(Ability.PAYOUTS)
    owns = scope.role in (None, MemberRole.OWNER)  # a member's orders are their own business elsewhere
    return tuple(
        await asyncio.gather(
            asyncio.to_thread(dashboard.for_merchants, today) if today else given(None),
            asyncio.to_thread(merchant_payouts.of_merchants, payouts) if payouts else given([]),
            asyncio.to_thread(disputes.of_merchants, scope.reach(Ability.DISPUTES)),
            asyncio.to_thread(servicing.of_merchants, scope.reach(Ability.SERVICE)),
            asyncio.to_thread(_devices_and_orders, scope, email, owns),
        )
    )


def _devices_and_orders(scope: Scope, email: str, owns: bool) -> tuple[list[Any], account.Account | None]:
    """Blocking: the devices the scope sees and, for an owner or a buyer, what the address owns,
    read once (its devices are theirs: account.of would otherwise run twice)."""
    if not owns:
        return reached_devices(scope, email), None
    mine = account.of(email)
    return fleet.with_last_seen(mine.devices), mine
