"""The admin's overview: the business at a glance for a range of days, kept in the URL."""

from __future__ import annotations

import reflex as rx

from terminal_shop import routes
from terminal_shop.services import health
from terminal_shop.services.backoffice import admin_overview
from terminal_shop.services.backoffice.views import Overview
from terminal_shop.services.devices import stock
from terminal_shop.services.lists.list_query import ListQuery
from terminal_shop.services.lists.terms import Period
from terminal_shop.services.team.permissions import Permission
from terminal_shop.services.whatsapp import inbox
from terminal_shop.state.admin.session import AdminState, admin_only, signed_in
from terminal_shop.state.attempt import attempt

DEFAULT_PERIOD = Period.LAST_30


def _figures(period: str, start: str, end: str) -> tuple[Overview, str, stock.DeviceCounts, list[inbox.StrayMessage]]:
    """Everything the overview shows, read in one thread."""
    return (
        admin_overview.overview(period, start, end),
        health.overview_warning(),
        stock.counts(),
        inbox.strays(),
    )


class OverviewState(AdminState):
    view: Overview | None = None
    chart: list[dict[str, str | int]] = []  # one point per day, for the charts
    period: str = DEFAULT_PERIOD.value
    mail_warning: str = ""  # e-mails failing or waiting too long (services/health.py)
    devices: stock.DeviceCounts | None = None
    strays: list[inbox.StrayMessage] = []  # WhatsApp messages from numbers the site does not know
    start: str = ""
    end: str = ""

    def _go(self, period: str, start: str = "", end: str = ""):
        return rx.redirect(ListQuery(period=period, start=start, end=end).url(routes.ADMIN_OVERVIEW))

    @rx.event
    @admin_only(permission=Permission.OVERVIEW)
    async def load(self):
        q = ListQuery.from_params(self.router.url.query_parameters)  # the same range words as the lists
        self.period, self.start, self.end = q.period or DEFAULT_PERIOD.value, q.start, q.end
        done = await attempt(_figures, self.period, self.start, self.end, failed="Gagal memuat ringkasan")
        if done.value is None:
            return done.answer
        self.view, self.mail_warning, self.devices, self.strays = done.value
        self.chart = [{"hari": d.day, "pesanan": d.orders, "pendapatan": d.revenue} for d in self.view.days]
        return signed_in(self.router)

    @rx.event
    @admin_only(permission=Permission.OVERVIEW)
    async def set_period(self, value: str):
        chosen = Period.parse(value) or DEFAULT_PERIOD
        if chosen is Period.CUSTOM:
            self.period = chosen.value  # the date fields show; the range applies on "Terapkan"
            return None
        return self._go(chosen.value)

    @rx.event
    @admin_only(permission=Permission.OVERVIEW)
    async def apply_dates(self, form: dict):
        return self._go(Period.CUSTOM.value, str(form.get("dari", ""))[:10], str(form.get("sampai", ""))[:10])
