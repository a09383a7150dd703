"""Every use of Reflex internals (the terminal_shop/reflex_compat package) still holds on the
installed Reflex: an upgrade that changes one fails here, not in production."""

from __future__ import annotations

import ast
import re

import pytest
import reflex as rx

import terminal_shop.terminal_shop  # noqa: F401  (registers every page and state)
from terminal_shop import reflex_compat
from terminal_shop.reflex_compat.forms import on_drop, submit_with_files
from terminal_shop.state.account_service import ServiceState
from terminal_shop.state.admin.session import AdminState
from terminal_shop.state.order_return import RETURN_UPLOAD_ID, ReturnState

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


def test_no_upload_reads_what_another_event_of_its_submit_wrote():
    """`[S.check, S.send(rx.upload_files(...))]` lets the upload reach a worker before the
    first event's state is written (the 2026-12-06 flake): an upload beside another event
    carries what it needs itself (reflex_compat.forms.submit_with_files)."""
    offenders = []
    for path in (ROOT / "terminal_shop").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if not (isinstance(node, ast.List) and len(node.elts) > 1):
                continue
            for call in (e for e in node.elts if isinstance(e, ast.Call) and "upload_files" in ast.unparse(e)):
                if len(call.args) + len(call.keywords) < 2:  # the files alone: the rest read from the state
                    offenders.append(f"{path.relative_to(ROOT)}:{node.lineno}: {ast.unparse(node)[:80]}")
    assert offenders == []


@pytest.mark.parametrize("check", [None, ReturnState.set_resolution])
def test_a_form_submitted_with_files_carries_its_fields_in_the_upload(check):
    form = rx.el.form(on_submit=submit_with_files(ReturnState.ask, RETURN_UPLOAD_ID, check=check))
    *checked, event = form.event_triggers["on_submit"].events
    args = {name._js_expr: str(value) for name, value in event.args}
    assert event.client_handler_name == "uploadFiles"
    assert args["upload_id"] == f'"{RETURN_UPLOAD_ID}"'
    assert (args["form"], args["__reflex_event_arg_names"]) == ("form_data", '["form"]')  # the submitted fields
    assert [str(v) for e in checked for _, v in e.args] == (["form_data"] if check else [])  # the check gets them too


def test_a_dropped_file_goes_with_the_state_value_the_page_shows_never_a_loops_item():
    """Reflex hoists a dropzone's hook out of `rx.foreach`: an item named in its upload is
    undefined when the file is dropped, and nothing is sent (the service photo, 2026-12-07)."""
    spec = on_drop(lambda files: ServiceState.upload_service_media(files, ServiceState.media_case), "foto")
    assert {name._js_expr: str(value) for name, value in spec.args}["case_id"].endswith("media_case_rx_state_")

    def case(c):
        on_drop(lambda files: ServiceState.upload_service_media(files, c.id), "foto")
        return rx.text(c.id)

    with pytest.raises(TypeError, match="names a loop's item"):
        rx.foreach(ServiceState.service_cases, case)


def test_the_prerender_markers_are_what_first_paint_rewrites():
    """The shape web/paint_first.py rewrites, as React Router prerenders a page today."""
    page = (
        b'<head><link rel="modulepreload" href="/assets/a.js"/>'
        b'<script type="module" async="">import("/assets/entry.js");</script></head>'
    )
    assert reflex_compat.MODULE_PRELOAD.search(page)
    assert reflex_compat.ENTRY_MODULE.search(page)[1] == b'import("/assets/entry.js");'
