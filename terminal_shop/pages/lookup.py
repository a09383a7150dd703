"""Status & Tracking (/dashboard) where a buyer or an applicant finds their record again, and
a registration's own status page (its signed link)."""

from __future__ import annotations

import reflex as rx

from terminal_shop import routes, rules
from terminal_shop.components.devices import device_card
from terminal_shop.components.layout import site_page
from terminal_shop.components.ui import BTN_OUTLINE, BTN_PRIMARY, CARD, INPUT, container, link_button
from terminal_shop.pages.order_status import help_box
from terminal_shop.services.privacy.terms import DataRequestKind
from terminal_shop.site_pages import Page
from terminal_shop.state.order_status import RegistrationStatusState as Reg
from terminal_shop.state.order_status import TrackingState as T


def _field(name: str, label: str, **props) -> rx.Component:
    return rx.el.div(
        rx.el.label(label, html_for=name, class_name="text-sm font-medium"),
        rx.el.input(id=name, name=name, required=True, class_name=INPUT, **props),
    )


def dashboard() -> rx.Component:
    tracking = rx.el.form(
        rx.el.h2("Lacak Pesanan", class_name="text-xl font-bold"),
        rx.el.p(
            "Masukkan nomor pesanan (8 karakter) dan email yang Anda pakai saat memesan.",
            class_name="text-sm text-slate-600",
        ),
        _field("number", "Nomor pesanan", placeholder="mis. 3F2A9C1B", auto_complete="off", max_length=9),
        _field("email", "Email", type="email", auto_complete="email", placeholder="nama@email.com"),
        rx.el.p(T.error, class_name="min-h-[1.25rem] text-sm text-red-600", role="alert", data_testid="tracking-error"),
        rx.el.button(
            rx.cond(T.busy, "Mencari...", "Lacak"), type="submit", disabled=T.busy, class_name=BTN_PRIMARY + " w-full"
        ),
        on_submit=T.track,
        reset_on_submit=False,
        class_name=f"{CARD} flex flex-col gap-3 p-6",
    )
    registration = rx.el.form(
        rx.el.h2("Status Pendaftaran", class_name="text-xl font-bold"),
        rx.el.p(
            "Masukkan email dan nomor HP pendaftaran. Tautan status dikirim ke email yang terdaftar.",
            class_name="text-sm text-slate-600",
        ),
        _field("reg_email", "Email", type="email", auto_complete="email", placeholder="nama@email.com"),
        _field(
            "reg_phone", "Nomor HP", type="tel", auto_complete="tel", input_mode="tel", placeholder="0812-3456-7890"
        ),
        rx.el.p(Reg.error, class_name="min-h-[1.25rem] text-sm text-red-600", role="alert"),
        rx.el.p(Reg.answer, class_name="text-sm text-emerald-700", role="status", data_testid="registration-answer"),
        rx.el.button("Kirim Tautan Status", type="submit", class_name=BTN_PRIMARY + " w-full"),
        on_submit=Reg.request_link,
        reset_on_submit=False,
        class_name=f"{CARD} flex flex-col gap-3 p-6",
    )
    return site_page(
        container(
            rx.el.div(
                rx.el.h1(routes.DASHBOARD_NAME, class_name="text-3xl font-bold"),
                rx.el.p("Lacak pesanan perangkat dan status pendaftaran Anda.", class_name="mt-2 text-slate-600"),
                rx.el.p(
                    "Semua pesanan, pendaftaran dan perangkat Anda di satu tempat: ",
                    rx.el.a(
                        "Masuk dengan kode email",
                        href=routes.SIGN_IN,
                        class_name="font-semibold text-blue-700 underline",
                    ),
                    " (tanpa password).",
                    class_name="mt-4 rounded-xl bg-blue-50 p-4 text-sm text-blue-950",
                ),
                rx.el.div(tracking, registration, class_name="mt-8 grid gap-6 md:grid-cols-2"),
                class_name="mx-auto max-w-4xl py-12",
            )
        )
    )


def _data_rights() -> rx.Component:
    """UU 27/2022: the applicant asks for a copy of their data, or its erasure (answered within 3x24 hours)."""
    return rx.el.section(
        rx.el.h2("Data pribadi Anda", class_name="mt-4 font-semibold"),
        rx.el.p(
            f"Minta salinan data Anda beserta riwayat pemrosesannya, atau penghapusannya. Kami menjawab dalam {rules.working_days(rules.DATA_REQUEST_ANSWER)}.",
            class_name="text-sm text-slate-600",
        ),
        rx.el.div(
            rx.el.button("Minta data saya", type="button", on_click=Reg.ask(DataRequestKind.ACCESS.value), class_name=BTN_OUTLINE),
            rx.el.button("Minta hapus", type="button", on_click=Reg.ask(DataRequestKind.ERASURE.value), class_name=BTN_OUTLINE),
            class_name="mt-2 flex flex-wrap gap-2",
        ),
        rx.el.p(Reg.request_answer, class_name="mt-2 text-sm text-emerald-800", role="status", data_testid="request-answer"),
        rx.el.p(Reg.request_error, class_name="text-sm text-red-700", role="alert"),
    )  # fmt: skip


def registration_page() -> rx.Component:
    v = Reg.view
    found = rx.el.div(
        rx.el.h1("Pendaftaran ", v.nama_usaha, class_name="text-2xl font-bold"),
        rx.el.p(
            "Status: ", rx.el.strong(v.status_label, data_testid="registration-status"), class_name="text-slate-700"
        ),
        rx.el.p("Dikirim ", v.submitted_at, class_name="text-sm text-slate-500"),
        rx.cond(v.reason != "", rx.el.p("Alasan: ", rx.el.strong(v.reason), class_name="text-red-800")),
        rx.el.p(v.note, class_name="text-slate-700"),
        rx.cond(
            Reg.devices,
            rx.el.section(
                rx.el.h2("Perangkat", class_name="mt-2 text-lg font-bold"),
                rx.el.div(rx.foreach(Reg.devices, lambda d: device_card(d)), class_name="mt-2 grid gap-3"),
            ),
        ),
        help_box(),
        _data_rights(),
        class_name=f"{CARD} mx-auto my-12 flex max-w-lg flex-col gap-2 p-8",
    )
    return site_page(
        container(
            rx.cond(
                Reg.missing,
                rx.el.div(
                    rx.el.h1("Tautan tidak berlaku", class_name="text-2xl font-bold"),
                    rx.el.p(f"Minta tautan baru di halaman {routes.DASHBOARD_NAME}.", class_name="mt-2 text-slate-600"),
                    link_button(f"Buka {routes.DASHBOARD_NAME}", routes.DASHBOARD, BTN_PRIMARY + " mt-6"),
                    class_name=f"{CARD} mx-auto my-12 flex max-w-lg flex-col items-center p-8 text-center",
                ),
                rx.cond(v, found, rx.el.p("Memuat pendaftaran...", class_name="py-24 text-center text-slate-500")),
            )
        )
    )


PAGES = (
    Page(routes.DASHBOARD, routes.DASHBOARD_NAME, dashboard, "Lacak pesanan perangkat Anda.", indexable=True,
         on_load=T.to_account),
    Page(routes.REGISTRATION_STATUS, "Status Pendaftaran", registration_page, on_load=Reg.load),
)  # fmt: skip
