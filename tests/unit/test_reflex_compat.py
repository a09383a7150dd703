"""Every use of Reflex internals (the terminal_shop/reflex_compat package) still holds on the
installed Reflex: an upgrade that changes one fails here, not in production."""

from __future__ import annotations

import ast
import re

import pytest

import terminal_shop.terminal_shop  # noqa: F401  (registers every page and state)
from terminal_shop import reflex_compat
from terminal_shop.state.admin.session import AdminState

from support.environment import ROOT

PRIVATE = re.compile(
    r"_js_expr|_var_type|_var_data|_reflex_internal_init|reflex_components_core|reflex_base|__subclasses__|from reflex\."
)


def test_every_assumption_holds():
    assert reflex_compat.self_check() == []


@pytest.mark.parametrize(
    ("name", "value"),
    [("FILES_BY_ID", "filesByName"), ("SET_FILES_BY_ID", "setFiles")],
)
def test_the_check_notices_a_changed_generated_name(monkeypatch, name, value):
    monkeypatch.setattr(reflex_compat, name, value)
    assert reflex_compat.self_check() == ["the upload context var no longer brings filesById into scope"]


def test_substates_include_every_admin_area():
    names = {s.__name__ for s in reflex_compat.all_substates(AdminState)}
    assert names == {
        "MerchantListState",
        "MerchantDetailState",
        "OrderListState",
        "OrderDetailState",
        "BulkShipState",
        "OverviewState",
        "PaymentsState",
        "PersonalDataState",
        "SessionsState",
        "TwoFactorState",
        "AccountsState",
        "TransactionsState",
        "DevicesState",
        "ServiceState",
        "FleetState",
        "MerchantDevicesState",
        "MerchantAccountState",
        "IncidentsState",
        "OrderTaxState",
        "OrderReturnState",
        "MerchantRatesState",
        "OrderWhatsAppState",
        "MerchantWhatsAppState",
    }


def test_no_module_but_reflex_compat_reaches_into_reflex():
    offenders = []
    for path in [*(ROOT / "terminal_shop").rglob("*.py"), *(ROOT / "tests").rglob("*.py")]:
        if "reflex_compat" in path.parent.parts or path.name == "test_reflex_compat.py":
            continue
        for n, line in enumerate(path.read_text().splitlines(), 1):
            if PRIVATE.search(line):
                offenders.append(f"{path.relative_to(ROOT)}:{n}: {line.strip()}")
    assert offenders == []


def test_no_route_is_written_outside_routes_py():
    """Every path the site knows is a constant of terminal_shop/routes.py."""
    route = re.compile(
        r"^/(pendaftaran|checkout|admin|produk|product-|pesanan|api|dashboard|files|privacy|about|careers|contact|faq|docs)"
    )
    offenders = []
    for path in (ROOT / "terminal_shop").rglob("*.py"):
        if path.name == "routes.py":
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and route.match(node.value):
                offenders.append(f"{path.relative_to(ROOT)}:{node.lineno}: {node.value!r}")
    assert offenders == []


def test_the_prerender_markers_are_what_first_paint_rewrites():
    """The shape web/paint_first.py rewrites, as React Router prerenders a page today."""
    page = (
        b'<head><link rel="modulepreload" href="/assets/a.js"/>'
        b'<script type="module" async="">import("/assets/entry.js");</script></head>'
    )
    assert reflex_compat.MODULE_PRELOAD.search(page)
    assert reflex_compat.ENTRY_MODULE.search(page)[1] == b'import("/assets/entry.js");'
