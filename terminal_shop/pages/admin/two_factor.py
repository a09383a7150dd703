"""The second factor after the password, and the authenticator's setup with its recovery codes."""

from __future__ import annotations

import reflex as rx

from terminal_shop import routes
from terminal_shop.admin_pages import AdminPage
from terminal_shop.components.admin import BTN_SMALL
from terminal_shop.components.ui import BTN_OUTLINE, BTN_PRIMARY, CARD, INPUT
from terminal_shop.state.admin.two_factor import CODES_FIELD, SECRET_FIELD
from terminal_shop.state.admin.two_factor import TwoFactorState as S

CODE_INPUT = {
    "name": "code",
    "type": "text",
    "auto_complete": "one-time-code",
    "required": True,
    "max_length": 30,  # a recovery code: four groups of five and their dashes (23)
    "class_name": INPUT,
}


def _error() -> rx.Component:
    return rx.el.p(S.code_error, class_name="mt-2 min-h-[1.25rem] text-sm text-red-600", role="alert")


def _centred(*children) -> rx.Component:
    return rx.el.main(
        rx.el.div(*children, class_name=f"{CARD} flex w-full max-w-md flex-col p-8"),
        class_name="flex min-h-screen items-center justify-center bg-slate-100 px-4 py-10",
    )


def verify_page() -> rx.Component:
    return _centred(
        rx.el.form(
            rx.el.h1("Verifikasi dua langkah", class_name="text-2xl font-bold"),
            rx.el.p(
                "Masukkan kode 6 angka dari aplikasi autentikator Anda. Tidak punya akses ke ponsel? "
                "Masukkan salah satu kode pemulihan.",
                class_name="mt-2 text-sm text-slate-600",
            ),
            rx.el.label("Kode verifikasi", html_for="code", class_name="mt-6 text-sm font-medium"),
            rx.el.input(id="code", input_mode="text", auto_focus=True, **CODE_INPUT),
            _error(),
            rx.el.button("Verifikasi", type="submit", class_name=BTN_PRIMARY + " mt-2 w-full"),
            on_submit=S.verify,
            reset_on_submit=True,
            class_name="flex flex-col",
        ),
    )


def _recovery_codes() -> rx.Component:
    """Always on the page (the codes arrive by a set_value event, which needs the field
    mounted); visible once codes were made."""
    return rx.el.section(
        rx.el.h2("Kode pemulihan", class_name="text-lg font-bold"),
        rx.el.p(
            "Setiap kode hanya bisa dipakai sekali untuk masuk tanpa aplikasi autentikator. Simpan di tempat "
            "aman (misalnya dicetak): kode ini tidak akan ditampilkan lagi.",
            class_name="mt-1 text-sm text-slate-600",
        ),
        rx.el.label("Kode pemulihan Anda", html_for=CODES_FIELD, class_name="sr-only"),
        rx.el.textarea(
            id=CODES_FIELD,
            read_only=True,
            rows=10,
            class_name=INPUT + " font-mono",
        ),
        rx.el.a("Lanjut ke back office", href=S.home, class_name=BTN_PRIMARY + " mt-4 w-full"),
        class_name=rx.cond(S.codes_shown, "mt-6", "hidden"),
        data_testid="recovery-codes",
    )


def _setup() -> rx.Component:
    return rx.el.section(
        rx.el.ol(
            rx.el.li("Pasang aplikasi autentikator (Google Authenticator, Microsoft Authenticator, Authy)."),
            rx.el.li("Pindai QR Code di bawah ini, atau ketik kunci rahasianya."),
            rx.el.li("Masukkan kode 6 angka yang muncul di aplikasi."),
            class_name="mt-3 list-decimal space-y-1 pl-5 text-sm text-slate-700",
        ),
        rx.cond(
            S.qr_src != "",
            rx.el.img(
                src=S.qr_src, alt="QR Code untuk aplikasi autentikator", width=240, height=240,
                class_name="mx-auto mt-4 h-60 w-60",
            ),
        ),  # fmt: skip
        rx.el.label("Kunci rahasia (jika tidak bisa memindai)", html_for=SECRET_FIELD, class_name="mt-4 text-sm font-medium"),
        rx.el.textarea(id=SECRET_FIELD, read_only=True, rows=2, class_name=INPUT + " resize-none font-mono"),  # wraps on a phone
        rx.el.form(
            rx.el.label("Kode dari aplikasi", html_for="code", class_name="mt-4 text-sm font-medium"),
            rx.el.input(id="code", input_mode="numeric", **CODE_INPUT),
            _error(),
            rx.el.button("Aktifkan 2FA", type="submit", class_name=BTN_PRIMARY + " mt-2 w-full"),
            on_submit=S.confirm_setup,
            reset_on_submit=True,
            class_name="flex flex-col",
        ),
        class_name=rx.cond(S.setting_up, "flex flex-col", "hidden"),
    )  # fmt: skip


def _status() -> rx.Component:
    return rx.cond(
        S.two_factor_on & ~S.setting_up & ~S.codes_shown,
        rx.el.section(
            rx.el.p(
                "2FA aktif. Sisa kode pemulihan: ", rx.el.strong(S.recovery_left), ".",
                class_name="mt-3 text-sm text-slate-700", data_testid="two-factor-status",
            ),
            rx.el.div(
                rx.el.button("Buat kode pemulihan baru", type="button", on_click=S.renew_codes, class_name=BTN_SMALL),
                rx.el.button("Ganti ponsel / atur ulang aplikasi", type="button", on_click=S.start_setup, class_name=BTN_SMALL),
                rx.el.a("Kembali", href=S.home, class_name=BTN_OUTLINE),
                class_name="mt-4 flex flex-wrap gap-2",
            ),
        ),
    )  # fmt: skip


def setup_page() -> rx.Component:
    return _centred(
        rx.el.h1("Verifikasi dua langkah (2FA)", class_name="text-2xl font-bold"),
        rx.cond(
            S.required & ~S.two_factor_on,
            rx.el.p(
                "Semua admin wajib memakai 2FA: atur sekarang sebelum membuka halaman admin.",
                class_name="mt-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-900",
            ),
        ),
        _status(),
        _setup(),
        _recovery_codes(),
    )


PAGES = (
    AdminPage(routes.ADMIN_2FA, "Verifikasi 2FA", verify_page, S, load="show_verify"),
    AdminPage(routes.ADMIN_2FA_SETUP, "Atur 2FA", setup_page, S, load="show_setup"),
)
