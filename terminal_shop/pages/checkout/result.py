"""After "Kirim Pesanan": the success and failure pages."""

from __future__ import annotations

import reflex as rx

from terminal_shop import routes, rules
from terminal_shop.components.devices import register_invitation
from terminal_shop.components.layout import site_page
from terminal_shop.components.service import case_link
from terminal_shop.components.ui import BTN_OUTLINE, BTN_PRIMARY, CARD, container, icon, link_button
from terminal_shop.site_pages import Page
from terminal_shop.state.checkout_result import OrderResultState as R


def success_page() -> rx.Component:
    def row(label, value, tid):
        return rx.el.div(
            rx.el.dt(label, class_name="text-slate-500"),
            rx.el.dd(value, class_name="font-semibold", data_testid=tid),
            class_name="flex justify-between",
        )

    return site_page(
        container(
            rx.cond(
                R.loading,
                rx.el.p("Memuat data pesanan...", class_name="py-24 text-center text-slate-500"),
                rx.el.div(
                    icon("circle-check-big", "h-14 w-14 text-emerald-600"),
                    rx.el.h1("Terima Kasih! Pesanan Anda telah kami terima", class_name="mt-4 text-2xl font-bold"),
                    rx.el.dl(
                        row("Nomor pesanan", R.summary.number, "order-number"),
                        row("Total", R.summary.total, "order-total"),
                        row("Metode pembayaran", R.summary.method, "order-method"),
                        row("Status", R.summary.status, "order-status"),
                        class_name="mt-6 flex w-full flex-col gap-3 rounded-xl bg-slate-50 p-5 text-sm",
                    ),
                    # The proof came with the order: nothing more to pay, only when it is checked.
                    rx.el.p(
                        icon("file-check", "h-4 w-4"),
                        "Bukti pembayaran Anda sudah kami terima.",
                        class_name="mt-4 flex items-center gap-2 font-semibold text-emerald-700",
                        data_testid="proof-received",
                    ),
                    rx.el.p(rules.PAYMENT_PROMISE, class_name="mt-1 text-sm text-slate-600", data_testid="promise"),
                    rx.el.a(
                        icon("list-checks", "h-4 w-4"),
                        "Lihat Status Pesanan",
                        href=R.summary.status_link,
                        class_name="mt-4 inline-flex min-h-11 items-center gap-2 font-semibold text-blue-700 underline",
                    ),
                    rx.el.p(
                        f"Simpan tautan ini, atau lacak dengan nomor pesanan dan email di halaman {routes.DASHBOARD_NAME}.",
                        class_name="mt-1 text-xs text-slate-500",
                    ),
                    rx.cond(R.summary.service_case != "", case_link(R.summary.service_case, R.summary.case_link)),
                    rx.cond(
                        R.needs_registration, rx.el.div(register_invitation(R.register_link), class_name="mt-4 w-full")
                    ),
                    rx.el.div(
                        link_button("Kembali ke Beranda", "/", BTN_OUTLINE),
                        rx.cond(
                            R.summary.service_case == "",
                            link_button("Belanja Lagi", routes.CHECKOUT_PRODUCTS, BTN_PRIMARY),
                        ),
                        class_name="mt-8 flex flex-wrap justify-center gap-3",
                    ),
                    class_name=f"{CARD} mx-auto my-12 flex max-w-lg flex-col items-center p-8 text-center",
                ),
            )
        )
    )


def failed_page() -> rx.Component:
    return site_page(
        container(
            rx.el.div(
                icon("circle-x", "h-14 w-14 text-red-600"),
                rx.el.h1("Pesanan Gagal Dibuat", class_name="mt-4 text-2xl font-bold"),
                rx.el.p("Alasan: ", R.reason, class_name="mt-3 text-slate-700", data_testid="failed-reason"),
                rx.el.div(
                    link_button("Coba Lagi", routes.CHECKOUT_CONFIRM, BTN_PRIMARY),
                    link_button("Kembali ke Beranda", "/", BTN_OUTLINE),
                    class_name="mt-8 flex flex-wrap justify-center gap-3",
                ),
                class_name=f"{CARD} mx-auto my-12 flex max-w-lg flex-col items-center p-8 text-center",
            )
        )
    )


PAGES = (
    Page(routes.CHECKOUT_SUCCESS, "Pesanan Diterima", success_page, on_load=R.load_success),
    Page(routes.CHECKOUT_FAILED, "Pesanan Gagal", failed_page, on_load=R.load_failed),
)
