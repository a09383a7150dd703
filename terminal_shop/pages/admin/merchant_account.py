"""The merchant page's payout account request card (issue 61.4): what was asked, beside the
registration, and the approval with the admin's authenticator code."""

from __future__ import annotations

import reflex as rx

from terminal_shop.components.admin import BTN_DANGER, detail_item, when_allowed
from terminal_shop.components.ui import BTN_PRIMARY, CARD, INPUT, badge
from terminal_shop.services.team.permissions import Permission
from terminal_shop.state.admin.merchant_account import MerchantAccountState as A


def _field(label: str, name: str, **props) -> rx.Component:
    return rx.el.div(
        rx.el.label(label, html_for=f"rekening-{name}", class_name="text-xs font-medium"),
        rx.el.input(id=f"rekening-{name}", name=name, class_name=INPUT, **props),
        class_name="flex flex-col gap-1",
    )


def _decide(c) -> rx.Component:
    approve = rx.el.form(
        rx.cond(~c.holder_matches, _field("Alasan menyetujui nama yang berbeda", "reason")),
        _field("Kode 2FA", "code", input_mode="numeric", auto_complete="one-time-code", max_length=6, required=True),
        rx.el.button("Setujui rekening baru", type="submit", class_name=BTN_PRIMARY + " min-h-11"),
        on_submit=A.approve,
        reset_on_submit=True,
        class_name="flex flex-col gap-2",
    )
    refuse = rx.el.form(
        _field("Alasan penolakan", "reason", required=True),
        rx.el.button("Tolak", type="submit", class_name=BTN_DANGER + " min-h-11"),
        on_submit=A.refuse,
        reset_on_submit=True,
        class_name="flex flex-col gap-2",
    )
    return rx.cond(
        c.in_review,
        rx.el.div(approve, refuse, class_name="mt-4 grid gap-4 sm:grid-cols-2"),
    )


def merchant_account_card() -> rx.Component:
    c = A.change
    return rx.cond(
        c,
        rx.el.section(
            rx.el.div(
                rx.el.h2("Ganti rekening pencairan", class_name="text-lg font-semibold"),
                badge(c.step),
                class_name="flex flex-wrap items-center gap-2",
            ),
            rx.el.dl(
                detail_item("Rekening sekarang", c.old_account),
                detail_item("Bank baru", c.bank),
                detail_item("Nomor rekening baru", c.number),
                detail_item("Nama pemilik (baru)", c.holder),
                detail_item("Nama pemilik di pendaftaran", c.registered_holder),
                detail_item("Diajukan", c.asked),
                class_name="mt-3 grid gap-3 sm:grid-cols-2",
            ),
            rx.cond(
                c.holder_matches,
                rx.el.p("Nama pemilik sama dengan pendaftaran.", class_name="mt-2 text-sm text-emerald-700"),
                rx.el.p(
                    "Nama pemilik berbeda dengan pendaftaran: periksa fotonya dan tulis alasan bila disetujui.",
                    role="alert",
                    class_name="mt-2 text-sm font-medium text-red-700",
                ),
            ),  # fmt: skip
            rx.cond(
                c.proof,
                rx.el.a(
                    "Lihat foto rekening",
                    href=c.proof,
                    target="_blank",
                    rel="noopener",
                    class_name="mt-2 inline-flex min-h-11 items-center text-sm font-medium text-blue-700 underline",
                ),
                rx.el.p("Diajukan admin lewat formulir: tanpa foto.", class_name="mt-2 text-sm text-slate-600"),
            ),  # fmt: skip
            rx.cond(c.effective, rx.el.p("Dipakai mulai ", c.effective, class_name="mt-2 text-sm font-medium")),
            when_allowed(Permission.MERCHANTS_EDIT, _decide(c)),
            id="ganti-rekening",
            class_name=f"{CARD} p-5",
        ),
    )
