"""The Reflex app: every route of the site and the HTTP pieces around it."""

from __future__ import annotations

import reflex as rx

from terminal_shop import admin_pages, asset_links, background, content, reflex_compat, routes
from terminal_shop.components import seo
from terminal_shop.infra import logs, metrics
from terminal_shop.infra.settings import get_settings
from terminal_shop.infra.uploads import MAX_FILES_PER_REQUEST, MAX_UPLOAD_BYTES
from terminal_shop.pages import (
    account,
    home,
    info,
    lookup,
    order_status,
    products,
    registration,
    registration_result,
    resubmission,
    warranty,
)
from terminal_shop.pages.checkout import cart, payment, result
from terminal_shop.services.transactions import mdr
from terminal_shop.state import plain, toast
from terminal_shop.state.account import AccountState, SignInState, withhold_account_data
from terminal_shop.state.admin import BulkShipState, DevicesState, MerchantDetailState, PaymentsState, TransactionsState
from terminal_shop.state.admin.session import withhold_admin_data
from terminal_shop.state.calendar import WorkingDayState
from terminal_shop.state.checkout import CheckoutState
from terminal_shop.state.checkout_result import OrderResultState
from terminal_shop.state.order_status import OrderStatusState, RegistrationStatusState, TrackingState
from terminal_shop.state.registration import RegistrationResultState, RegistrationState
from terminal_shop.state.resubmission import FixState
from terminal_shop.state.stock import StockState
from terminal_shop.web.api import files_app
from terminal_shop.web.caching import LongCacheMiddleware
from terminal_shop.web.guards import MB, BodyLimitMiddleware, CookieToTabStateGuard, SecurityHeadersMiddleware
from terminal_shop.web.operations import RequestMiddleware
from terminal_shop.web.paint_first import PaintFirstMiddleware

if _unsafe := get_settings().unsafe():
    raise SystemExit("Refusing to start: " + " ".join(_unsafe))
logs.configure(json_lines=get_settings().json_logs)

BRAND = get_settings().brand_name
SITE_CHANGED = "2026-11-25"  # the sitemap's lastmod of the public pages: change it with their content

# Each request that carries files, and its body limit (its files plus 1 MB for the form), by
# upload handler (Reflex's /_upload) and by path (our routes): tests/unit/test_upload_limits.py
# finds every handler that takes files and its entry here.
ONE_FILE, FILES = MAX_UPLOAD_BYTES + MB, MAX_FILES_PER_REQUEST * MAX_UPLOAD_BYTES + MB
UPLOAD_LIMITS = {
    f"{MerchantDetailState.get_full_name()}.replace_document": ONE_FILE,
    f"{FixState.get_full_name()}.submit": FILES,
    f"{PaymentsState.get_full_name()}.upload_bank": ONE_FILE,
    f"{PaymentsState.get_full_name()}.upload_qris": ONE_FILE,
    f"{BulkShipState.get_full_name()}.upload": ONE_FILE,
    f"{BulkShipState.get_full_name()}.upload_delivered": ONE_FILE,
    f"{DevicesState.get_full_name()}.upload_csv": ONE_FILE,
    f"{DevicesState.get_full_name()}.upload_activation": ONE_FILE,
    f"{TransactionsState.get_full_name()}.upload_report": ONE_FILE,
    f"{AccountState.get_full_name()}.upload_evidence": ONE_FILE,
    f"{AccountState.get_full_name()}.upload_service_media": ONE_FILE,
}
ROUTE_LIMITS = {
    routes.API_ORDER: MAX_UPLOAD_BYTES + MB,
    routes.API_REGISTRATION: MAX_FILES_PER_REQUEST * MAX_UPLOAD_BYTES + MB,
}

app = rx.App(
    html_lang="id",
    stylesheets=["/css/site.css"],
    head_components=[
        rx.el.script(src=asset_links.url("/js/site.js"), async_=True),  # after first paint (web/paint_first.py)
        rx.el.meta(name="theme-color", content="#1d4ed8"),
        rx.el.link(rel="icon", href=asset_links.url("/favicon.ico")),  # kept a year, like the other files
    ],
    backend_exception_handler=toast.backend_error,
    toaster=reflex_compat.toaster(),
    api_transformer=[
        files_app(),
        lambda asgi: BodyLimitMiddleware(asgi, UPLOAD_LIMITS, ROUTE_LIMITS),
        CookieToTabStateGuard,
        PaintFirstMiddleware,  # public pages paint before the framework's scripts load
        LongCacheMiddleware,  # files named by their content: kept a year
        SecurityHeadersMiddleware,  # refusals get the headers too
        RequestMiddleware,  # outermost: a request id and a time for everything
    ],
)


def _page(
    component, route: str, title: str, description: str = content.HOME_DESCRIPTION, indexable: bool = False, **kw
) -> None:
    """One page; `indexable` pages are in the sitemap with a canonical address and JSON-LD,
    the others carry `noindex` (docs/decisions.md, Found and shared)."""
    full_title = f"{title} | {BRAND}" if route != routes.HOME else title
    app.add_page(
        component,
        route=route,
        title=full_title,
        description=description,
        image=seo.share_image(route),
        meta=seo.head(route, full_title, description, indexable),
        context={"sitemap": {"lastmod": SITE_CHANGED} if indexable else None},
        **kw,
    )


plain.pickle_plainly(reflex_compat.all_substates(rx.State))  # tab state holds plain data (issue 51.7)
reflex_compat.before_whole_state_is_sent(app, withhold_admin_data)
reflex_compat.before_whole_state_is_sent(app, withhold_account_data)
reflex_compat.time_each_event(lambda state, seconds: metrics.EVENT_SECONDS.labels(state).observe(seconds))
for _task in background.TASKS:
    app.register_lifespan_task(_task)

# Public pages
_page(home.index, routes.HOME, f"{BRAND}: Mesin EDC & QRIS untuk Merchant Indonesia", indexable=True)
_page(
    products.a920,
    routes.product("a920"),
    "PAX A920 Pro",
    "PAX A920 Pro: terminal Android dengan printer thermal untuk kartu, tap dan QRIS.",
    indexable=True,
    on_load=StockState.load_product_page,
)
_page(
    products.d210,
    routes.product("d210"),
    "D210 UnionPay",
    f"D210 UnionPay: terminal kartu 4G yang ringkas dengan MDR flat {mdr.rate_text(mdr.D210_CARDS)}.",
    indexable=True,
    on_load=StockState.load_product_page,
)
_page(
    products.soundbox,
    routes.product("soundbox"),
    "Soundbox QRIS",
    "Soundbox QRIS: notifikasi suara setiap pembayaran, tanpa biaya langganan.",
    indexable=True,
    on_load=StockState.load_product_page,
)
_page(
    info.about,
    routes.ABOUT,
    "Tentang Kami",
    f"{BRAND} menyediakan mesin EDC dan QRIS untuk warung, toko dan restoran di seluruh Indonesia.",
    indexable=True,
)
_page(
    info.careers,
    routes.CAREERS,
    "Karier",
    f"Lowongan kerja di {BRAND}: bantu merchant Indonesia menerima pembayaran digital.",
    indexable=True,
)
_page(
    info.contact,
    routes.CONTACT,
    "Kontak",
    f"Hubungi tim {BRAND} lewat WhatsApp atau e-mail untuk pertanyaan pesanan dan pendaftaran merchant.",
    indexable=True,
)
_page(
    info.faq,
    routes.FAQ,
    "FAQ",
    "Jawaban seputar biaya, MDR, pengiriman perangkat, verifikasi dan pencairan dana merchant EDC dan QRIS.",
    indexable=True,
)
_page(
    info.docs,
    routes.DOCS,
    "Dokumentasi",
    "Panduan memasang dan memakai mesin EDC dan Soundbox QRIS, dari pengaturan awal sampai settlement.",
    indexable=True,
)
_page(
    info.privacy,
    routes.PRIVACY,
    "Kebijakan Privasi",
    f"Data pribadi apa yang dikumpulkan {BRAND}, untuk apa, berapa lama dan siapa yang melihatnya.",
    indexable=True,
)
_page(lookup.dashboard, routes.DASHBOARD, routes.DASHBOARD_NAME, "Lacak pesanan perangkat Anda.", indexable=True,
      on_load=TrackingState.to_account)  # fmt: skip
_page(order_status.status_page, routes.ORDER_STATUS, "Status Pesanan", on_load=OrderStatusState.load)
_page(
    warranty.warranty_page,
    routes.WARRANTY,
    "Cek Garansi",
    "Cek masa garansi mesin EDC atau Soundbox dengan nomor seri.",
    indexable=True,
)
_page(
    account.sign_in_page,
    routes.SIGN_IN,
    "Masuk",
    "Masuk dengan kode dari email, tanpa password.",
    on_load=SignInState.load,
)
_page(account.account_page, routes.ACCOUNT, "Akun Saya", on_load=AccountState.load)

# Merchant registration
_page(
    registration.wizard_page,
    routes.REGISTER,
    "Pendaftaran Merchant",
    "Daftar merchant EDC dan QRIS 100% online dalam tiga langkah.",
    indexable=True,
    on_load=RegistrationState.restore_draft,
)
_page(
    registration_result.success_page,
    routes.REGISTER_SUCCESS,
    "Pendaftaran Berhasil",
    on_load=WorkingDayState.load_verify_by,
)
_page(
    lookup.registration_page,
    routes.REGISTRATION_STATUS,
    "Status Pendaftaran",
    on_load=RegistrationStatusState.load,
)
_page(resubmission.fix_page, routes.REGISTRATION_FIX, "Perbaiki Pendaftaran", on_load=FixState.load)
_page(
    registration_result.failed_page,
    routes.REGISTER_FAILED,
    "Pendaftaran Gagal",
    on_load=RegistrationResultState.load_failed,
)

# Checkout
_page(info.redirect_to(routes.CHECKOUT_PRODUCTS), routes.CHECKOUT, "Pesan")
_page(
    cart.products_page,
    routes.CHECKOUT_PRODUCTS,
    "Pesan Perangkat",
    "Pilih perangkat EDC atau Soundbox dan pesan online.",
    indexable=True,
    on_load=[CheckoutState.restore, StockState.load],
)
_page(cart.form_page, routes.CHECKOUT_FORM, "Data Pembeli", on_load=[CheckoutState.restore, StockState.load])
_page(
    payment.confirm_page, routes.CHECKOUT_CONFIRM, "Pembayaran", on_load=[CheckoutState.load_confirm, StockState.load]
)
_page(result.success_page, routes.CHECKOUT_SUCCESS, "Pesanan Diterima", on_load=OrderResultState.load_success)
_page(result.failed_page, routes.CHECKOUT_FAILED, "Pesanan Gagal", on_load=OrderResultState.load_failed)

# Back office: every page checks the session on load, then loads its data.
for _admin in admin_pages.pages():  # each declared beside its page (admin_pages.py)
    _page(_admin.component, _admin.route, _admin.title, on_load=_admin.on_load)

# The hero's links lead to the canonical product routes (docs/decisions.md).
for _slug in ("a920", "d210", "soundbox"):
    _page(info.redirect_to(routes.product(_slug)), routes.LEGACY_PRODUCT.format(slug=_slug), "Mengalihkan")

_page(info.not_found, "404", "Halaman tidak ditemukan", "Halaman tidak ditemukan.")
