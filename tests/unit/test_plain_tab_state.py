"""Issue 51.7: a tab's stored state names no class of ours but the states (state/plain.py):
the views its vars hold are pickled as their name and fields and its Terms as text, so a view
may move between modules without orphaning stored tabs, and what a tab reads back is what it
stored."""

from __future__ import annotations

import pickle

import pytest
import reflex as rx

import terminal_shop.terminal_shop  # noqa: F401  (registers every state and the plain pickling)
from terminal_shop import reflex_compat
from terminal_shop.reflex_compat.testing import as_sent, detached_root_state
from terminal_shop.services.backoffice.views import DayFigures, Overview, StatusCount, Waiting
from terminal_shop.services.orders.terms import OrderStatus
from terminal_shop.services.registrations.views import MerchantRow
from terminal_shop.state.admin.merchants import MerchantListState
from terminal_shop.state.plain import pickle_plainly
from terminal_shop.views import Badge

OVERVIEW = Overview(
    "01/11/2026 – 30/11/2026",
    (DayFigures("30/11", "30/11/2026", 3, 10_497_000, "Rp 10.497.000"),),
    "3", "Rp 10.497.000", "2", "3 jam",
    (Waiting("Pembayaran menunggu review", 1, "5 jam", "/admin/orders?status=paid_review"),),
    (StatusCount(Badge("Menunggu", "amber"), 2),),
)  # fmt: skip


def ours(pickled: bytes) -> bool:
    return b"terminal_shop.services" in pickled or b"terminal_shop.views" in pickled


def test_every_view_a_state_can_hold_is_pickled_as_its_name_and_fields():
    views = pickle_plainly(reflex_compat.all_substates(rx.State))
    assert {Overview, MerchantRow, Badge} <= views
    for view in views:
        assert view.__module__.startswith("terminal_shop.")


def test_a_view_read_back_reads_and_is_sent_as_it_was():
    pickled = pickle.dumps(OVERVIEW)
    assert not ours(pickled)
    back = pickle.loads(pickled)
    assert back == OVERVIEW and type(back) is Overview  # the same frozen view: replace() and all
    assert as_sent(back) == as_sent(OVERVIEW)


def test_a_view_stored_under_a_name_no_longer_known_does_not_load():
    """A renamed view: the stored tab fails to load, and Reflex starts it afresh."""
    pickled = pickle.dumps(OVERVIEW).replace(b"Overview", b"Overviuw")
    with pytest.raises(KeyError):
        pickle.loads(pickled)


def test_a_term_is_stored_as_its_text():
    pickled = pickle.dumps(OrderStatus.PAID_REVIEW)
    assert not ours(pickled) and b"terminal_shop" not in pickled
    assert pickle.loads(pickled) == "paid_review"


def test_a_states_stored_form_names_only_the_states():
    state = detached_root_state().get_substate(MerchantListState.get_full_name().split(".")[1:])
    state.rows = [MerchantRow("id", "30/11/2026", "Warung Sari", "Sari", "0812", "s@x.id", "Bandung", "pending",
                              Badge("Menunggu", "amber"))]  # fmt: skip
    pickled = pickle.dumps(state)
    assert b"MerchantListState" in pickled and not ours(pickled)
    assert pickle.loads(pickled).rows == state.rows
