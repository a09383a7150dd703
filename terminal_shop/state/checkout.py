"""Cart, buyer form and order submission: a thin layer over services.orders."""

from __future__ import annotations

import asyncio
import logging
import uuid

import reflex as rx

from terminal_shop import catalogue, routes
from terminal_shop.infra.uploads import browser_rejection
from terminal_shop.reflex_compat import EventSpec
from terminal_shop.refusals import texts
from terminal_shop.services.orders import checkout as orders
from terminal_shop.services.orders import checkout_rules, payment_qr, transfer_codes
from terminal_shop.services.orders.terms import PROOF_WRONG_TYPE, OrderRefusal, PaymentMethod
from terminal_shop.services.orders.views import PaymentQr, PricedCart, TransferAmount, order_number
from terminal_shop.services.validation import typed_int
from terminal_shop.state import focus, toast
from terminal_shop.state.checkout_copy import FORGET_DRAFT, CheckoutCopy

log = logging.getLogger(__name__)

PROOF_UPLOAD_ID = "proof"
PROOF_SECTION = "bukti-pembayaran"  # the proof's section on the confirm page, scrolled to when it is missing
QRIS_FALLBACK = "/qris-demo.png"
EMPTY_CART = checkout_rules.price_cart([])


class CheckoutState(CheckoutCopy, rx.State):
    """One visitor's cart and buyer data (kept in the tab by CheckoutCopy); prices always come
    from the catalogue."""

    qty_inputs: dict[str, int] = {}
    qty_box_resets: int = 0  # part of the quantity boxes' keys: see _redraw_if_put_right
    errors: dict[str, str] = {}
    submitting: bool = False
    ready: bool = False  # the confirm page knows its attempt's key: "Kirim Pesanan" may send
    proof_error: str = ""  # beside the proof field: "Kirim Pesanan" pressed without one
    qris_src: str = ""
    qris_broken: bool = False  # neither the sticker nor the demo QR loaded
    qris_loaded: bool = False
    qr_open: bool = False
    payment_qr: PaymentQr | None = None  # None: the merchant's static QRIS image instead
    transfer_code: int = 0  # the kode unik held for this attempt (services/orders/transfer_codes.py)
    transfer_for: int = 0  # the cart total that code was held for: another total has no amount yet

    # ----- derived values -----

    @rx.var
    def priced(self) -> PricedCart:
        """The cart priced by the very function the order is charged by."""
        try:
            return checkout_rules.price_cart(list(self.cart.items()))
        except orders.OrderError:  # the handlers keep the cart valid; never show a wrong price
            return EMPTY_CART

    @rx.var
    def transfer(self) -> TransferAmount:
        """The exact BCA transfer: the cart's total less the held kode unik."""
        total = self.priced.total
        if not total or self.transfer_for != total:  # not held yet: no amount rather than a wrong one
            return TransferAmount()
        code = self.transfer_code if 0 < self.transfer_code < total else 0
        return TransferAmount.of(total - code, code)

    def _shown_amount(self) -> int:
        """What the confirm page asks the buyer to pay by the chosen method."""
        if self.payment_method == PaymentMethod.TRANSFER_BCA:
            return int(self.transfer.digits or 0)
        return self.priced.total

    @rx.var
    def buyer_complete(self) -> bool:
        return checkout_rules.validate_buyer(self.buyer)[0] is not None

    # ----- products page -----

    @rx.event
    def set_qty_input(self, sku: str, value: str):
        qty = typed_int(value, 0)
        refused = self._set_qty_input(sku, qty)
        self._redraw_if_put_right(qty, self.qty_inputs.get(sku))
        return refused

    def _redraw_if_put_right(self, typed: int, kept: int | None) -> None:
        """A typed box (components/forms.typed) takes the server's value only when that value
        changes: a box whose number was put right (0 -> 1 while it was 1) is drawn anew."""
        if typed != kept:
            self.qty_box_resets += 1

    @rx.event
    def step_qty(self, sku: str, delta: int):
        return self._set_qty_input(sku, self.qty_inputs.get(sku, 1) + (1 if typed_int(delta) > 0 else -1))

    def _set_qty_input(self, sku: str, qty: int):
        if catalogue.product(sku) is None:
            return None
        self.qty_inputs[sku] = min(max(qty, 1), catalogue.MAX_QTY_PER_LINE)
        return toast.error("Minimal qty adalah 1") if qty < 1 else None

    @rx.event
    def add_to_cart(self, sku: str):
        """The button shows its toast in the browser (added_text), without waiting for this."""
        if catalogue.product(sku) is None:
            return
        qty = max(1, self.qty_inputs.get(sku, 1))
        self._add(sku, qty)
        if qty != 1:  # back to 1; left alone when it is, so the update stays small
            self.qty_inputs[sku] = 1
        self._save()

    def _replace_cart(self, lines: list[tuple[str, int]], buyer: dict[str, str] | None = None) -> None:
        """The account's "Pesan lagi", "Pesan kertas", "Bayar tagihan" (state/account_cart.py): the cart becomes these
        lines; `buyer`: the form's fields it knows (the business's address)."""
        self.cart = {sku: min(qty, catalogue.MAX_QTY_PER_LINE) for sku, qty in lines if checkout_rules.sellable(sku)}
        self.buyer.update({k: str(v)[:1000] for k, v in (buyer or {}).items() if k in checkout_rules.BUYER_FIELDS})
        self._save()

    @rx.event
    def set_line_qty(self, sku: str, value: str):
        if sku not in self.cart:
            return
        qty = typed_int(value, 0)
        if qty <= 0:
            self.cart.pop(sku)
        elif catalogue.product(sku) is not None:  # a bill's line stays one
            self.cart[sku] = min(qty, catalogue.MAX_QTY_PER_LINE)
            self._redraw_if_put_right(qty, self.cart[sku])
        self._save()

    @rx.event
    def remove_line(self, sku: str):
        self.cart.pop(sku, None)
        self._save()

    # ----- buyer form -----

    @rx.event
    def set_buyer_field(self, field: str, value: str):
        if field not in checkout_rules.BUYER_FIELDS:
            return
        self.buyer[field] = checkout_rules.ticked(value) if field in checkout_rules.TICKED else str(value)[:1000]
        self.errors.pop(field, None)
        self._save()

    @rx.event
    def to_confirm(self, draft: str = ""):
        """`draft` is the tab's own copy: used when the server no longer has the checkout."""
        self._apply(checkout_rules.CheckoutDraft.parse(draft))
        cleaned, errors = checkout_rules.validate_buyer(self.buyer)
        self.errors = texts(errors)
        if cleaned is None:
            return [
                toast.error("Data tidak lengkap", description="Mohon lengkapi semua field yang wajib diisi"),
                focus.first_error(checkout_rules.BUYER_FIELDS, self.errors),
            ]
        self.buyer = {k: (getattr(cleaned, k) or "") for k in checkout_rules.BUYER_FIELDS}
        self._save()
        return rx.redirect(routes.CHECKOUT_CONFIRM)

    # ----- confirm page -----

    @rx.event
    async def load_confirm(self):
        self.submitting = self.ready = False  # a page (re)loaded sends nothing yet
        if not self._restored:
            return CheckoutState.restore
        self._apply(checkout_rules.CheckoutDraft.parse(self.draft))  # a kept state may be older than the tab
        # A submission whose answer was lost may have made its order: the tab's key (its
        # copy outlives the server clearing the checkout) or the server's says so.
        copy = checkout_rules.CheckoutDraft.parse(self.draft)
        for ref in {self._client_ref, copy.client_ref if copy else ""} - {""}:
            if made := await asyncio.to_thread(orders.order_id_for, ref):
                return self._succeeded(made)
        if not self._client_ref:  # one checkout attempt: its key (its order's id comes from it)
            self._client_ref = await asyncio.to_thread(orders.new_attempt)
            self._save()
        priced = self.priced
        if not priced.qris_allowed and self.payment_method == PaymentMethod.QRIS:
            self.payment_method = PaymentMethod.TRANSFER_BCA.value
        if self.payment_method == PaymentMethod.TRANSFER_BCA:
            await self._hold_code()
        # The dynamic QR carries this cart's total and the coming order's number.
        number = order_number(orders.order_id_for_attempt(self._client_ref))
        self.payment_qr = await asyncio.to_thread(payment_qr.shown_qr, priced.total, number)
        if not self.qris_src:
            self.qris_src = await asyncio.to_thread(payment_qr.static_image_url, QRIS_FALLBACK)
        self.ready = True  # the tab's copy carries the key now (saved above)

    async def _hold_code(self) -> None:
        total = self.priced.total
        if self._client_ref and total:
            client = self.router.session.client_ip
            self.transfer_code = await asyncio.to_thread(transfer_codes.for_page, self._client_ref, total, client)
            self.transfer_for = total
            self._save()

    @rx.event
    async def choose_payment(self, method: str):
        chosen = PaymentMethod.parse(method)
        if chosen is PaymentMethod.QRIS and not self.priced.qris_allowed:
            return toast.error(OrderRefusal.QRIS_LIMIT.label)
        if chosen is not None:
            self.payment_method = chosen.value
            self._save()
        if chosen is PaymentMethod.TRANSFER_BCA:
            await self._hold_code()
        return None

    @rx.event
    def qris_ok(self):
        self.qris_loaded = True

    @rx.event
    def qris_failed(self):
        """The shop's sticker did not load: the demo QR, which says on itself that it is one
        (issue 50.10: an error toast showed beside a QR that worked); only when that fails too
        the page says it could not load."""
        if self.qris_src == QRIS_FALLBACK:
            self.qris_broken = True
            return
        self.qris_src = QRIS_FALLBACK

    @rx.event
    def set_qr_open(self, open_: bool):
        self.qr_open = bool(open_)

    @rx.event
    def proof_missing(self):
        """No proof chosen: the field comes into view and says so (no corner toast)."""
        self.proof_error = OrderRefusal.PROOF_MISSING.label
        return rx.scroll_to(PROOF_SECTION)

    @rx.event
    def proof_rejected(self, codes: list[str]):
        title, message = browser_rejection(codes, PROOF_WRONG_TYPE)
        return toast.error(title, description=message)

    @rx.event
    def sending(self, draft: str = ""):
        """Just before the order goes (web/submissions.py): the tab's copy is brought up to
        date, since it is what the route takes, and the button shows it is sending."""
        self._apply(checkout_rules.CheckoutDraft.parse(draft))
        self._save()
        self.submitting = True

    @rx.event
    def submitted(self, answer: dict):
        """The route's answer, handed over by the browser: the thank-you page, the failure
        page with its reason, or what is wrong with the file."""
        answer = answer if isinstance(answer, dict) else {}
        self.submitting = False
        try:
            order_id = str(uuid.UUID(str(answer.get("order_id", ""))))
        except ValueError:
            order_id = ""
        if order_id:
            return self._succeeded(order_id)
        message = str(answer.get("message") or "")[:300]
        if answer.get("kind") in ("limit", "wait"):  # sent too often or too early: nothing made, the form stays
            return toast.error("Pesanan belum terkirim", description=message)
        if answer.get("kind") == "file":
            title = str(answer.get("title") or PROOF_WRONG_TYPE[0])[:100]
            return [toast.error(title, description=message or None), rx.clear_selected_files(PROOF_UPLOAD_ID)]
        return self._fail(message, OrderRefusal.parse(answer.get("code")) or OrderRefusal.UNKNOWN)

    def _first_read_done(self):
        """The confirm page checks the attempt's key, and it has on_load of its own."""
        if self.router.url.path == routes.CHECKOUT_CONFIRM:
            return CheckoutState.load_confirm
        return super()._first_read_done()

    def _succeeded(self, order_id: str) -> list:
        self._clear()
        return [
            rx.clear_selected_files(PROOF_UPLOAD_ID),
            rx.call_script(FORGET_DRAFT),
            rx.redirect(orders.success_path(order_id)),
        ]

    def _fail(self, message: str, code: OrderRefusal) -> list[EventSpec]:
        """The toast says what the server said; the failure page's link carries only the code."""
        return [
            toast.error("Gagal membuat pesanan", description=message or code.label),
            rx.redirect(f"{routes.CHECKOUT_FAILED}?reason={code.value}"),
        ]

    def _clear(self) -> None:
        """After success: empty cart, forget the buyer and start a new attempt."""
        self.cart = {}
        self.buyer = dict.fromkeys(checkout_rules.BUYER_FIELDS, "")
        self.errors = {}
        self.payment_method = PaymentMethod.TRANSFER_BCA.value
        self.submitting = self.ready = False
        self._client_ref = ""
        self.transfer_code = self.transfer_for = 0
        self.payment_qr = None
        self.draft = ""
