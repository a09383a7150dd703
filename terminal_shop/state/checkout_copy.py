"""The checkout's data and the browser's own copy of it (localStorage, checkout_rules.CheckoutDraft):
a buyer who leaves to pay in the banking app and comes back in a new tab finds the cart and
the form as left (issue 50.3), for rules.CHECKOUT_DRAFT_KEPT.

A state mixin: its vars and handlers become CheckoutState's (state/checkout.py), so the stored
tab state and the handlers' event names stay what they were before this module was split off."""

from __future__ import annotations

import reflex as rx

from terminal_shop import catalogue, routes
from terminal_shop.reflex_compat import EventSpec
from terminal_shop.services.orders import checkout_rules
from terminal_shop.services.orders.terms import PaymentMethod

DRAFT_KEY = "pesanan_draft"  # the browser's copy of its checkout (localStorage)
READ_DRAFT = f"localStorage.getItem('{DRAFT_KEY}') || ''"
# Said outright: a page still loading does not write its vars to browser storage.
FORGET_DRAFT = f"localStorage.removeItem('{DRAFT_KEY}')"


class CheckoutCopy(rx.State, mixin=True):
    """What the tab keeps of its checkout, and how it is read back and written."""

    cart: dict[str, int] = {}  # sku -> qty, in the order added
    buyer: dict[str, str] = dict.fromkeys(checkout_rules.BUYER_FIELDS, "")
    payment_method: str = PaymentMethod.TRANSFER_BCA.value
    # The checkout as the browser keeps it, written after every change: when the server
    # forgets the tab, or the buyer opens a new one, the cart and form come back from here.
    draft: str = rx.LocalStorage("", name=DRAFT_KEY, sync=False)
    _client_ref: str = ""
    # False in a state the server has just made (first visit, or the tab's state was
    # lost): nothing is written to the tab's draft until it has been read back.
    _restored: bool = False
    _rev: int = 0  # the count in the last copy written to the tab (checkout_rules.CheckoutDraft.rev)
    _buy_now: str = ""  # the SKU of the order button that opened the picker, until it is in the cart

    @rx.event
    def restore(self):
        """On each checkout page: the tab's copy is read back when the server has lost the
        checkout or kept an older one than the tab shows; otherwise nothing changes."""
        sku = self.router.url.query_parameters.get("beli", "")  # a product's order button (routes.buy)
        self._buy_now = sku if catalogue.product(sku) else ""
        if self.draft:  # sent by the browser with this page load
            return self._restore_from(self.draft)
        if not self._restored:  # the server lost the tab while it stayed open: ask it
            return rx.call_script(READ_DRAFT, callback=type(self).restore_from)
        return self._bought()

    @rx.event
    def restore_from(self, draft: str):
        return self._restore_from(draft)

    def _restore_from(self, text: str):
        was_restored = self._restored
        self._apply(checkout_rules.CheckoutDraft.parse(text))
        return self._first_read_done() if not was_restored else self._bought()

    def _first_read_done(self):
        """After the tab's copy was first read back (the confirm page has more to do)."""
        return self._bought()

    def _bought(self) -> list[EventSpec] | None:
        """The product of the button that opened the picker: +1 in the cart (after the tab's
        own cart was read back, so nothing in it is lost), in view, and the address without
        it (a reload adds nothing)."""
        sku, self._buy_now = self._buy_now, ""
        if not sku:
            return None
        self._add(sku, 1)
        self._save()
        return [rx.call_script(f"history.replaceState(null, '', '{routes.CHECKOUT_PRODUCTS}')"),
                rx.scroll_to(f"baris-{sku}")]  # fmt: skip

    def _add(self, sku: str, qty: int) -> None:
        """A product into the cart; a service bill in it leaves (a bill is paid alone and
        stays on the case, where "Bayar tagihan" brings it back)."""
        self.cart = {k: n for k, n in self.cart.items() if catalogue.product(k) is not None}
        self.cart[sku] = min(self.cart.get(sku, 0) + qty, catalogue.MAX_QTY_PER_LINE)

    def _apply(self, draft: checkout_rules.CheckoutDraft | None) -> None:
        """Takes the tab's copy where it knows more than the server (checkout_rules.merge)."""
        first, kept = not self._restored, self._as_draft()
        merged = checkout_rules.merge(kept, draft, first_read=first)
        if merged is kept and not first:
            return
        self._restored = True
        self.cart, self.buyer, self.payment_method = dict(merged.cart), dict(merged.buyer), merged.payment_method
        self._client_ref, self._rev = merged.client_ref, merged.rev
        self._save()

    def _as_draft(self) -> checkout_rules.CheckoutDraft:
        return checkout_rules.CheckoutDraft(
            tuple(self.cart.items()),
            dict(self.buyer),
            self.payment_method,
            self._client_ref,
            self._rev,
            self._shown_amount(),
        )

    def _shown_amount(self) -> int:
        """What the confirm page asks the buyer to pay (CheckoutState knows the prices)."""
        return 0

    def _save(self) -> None:
        if self._restored:
            self._rev += 1
            self.draft = self._as_draft().to_json()
