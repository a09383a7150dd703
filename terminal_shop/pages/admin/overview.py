"""The admin's overview: orders and revenue per day, what waits for review, registrations."""

from __future__ import annotations

import reflex as rx

from terminal_shop import routes, rules
from terminal_shop.admin_pages import AdminPage
from terminal_shop.components.admin import TD, TH, admin_layout, when_allowed, when_loaded
from terminal_shop.components.admin_lists import date_range, filter_select
from terminal_shop.components.ui import CARD, badge, nav_link
from terminal_shop.pages.admin.personal_data import request_list
from terminal_shop.services.lists.terms import Period
from terminal_shop.services.team.permissions import Permission
from terminal_shop.state.admin import OverviewState as S


def _figure(label: str, value, testid: str) -> rx.Component:
    return rx.el.div(
        rx.el.dt(label, class_name="text-sm text-slate-500"),
        rx.el.dd(value, class_name="mt-1 text-2xl font-bold text-slate-900", data_testid=testid),
        class_name=f"{CARD} p-5",
    )


def _waiting(w) -> rx.Component:
    return nav_link(
        rx.el.p(w.label, class_name="text-sm text-slate-500"),
        rx.el.p(w.count, class_name="mt-1 text-2xl font-bold text-blue-700"),
        rx.el.p("Terlama menunggu: ", w.oldest, class_name="mt-1 text-sm text-slate-600"),
        href=w.href,
        class_name=f"{CARD} block p-5 hover:border-blue-300",
        data_testid="waiting",
    )


# The revenue axis in the words people read money in (issue 39.9: never "24000000", clipped).
RUPIAH_TICK = (
    "(v) => v >= 1e9 ? `Rp ${(v / 1e9).toLocaleString('id-ID', {maximumFractionDigits: 1})} M`"
    " : v >= 1e6 ? `Rp ${(v / 1e6).toLocaleString('id-ID', {maximumFractionDigits: 1})} jt`"
    " : v >= 1e3 ? `Rp ${(v / 1e3).toLocaleString('id-ID', {maximumFractionDigits: 0})} rb` : `Rp ${v}`"
)


def _chart(title: str, key: str, colour: str, testid: str, money: bool = False) -> rx.Component:
    """A bar chart with the same figures as a table, for screen readers and exact reading."""
    return rx.el.section(
        rx.el.h2(title, class_name="text-lg font-bold"),
        rx.el.div(
            rx.recharts.bar_chart(
                rx.recharts.cartesian_grid(stroke_dasharray="3 3", vertical=False),
                rx.recharts.x_axis(data_key="hari"),
                rx.recharts.y_axis(width=80, tick_formatter=RUPIAH_TICK) if money else rx.recharts.y_axis(width=80),
                rx.recharts.graphing_tooltip(),
                rx.recharts.bar(data_key=key, fill=colour, name=title),
                data=S.chart,
                width="100%",
                height=240,
                # hidden from screen readers (the table carries the figures), so not a tab stop either
                custom_attrs={"accessibilityLayer": False},
            ),
            aria_hidden="true",  # the table below carries the same figures
            class_name="mt-3",
            data_testid=testid.replace("-table", "-chart"),
        ),
        rx.el.details(
            rx.el.summary("Lihat sebagai tabel", class_name="cursor-pointer text-sm font-medium text-blue-700"),
            rx.el.div(
                rx.el.table(
                    rx.el.caption(title, class_name="sr-only"),
                    rx.el.thead(
                        rx.el.tr(
                            rx.el.th("Tanggal", scope="col", class_name=TH), rx.el.th(title, scope="col", class_name=TH)
                        )
                    ),
                    rx.el.tbody(
                        rx.foreach(
                            S.view.days,
                            lambda d: rx.el.tr(
                                rx.el.td(d.date, class_name=TD),
                                rx.el.td(d.orders if key == "pesanan" else d.revenue_text, class_name=TD),
                            ),
                        )
                    ),
                    class_name="min-w-full",
                ),
                class_name="mt-2 max-h-80 overflow-auto",
            ),
            class_name="mt-3",
            data_testid=testid,
        ),
        class_name=f"{CARD} min-w-0 p-5",
    )


def _devices() -> rx.Component:
    d = S.devices
    return rx.cond(
        d,
        nav_link(
            rx.el.span("Stok: ", rx.foreach(d.in_stock, lambda m: rx.el.span(rx.el.strong(m[1]), " ", m[0], class_name="mr-2"))),
            rx.el.span(rx.el.strong(d.waiting_for_stock, data_testid="devices-waiting-stock"), " pesanan menunggu stok"),
            rx.el.span(rx.el.strong(d.waiting_for_approval, data_testid="devices-waiting-approval"), " perangkat menunggu persetujuan merchant"),
            rx.el.span(rx.el.strong(d.waiting_for_tid, data_testid="devices-waiting-tid"), " perangkat menunggu TID/MID"),
            rx.cond(d.shipped_without_serial > 0, rx.el.span(rx.el.strong(d.shipped_without_serial, data_testid="orders-without-serial"),
                                                              " pesanan dikirim tanpa SN (Catat SN)", class_name="text-amber-800")),
            href=routes.ADMIN_DEVICES,
            class_name=f"{CARD} mt-4 flex flex-wrap gap-x-6 gap-y-1 p-4 text-sm hover:border-blue-300",
        ),
    )  # fmt: skip


def _fleet() -> rx.Component:
    """The terminals that need attention, each count a link to its list on Armada."""
    f = S.view.fleet
    return rx.el.a(
        rx.el.strong("Armada: "),
        rx.el.span(f.offline, " offline", data_testid="overview-fleet-offline"),
        rx.el.span(" · ", f.never, " belum pernah terhubung", data_testid="overview-fleet-never"),
        rx.el.span(" · ", f.paper_out, " kertas habis"),
        rx.el.span(" · ", f.old_app, " aplikasi lama"),
        href=routes.ADMIN_FLEET,
        class_name=f"{CARD} mt-4 flex flex-wrap gap-x-2 p-4 text-sm hover:border-blue-300",
    )


def _awaiting(title: str, items, line, testid: str, link: str, href: str) -> rx.Component:
    """A list of what waits for the admin (shown only when something does), with the way there."""
    return rx.cond(
        items.length() > 0,
        rx.el.section(
            rx.el.h2(title, class_name="text-lg font-bold"),
            rx.el.ul(rx.foreach(items, lambda x: rx.el.li(*line(x), class_name="py-1", data_testid=testid)), class_name="mt-2 text-sm"),
            rx.el.a(link, href=href, class_name="mt-2 inline-flex min-h-[44px] items-center text-sm font-medium text-blue-700 underline"),
            class_name=f"{CARD} mt-4 border-amber-300 p-5",
        ),
    )  # fmt: skip


def _incidents() -> rx.Component:
    """Open data incidents, the owner's: the people and the authority are told within 3x24 hours."""
    return when_allowed(Permission.PERSONAL_DATA, _awaiting(
        "Insiden data pribadi: beri tahu dalam 3x24 jam", S.view.incidents,
        lambda i: (rx.el.span("Insiden ", i.id, " · ", i.affected, " orang"), rx.el.span(" · batas ", i.due, " (", i.left, ")",
                                                                                     class_name="font-semibold text-red-700")),
        "overview-incident", "Buka Insiden", routes.ADMIN_INCIDENTS))  # fmt: skip


def _disputes() -> rx.Component:
    """Open disputes, the nearest deadline first: the merchant's answer must reach the acquirer."""
    return _awaiting("Sengketa terbuka, batas terdekat dulu", S.view.disputes,
                    lambda d: (rx.el.span(d.title, " · ", d.merchant), rx.el.span(" · ", d.deadline, class_name="text-slate-600")),
                    "overview-dispute", "Kirim bukti di Transaksi", routes.ADMIN_TRANSACTIONS + "#sengketa")  # fmt: skip


def _requests_and_payments() -> rx.Component:
    """What waits for an answer: data requests (by law), "Dana belum masuk" cases (by their
    promise), payments an imported line pays."""
    v = S.view
    return rx.fragment(
        rx.cond(
            v.data_requests.length() > 0,
            rx.el.section(
                rx.el.h2(
                    f"Permintaan data pribadi (jawab dalam {rules.working_days(rules.DATA_REQUEST_ANSWER)})",
                    class_name="text-lg font-bold",
                ),
                rx.el.div(request_list(v.data_requests), class_name="mt-2"),
                class_name=f"{CARD} mt-4 border-amber-300 p-5",
            ),
        ),
        _awaiting(
            "Dana belum masuk: merchant menunggu jawaban",
            v.payout_cases,
            lambda c: (rx.el.span(c.facts), rx.el.span(" · ", c.promised, class_name="text-slate-600")),
            "overview-payout-case",
            "Jawab di Transaksi",
            routes.ADMIN_TRANSACTIONS + "#dana-belum-masuk",
        ),  # fmt: skip
        nav_link(
            rx.el.span(
                rx.el.strong(v.waiting_matched, data_testid="waiting-matched"),
                " pembayaran menunggu cocok dengan mutasi (siap dikonfirmasi)",
            ),
            rx.el.span(
                rx.el.strong(v.waiting_unmatched, data_testid="waiting-unmatched"),
                " belum ada di mutasi yang diimpor",
            ),
            href=routes.ADMIN_PAYMENTS,
            class_name=f"{CARD} mt-4 flex flex-wrap gap-x-6 gap-y-1 p-4 text-sm hover:border-blue-300",
        ),
    )


def _strays_and_registrations() -> rx.Component:
    return rx.fragment(
        rx.cond(
            S.strays,
            rx.el.section(
                rx.el.h2("Pesan WhatsApp dari nomor tanpa pesanan", class_name="text-lg font-bold"),
                rx.el.ul(
                    rx.foreach(
                        S.strays,
                        lambda m: rx.el.li(m.at, " · ", m.number, " · ", m.text, data_testid="stray-message"),
                    ),
                    class_name="mt-2 space-y-1 text-sm",
                ),
                class_name=f"{CARD} mt-4 p-5",
            ),
        ),
        rx.el.section(
            rx.el.h2("Pendaftaran per status", class_name="text-lg font-bold"),
            rx.el.ul(
                rx.foreach(
                    S.view.registrations,
                    lambda c: rx.el.li(
                        badge(c.badge), rx.el.span(c.count, class_name="font-semibold"), class_name="flex gap-2"
                    ),
                ),
                class_name="mt-3 flex flex-wrap gap-6",
                data_testid="registrations",
            ),
            class_name=f"{CARD} mt-4 p-5",
        ),
    )


def overview_page() -> rx.Component:
    v = S.view
    return admin_layout(
        rx.el.div(
            rx.el.h1("Ringkasan", class_name="text-2xl font-bold"),
            filter_select("periode", S.period, S.set_period, Period.labels(), all_text="30 hari terakhir"),
            class_name="flex flex-wrap items-center justify-between gap-3",
        ),
        rx.cond(S.period == Period.CUSTOM, rx.el.div(date_range(S), class_name="mt-3")),
        rx.cond(
            S.mail_warning != "",
            rx.el.p(
                S.mail_warning,
                role="alert",
                class_name="mt-4 rounded-lg border border-red-300 bg-red-50 p-4 font-medium text-red-800",
                data_testid="mail-warning",
            ),
        ),
        when_loaded(
            v,
            rx.el.p(v.range_text, " (WIB)", class_name="mt-2 text-sm text-slate-600", data_testid="range"),
            rx.el.dl(
                _figure("Pesanan", v.orders, "orders"),
                _figure("Pendapatan terkonfirmasi", v.revenue, "revenue"),
                _figure("Pesanan dikonfirmasi", v.confirmed, "confirmed"),
                _figure("Rata-rata waktu hingga konfirmasi", v.average_confirmation, "average"),
                class_name="mt-4 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4",
            ),
            rx.el.section(
                rx.el.h2("Menunggu review", class_name="sr-only"),
                rx.foreach(v.waiting, _waiting),
                class_name="mt-4 grid gap-4 sm:grid-cols-2",
            ),
            _incidents(),
            _requests_and_payments(),
            _disputes(),
            _fleet(),
            _devices(),
            _strays_and_registrations(),
            rx.el.div(
                _chart("Pesanan per hari", "pesanan", "#1d4ed8", "orders-table"),
                _chart("Pendapatan terkonfirmasi per hari", "pendapatan", "#059669", "revenue-table", money=True),
                class_name="mt-4 grid gap-4 lg:grid-cols-2",
            ),
        ),
    )


PAGE = AdminPage(routes.ADMIN_OVERVIEW, "Admin: Ringkasan", overview_page, S, menu="Ringkasan")
