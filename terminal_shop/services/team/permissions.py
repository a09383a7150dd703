"""Which admin role may do what: the one table (docs/decisions.md, Admin roles).

Every admin handler names the permission it needs (state/admin/session.py `admin_only`),
as do our admin HTTP routes (web/admin_routes.py); the pages and the header show only what the
signed-in role may use. A handler called anyway is refused and audited.
"""

from __future__ import annotations

from enum import StrEnum

from terminal_shop import routes
from terminal_shop.services.team.terms import AdminRole


class Permission(StrEnum):
    ORDERS_VIEW = "pesanan.lihat"  # the orders list and an order's page, its proof
    ORDERS_REVIEW = "pesanan.konfirmasi"  # confirm or reject a payment
    PAYMENTS_IMPORT = "pembayaran.impor"  # bank statements and QRIS reports
    ORDERS_EXPORT = "pesanan.ekspor"
    FULFIL = "pengiriman"  # pack, ship, deliver (one by one or in bulk)
    MERCHANTS_VIEW = "merchant.lihat"  # the registrations list and a registration's page
    MERCHANTS_EDIT = "merchant.ubah"  # edit, approve, reject, documents, mark ended
    MERCHANTS_EXPORT = "merchant.ekspor"
    MERCHANTS_DELETE = "merchant.hapus"
    OVERVIEW = "ringkasan"
    PERSONAL_DATA = "data-pribadi"  # a data subject's archive and erasure
    ACCOUNTS = "akun-admin"  # other admins' accounts and sessions
    DEVICES_VIEW = "perangkat.lihat"  # the devices list, its search and export
    DEVICES = "perangkat"  # receiving units into stock
    DEVICES_ACTIVATE = "perangkat.aktivasi"  # bind the acquirer's TID/MID; link an order to its merchant
    SERVICE = "servis"  # broken terminals: check, send the replacement, collect and receive the old unit
    TRANSACTIONS = "transaksi"  # acquirers' webhook health, unknown TIDs, settlement reports
    ACQUIRER_SECRETS = "acquirer.rahasia"  # add an acquirer, replace its webhook secret: the owner's (issue 46.8)


ROLES: dict[AdminRole, frozenset[Permission]] = {
    AdminRole.OWNER: frozenset(Permission),
    AdminRole.FINANCE: frozenset(
        {Permission.ORDERS_VIEW, Permission.ORDERS_REVIEW, Permission.PAYMENTS_IMPORT, Permission.ORDERS_EXPORT,
         Permission.OVERVIEW, Permission.TRANSACTIONS}
    ),
    AdminRole.VERIFIER: frozenset(
        {Permission.MERCHANTS_VIEW, Permission.MERCHANTS_EDIT, Permission.MERCHANTS_EXPORT,
         Permission.DEVICES_VIEW, Permission.DEVICES_ACTIVATE}
    ),
    AdminRole.SHIPPING: frozenset({Permission.ORDERS_VIEW, Permission.FULFIL, Permission.DEVICES_VIEW, Permission.DEVICES,
                                   Permission.SERVICE}),
}  # fmt: skip

# Where each role lands after signing in, and is sent back to from a page it may not open: the
# overview first, where what waits is counted (issue 63.6: staff landed on the registrations).
HOMES = (
    (Permission.OVERVIEW, routes.ADMIN_OVERVIEW),
    (Permission.MERCHANTS_VIEW, routes.ADMIN_MERCHANTS),
    (Permission.ORDERS_VIEW, routes.ADMIN_ORDERS),
)

MSG_DENIED = "Peran Anda tidak memiliki akses untuk tindakan ini"


def of(role: str) -> frozenset[Permission]:
    """An unknown role may do nothing."""
    member = AdminRole.parse(role)
    return ROLES.get(member, frozenset()) if member else frozenset()


def allows(role: str, permission: Permission | None) -> bool:
    return permission is None or permission in of(role)


def home(role: str) -> str:
    granted = of(role)
    return next((route for needed, route in HOMES if needed in granted), routes.ADMIN_PASSWORD)
