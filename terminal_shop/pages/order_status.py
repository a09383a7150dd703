"""The buyer's own order page (a signed link): where the order is, how to pay, the parcel."""

from __future__ import annotations

import reflex as rx

from terminal_shop import routes, rules
from terminal_shop.components.devices import device_card, register_invitation
from terminal_shop.components.layout import site_page
from terminal_shop.components.payment import bank_details, dynamic_qris
from terminal_shop.components.service import case_link
from terminal_shop.components.ui import BTN_PRIMARY, CARD, anchor, container, icon, link_button
from terminal_shop.infra.settings import get_settings
from terminal_shop.pages.order_return import return_section
from terminal_shop.services.orders import transfer_codes
from terminal_shop.services.orders.terms import OrderStatus, PaymentMethod
from terminal_shop.site_pages import Page
from terminal_shop.state.order_return import ReturnState as R
from terminal_shop.state.order_status import OrderStatusState as S

_DOT_BASE = "flex h-7 w-7 shrink-0 items-center justify-center rounded-full text-sm "
_DOT = {
    "done": _DOT_BASE + "bg-emerald-600 text-white",
    "current": _DOT_BASE + "bg-blue-700 text-white ring-4 ring-blue-100",
    "todo": _DOT_BASE + "bg-slate-200 text-slate-500",
}


def help_box() -> rx.Component:
    s = get_settings()
    return rx.el.p(
        "Ada pertanyaan tentang pesanan ini? Hubungi kami lewat ",
        anchor(
            "WhatsApp",
            href=s.whatsapp_url,
            target="_blank",
            rel="noopener",
            class_name="font-semibold text-blue-700 underline",
        ),
        " atau ",
        anchor(s.support_email, href=f"mailto:{s.support_email}", class_name="font-semibold text-blue-700 underline"),
        ".",
        class_name="mt-6 text-sm text-slate-600",
    )


def _timeline() -> rx.Component:
    def step(st) -> rx.Component:
        return rx.el.li(
            rx.el.span(
                rx.match(st.state, ("done", icon("check", "h-4 w-4")), rx.el.span("•")),
                class_name=rx.match(st.state, *_DOT.items(), _DOT["todo"]),
            ),
            rx.el.div(
                rx.el.p(st.label, class_name="font-semibold"),
                rx.cond(st.detail != "", rx.el.p(st.detail, class_name="text-sm text-slate-600")),
            ),
            aria_current=rx.cond(st.state == "current", "step", "false"),
            class_name="flex gap-3",
        )

    return rx.el.ol(rx.foreach(S.view.steps, step), class_name="mt-4 flex flex-col gap-4", data_testid="timeline")


def _how_to_pay() -> rx.Component:
    v = S.view
    return rx.el.section(
        rx.el.h2("Pembayaran", class_name="text-lg font-bold"),
        rx.cond(
            v.method == PaymentMethod.QRIS,
            rx.cond(
                v.payment_qr,
                dynamic_qris(v.payment_qr, S.qr_open, S.set_qr_open(True), S.set_qr_open(False)),
                rx.el.p("Bayar dengan QRIS sejumlah ", rx.el.strong(v.total), ".", class_name="mt-2 text-sm"),
            ),
            rx.el.div(bank_details(v.transfer), class_name="mt-3"),
        ),
        rx.el.p(
            f"Sudah membayar dan mengunggah bukti? {rules.PAYMENT_PROMISE} Halaman ini akan berubah.",
            class_name="mt-3 text-sm text-slate-600",
        ),
        class_name=f"{CARD} p-5",
    )


def _parcel() -> rx.Component:
    """The courier and resi (with a copy button and the courier's tracking page), and the invoice."""
    v = S.view
    return rx.el.section(
        rx.el.h2("Pengiriman dan invoice", class_name="text-lg font-bold"),
        rx.cond(
            v.resi != "",
            rx.el.div(
                rx.el.p("Kurir: ", rx.el.strong(v.courier, data_testid="courier")),
                rx.el.div(
                    rx.el.span("Nomor resi: "),
                    rx.el.code(v.resi, class_name="font-bold", data_testid="resi"),
                    rx.el.button(
                        "Salin",
                        type="button",
                        on_click=rx.set_clipboard(v.resi),
                        aria_label="Salin nomor resi",
                        class_name="inline-flex min-h-11 min-w-11 items-center justify-center rounded-md border border-slate-300 px-3 text-sm hover:bg-slate-100",
                    ),
                    class_name="mt-1 flex flex-wrap items-center gap-2",
                ),
                rx.cond(
                    v.tracking_page != "",
                    rx.el.a(
                        "Lacak di situs kurir",
                        href=v.tracking_page,
                        target="_blank",
                        rel="noopener noreferrer",
                        class_name="mt-1 inline-flex min-h-11 items-center font-medium text-blue-700 underline",
                        data_testid="tracking-link",
                    ),
                ),
                class_name="mt-3 text-sm",
            ),
            rx.el.p("Nomor resi muncul di sini begitu paket dikirim.", class_name="mt-2 text-sm text-slate-600"),
        ),
        rx.cond(
            v.invoice_link != "",
            rx.el.a(
                "Unduh invoice ",
                v.invoice_number,
                " (PDF)",
                href=v.invoice_link,
                download="",  # a file, not a page of the site
                custom_attrs={"reloadDocument": True},  # past the client-side router
                class_name="mt-4 inline-block font-medium text-blue-700 underline",
                data_testid="invoice-link",
            ),
        ),
        rx.cond(v.faktur != "", rx.el.p(v.faktur, class_name="mt-2 text-sm text-slate-700", data_testid="faktur")),
        class_name=f"{CARD} p-5",
    )


def _devices() -> rx.Component:
    """The units packed for this order, and, while no merchant registration owns it, why they
    cannot be activated yet and where to register."""
    return rx.fragment(
        rx.cond(
            S.devices.length() > 0,
            rx.el.section(
                rx.el.h2("Perangkat Anda", class_name="text-lg font-bold"),
                rx.el.div(rx.foreach(S.devices, lambda d: device_card(d)), class_name="mt-3 grid gap-3"),
                class_name=f"{CARD} p-5",
            ),
        ),
        rx.cond(S.needs_registration, register_invitation(S.register_link)),
    )  # fmt: skip


def _details() -> rx.Component:
    """What was ordered and paid."""
    v = S.view
    return rx.el.section(
        rx.el.h2("Rincian", class_name="text-lg font-bold"),
        rx.el.ul(
            rx.foreach(
                v.lines,
                lambda ln: rx.el.li(
                    rx.el.span(ln.name, " × ", ln.qty),
                    rx.el.span(ln.total_text, class_name="font-medium"),
                    class_name="flex justify-between py-2 text-sm",
                ),
            ),
            class_name="mt-3 divide-y divide-slate-100",
        ),
        rx.cond(
            v.code_discount != "",
            rx.el.div(
                rx.el.span(transfer_codes.DISCOUNT_LINE),
                rx.el.span(v.code_discount, data_testid="code-discount"),
                class_name="flex justify-between py-2 text-sm text-emerald-700",
            ),
        ),
        rx.el.div(
            rx.el.span("Total"),
            rx.el.span(v.total, data_testid="order-total"),
            class_name="mt-2 flex justify-between border-t border-slate-200 pt-3 font-bold",
        ),
        rx.el.p("Metode pembayaran: ", v.method_label, class_name="mt-2 text-sm text-slate-600"),
        class_name=f"{CARD} p-5",
    )


def _order() -> rx.Component:
    v = S.view
    return rx.el.div(
        rx.el.div(
            rx.el.h1("Pesanan ", rx.el.code(v.number), class_name="text-2xl font-bold"),
            rx.el.p(
                "Status: ",
                rx.el.strong(v.status_label, data_testid="order-status"),
                class_name="mt-1 text-slate-700",
            ),
            rx.el.p("Dipesan ", v.created_at, class_name="text-sm text-slate-500"),
        ),
        rx.el.section(
            rx.el.h2("Perjalanan pesanan", class_name="text-lg font-bold"), _timeline(), class_name=f"{CARD} p-5"
        ),
        rx.cond(
            v.status == OrderStatus.CANCELLED,
            rx.el.div(
                rx.el.p("Alasan penolakan: ", rx.el.strong(v.rejection_reason), data_testid="rejection-reason"),
                rx.el.p("Hubungi kami untuk pengembalian dana atau pesanan ulang.", class_name="mt-1 text-sm"),
                class_name="rounded-xl border border-red-200 bg-red-50 p-4 text-red-900",
                role="status",
            ),
        ),
        rx.cond(v.service_case != "", case_link(v.service_case, v.case_link)),
        rx.cond(v.waiting, _how_to_pay()),
        rx.cond(v.status == OrderStatus.CONFIRMED, _parcel()),
        _devices(),
        return_section(),
        _details(),
        help_box(),
        class_name="mx-auto flex max-w-2xl flex-col gap-6 py-10",
    )


def status_page() -> rx.Component:
    return site_page(
        container(
            rx.cond(
                S.missing,
                rx.el.div(
                    icon("circle-x", "h-12 w-12 text-red-600"),
                    rx.el.h1("Tautan tidak berlaku", class_name="mt-4 text-2xl font-bold"),
                    rx.el.p(
                        "Tautan pesanan ini tidak lengkap atau sudah diubah. Cari pesanan Anda dengan nomor pesanan dan email.",
                        class_name="mt-2 text-slate-600",
                    ),
                    link_button(f"Buka {routes.DASHBOARD_NAME}", routes.DASHBOARD, BTN_PRIMARY + " mt-6"),
                    class_name=f"{CARD} mx-auto my-12 flex max-w-lg flex-col items-center p-8 text-center",
                ),
                rx.cond(S.view, _order(), rx.el.p("Memuat pesanan...", class_name="py-24 text-center text-slate-500")),
            )
        )
    )


PAGES = (Page(routes.ORDER_STATUS, "Status Pesanan", status_page, on_load=[S.load, R.load]),)
