"""/undangan: who invites, as what and at which outlets, and the one step left (issue 63.4):
"Gabung" for the invited address signed in, "Masuk" with it otherwise (state/invitation.py)."""

from __future__ import annotations

import reflex as rx

from terminal_shop import routes
from terminal_shop.components.layout import site_page
from terminal_shop.components.ui import BTN_OUTLINE, BTN_PRIMARY, CARD, container, link_button, native_form
from terminal_shop.site_pages import Page
from terminal_shop.state.invitation import InvitationState as S


def _join() -> rx.Component:
    return native_form(
        rx.el.button(S.join_label, type="submit", class_name=BTN_PRIMARY + " w-full min-h-[44px]"),
        action=routes.API_TEAM_INVITE,
        method="post",
        class_name="mt-4",
    )


def _other_address() -> rx.Component:
    return rx.fragment(
        rx.el.p("Anda masuk sebagai ", rx.el.strong(S.signed_in_as), ". Undangan ini untuk ", rx.el.strong(S.email),
                ": keluar dulu, lalu masuk dengan email yang diundang.", class_name="mt-4 text-sm", role="alert"),
        native_form(rx.el.button("Keluar", type="submit", class_name=BTN_OUTLINE + " mt-3 min-h-[44px]"),
                    action=routes.API_SIGN_OUT, method="post"),
    )  # fmt: skip


def _step() -> rx.Component:
    return rx.cond(
        S.gone != "",
        rx.el.p(S.gone, class_name="mt-4 text-sm text-red-700", role="alert"),
        rx.cond(
            S.signed_in_as == S.email,
            _join(),
            rx.cond(S.signed_in_as != "", _other_address(),
                    link_button("Masuk dengan " + S.email, f"{routes.SIGN_IN}?undangan=1", BTN_PRIMARY + " mt-4 w-full min-h-[44px]")),
        ),
    )  # fmt: skip


def invitation_page() -> rx.Component:
    found = rx.fragment(
        rx.el.p(rx.el.strong(S.business), " mengundang ", rx.el.strong(S.email), " bergabung sebagai ",
                rx.el.strong(S.role), " di outlet ", rx.el.strong(S.outlets), ".", class_name="mt-2 text-slate-700",
                data_testid="invitation"),
        rx.el.p("Berlaku s/d ", S.until, ". Sebagai anggota tim, Anda masuk dengan kode yang dikirim ke email ini.",
                class_name="mt-1 text-sm text-slate-600"),
        _step(),
    )  # fmt: skip
    missing = rx.el.p(
        "Undangan tidak ditemukan. Buka lagi tautan dari email undangan, atau minta pemilik usaha mengirim undangan baru.",
        class_name="mt-2 text-sm text-slate-700",
        role="alert",
    )
    return site_page(
        container(
            rx.el.div(
                rx.el.h1("Undangan tim", class_name="text-2xl font-bold"),
                rx.cond(S.loaded, rx.cond(S.found, found, missing), rx.el.p("Memuat undangan...", class_name="mt-2 text-slate-500")),
                class_name=f"{CARD} mx-auto my-12 max-w-md p-6",
            )
        )
    )  # fmt: skip


PAGES = (Page(routes.TEAM_INVITATION, "Undangan Tim", invitation_page, on_load=S.load),)
