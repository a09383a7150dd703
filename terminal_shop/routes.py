"""Every path the site answers, in one place: its pages, our own HTTP routes, and the links
built to them. Reflex's own paths (websocket, upload) live in reflex_compat."""

from __future__ import annotations

# Public pages
HOME = "/"
ABOUT = "/about"
CAREERS = "/careers"
CONTACT = "/contact"
FAQ = "/faq"
DOCS = "/docs"
PRIVACY = "/privacy"
DASHBOARD = "/dashboard"
# The lookup page's one name: the SPEC's header calls it "Status" and "Tracking"; so does the page.
DASHBOARD_NAME = "Status & Tracking"
PRODUCT = "/produk/{slug}"
LEGACY_PRODUCT = "/product-{slug}"  # the hero's old links, redirected to PRODUCT
ORDER_STATUS = "/pesanan/[id]"
WARRANTY = "/garansi"  # a device's warranty by its serial number
TEAM_INVITATION = "/undangan"  # a merchant team invitation: who invites, as what, and "Gabung"
SIGN_IN = "/masuk"  # buyers and merchants: an e-mail, then the code sent to it
ACCOUNT = "/akun"  # what the signed-in person owns: a summary, and a page per section
ACCOUNT_FIRST_PAINT = (
    "akun-awal"  # the summary's element the server fills before scripts run (web/account_first_paint.py)
)
ACCOUNT_TRANSACTIONS = "/akun/transaksi"  # today, the history, the chart, CSV and statements
ACCOUNT_PAYOUTS = "/akun/pencairan"
ACCOUNT_DISPUTES = "/akun/sengketa"
ACCOUNT_DEVICES = "/akun/perangkat"
ACCOUNT_SERVICE = "/akun/servis"  # ?perangkat=<id> opens the report form for that device
ACCOUNT_TEAM = "/akun/tim"  # outlets, team and the activity log
ACCOUNT_ORDERS = "/akun/pesanan"  # orders and merchant registrations
ACCOUNT_DATA = "/akun/data"  # the person's requests under UU 27/2022

# Checkout
CHECKOUT = "/checkout"
CHECKOUT_PRODUCTS = "/checkout/products"
CHECKOUT_FORM = "/checkout/form"
CHECKOUT_CONFIRM = "/checkout/confirm"
CHECKOUT_SUCCESS = "/checkout/success"
CHECKOUT_FAILED = "/checkout/failed"

# Merchant registration
REGISTER = "/pendaftaran"
REGISTER_SUCCESS = "/pendaftaran/success"
REGISTER_FAILED = "/pendaftaran/gagal"
REGISTRATION_STATUS = "/pendaftaran/status/[id]"
REGISTRATION_FIX = "/pendaftaran/perbaiki/[id]"

# Back office
ADMIN_PREFIX = "/admin"
ADMIN_LOGIN = "/admin/login"
ADMIN_PASSWORD = "/admin/password"
ADMIN_MERCHANTS = "/admin"
ADMIN_MERCHANT = "/admin/merchants/[id]"
ADMIN_ORDERS = "/admin/orders"
ADMIN_ORDER = "/admin/orders/[id]"
ADMIN_OVERVIEW = "/admin/ringkasan"
ADMIN_SESSIONS = "/admin/sesi"  # an admin's own signed-in sessions
ADMIN_DEVICES = "/admin/perangkat"  # every unit by serial number, receiving stock
ADMIN_FLEET = "/admin/armada"  # the fleet: offline, out of paper, old app, without transactions
ADMIN_SERVICE = "/admin/servis"  # broken terminals: cases, replacements, collection
ADMIN_TRANSACTIONS = "/admin/transaksi"  # the acquirers' webhook health, unknown TIDs, settlement reports
ADMIN_PAYMENTS = "/admin/pembayaran"  # statements and QRIS reports matched to waiting orders
ADMIN_2FA = "/admin/2fa"  # the second factor after the password
ADMIN_2FA_SETUP = "/admin/2fa/atur"  # the authenticator app set up, recovery codes
ADMIN_ACCOUNTS = "/admin/akun"  # the owner's list of admins and invitations
ADMIN_INCIDENTS = "/admin/insiden"  # breaches of personal data, their people and deadline (UU 27/2022 Ps 46)
ADMIN_INVITE = "/admin/undangan"  # an invited admin chooses a password (the e-mailed link)

# For robots and search engines
ROBOTS = "/robots.txt"
METRICS = "/metrics"  # the operator's Prometheus (web/operations.py)
SITEMAP = "/sitemap.xml"  # written by Reflex's sitemap plugin at build time

# Our HTTP routes (web/api.py and the modules it gathers)
API_PREFIX = "/api/"
API_ORDER = "/api/pesanan"
API_WARRANTY_CARD = "/api/garansi/kartu.pdf"  # ?sn=<serial>: a unit's warranty card (devices/warranty_card.py)
API_REGISTRATION = "/api/pendaftaran"
API_SIGN_IN_CODE = "/api/masuk/kode"  # step 1: send a code to this address
API_SIGN_IN = "/api/masuk"  # step 2: the code; sets the session cookie (HttpOnly)
API_SIGN_OUT = "/api/keluar"  # this browser, or every browser of the address ("semua")
API_ACCOUNT_TRANSACTIONS_CSV = "/api/akun/transaksi.csv"  # the signed-in merchant's filtered transactions
API_ACCOUNT_PAYOUTS_CSV = "/api/akun/pencairan.csv"  # the signed-in merchant's payouts of the last year
API_ACCOUNT_FEE_INVOICE = "/api/akun/invoice-mdr.pdf"  # one of the owner's monthly MDR invoices (?nomor=)
API_ACCOUNT_STATEMENT = "/api/akun/laporan.pdf"  # a month's statement for one MID (?mid=&bulan=YYYY-MM)
API_TEAM_INVITE = (
    "/api/akun/undangan"  # a merchant team invitation's e-mailed link (?token=): accepted once signed in as the invitee
)
API_TRANSACTIONS = "/api/transaksi/{acquirer}"  # an acquirer's signed transactions (services/transactions/ingest.py)
API_PAYOUTS = "/api/pencairan/{acquirer}"  # an acquirer's signed payouts sent (services/payouts/webhook.py)
API_HEARTBEATS = "/api/detak"  # the fleet's signed heartbeats (services/fleet/heartbeat.py)
API_DISPUTES = "/api/sengketa/{acquirer}"  # an acquirer's signed disputes (services/disputes/webhook.py)
API_ADMIN_DISPUTE = "/api/admin/sengketa/{dispute_id}"  # a dispute's case and evidence as a ZIP
API_ADMIN_CORETAX = "/api/admin/coretax.csv"  # a month's PKP buyers' orders for Coretax (?bulan=YYYY-MM)
API_ADMIN_INCIDENT_LETTER = "/api/admin/insiden/{incident_id}/surat.pdf"  # the letter to the authority
API_WHATSAPP = "/api/whatsapp/webhook"  # Meta's Cloud API: the handshake (GET) and signed deliveries (POST)
API_ADMIN_LOGIN = "/api/admin/login"
API_ADMIN_LOGOUT = "/api/admin/logout"
API_ADMIN_INVITE = "/api/admin/undangan"  # the invitation's form POST: account made, session cookie set
API_ADMIN_INVITE_OPEN = "/api/admin/undangan/buka"  # the e-mailed link: its token into an HttpOnly cookie
API_2FA_QR = "/api/admin/2fa/qr.svg"  # the setup page's QR, for the signed-in admin only
API_EXPORT = "/api/admin/export/{kind}.csv"
API_INVOICE = "/api/invoice/{order_id}.pdf"  # a signed link: the buyer's order page, the admin's detail
API_CREDIT_NOTE = (
    "/api/nota-kredit/{return_id}.pdf"  # a signed link: a refunded return's credit note (services/returns)
)
API_PERSONAL_DATA = (
    "/api/admin/data-pribadi/{kind}/{record_id}.zip"  # a short-lived signed link, with the admin's cookie
)
FILES = "/files"
FILES_PREFIX = FILES + "/"


def buy(sku: str) -> str:
    """A product's order button: the picker with that product put in the cart (state/checkout.py)."""
    return f"{CHECKOUT_PRODUCTS}?beli={sku}"


def service_case(number: str) -> str:
    """A service case on the account's Servis page (its bill's thank-you and status pages lead back)."""
    return f"{ACCOUNT_SERVICE}#{number}"


def service_case_admin(number: str) -> str:
    """A case's card on the admin's Servis page (the fleet's rows link to it)."""
    return f"{ADMIN_SERVICE}#{number}"


def with_id(route: str, record_id: object) -> str:
    """A dynamic page's address for one record: ORDER_STATUS with an order id, and so on."""
    return route.replace("[id]", str(record_id))


def product(slug: str) -> str:
    return PRODUCT.format(slug=slug)


def invoice(order_id: object) -> str:
    return API_INVOICE.format(order_id=order_id)


def personal_data(kind: str, record_id: object) -> str:
    return API_PERSONAL_DATA.format(kind=kind, record_id=record_id)


def export(kind: str) -> str:
    return API_EXPORT.format(kind=kind)
