"""Every text box bound to state is debounced (components/forms.typed): a plain one loses
letters typed faster than the server answers ('Confirm Delete' arrived as 'ne')."""

from __future__ import annotations

from terminal_shop.reflex_compat.testing import descendants, page_components, typed_and_echoed


def test_no_page_has_a_text_box_that_loses_fast_typing():
    from terminal_shop.terminal_shop import app

    found = {
        route: [_name(c) for c in descendants(tree) if typed_and_echoed(c)] for route, tree in page_components(app)
    }
    assert {route: boxes for route, boxes in found.items() if boxes} == {}


def _name(box) -> str:
    label = box.custom_attrs.get("aria-label", box.custom_attrs.get("aria_label"))
    return str(label if label is not None else box.id if box.id is not None else box.tag)
