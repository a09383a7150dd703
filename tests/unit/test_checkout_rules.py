"""The tab's copy of a checkout read back by a server that lost or kept an older state."""

from __future__ import annotations

from terminal_shop.services.orders.checkout_rules import BUYER_FIELDS, CheckoutDraft, merge

REF = "a" * 32


def draft(rev: int, **over) -> CheckoutDraft:
    buyer = dict.fromkeys(BUYER_FIELDS, "")
    return CheckoutDraft(**{"cart": (), "buyer": buyer, "client_ref": "", "rev": rev, **over})


def test_a_new_server_state_fills_what_it_lacks_from_the_tab():
    buyer = {**dict.fromkeys(BUYER_FIELDS, ""), "buyer_name": "Budi", "buyer_email": "b@x.id"}
    tab = CheckoutDraft((("A920", 2),), buyer, "QRIS", REF, 7)
    typed_meanwhile = draft(0, buyer={**dict.fromkeys(BUYER_FIELDS, ""), "buyer_name": "Budi Santoso"})
    got = merge(typed_meanwhile, tab, first_read=True)
    assert got.cart == (("A920", 2),)
    assert got.buyer["buyer_name"] == "Budi Santoso"  # what was typed since stays
    assert got.buyer["buyer_email"] == "b@x.id"
    assert (got.payment_method, got.client_ref, got.rev) == ("QRIS", REF, 7)


def test_a_kept_state_is_replaced_only_by_a_newer_copy():
    kept = draft(5, cart=(("D210", 1),))
    older, newer = draft(4, cart=(("A920", 1),)), draft(6, cart=(("A920", 3),))
    assert merge(kept, older, first_read=False) is kept
    assert merge(kept, newer, first_read=False) is newer
    assert merge(kept, None, first_read=False) is kept


def test_an_attempt_keeps_its_key():
    got = merge(draft(1, client_ref=REF), draft(3, client_ref="b" * 32), first_read=True)
    assert got.client_ref == REF


def test_a_newer_copy_written_before_the_key_keeps_the_key():
    """A copy saved before the confirm page gave the attempt its key: taking it whole made the
    next submission keyless, and a resend of it a second order (the killed-upload fault)."""
    got = merge(draft(5, client_ref=REF), draft(7, cart=(("A920", 1),)), first_read=False)
    assert (got.cart, got.client_ref, got.rev) == ((("A920", 1),), REF, 7)
