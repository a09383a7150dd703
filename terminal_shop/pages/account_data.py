"""/akun/data: "Data pribadi", the person's requests under UU 27/2022 (state/account_data.py)."""

from __future__ import annotations

import reflex as rx

from terminal_shop import routes
from terminal_shop.account_pages import AccountPage
from terminal_shop.components.ui import BTN_OUTLINE, CARD
from terminal_shop.pages.account_frame import account_page
from terminal_shop.services.privacy.terms import DataRequestKind
from terminal_shop.state.account_data import DataState as A


def data_page() -> rx.Component:
    return account_page(
        routes.ACCOUNT_DATA, "Data pribadi", A.loaded,
        rx.el.section(
            rx.el.p("Sesuai UU 27/2022: minta salinan semua data Anda di sini, atau penghapusannya (data yang wajib "
                    "disimpan menurut hukum dibatasi sampai masa simpannya berakhir).", class_name="text-sm text-slate-600"),
            rx.el.ul(rx.foreach(A.data_requests, lambda r: rx.el.li(r, data_testid="data-request")),
                     class_name="mt-2 text-sm text-slate-700"),
            rx.el.div(*[rx.el.button(kind.label, type="button", on_click=A.ask_about_me(kind.value), class_name=BTN_OUTLINE)
                        for kind in DataRequestKind], class_name="mt-3 flex flex-wrap gap-3"),
            rx.el.p(A.request_answer, class_name="mt-2 text-sm text-emerald-700", role="status"),
            rx.el.p(A.request_error, class_name="mt-1 text-sm text-red-600", role="alert"),
            id="data-pribadi",
            class_name=f"{CARD} p-5",
        ),
    )  # fmt: skip


PAGE = AccountPage(routes.ACCOUNT_DATA, "Data pribadi", "Data pribadi", data_page, A)
