"""One declaration per public page (issue 60.6): the app's public pages are read from the
declarations beside the pages (terminal_shop/site_pages.py), each route once."""

from __future__ import annotations

import ast
from pathlib import Path

from terminal_shop import routes, site_pages

PAGES_DIR = Path(site_pages.__file__).parent / "pages"


def _declares_public_pages(path: Path) -> bool:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return any(
        isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "PAGES" for t in node.targets)
        for node in tree.body
    )


def test_every_public_page_module_is_in_the_registry_and_every_route_is_declared_once():
    declaring = {
        "terminal_shop." + ".".join(p.relative_to(PAGES_DIR.parent).with_suffix("").parts)
        for p in PAGES_DIR.rglob("*.py")
        if "admin" not in p.parts and _declares_public_pages(p)
    }
    assert declaring == set(site_pages.MODULES)
    declared = [p.route for p in site_pages.pages()]
    assert len(declared) == len(set(declared))
    assert {routes.HOME, routes.CHECKOUT_PRODUCTS, routes.REGISTER, routes.SIGN_IN, routes.TEAM_INVITATION} <= set(
        declared
    )


def test_the_indexable_pages_are_the_public_ones_a_search_engine_may_list():
    indexable = {p.route for p in site_pages.pages() if p.indexable}
    assert routes.HOME in indexable and routes.CHECKOUT_PRODUCTS in indexable
    assert not indexable & {routes.SIGN_IN, routes.TEAM_INVITATION, routes.CHECKOUT_FORM, routes.ORDER_STATUS}
