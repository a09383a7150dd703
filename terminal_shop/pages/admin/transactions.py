"""'Transaksi': webhook health, "Dana belum masuk" cases, unknown TIDs, silent devices, the
settlement report."""

from __future__ import annotations

import reflex as rx

from terminal_shop import routes, rules
from terminal_shop.admin_pages import AdminPage
from terminal_shop.components.admin import TD, admin_layout, scroll_table, when_allowed
from terminal_shop.components.admin_lists import cell
from terminal_shop.components.files import csv_picker
from terminal_shop.components.ui import BTN_OUTLINE, BTN_PRIMARY, CARD, INPUT, badge
from terminal_shop.services.team.permissions import Permission
from terminal_shop.services.transactions.settlement_report import FIELDS
from terminal_shop.state.admin.transactions import REPORT_UPLOAD_ID, SECRET_FIELD
from terminal_shop.state.admin.transactions import TransactionsState as T

API_ADMIN_DISPUTE_PREFIX = routes.API_ADMIN_DISPUTE.removesuffix("{dispute_id}")

FIELD_LABELS = {
    "txn_id": "ID transaksi",
    "settled_on": "Tanggal settlement",
    "gross": "Jumlah kotor",
    "mdr": "MDR",
    "net": "Bersih",
}


def _health(a) -> rx.Component:
    """An acquirer's row; on a phone a card (issue 50.8), each value beside its label."""
    return rx.el.tr(
        cell("Kode", a.code), cell("Nama", a.name), cell("Jadwal pencairan", a.schedule), cell("Transaksi terakhir", a.last_transaction),
        cell("Ditolak", a.refused_today), cell("Alasan terakhir", a.last_refusal),
        rx.el.td(when_allowed(Permission.ACQUIRER_SECRETS, rx.el.button(
            "Ganti rahasia", type="button", on_click=T.rotate_secret(a.code), aria_label="Ganti rahasia " + a.code,
            class_name=BTN_OUTLINE)), class_name=TD),
        data_testid="acquirer-health",
    )  # fmt: skip


def _new_acquirer() -> rx.Component:
    return rx.el.section(
        rx.el.h2("Tambah acquirer", class_name="text-lg font-bold"),
        rx.el.form(
            *[rx.el.label(rx.el.span(label, class_name="text-xs font-medium"),
                          rx.el.input(name=name, placeholder=hint, auto_complete="off", class_name=INPUT),
                          class_name="flex flex-col")
              for name, label, hint in (("code", "Kode", "bri"), ("name", "Nama", "Bank BRI"),
                                        ("cutoff", "Batas jam settlement (WIB)", "23:00"))],
            rx.el.button("Tambah", type="submit", class_name=BTN_PRIMARY + " self-end"),
            on_submit=T.add_acquirer,
            reset_on_submit=True,
            class_name="mt-3 grid gap-3 sm:grid-cols-4",
            aria_label="Tambah acquirer",
        ),
        rx.el.p(T.acquirer_error, class_name="mt-1 min-h-[1.25rem] text-sm text-red-600", role="alert"),
        rx.el.label(
            rx.el.span("Rahasia webhook ", T.secret_for, ": tampil sekali, berikan ke acquirer sekarang", class_name="text-sm font-medium"),
            rx.el.input(id=SECRET_FIELD, read_only=True, auto_complete="off", class_name=INPUT + " font-mono"),
            class_name=rx.cond(T.secret_for != "", "mt-2 flex flex-col", "hidden"),
        ),
        class_name=f"{CARD} mt-6 p-5",
    )  # fmt: skip


def _correction() -> rx.Component:
    """A correction of a MID's money: on its next payout not yet sent, with the reason the merchant reads."""
    return rx.el.form(
        rx.el.label(rx.el.span("Acquirer", class_name="text-xs font-medium"),
                    rx.el.select(rx.foreach(T.acquirers, lambda a: rx.el.option(a.name, value=a.code)), name="acquirer",
                                 class_name=INPUT), class_name="flex flex-col"),
        *[rx.el.label(rx.el.span(label, class_name="text-xs font-medium"),
                      rx.el.input(name=name, placeholder=hint, auto_complete="off", class_name=INPUT), class_name="flex flex-col")
          for name, label, hint in (("mid", "MID", "000885012345678"), ("jumlah", "Jumlah (+ ditambah, - dipotong)", "-5.000"),
                                    ("alasan", "Alasan (dibaca merchant)", "Selisih MDR 27 Nov dikembalikan"))],
        rx.el.button("Catat koreksi", type="submit", class_name=BTN_OUTLINE + " self-end min-h-[44px]"),
        on_submit=T.correct_payout,
        reset_on_submit=True,
        class_name="mt-3 grid gap-3 sm:grid-cols-5",
        aria_label="Koreksi pencairan",
    )  # fmt: skip


def _schedule() -> rx.Component:
    """The owner sets when each acquirer pays: what "Terlambat" and "Dana belum masuk?" follow."""
    return rx.el.section(
        rx.el.h2("Jadwal pencairan acquirer", class_name="text-lg font-bold"),
        rx.el.p("Batas jam transaksi, jam dana paling lambat masuk, dan hitungan hari (kerja atau kalender). "
                "Berlaku untuk transaksi berikutnya.", class_name="mt-1 text-sm text-slate-600"),
        rx.el.form(
            rx.el.label(rx.el.span("Acquirer", class_name="text-xs font-medium"),
                        rx.el.select(rx.foreach(T.acquirers, lambda a: rx.el.option(a.name, value=a.code)), name="acquirer",
                                     class_name=INPUT), class_name="flex flex-col"),
            *[rx.el.label(rx.el.span(label, class_name="text-xs font-medium"),
                          rx.el.input(name=name, placeholder=hint, default_value=hint, auto_complete="off", class_name=INPUT),
                          class_name="flex flex-col")
              for name, label, hint in (("cutoff", "Batas jam transaksi (WIB)", "23:00"), ("arrives", "Dana masuk paling lambat (WIB)", "17:00"))],
            rx.el.label(rx.el.span("Hitungan hari", class_name="text-xs font-medium"),
                        rx.el.select(rx.el.option("H+1 hari kerja", value="kerja"), rx.el.option("H+1 hari kalender", value="kalender"),
                                     name="days", class_name=INPUT), class_name="flex flex-col"),
            rx.el.button("Simpan jadwal", type="submit", class_name=BTN_PRIMARY + " self-end min-h-[44px]"),
            on_submit=T.set_schedule,
            class_name="mt-3 grid gap-3 sm:grid-cols-5",
            aria_label="Jadwal pencairan acquirer",
        ),
        class_name=f"{CARD} mt-6 p-5",
    )  # fmt: skip


def _report() -> rx.Component:
    return rx.el.section(
        rx.el.h2("Laporan settlement acquirer (CSV)", class_name="text-lg font-bold"),
        rx.el.p("Pilih acquirer dan nama kolom di file-nya (diingat untuk laporan berikutnya), lalu pilih file.",
                class_name="mt-1 text-sm text-slate-600"),
        rx.el.form(
            rx.el.select(rx.foreach(T.acquirers, lambda a: rx.el.option(a.name, value=a.code)), name="acquirer",
                         value=T.acquirer, aria_label="Acquirer", class_name=INPUT),
            *[rx.el.div(rx.el.label(FIELD_LABELS[f], html_for=f"col-{f}", class_name="text-xs font-medium"),
                        rx.el.input(id=f"col-{f}", name=f, default_value=T.columns.get(f, ""), class_name=INPUT))
              for f in FIELDS],
            rx.el.button("Simpan kolom", type="submit", class_name=BTN_OUTLINE),
            on_submit=T.choose,
            class_name="mt-3 grid gap-2 sm:grid-cols-3",
        ),
        rx.el.div(csv_picker(REPORT_UPLOAD_ID, "Pilih CSV laporan", T.upload_report, f"{BTN_PRIMARY} inline-flex"), class_name="mt-3"),
        rx.el.p(T.report_error, class_name="mt-2 min-h-[1.25rem] text-sm text-red-600", role="alert"),
        rx.cond(T.settled >= 0, rx.el.div(
            rx.el.p(T.settled, " transaksi ditandai dibayar", data_testid="report-settled"),
            rx.el.ul(rx.foreach(T.differences, lambda d: rx.el.li(d.txn_id, ": ", d.what)), class_name="mt-1 text-sm text-amber-800",
                     data_testid="report-differences"),
            rx.cond(T.more_differences > 0, rx.el.p("dan ", T.more_differences, " selisih lainnya: lihat Rekonsiliasi per MID dan hari",
                                                    class_name="text-sm text-amber-800", data_testid="report-more")),
            rx.cond(T.not_found, rx.el.p("Tidak ada di situs: ", rx.foreach(T.not_found, lambda x: rx.el.span(x, " ")),
                                         rx.cond(T.more_not_found > 0, rx.el.span("dan ", T.more_not_found, " lainnya")), class_name="text-sm")),
            class_name="mt-3",
        )),
        class_name=f"{CARD} mt-6 p-5",
    )  # fmt: skip


def _case(c) -> rx.Component:
    return rx.el.li(
        rx.el.p(rx.el.strong(c.facts), class_name="text-sm"),
        rx.el.p("Dilaporkan ", c.opened, " · ", c.promised, class_name="text-xs text-slate-600"),
        rx.el.form(
            rx.el.input(type="hidden", name="case", value=c.id.to(str)),
            rx.el.label(rx.el.span("Jawaban untuk merchant", class_name="text-xs text-slate-600"),
                        rx.el.textarea(name="jawaban", rows="2", class_name=INPUT), class_name="flex flex-col"),
            rx.el.label(rx.el.input(type="checkbox", name="diterima", class_name="h-5 w-5"),
                        rx.el.span("Dana sudah masuk ke rekening merchant"), class_name="flex min-h-[44px] items-center gap-2 text-sm"),
            rx.el.button("Kirim jawaban", type="submit", class_name=BTN_PRIMARY + " min-h-[44px]"),
            on_submit=T.answer_case, reset_on_submit=True, class_name="mt-2 flex flex-col gap-2",
        ),
        class_name="py-3",
        data_testid="payout-case",
    )  # fmt: skip


def _dispute(d) -> rx.Component:
    return rx.el.li(
        rx.el.div(rx.el.strong(d.title), badge(d.status), class_name="flex flex-wrap items-center justify-between gap-2 text-sm"),
        rx.el.p(d.merchant, " · ", d.reason, " · ", d.deadline, class_name="text-xs text-slate-600"),
        rx.el.p(d.sale, class_name="text-xs text-slate-600", data_testid="admin-dispute-sale"),
        rx.el.p(rx.cond(d.decision != "", "Tanggapan merchant: " + d.decision, "Merchant belum menanggapi"), " · ",
                d.evidence.length(), " bukti", class_name="text-sm"),
        rx.el.a("Unduh berkas untuk acquirer (ZIP)", href=API_ADMIN_DISPUTE_PREFIX + d.id, download="",
                custom_attrs={"reloadDocument": True},  # past the router
                class_name="mt-1 inline-flex min-h-[44px] items-center text-sm font-medium text-blue-700 underline"),
        rx.cond(d.can_forward, rx.el.button("Tandai sudah diteruskan ke acquirer", type="button", on_click=T.forward_dispute(d.id),
                                            class_name=BTN_OUTLINE + " mt-1 min-h-[44px]")),
        rx.cond(d.next_step != "", rx.el.p(d.next_step, class_name="text-xs text-slate-600")),
        class_name="py-3",
        data_testid="admin-dispute",
    )  # fmt: skip


def _recon(r) -> rx.Component:
    return rx.el.tr(
        cell("Hari", r.day), cell("Acquirer", r.acquirer), cell("MID", r.mid), cell("Transaksi", r.count), cell("Dihitung situs", r.computed),
        cell("Laporan acquirer", r.reported), cell("Dicairkan", r.paid),
        cell("Rekening", rx.el.span(r.account, rx.cond(r.account_changed != "", rx.el.span(r.account_changed, class_name="block text-xs font-semibold text-red-700",
                                                                                             data_testid="recon-account-changed")))),
        cell("Keadaan", rx.el.span(r.state, rx.foreach(r.differences, lambda x: rx.el.span(x, class_name="block text-xs text-red-700",
                                                                                        data_testid="recon-difference")))),
        data_testid="recon-line",
    )  # fmt: skip


def transactions_page() -> rx.Component:
    return admin_layout(
        rx.el.h1("Transaksi", class_name="text-2xl font-bold"),
        rx.el.p("Transaksi masuk dari acquirer lewat webhook bertanda tangan; rahasia webhook tampil sekali saat dibuat.",
                class_name="mt-1 text-sm text-slate-600"),
        rx.el.section(
            rx.el.h2("Webhook per acquirer", class_name="text-lg font-bold"),
            scroll_table(("Kode", "Nama", "Jadwal pencairan", "Transaksi terakhir", f"Ditolak ({rules.hours(rules.REFUSALS_SHOWN)})", "Alasan terakhir", ""), T.acquirers, _health, "Acquirer", "mt-2 min-w-full cards-on-phone"),
            class_name=f"{CARD} mt-6 p-5",
        ),
        rx.el.section(
            rx.el.h2("Dana belum masuk", class_name="text-lg font-bold"),
            rx.cond(T.cases, rx.el.ul(rx.foreach(T.cases, _case), class_name="mt-2 divide-y divide-slate-100"),
                    rx.el.p("Tidak ada laporan yang menunggu jawaban.", class_name="mt-1 text-sm text-slate-600")),
            id="dana-belum-masuk",
            class_name=f"{CARD} mt-6 p-5",
        ),
        rx.el.section(
            rx.el.h2("Sengketa terbuka", class_name="text-lg font-bold"),
            rx.el.p("Batas terdekat di atas. Unduh berkasnya (fakta, tanggapan dan bukti merchant) lalu kirim ke acquirer.",
                    class_name="mt-1 text-sm text-slate-600"),
            rx.cond(T.disputes, rx.el.ul(rx.foreach(T.disputes, _dispute), class_name="mt-2 divide-y divide-slate-100"),
                    rx.el.p("Tidak ada sengketa terbuka.", class_name="mt-1 text-sm text-slate-600")),
            id="sengketa",
            class_name=f"{CARD} mt-6 p-5",
        ),
        rx.el.section(
            rx.el.h2("Rekonsiliasi per MID dan hari", class_name="text-lg font-bold"),
            rx.el.p("Bersih tiap pencairan menurut ledger situs, menurut laporan settlement acquirer, dan yang dikirim "
                    "acquirer; pencairan yang belum dikirim pada harinya tertulis Belum dikirim.", class_name="mt-1 text-sm text-slate-600"),
            rx.el.label(rx.el.input(type="checkbox", checked=T.differences_only, on_change=T.show_differences_only,
                                    class_name="h-5 w-5"), rx.el.span("Hanya yang berselisih"),
                        class_name="mt-2 inline-flex min-h-[44px] items-center gap-2 text-sm"),
            _correction(),
            scroll_table(("Hari", "Acquirer", "MID", "Transaksi", "Dihitung situs", "Laporan acquirer", "Dicairkan", "Rekening", "Keadaan"),
                         T.recon, _recon, "Rekonsiliasi", "mt-2 min-w-full cards-on-phone"),
            id="rekonsiliasi",
            class_name=f"{CARD} mt-6 p-5",
        ),
        when_allowed(Permission.ACQUIRER_SECRETS, _new_acquirer()),
        when_allowed(Permission.ACQUIRER_SECRETS, _schedule()),
        _report(),
        rx.el.section(
            rx.el.h2("TID tidak dikenal", class_name="text-lg font-bold"),
            rx.el.ul(rx.foreach(T.unknown, lambda u: rx.el.li(u.at, " · ", u.acquirer, " · TID ", u.tid, " · ", u.amount, " · ", u.why,
                                                                  rx.cond(u.releasable, rx.el.button("Masukkan ke pencairan", type="button",
                                                                          on_click=T.release_held(u.acquirer, u.txn_id),
                                                                          class_name=BTN_OUTLINE + " ml-2 min-h-[44px]")),
                                                                  data_testid="unknown-tid")),
                     class_name="mt-2 text-sm"),
            class_name=f"{CARD} mt-6 p-5",
        ),
        rx.el.section(
            rx.el.h2("Perangkat aktif tanpa transaksi ", T.silent_days, " hari", class_name="text-lg font-bold"),
            rx.el.ul(rx.foreach(T.silent, lambda d: rx.el.li(d.model, " · SN ", d.serial, " · TID ", d.tid, " · terakhir ", d.last)),
                     class_name="mt-2 text-sm"),
            class_name=f"{CARD} mt-6 p-5",
        ),
    )  # fmt: skip


PAGE = AdminPage(routes.ADMIN_TRANSACTIONS, "Admin: Transaksi", transactions_page, T, menu="Transaksi")
