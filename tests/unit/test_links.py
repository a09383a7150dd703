"""No link's address is a state var's name written into plain text: `routes.with_id(route, var)`
formats a Var as its JavaScript name, so the merchant page's linked orders pointed to
`/admin/orders/reflex___state...` (found walking issue 50.5). A Var joins a route with `+`."""

from __future__ import annotations

from terminal_shop.reflex_compat.testing import descendants, page_components


def test_no_page_links_to_a_state_vars_name():
    from terminal_shop.terminal_shop import app

    broken = {
        route: [str(to) for c in descendants(tree) for to in (getattr(c, "href", None), getattr(c, "to", None))
                if to is not None and str(to).startswith('"') and "_rx_state_" in str(to)]  # a Var's name as text
        for route, tree in page_components(app)
    }  # fmt: skip
    assert {route: links for route, links in broken.items() if links} == {}
