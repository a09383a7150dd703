"""After "Kirim Pendaftaran": the success and failure pages."""

from __future__ import annotations

import reflex as rx

from terminal_shop import routes, rules
from terminal_shop.components.layout import site_page
from terminal_shop.components.ui import BTN_OUTLINE, BTN_PRIMARY, CARD, anchor, container, icon, link_button
from terminal_shop.infra.settings import get_settings
from terminal_shop.site_pages import Page
from terminal_shop.state.calendar import WorkingDayState
from terminal_shop.state.registration import RegistrationResultState as R


def _support() -> rx.Component:
    s = get_settings()
    return rx.el.p(
        "Butuh bantuan? Hubungi ",
        anchor(s.support_email, href=f"mailto:{s.support_email}", class_name="font-semibold text-blue-700 underline"),
        " atau WhatsApp ",
        anchor(
            s.whatsapp_display,
            href=s.whatsapp_url,
            target="_blank",
            rel="noopener",
            class_name="font-semibold text-blue-700 underline",
        ),
        ".",
        class_name="mt-6 text-sm text-slate-600",
    )


def success_page() -> rx.Component:
    return site_page(
        container(
            rx.el.div(
                icon("circle-check-big", "h-14 w-14 text-emerald-600"),
                rx.el.h1("Pendaftaran Berhasil Dikirim", class_name="mt-4 text-2xl font-bold"),
                rx.el.p(
                    f"Terima kasih! Tim kami akan memverifikasi data dan dokumen Anda dalam {rules.REGISTRATION_REVIEW}",
                    rx.cond(
                        WorkingDayState.verify_by != "",
                        rx.el.span(
                            ", paling lambat ", rx.el.strong(WorkingDayState.verify_by, data_testid="verify-by")
                        ),
                    ),
                    ".",
                    class_name="mt-3 text-slate-700",
                ),
                rx.el.p(
                    f"Status pendaftaran dapat dilihat di halaman {routes.DASHBOARD_NAME}.",
                    class_name="mt-1 text-slate-700",
                ),
                link_button(f"Buka {routes.DASHBOARD_NAME}", routes.DASHBOARD, BTN_PRIMARY + " mt-8"),
                _support(),
                class_name=f"{CARD} mx-auto my-12 flex max-w-lg flex-col items-center p-8 text-center",
            )
        )
    )


DUPLICATE_TIPS = (
    "Gunakan email atau nomor HP lain yang belum pernah didaftarkan.",
    "Periksa apakah Anda sudah pernah mendaftar sebelumnya.",
    "Hubungi tim dukungan kami jika merasa belum pernah mendaftar.",
    f"Cek status pendaftaran Anda di halaman {routes.DASHBOARD_NAME}.",
)


GENERAL_TIPS = (
    "Periksa kembali data yang Anda isi.",
    f"Pastikan setiap file berformat JPG atau PNG dan maksimal {rules.UPLOAD_MAX}.",
    "Pastikan koneksi internet Anda stabil.",
    "Coba lagi beberapa saat lagi.",
)


def _tips(tips: tuple[str, ...]) -> rx.Component:
    return rx.el.ul(
        *[rx.el.li(t) for t in tips], class_name="mt-4 list-disc space-y-1 pl-5 text-left text-sm text-slate-700"
    )


def failed_page() -> rx.Component:
    return site_page(
        container(
            rx.el.div(
                icon("circle-x", "h-14 w-14 text-red-600"),
                rx.el.h1("Pendaftaran Gagal", class_name="mt-4 text-2xl font-bold"),
                rx.cond(
                    R.duplicate,
                    rx.el.div(
                        rx.el.p(
                            "Email atau nomor HP yang Anda gunakan sudah terdaftar dalam sistem kami.",
                            class_name="mt-3 text-slate-700",
                            data_testid="failed-reason",
                        ),
                        _tips(DUPLICATE_TIPS),
                    ),
                    rx.el.div(
                        rx.el.p(R.reason, class_name="mt-3 text-slate-700", data_testid="failed-reason"),
                        _tips(GENERAL_TIPS),
                    ),
                ),
                rx.el.div(
                    link_button("Coba Lagi", routes.REGISTER, BTN_PRIMARY),
                    link_button("Kembali ke Beranda", "/", BTN_OUTLINE),
                    class_name="mt-8 flex flex-wrap justify-center gap-3",
                ),
                _support(),
                class_name=f"{CARD} mx-auto my-12 flex max-w-lg flex-col items-center p-8 text-center",
            )
        )
    )


PAGES = (
    Page(routes.REGISTER_SUCCESS, "Pendaftaran Berhasil", success_page, on_load=WorkingDayState.load_verify_by),
    Page(routes.REGISTER_FAILED, "Pendaftaran Gagal", failed_page, on_load=R.load_failed),
)
