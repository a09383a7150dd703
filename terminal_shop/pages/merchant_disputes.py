"""/akun/sengketa (issue 47.4): each chargeback with its reason, deadline and status, the evidence
sent, and the answer form for the one being answered (state/account_disputes.py,
services/disputes)."""

from __future__ import annotations

from typing import Any

import reflex as rx

from terminal_shop import routes
from terminal_shop.account_pages import AccountPage
from terminal_shop.components.files import instant_picker
from terminal_shop.components.ui import BTN_OUTLINE, BTN_PRIMARY, CARD, INPUT, badge, term_options
from terminal_shop.infra.uploads import PROOF_ACCEPT
from terminal_shop.pages.account_frame import account_page
from terminal_shop.services.disputes.terms import Decision, EvidenceKind
from terminal_shop.state.account_disputes import EVIDENCE_UPLOAD_ID
from terminal_shop.state.account_disputes import DisputesState as A


def _answer_form() -> rx.Component:
    return rx.el.div(
        rx.el.label(rx.el.span("Jenis bukti", class_name="text-sm text-slate-700"),
                    rx.el.select(*term_options(EvidenceKind), value=A.evidence_kind,
                                 on_change=A.choose_evidence_kind, class_name=INPUT + " min-h-[44px]", name="jenis"),
                    class_name="flex flex-col gap-1"),
        rx.el.div(instant_picker(EVIDENCE_UPLOAD_ID, "Unggah bukti (JPG, PNG atau PDF, maks. 10 MB)", A.upload_evidence,
                                 PROOF_ACCEPT, BTN_OUTLINE + " min-h-[44px]"), class_name="mt-2"),
        rx.el.form(
            rx.el.fieldset(
                rx.el.legend("Tanggapan Anda", class_name="text-sm font-semibold"),
                *[rx.el.label(rx.el.input(type="radio", name="keputusan", value=d.value, default_checked=d is Decision.CONTEST),
                              " ", {"bantah": "Bantah dengan bukti", "terima": "Terima chargeback"}[d.value],
                              class_name="flex min-h-[44px] items-center gap-2 text-sm") for d in Decision],
            ),
            rx.el.label(rx.el.span("Penjelasan singkat (wajib jika membantah)", class_name="text-sm text-slate-700"),
                        rx.el.textarea(name="catatan", max_length=1000, rows=3, class_name=INPUT),
                        class_name="mt-2 flex flex-col gap-1"),
            rx.el.div(rx.el.button("Kirim tanggapan", type="submit", class_name=BTN_PRIMARY + " min-h-[44px]"),
                      rx.el.button("Batal", type="button", on_click=A.answer_dispute_close, class_name=BTN_OUTLINE + " min-h-[44px]"),
                      class_name="mt-2 flex flex-wrap gap-2"),
            on_submit=A.answer_dispute,
            reset_on_submit=False,
        ),
        class_name="mt-3 rounded-lg bg-slate-50 p-3",
        data_testid="dispute-answer",
    )  # fmt: skip


def _dispute(d: Any) -> rx.Component:
    return rx.el.li(
        rx.el.div(rx.el.p(d.title, class_name="font-semibold"), badge(d.status), class_name="flex flex-wrap items-center justify-between gap-2"),
        rx.el.p(d.sale, class_name="text-sm text-slate-700", data_testid="dispute-sale"),
        rx.el.p(d.reason, class_name="text-sm text-slate-700"),
        rx.el.p(d.deadline, class_name="text-sm font-medium text-amber-800", data_testid="dispute-deadline"),
        rx.cond(d.next_step != "", rx.el.p(d.next_step, class_name="text-sm text-slate-700", data_testid="dispute-next")),
        rx.cond(d.decision != "", rx.el.p("Tanggapan: ", d.decision, class_name="text-sm", data_testid="dispute-decision")),
        rx.el.ul(rx.foreach(d.evidence, lambda e: rx.el.li(rx.el.a(e.name, href=e.link, target="_blank", rel="noopener",
                                                                  class_name="text-blue-700 underline"), data_testid="dispute-evidence")),
                 class_name="mt-1 text-sm"),
        rx.cond(d.can_answer,
                rx.cond(A.answering == d.id, _answer_form(),
                        rx.el.button("Tanggapi", type="button", on_click=A.answer_dispute_open(d.id),
                                     class_name=BTN_OUTLINE + " mt-2 min-h-[44px]"))),
        class_name="py-3",
        data_testid="dispute",
    )  # fmt: skip


def disputes_section() -> rx.Component:
    return rx.el.section(
        rx.el.h2("Sengketa", class_name="text-lg font-bold"),
        rx.el.p("Chargeback yang dibuka acquirer atas transaksi Anda. Tanggapi sebelum batas waktunya: "
                "tanpa tanggapan, chargeback biasanya berlaku dan dipotong dari pencairan.", class_name="mt-1 text-sm text-slate-600"),
        rx.cond(A.disputes, rx.el.ul(rx.foreach(A.disputes, _dispute), class_name="mt-2 divide-y divide-slate-100"),
                rx.el.p("Belum ada sengketa.", class_name="mt-2 text-sm text-slate-500")),
        id="sengketa",
        class_name=f"{CARD} scroll-mt-32 p-5",
        data_testid="disputes",
    )  # fmt: skip


def disputes_page() -> rx.Component:
    return account_page(routes.ACCOUNT_DISPUTES, "Sengketa", A.loaded, disputes_section())


PAGE = AccountPage(routes.ACCOUNT_DISPUTES, "Sengketa", "Sengketa", disputes_page, A)
