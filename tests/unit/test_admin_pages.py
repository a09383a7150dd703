"""One declaration per admin page (issue 51.3): the app's pages, the header's menu and the CSV
exports are read from the declarations beside the pages (terminal_shop/admin_pages.py), and who
sees a menu entry is who the page's own on-load handler lets in."""

from __future__ import annotations

import ast
from pathlib import Path

from terminal_shop import admin_pages, routes
from terminal_shop.services.team import permissions
from terminal_shop.services.team.permissions import Permission
from terminal_shop.services.team.terms import AdminRole

PAGES_DIR = Path(admin_pages.__file__).parent / "pages" / "admin"


def _declares_a_page(path: Path) -> bool:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return any(
        isinstance(node, ast.Assign)
        and any(isinstance(t, ast.Name) and t.id in ("PAGE", "PAGES") for t in node.targets)
        for node in tree.body
    )


def test_every_admin_page_module_is_in_the_registry_and_every_route_is_declared_once():
    declaring = {f"terminal_shop.pages.admin.{p.stem}" for p in PAGES_DIR.glob("*.py") if _declares_a_page(p)}
    assert declaring == set(admin_pages.MODULES)
    declared = [p.route for p in admin_pages.pages()]
    assert len(declared) == len(set(declared))
    assert {routes.ADMIN_MERCHANTS, routes.ADMIN_ORDER, routes.ADMIN_DEVICES, routes.ADMIN_LOGIN} <= set(declared)


def test_each_role_sees_the_menu_entries_its_pages_let_it_open():
    def menu_of(role: AdminRole) -> list[str]:
        return [p.menu for p in admin_pages.menu() if permissions.allows(role.value, p.needs)]

    assert menu_of(AdminRole.OWNER) == [
        "Dashboard",
        "Orders",
        "Pembayaran",
        "Perangkat",
        "Servis",
        "Armada",
        "Transaksi",
        "Ringkasan",
        "Akun admin",
        "Insiden",
    ]
    assert menu_of(AdminRole.VERIFIER) == ["Dashboard", "Perangkat", "Armada"]
    assert menu_of(AdminRole.SHIPPING) == ["Orders", "Perangkat", "Servis", "Armada"]  # the warehouse works the repairs
    assert menu_of(AdminRole.FINANCE) == ["Orders", "Pembayaran", "Transaksi", "Ringkasan"]


def test_a_lists_export_is_found_by_its_kind_with_the_permission_it_needs():
    orders, devices = admin_pages.export("orders"), admin_pages.export("devices")
    assert orders is not None and orders.needs is Permission.ORDERS_EXPORT
    assert devices is not None and devices.needs is Permission.DEVICES_VIEW
    assert admin_pages.export("audit") is None
