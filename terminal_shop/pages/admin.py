"""Back-office pages: sign-in, merchant registrations and orders."""

from __future__ import annotations

import reflex as rx

from terminal_shop.components.files import rejection_codes
from terminal_shop.components.forms import select_field, text_field
from terminal_shop.components.ui import BTN_OUTLINE, BTN_PRIMARY, CARD, INPUT, icon, modal, nav_link, tracked_img
from terminal_shop.services import registrations as reg
from terminal_shop.services.admin_merchants import STATUSES
from terminal_shop.services.orders import PAYMENT_METHODS, STATUS_LABELS
from terminal_shop.settings import get_settings
from terminal_shop.state.admin import DELETE_PHRASE, DOC_UPLOAD_ID, AdminState, MerchantDetailState as MD, MerchantListState as ML, OrderDetailState as OD, OrderListState as OL

BTN_DANGER = "inline-flex items-center justify-center gap-2 rounded-lg bg-red-600 px-4 py-2.5 text-sm font-semibold text-white hover:bg-red-700 disabled:cursor-not-allowed disabled:opacity-50"
BTN_SMALL = "inline-flex items-center gap-1.5 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50"
TH = "px-3 py-2 text-left text-xs font-semibold uppercase tracking-wide text-slate-500"
TD = "px-3 py-2.5 text-sm text-slate-800"
STATUS_BADGE = {
    "pending": "bg-amber-100 text-amber-800",
    "paid_review": "bg-blue-100 text-blue-800",
    "approved": "bg-emerald-100 text-emerald-800",
    "confirmed": "bg-emerald-100 text-emerald-800",
    "rejected": "bg-red-100 text-red-800",
    "cancelled": "bg-red-100 text-red-800",
}


def badge(status, label) -> rx.Component:  # noqa: ANN001
    base = "rounded-full px-2.5 py-0.5 text-xs font-semibold "
    return rx.el.span(label, class_name=rx.match(status, *[(k, base + v) for k, v in STATUS_BADGE.items()], base + "bg-slate-100 text-slate-700"))


def admin_layout(*children) -> rx.Component:
    brand = get_settings().brand_name
    link = "rounded-md px-3 py-2 text-sm font-medium text-slate-200 hover:bg-white/10"
    return rx.el.div(
        rx.el.header(
            rx.el.div(
                rx.el.div(
                    rx.el.span(f"{brand} Admin", class_name="font-bold text-white"),
                    rx.el.nav(nav_link("Dashboard", href="/admin", class_name=link), nav_link("Orders", href="/admin/orders", class_name=link), class_name="flex gap-1"),
                    class_name="flex items-center gap-6",
                ),
                rx.el.div(
                    rx.el.span(AdminState.admin_email, class_name="hidden text-sm text-slate-300 sm:inline", data_testid="admin-email"),
                    rx.el.button(icon("log-out", "h-4 w-4"), "Logout", type="button", on_click=AdminState.logout, class_name="inline-flex items-center gap-1.5 rounded-md bg-white/10 px-3 py-2 text-sm font-medium text-white hover:bg-white/20"),
                    class_name="flex items-center gap-3",
                ),
                class_name="mx-auto flex h-14 max-w-7xl items-center justify-between px-4",
            ),
            class_name="bg-slate-900",
        ),
        rx.cond(
            AdminState.admin_email != "",
            rx.el.main(*children, class_name="mx-auto max-w-7xl px-4 py-8"),
            rx.el.p("Memeriksa sesi...", class_name="py-24 text-center text-slate-500"),
        ),
        class_name="min-h-screen bg-slate-50 text-slate-900",
    )


# ---------------- sign-in ----------------


def login_page() -> rx.Component:
    s = AdminState
    return rx.el.div(
        rx.el.form(
            rx.el.h1("Masuk Admin", class_name="text-2xl font-bold"),
            rx.el.p(get_settings().brand_name, class_name="text-sm text-slate-500"),
            rx.el.label("Email", html_for="email", class_name="mt-6 text-sm font-medium"),
            rx.el.input(id="email", name="email", type="email", autocomplete="username", required=True, class_name=INPUT),
            rx.el.label("Password", html_for="password", class_name="mt-4 text-sm font-medium"),
            rx.el.div(
                rx.el.input(id="password", name="password", type=rx.cond(s.show_password, "text", "password"), autocomplete="current-password", required=True, class_name=INPUT + " pr-12"),
                rx.el.button(
                    rx.cond(s.show_password, icon("eye-off"), icon("eye")),
                    type="button",
                    on_click=s.toggle_password,
                    aria_label=rx.cond(s.show_password, "Sembunyikan password", "Tampilkan password"),
                    class_name="absolute right-2 top-1/2 -translate-y-1/2 rounded p-1.5 text-slate-500 hover:bg-slate-100",
                ),
                class_name="relative",
            ),
            rx.el.p(s.login_error, class_name="mt-2 min-h-[1.25rem] text-sm text-red-600", role="alert"),
            rx.el.button(rx.cond(s.login_busy, "Memproses...", "Masuk sebagai Admin"), type="submit", disabled=s.login_busy, class_name=BTN_PRIMARY + " mt-2 w-full"),
            on_submit=s.login,
            reset_on_submit=False,
            class_name=f"{CARD} flex w-full max-w-sm flex-col p-8",
        ),
        class_name="flex min-h-screen items-center justify-center bg-slate-100 px-4",
    )


# ---------------- shared list pieces ----------------


def stat_cards(cards: list[tuple[str, rx.Var, str]]) -> rx.Component:
    return rx.el.div(
        *[
            rx.el.div(rx.el.p(label, class_name="text-sm text-slate-500"), rx.el.p(value, class_name=f"mt-1 text-3xl font-bold {color}", data_testid=f"stat-{label}"), class_name=f"{CARD} p-5")
            for label, value, color in cards
        ],
        class_name="grid grid-cols-2 gap-4 lg:grid-cols-4",
    )


def search_box(state, placeholder: str) -> rx.Component:  # noqa: ANN001
    return rx.el.form(
        rx.el.input(name="q", type="search", value=state.search, on_change=state.set_search, placeholder=placeholder, aria_label="Cari", class_name=INPUT + " mt-0 min-w-[16rem]"),
        rx.el.button(icon("search", "h-4 w-4"), "Cari", type="submit", class_name=BTN_SMALL),
        on_submit=state.run_search,
        class_name="flex items-center gap-2",
    )


def filter_select(label: str, value, on_change, options: dict[str, str]) -> rx.Component:  # noqa: ANN001
    return rx.el.select(
        rx.el.option(f"Semua {label}", value=""),
        *[rx.el.option(text, value=key) for key, text in options.items()],
        value=value,
        on_change=on_change,
        aria_label=label,
        class_name="rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm",
    )


def toolbar(state, placeholder: str, *filters) -> rx.Component:  # noqa: ANN001
    return rx.el.div(
        search_box(state, placeholder),
        *filters,
        rx.el.button(icon("refresh-cw", "h-4 w-4"), "Refresh", type="button", on_click=state.refresh, class_name=BTN_SMALL),
        rx.el.button(icon("download", "h-4 w-4"), "Export CSV", type="button", on_click=state.export, class_name=BTN_SMALL),
        class_name="mt-6 flex flex-wrap items-center gap-3",
    )


def pager(state) -> rx.Component:  # noqa: ANN001
    return rx.el.div(
        rx.el.p("Halaman ", state.page, " dari ", state.pages, " (", state.total, " total)", class_name="text-sm text-slate-600", data_testid="pager"),
        rx.cond(
            state.pages > 1,
            rx.el.div(
                rx.el.button("Previous", type="button", disabled=state.page <= 1, on_click=state.go_page(state.page - 1), class_name=BTN_SMALL + " disabled:opacity-50"),
                rx.el.button("Next", type="button", disabled=state.page >= state.pages, on_click=state.go_page(state.page + 1), class_name=BTN_SMALL + " disabled:opacity-50"),
                class_name="flex gap-2",
            ),
        ),
        class_name="mt-4 flex items-center justify-between",
    )


def table(headers: list[str], body: rx.Component, empty) -> rx.Component:  # noqa: ANN001
    return rx.el.div(
        rx.el.table(
            rx.el.thead(rx.el.tr(*[rx.el.th(h, class_name=TH) for h in headers]), class_name="bg-slate-50"),
            rx.el.tbody(body, class_name="divide-y divide-slate-100"),
            class_name="min-w-full",
        ),
        rx.cond(empty, rx.el.p("Tidak ada data", class_name="py-10 text-center text-sm text-slate-500")),
        class_name=f"{CARD} mt-4 overflow-x-auto",
    )


# ---------------- merchants ----------------


def merchants_page() -> rx.Component:
    s = ML
    row = lambda r: rx.el.tr(  # noqa: E731
        rx.el.td(r["date"], class_name=TD),
        rx.el.td(r["nama_usaha"], class_name=TD + " font-medium"),
        rx.el.td(r["nama_lengkap"], class_name=TD),
        rx.el.td(r["nomor_hp"], class_name=TD),
        rx.el.td(r["email"], class_name=TD),
        rx.el.td(r["kabupaten_kota"], class_name=TD),
        rx.el.td(badge(r["status"], r["status"]), class_name=TD),
        rx.el.td(
            rx.el.div(
                nav_link(icon("eye", "h-4 w-4"), href="/admin/merchants/" + r["id"], aria_label="Lihat", class_name="rounded p-1.5 text-slate-600 hover:bg-slate-100"),
                nav_link(icon("pencil", "h-4 w-4"), href="/admin/merchants/" + r["id"] + "?edit=true", aria_label="Ubah", class_name="rounded p-1.5 text-slate-600 hover:bg-slate-100"),
                class_name="flex gap-1",
            ),
            on_click=rx.stop_propagation,
            class_name=TD,
        ),
        on_click=rx.redirect("/admin/merchants/" + r["id"]),
        class_name="cursor-pointer hover:bg-slate-50",
        data_testid="merchant-row",
    )
    return admin_layout(
        rx.el.h1("Pendaftaran Merchant", class_name="mb-6 text-2xl font-bold"),
        stat_cards([
            ("Total Pendaftaran", s.stats.get("total", 0), "text-slate-900"),
            ("Pending", s.stats.get("pending", 0), "text-amber-600"),
            ("Approved", s.stats.get("approved", 0), "text-emerald-600"),
            ("Rejected", s.stats.get("rejected", 0), "text-red-600"),
        ]),
        toolbar(s, "Cari nama usaha, pemilik, email, HP", filter_select("status", s.status, s.set_status, STATUSES)),
        table(["Tanggal", "Nama Usaha", "Nama Pemilik", "HP", "Email", "Kabupaten", "Status", "Aksi"], rx.foreach(s.rows, row), s.rows.length() == 0),
        pager(s),
    )


def _md_text(name: str, label: str, **kw) -> rx.Component:
    return text_field(f"m_{name}", label, MD.form[name], lambda v: MD.set_field(name, v), MD.errors.get(name, ""), **kw)


def _md_view(label: str, value) -> rx.Component:  # noqa: ANN001
    return rx.el.div(rx.el.dt(label, class_name="text-xs text-slate-500"), rx.el.dd(value, class_name="text-sm font-medium break-words"))


def _md_section(title: str, fields: list[tuple[str, str, dict]]) -> rx.Component:
    return rx.el.section(
        rx.el.h2(title, class_name="text-lg font-bold"),
        rx.cond(
            MD.editing,
            rx.el.div(
                *[
                    select_field(f"m_{n}", label, MD.form[n], lambda v, n=n: MD.set_field(n, v), MD.errors.get(n, ""), kw["options"], "Pilih") if "options" in kw else _md_text(n, label, **kw)
                    for n, label, kw in fields
                ],
                class_name="mt-3 grid gap-x-4 sm:grid-cols-2",
            ),
            rx.el.dl(
                *[_md_view(label, rx.match(MD.form[n], *kw["options"], MD.form[n]) if "options" in kw else MD.form[n]) for n, label, kw in fields],
                class_name="mt-3 grid gap-3 sm:grid-cols-2",
            ),
        ),
        class_name=f"{CARD} p-5",
    )


def _documents() -> rx.Component:
    return rx.el.section(
        rx.el.h2("Dokumen", class_name="text-lg font-bold"),
        rx.el.div(
            rx.foreach(
                MD.documents,
                lambda d: rx.el.div(
                    rx.el.p(d["label"], class_name="text-sm font-medium"),
                    rx.cond(
                        d["url"] != "",
                        rx.el.button(
                            rx.el.img(src=d["url"], alt=d["label"], loading="lazy", class_name="h-32 w-full rounded-lg object-cover"),
                            type="button",
                            on_click=MD.open_viewer(d["url"], d["label"]),
                            aria_label="Lihat " + d["label"],
                            class_name="mt-2 block w-full",
                        ),
                        rx.el.p("Belum diunggah", class_name="mt-2 flex h-32 items-center justify-center rounded-lg bg-slate-100 text-sm text-slate-500"),
                    ),
                    rx.el.button(icon("upload", "h-4 w-4"), "Ganti", type="button", on_click=MD.choose_upload(d["key"]), aria_label="Ganti " + d["label"], class_name=BTN_SMALL + " mt-2"),
                    class_name="rounded-xl border border-slate-200 p-3",
                    data_testid="doc-" + d["key"],
                ),
            ),
            class_name="mt-3 grid gap-4 sm:grid-cols-3 lg:grid-cols-5",
        ),
        rx.cond(
            MD.upload_doc != "",
            rx.el.div(
                rx.el.p("Unggah ", MD.upload_label, class_name="text-sm font-semibold"),
                rx.upload.root(
                    rx.el.div(icon("upload", "h-5 w-5 text-blue-700"), rx.el.span("Pilih gambar (JPG/PNG, maks. 10MB)"), class_name="flex cursor-pointer items-center justify-center gap-2 rounded-lg border-2 border-dashed border-slate-300 p-5 text-sm text-blue-700"),
                    id=DOC_UPLOAD_ID,
                    accept={"image/jpeg": [".jpg", ".jpeg"], "image/png": [".png"]},
                    max_size=10 * 1024 * 1024,
                    multiple=False,
                    on_drop=MD.replace_document(rx.upload_files(upload_id=DOC_UPLOAD_ID)),
                    on_drop_rejected=lambda rejected: MD.upload_rejected(rejection_codes(rejected)),
                    class_name="mt-2",
                ),
                rx.el.button("Batal", type="button", on_click=MD.cancel_upload, class_name=BTN_SMALL + " mt-2"),
                class_name="mt-4 rounded-xl bg-slate-50 p-4",
            ),
        ),
        rx.cond(
            MD.viewer_url != "",
            modal(
                MD.viewer_title,
                rx.el.div(
                    rx.el.img(
                        src=MD.viewer_url,
                        alt=MD.viewer_title,
                        on_click=MD.toggle_zoom,
                        title=rx.cond(MD.viewer_zoomed, "Klik untuk memperkecil", "Klik untuk memperbesar"),
                        class_name=rx.cond(MD.viewer_zoomed, "mx-auto max-w-none cursor-zoom-out", "mx-auto max-h-[70vh] max-w-full cursor-zoom-in"),
                        data_zoomed=rx.cond(MD.viewer_zoomed, "true", "false"),
                    ),
                    class_name="mt-3 max-h-[75vh] overflow-auto",
                ),
                on_close=MD.close_viewer,
                actions=[rx.el.a(icon("external-link", "h-4 w-4"), "Buka di tab baru", href=MD.viewer_url, target="_blank", rel="noopener", class_name=BTN_SMALL)],
                width="max-w-4xl",
            ),
        ),
        class_name=f"{CARD} p-5",
    )


def _history(rows) -> rx.Component:  # noqa: ANN001
    return rx.el.section(
        rx.el.h2("Riwayat", class_name="text-lg font-bold"),
        rx.cond(
            rows.length() == 0,
            rx.el.p("Belum ada perubahan oleh admin.", class_name="mt-2 text-sm text-slate-500"),
            rx.el.ul(
                rx.foreach(rows, lambda h: rx.el.li(rx.el.span(h["at"], class_name="text-slate-500"), " · ", h["who"], " · ", h["change"], rx.cond(h["detail"] != "", rx.el.span(" · ", h["detail"])), class_name="py-1.5 text-sm")),
                class_name="mt-2 divide-y divide-slate-100",
                data_testid="history",
            ),
        ),
        class_name=f"{CARD} p-5",
    )


def merchant_detail_page() -> rx.Component:
    jenis = list(reg.JENIS_USAHA.items())
    banks = [(b, b) for b in reg.BANKS]
    status_block = rx.el.section(
        rx.el.h2("Status & Verifikasi", class_name="text-lg font-bold"),
        rx.el.div(
            rx.el.div(rx.el.p("Status", class_name="text-xs text-slate-500"), badge(MD.form["status"], MD.form["status"])),
            _md_view("Terdaftar", MD.created_at),
            _md_view("Diperbarui", MD.updated_at),
            _md_view("Diverifikasi", MD.verified_at),
            class_name="mt-3 grid gap-3 sm:grid-cols-4",
        ),
        rx.cond(
            MD.editing,
            rx.el.div(
                select_field("m_status", "Ubah status", MD.form["status"], lambda v: MD.set_field("status", v), MD.errors.get("status", ""), list(STATUSES.items()), "Pilih status"),
                rx.cond(MD.form["status"] == "rejected", _md_text("rejection_reason", "Alasan penolakan", textarea=True, required=False)),
                class_name="mt-4 grid gap-x-4 sm:grid-cols-2",
            ),
            rx.cond(MD.form["status"] == "rejected", rx.el.div(_md_view("Alasan penolakan", MD.form["rejection_reason"]), class_name="mt-3")),
        ),
        class_name=f"{CARD} p-5",
    )
    delete_block = rx.el.section(
        rx.el.h2("Hapus pendaftaran", class_name="text-lg font-bold text-red-700"),
        rx.el.p("Data dan semua dokumennya dihapus permanen. Ketik ", rx.el.code(DELETE_PHRASE), " untuk mengaktifkan tombol Hapus.", class_name="mt-1 text-sm text-slate-600"),
        rx.el.div(
            rx.el.input(value=MD.delete_phrase, on_change=MD.set_delete_phrase, aria_label="Konfirmasi hapus", placeholder=DELETE_PHRASE, class_name=INPUT + " mt-0 max-w-xs"),
            rx.el.button(icon("trash-2", "h-4 w-4"), "Hapus", type="button", disabled=MD.delete_phrase != DELETE_PHRASE, on_click=MD.delete, class_name=BTN_DANGER),
            class_name="mt-3 flex flex-wrap items-center gap-3",
        ),
        class_name=f"{CARD} border-red-200 p-5",
    )
    return admin_layout(
        rx.el.div(
            nav_link(icon("arrow-left", "h-4 w-4"), "Kembali", href="/admin", class_name=BTN_SMALL),
            rx.el.div(
                rx.cond(
                    MD.editing,
                    rx.fragment(
                        rx.el.button("Batal", type="button", on_click=MD.set_editing(False), class_name=BTN_OUTLINE),
                        rx.el.button(icon("save", "h-4 w-4"), "Simpan", type="button", on_click=MD.save, class_name=BTN_PRIMARY),
                    ),
                    rx.el.button(icon("pencil", "h-4 w-4"), "Ubah", type="button", on_click=MD.set_editing(True), class_name=BTN_PRIMARY),
                ),
                class_name="flex gap-2",
            ),
            class_name="flex items-center justify-between",
        ),
        rx.el.h1(MD.form["nama_usaha"], class_name="mt-4 text-2xl font-bold"),
        rx.el.div(
            _md_section("Data Diri", [("nama_lengkap", "Nama lengkap", {}), ("nomor_hp", "Nomor HP", {"kind": "tel"}), ("email", "Email", {"kind": "email"})]),
            _md_section("Data Usaha", [
                ("nama_usaha", "Nama usaha", {}), ("jenis_usaha", "Jenis usaha", {"options": jenis}), ("alamat_usaha", "Alamat usaha", {}),
                ("kecamatan", "Kecamatan", {}), ("kabupaten_kota", "Kabupaten/Kota", {}), ("omzet_bulanan", "Omzet bulanan", {}),
                ("tempat_usaha", "Tempat usaha", {"options": list(reg.TEMPAT_USAHA.items())}), ("nib_npwp", "NIB / NPWP", {"required": False}),
            ]),
            _md_section("Data Bank", [("nama_bank", "Nama bank", {"options": banks}), ("nama_rekening", "Nama rekening", {}), ("nomor_rekening", "Nomor rekening", {})]),
            status_block,
            _documents(),
            _history(MD.history),
            delete_block,
            class_name="mt-6 flex flex-col gap-6",
        ),
    )


# ---------------- orders ----------------


def orders_page() -> rx.Component:
    s = OL
    row = lambda r: rx.el.tr(  # noqa: E731
        rx.el.td(r["date"], class_name=TD),
        rx.el.td(rx.el.code(r["number"]), class_name=TD),
        rx.el.td(rx.el.div(r["buyer"], class_name="font-medium"), rx.el.div(r["email"], class_name="text-xs text-slate-500"), class_name=TD),
        rx.el.td(r["total"], class_name=TD),
        rx.el.td(r["method"], class_name=TD),
        rx.el.td(badge(r["status"], r["status_label"]), class_name=TD),
        rx.el.td(
            rx.el.div(
                nav_link(icon("eye", "h-4 w-4"), href="/admin/orders/" + r["id"], aria_label="Lihat", class_name="rounded p-1.5 text-slate-600 hover:bg-slate-100"),
                rx.cond(r["status"] == "paid_review", nav_link("Review", href="/admin/orders/" + r["id"], class_name="rounded bg-blue-700 px-2.5 py-1 text-xs font-semibold text-white")),
                class_name="flex items-center gap-1",
            ),
            class_name=TD,
        ),
        class_name="hover:bg-slate-50",
        data_testid="order-row",
    )
    return admin_layout(
        rx.el.h1("Pesanan", class_name="mb-6 text-2xl font-bold"),
        stat_cards([
            ("Total Orders", s.stats.get("total", 0), "text-slate-900"),
            ("Menunggu Review", s.stats.get("paid_review", 0), "text-blue-700"),
            ("Dikonfirmasi", s.stats.get("confirmed", 0), "text-emerald-600"),
            ("Dibatalkan", s.stats.get("cancelled", 0), "text-red-600"),
        ]),
        toolbar(
            s,
            "Cari nama, email, telepon, nomor pesanan",
            filter_select("status", s.status, s.set_status, STATUS_LABELS),
            filter_select("metode", s.method, s.set_method, PAYMENT_METHODS),
        ),
        table(["Tanggal", "Order ID", "Pembeli", "Total", "Metode", "Status", "Aksi"], rx.foreach(s.rows, row), s.rows.length() == 0),
        pager(s),
    )


def _proof_viewer() -> rx.Component:
    s = OD
    frame = lambda cls: rx.cond(  # noqa: E731
        s.proof_is_pdf,
        rx.el.iframe(src=s.proof_url, title="Bukti pembayaran (PDF)", class_name=cls),
        tracked_img(src=s.proof_url, alt="Bukti pembayaran", on_error=s.proof_error, class_name=cls + " object-contain"),
    )
    return rx.el.section(
        rx.el.h2("Bukti Pembayaran", class_name="text-lg font-bold"),
        rx.cond(
            s.proof_url == "",
            rx.el.p("Tidak dapat memuat bukti pembayaran", class_name="mt-2 text-sm text-slate-500"),
            rx.cond(
                s.proof_failed,
                rx.el.div(
                    rx.el.p("Gagal memuat bukti pembayaran", class_name="text-sm text-red-600"),
                    rx.el.button(icon("refresh-cw", "h-4 w-4"), "Coba Lagi", type="button", on_click=s.retry_proof, class_name=BTN_SMALL + " mt-2"),
                    class_name="mt-3",
                ),
                rx.el.div(
                    frame("h-72 w-full rounded-lg border border-slate-200 bg-slate-50"),
                    rx.el.div(
                        rx.el.button(icon("maximize-2", "h-4 w-4"), "Lihat penuh", type="button", on_click=s.set_proof_open(True), class_name=BTN_SMALL),
                        rx.el.a(icon("external-link", "h-4 w-4"), "Buka di tab baru", href=s.proof_url, target="_blank", rel="noopener", class_name=BTN_SMALL),
                        class_name="mt-3 flex gap-2",
                    ),
                    class_name="mt-3",
                ),
            ),
        ),
        rx.cond(s.proof_open, modal("Bukti pembayaran", frame("mt-3 h-[80vh] w-full"), on_close=s.set_proof_open(False), width="max-w-5xl")),
        class_name=f"{CARD} p-5",
    )


def _actions() -> rx.Component:
    s = OD
    return rx.el.section(
        rx.el.h2("Tindakan", class_name="text-lg font-bold"),
        rx.match(
            s.order["status"],
            (
                "paid_review",
                rx.el.div(
                    rx.el.div(
                        rx.el.button(icon("check", "h-4 w-4"), "Konfirmasi", type="button", on_click=s.confirm, class_name=BTN_PRIMARY),
                        rx.el.button(icon("x", "h-4 w-4"), "Tolak", type="button", on_click=s.set_reject_open(True), class_name=BTN_DANGER),
                        class_name="flex gap-3",
                    ),
                    rx.cond(
                        s.reject_open,
                        rx.el.div(
                            rx.el.label("Alasan penolakan", html_for="reject_reason", class_name="text-sm font-medium"),
                            rx.el.textarea(id="reject_reason", value=s.reject_reason, on_change=s.set_reject_reason, rows=3, class_name=INPUT),
                            rx.el.p(s.reject_error, class_name="mt-1 min-h-[1.25rem] text-sm text-red-600", role="alert"),
                            rx.el.div(
                                rx.el.button("Batal", type="button", on_click=s.set_reject_open(False), class_name=BTN_SMALL),
                                rx.el.button("Tolak Pembayaran", type="button", on_click=s.reject, class_name=BTN_DANGER),
                                class_name="flex justify-end gap-2",
                            ),
                            class_name="mt-4 rounded-xl bg-red-50 p-4",
                        ),
                    ),
                    class_name="mt-3",
                ),
            ),
            ("confirmed", rx.el.p("Sudah Dikonfirmasi", class_name="mt-3 font-semibold text-emerald-700")),
            ("cancelled", rx.el.p("Pesanan Dibatalkan", class_name="mt-3 font-semibold text-red-700")),
            rx.el.p("Menunggu bukti pembayaran dari customer", class_name="mt-3 text-slate-600"),
        ),
        class_name=f"{CARD} p-5",
    )


def order_detail_page() -> rx.Component:
    s = OD
    o = s.order
    view = _md_view
    return admin_layout(
        nav_link(icon("arrow-left", "h-4 w-4"), "Kembali", href="/admin/orders", class_name=BTN_SMALL),
        rx.el.div(
            rx.el.h1("Pesanan ", rx.el.code(o["number"]), class_name="text-2xl font-bold"),
            badge(o["status"], o["status_label"]),
            class_name="mt-4 flex items-center gap-3",
        ),
        rx.el.div(
            rx.el.div(
                rx.el.section(
                    rx.el.h2("Pembeli", class_name="text-lg font-bold"),
                    rx.el.dl(view("Nama", o["buyer_name"]), view("Telepon", o["buyer_phone"]), view("Email", o["buyer_email"]), view("Alamat pengiriman", o["shipping_address"]), class_name="mt-3 grid gap-3 sm:grid-cols-2"),
                    class_name=f"{CARD} p-5",
                ),
                rx.el.section(
                    rx.el.h2("Item", class_name="text-lg font-bold"),
                    rx.el.table(
                        rx.el.thead(rx.el.tr(*[rx.el.th(h, class_name=TH) for h in ("Produk", "SKU", "Qty", "Harga", "Subtotal")])),
                        rx.el.tbody(rx.foreach(s.items, lambda i: rx.el.tr(rx.el.td(i["name"], class_name=TD), rx.el.td(i["sku"], class_name=TD), rx.el.td(i["qty"], class_name=TD), rx.el.td(i["unit"], class_name=TD), rx.el.td(i["subtotal"], class_name=TD)))),
                        class_name="mt-3 min-w-full",
                    ),
                    rx.el.dl(
                        view("Subtotal", o["subtotal"]), view("Ongkos kirim", o["shipping_fee"]), view("Total", o["total"]), view("Metode pembayaran", o["method"]),
                        class_name="mt-4 grid gap-3 border-t border-slate-100 pt-4 sm:grid-cols-4",
                        data_testid="totals",
                    ),
                    class_name=f"{CARD} overflow-x-auto p-5",
                ),
                rx.el.section(
                    rx.el.h2("Catatan", class_name="text-lg font-bold"),
                    rx.el.p(rx.cond(o["note"] != "", o["note"], "-"), class_name="mt-2 whitespace-pre-line text-sm", data_testid="note"),
                    rx.el.dl(view("Dibuat", o["created_at"]), view("Diperbarui", o["updated_at"]), class_name="mt-4 grid gap-3 sm:grid-cols-2"),
                    class_name=f"{CARD} p-5",
                ),
                _history(s.history),
                class_name="flex flex-col gap-6",
            ),
            rx.el.div(_actions(), _proof_viewer(), class_name="flex flex-col gap-6"),
            class_name="mt-6 grid gap-6 lg:grid-cols-[1fr_24rem]",
        ),
    )
