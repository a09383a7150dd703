"""The payout account card on /akun/pencairan (issue 61.4): where the money goes, "Ganti rekening",
the e-mailed code and the request's next step (state/account_payout_account.py)."""

from __future__ import annotations

from typing import Any

import reflex as rx

from terminal_shop import rules
from terminal_shop.components.files import file_picker
from terminal_shop.components.ui import BTN_OUTLINE, BTN_PRIMARY, CARD, INPUT, badge, term_options
from terminal_shop.infra.uploads import IMAGE_ACCEPT
from terminal_shop.reflex_compat.forms import submit_with_files
from terminal_shop.services.registrations.terms import Bank
from terminal_shop.state.account_payout_account import PROOF_UPLOAD_ID
from terminal_shop.state.account_payout_account import PayoutAccountState as A

WAIT = (f"Rekening baru dipakai {rules.ACCOUNT_CHANGE_WAIT_DAYS} hari kerja setelah disetujui tim kami; sampai itu "
        "pencairan tetap ke rekening sekarang. Kami kirim kode konfirmasi ke email pemilik usaha.")  # fmt: skip


def _field(name: str, label: str, control: rx.Component) -> rx.Component:
    return rx.el.div(
        rx.el.label(label, html_for=f"ganti-{name}", class_name="text-sm text-slate-700"),
        control,
        rx.cond(A.change_errors.contains(name),
                rx.el.p(A.change_errors[name], id=f"ganti-{name}-error", role="alert", class_name="text-sm text-red-600")),
        class_name="flex flex-col gap-1",
    )  # fmt: skip


def _change_form() -> rx.Component:
    return rx.el.form(
        rx.el.p(WAIT, class_name="text-sm text-slate-600"),
        _field("nama_bank", "Bank", rx.el.select(*term_options(Bank, "Pilih bank"), id="ganti-nama_bank", name="nama_bank",
                                                 required=True, class_name=INPUT + " min-h-11")),
        _field("nomor_rekening", "Nomor rekening", rx.el.input(id="ganti-nomor_rekening", name="nomor_rekening", input_mode="numeric",
                                                               auto_complete="off", required=True, class_name=INPUT + " min-h-11")),
        _field("nama_rekening", "Nama pemilik rekening", rx.el.input(id="ganti-nama_rekening", name="nama_rekening", auto_complete="off",
                                                                     required=True, class_name=INPUT + " min-h-11")),
        file_picker(PROOF_UPLOAD_ID, "Foto buku tabungan atau layar mobile banking",
                    "Nomor dan nama pemilik rekening terbaca jelas; JPG atau PNG, maks. 10 MB", IMAGE_ACCEPT, A.proof_rejected, required=True),
        rx.el.div(rx.el.button("Kirim permintaan", type="submit", class_name=BTN_PRIMARY + " min-h-11"),
                  rx.el.button("Batal", type="button", on_click=A.close_change, class_name=BTN_OUTLINE + " min-h-11"),
                  class_name="flex flex-wrap gap-2"),
        on_submit=submit_with_files(A.send_change, PROOF_UPLOAD_ID, check=A.check_change), reset_on_submit=False,
        class_name="mt-3 flex flex-col gap-3", data_testid="account-change-form",
    )  # fmt: skip


def _open_request(c: Any) -> rx.Component:
    code_form = rx.el.form(
        rx.el.input(type="hidden", name="merchant", value=c.merchant_id),
        rx.el.label("Kode dari email", html_for="kode-rekening", class_name="text-sm text-slate-700"),
        rx.el.input(id="kode-rekening", name="kode", input_mode="numeric", auto_complete="one-time-code", max_length=6,
                    required=True, class_name=INPUT + " min-h-11"),
        rx.el.button("Konfirmasi", type="submit", class_name=BTN_PRIMARY + " min-h-11"),
        on_submit=A.confirm_code, reset_on_submit=True,
        class_name="mt-2 flex flex-col gap-1 sm:flex-row sm:items-end sm:gap-2",
    )  # fmt: skip
    return rx.el.div(
        rx.el.div(rx.el.p("Ganti ke ", rx.el.strong(c.change_account), class_name="text-sm"), badge(c.change_step),
                  class_name="flex flex-wrap items-center gap-2"),
        rx.el.p(c.change_said, class_name="mt-1 text-sm font-medium text-blue-900", data_testid="account-change-next"),
        rx.cond(c.needs_code, code_form),
        rx.el.button("Batalkan permintaan", type="button", on_click=A.cancel_change(c.merchant_id),
                     class_name=BTN_OUTLINE + " mt-2 min-h-11"),
        class_name="mt-3 rounded-lg bg-blue-50 p-3", role="status", data_testid="account-change",
    )  # fmt: skip


def _tax_form() -> rx.Component:
    def field(name: str, label: str, **props: Any) -> rx.Component:
        return rx.el.div(rx.el.label(label, html_for=f"pkp-{name}", class_name="text-sm text-slate-700"),
                         rx.el.input(id=f"pkp-{name}", name=name, auto_complete="off", class_name=INPUT + " min-h-11", **props),
                         class_name="flex flex-col gap-1")  # fmt: skip

    return rx.el.form(
        rx.el.label(rx.el.input(type="checkbox", name="pkp", default_checked=True, class_name="h-5 w-5"),
                    "Usaha ini PKP: invoice biaya MDR dengan faktur pajak", class_name="flex min-h-11 items-center gap-3 text-sm"),
        field("tax_id", "NPWP (16 digit) atau NIK", input_mode="numeric"),
        field("tax_nitku", "NITKU (22 digit)", input_mode="numeric"),
        field("tax_name", "Nama sesuai NPWP"),
        field("tax_address", "Alamat sesuai NPWP"),
        rx.cond(A.tax_error != "", rx.el.p(A.tax_error, role="alert", class_name="text-sm text-red-600", data_testid="pkp-error")),
        rx.el.div(rx.el.button("Simpan", type="submit", class_name=BTN_PRIMARY + " min-h-11"),
                  rx.el.button("Batal", type="button", on_click=A.close_tax, class_name=BTN_OUTLINE + " min-h-11"),
                  class_name="flex flex-wrap gap-2"),
        on_submit=A.save_tax, reset_on_submit=False,
        class_name="mt-3 flex flex-col gap-3", data_testid="pkp-form",
    )  # fmt: skip


def _tax(c: Any) -> rx.Component:
    """Issue 61.2: a PKP's NPWP and NITKU for its monthly MDR invoice's faktur pajak."""
    return rx.el.div(
        rx.el.p("Faktur pajak invoice MDR: ", rx.cond(c.tax != "", c.tax, "bukan PKP"), class_name="text-sm",
                data_testid="pkp-line"),
        rx.cond(A.tax_editing == c.merchant_id, _tax_form(),
                rx.el.button("Ubah data PKP", type="button", on_click=A.open_tax(c.merchant_id),
                             class_name=BTN_OUTLINE + " mt-2 min-h-11")),
        class_name="mt-3 border-t border-slate-100 pt-3",
    )  # fmt: skip


def _card(c: Any) -> rx.Component:
    return rx.el.li(
        rx.cond(A.cards.length() > 1, rx.el.p(c.business, class_name="text-sm font-semibold")),
        rx.el.p(rx.el.strong(c.account), " a.n. ", c.holder, class_name="text-sm", data_testid="payout-account"),
        rx.cond(c.change_step,
                _open_request(c),
                rx.cond(A.changing == c.merchant_id, _change_form(),
                        rx.el.div(rx.cond(c.last != "", rx.el.p(c.last, class_name="text-sm text-slate-600")),
                                  rx.el.button("Ganti rekening", type="button", on_click=A.open_change(c.merchant_id),
                                               class_name=BTN_OUTLINE + " mt-2 min-h-11"), class_name="mt-1"))),
        _tax(c),
        class_name="py-3",
    )  # fmt: skip


def payout_account_section() -> rx.Component:
    return rx.el.section(
        rx.el.h2("Rekening pencairan", class_name="text-lg font-bold"),
        rx.el.ul(rx.foreach(A.cards, _card), class_name="divide-y divide-slate-100"),
        id="rekening",
        class_name=f"{CARD} scroll-mt-32 p-5",
    )
