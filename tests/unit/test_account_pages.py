"""One declaration per page of the merchant's account (issue 60.5/60.6): the app's pages and the
section links are read from the declarations beside the pages (terminal_shop/account_pages.py),
and each role is offered the pages its abilities open."""

from __future__ import annotations

import ast
from pathlib import Path

from terminal_shop import account_pages, routes
from terminal_shop.services.merchant_team.terms import ABILITIES, MemberRole

PAGES_DIR = Path(account_pages.__file__).parent / "pages"


def _declares_an_account_page(path: Path) -> bool:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return any(
        isinstance(node, ast.Assign)
        and any(isinstance(t, ast.Name) and t.id == "PAGE" for t in node.targets)
        and isinstance(node.value, ast.Call)
        and getattr(node.value.func, "id", "") == "AccountPage"
        for node in tree.body
    )


def test_every_account_page_module_is_in_the_registry_and_every_route_is_declared_once():
    declaring = {f"terminal_shop.pages.{p.stem}" for p in PAGES_DIR.glob("*.py") if _declares_an_account_page(p)}
    assert declaring == set(account_pages.MODULES)
    declared = [p.route for p in account_pages.pages()]
    assert len(declared) == len(set(declared)) and all(r.startswith(routes.ACCOUNT) for r in declared)
    assert declared[0] == routes.ACCOUNT  # the summary's link first


def _links(role: MemberRole | None) -> list[str]:
    abilities = {a.value for a in ABILITIES[role]} if role else set()
    return [p.link for p in account_pages.pages() if p.offered_to(role.value if role else "", abilities)]


def test_each_role_is_offered_the_pages_its_abilities_open():
    assert _links(MemberRole.OWNER) == [
        "Ringkasan", "Transaksi", "Pencairan", "Sengketa", "Perangkat", "Servis", "Tim", "Pesanan", "Data pribadi",
    ]  # fmt: skip
    assert _links(MemberRole.MANAGER) == ["Ringkasan", "Transaksi", "Sengketa", "Perangkat", "Servis", "Data pribadi"]
    assert _links(MemberRole.CASHIER) == [
        "Transaksi",
        "Perangkat",
        "Servis",
        "Data pribadi",
    ]  # no money, no empty lists
    assert _links(None) == ["Ringkasan", "Perangkat", "Pesanan", "Data pribadi"]  # a buyer
