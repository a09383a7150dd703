"""Cart, buyer form and order submission: a thin layer over services.orders."""

from __future__ import annotations

import asyncio
import logging
import uuid
from urllib.parse import quote

import reflex as rx

from terminal_shop import catalogue
from terminal_shop.services import orders
from terminal_shop.services.payment_qr import build_payment_qr, merchant_or_none
from terminal_shop.settings import get_settings
from terminal_shop.state import focus, toast
from terminal_shop.storage import get_storage
from terminal_shop.uploads import UploadRejected, browser_rejection
from terminal_shop.views import OrderSummary, PaymentQr, PricedCart, order_number
from terminal_shop.vocabulary import PaymentMethod

log = logging.getLogger(__name__)

PROOF_UPLOAD_ID = "proof"
QRIS_KEY = "qris/hausjo.png"
QRIS_FALLBACK = "/qris-demo.png"
FAILED_DEFAULT = "Terjadi kesalahan yang tidak diketahui"
EMPTY_CART = orders.price_cart([])


def added_text(product: catalogue.Product) -> str:
    return f"{product.name} ditambahkan ke keranjang"


def _payment_qr(total: int, bill_number: str) -> PaymentQr | None:
    m = merchant_or_none()
    return build_payment_qr(m, total, bill_number) if m and orders.qris_allowed(total) and total > 0 else None


def _to_int(value: object, default: int = 1) -> int:
    """A quantity typed by a person (or sent by anyone): '2', '2.0' -> 2; 'inf', 'abc' -> default."""
    try:
        return int(float(str(value).strip()))
    except (TypeError, ValueError, OverflowError):
        return default


class CheckoutState(rx.State):
    """One visitor's cart and buyer data; prices always come from the catalogue."""

    cart: dict[str, int] = {}  # sku -> qty, in the order added
    qty_inputs: dict[str, int] = {}
    buyer: dict[str, str] = dict.fromkeys(orders.BUYER_FIELDS, "")
    errors: dict[str, str] = {}
    payment_method: str = PaymentMethod.TRANSFER_BCA.value
    submitting: bool = False
    qris_src: str = ""
    qris_loaded: bool = False
    qr_open: bool = False
    payment_qr: PaymentQr | None = None  # None: the merchant's static QRIS image instead
    _client_ref: str = ""
    _order_id: str = ""

    # ----- derived values -----

    @rx.var
    def priced(self) -> PricedCart:
        """The cart priced by the very function the order is charged by."""
        try:
            return orders.price_cart(list(self.cart.items()))
        except orders.OrderError:  # the handlers keep the cart valid; never show a wrong price
            return EMPTY_CART

    @rx.var
    def buyer_complete(self) -> bool:
        return orders.validate_buyer(self.buyer)[0] is not None

    # ----- products page -----

    @rx.event
    def set_qty_input(self, sku: str, value: str):
        if catalogue.product(sku) is None:
            return
        qty = _to_int(value, 0)
        if qty < 1:
            self.qty_inputs[sku] = 1
            return toast.error("Minimal qty adalah 1")
        self.qty_inputs[sku] = min(qty, catalogue.MAX_QTY_PER_LINE)

    @rx.event
    def step_qty(self, sku: str, delta: int):
        if catalogue.product(sku) is None:
            return
        qty = self.qty_inputs.get(sku, 1) + (1 if _to_int(delta) > 0 else -1)
        if qty < 1:
            self.qty_inputs[sku] = 1
            return toast.error("Minimal qty adalah 1")
        self.qty_inputs[sku] = min(qty, catalogue.MAX_QTY_PER_LINE)

    @rx.event
    def add_to_cart(self, sku: str):
        """The button shows its toast in the browser (added_text), without waiting for this."""
        if catalogue.product(sku) is None:
            return
        qty = max(1, self.qty_inputs.get(sku, 1))
        self.cart[sku] = min(self.cart.get(sku, 0) + qty, catalogue.MAX_QTY_PER_LINE)
        if qty != 1:  # back to 1; left alone when it is, so the update stays small
            self.qty_inputs[sku] = 1

    @rx.event
    def set_line_qty(self, sku: str, value: str):
        if sku not in self.cart:
            return
        qty = _to_int(value, 0)
        if qty <= 0:
            self.cart.pop(sku)
        else:
            self.cart[sku] = min(qty, catalogue.MAX_QTY_PER_LINE)

    @rx.event
    def remove_line(self, sku: str):
        self.cart.pop(sku, None)

    # ----- buyer form -----

    @rx.event
    def set_buyer_field(self, field: str, value: str):
        if field not in orders.BUYER_FIELDS:
            return
        self.buyer[field] = str(value)[:1000]
        self.errors.pop(field, None)

    @rx.event
    def to_confirm(self):
        cleaned, errors = orders.validate_buyer(self.buyer)
        self.errors = errors
        if cleaned is None:
            return [
                toast.error("Data tidak lengkap", description="Mohon lengkapi semua field yang wajib diisi"),
                focus.first_error(orders.BUYER_FIELDS, errors),
            ]
        self.buyer = {k: (getattr(cleaned, k) or "") for k in orders.BUYER_FIELDS}
        return rx.redirect("/checkout/confirm")

    # ----- confirm page -----

    @rx.event
    async def load_confirm(self):
        if not self._client_ref:  # one checkout attempt: its key, and the id its order will have
            self._client_ref, self._order_id = uuid.uuid4().hex, str(uuid.uuid4())
        priced = self.priced
        if not priced.qris_allowed and self.payment_method == PaymentMethod.QRIS:
            self.payment_method = PaymentMethod.TRANSFER_BCA.value
        # The dynamic QR carries this cart's total and the coming order's number.
        self.payment_qr = await asyncio.to_thread(_payment_qr, priced.total, order_number(self._order_id))
        if not self.qris_src:
            try:
                self.qris_src = get_storage().public_url(get_settings().bucket_assets, QRIS_KEY)
            except Exception:  # noqa: BLE001 - any storage trouble means the fallback image
                self.qris_src = QRIS_FALLBACK

    @rx.event
    def choose_payment(self, method: str):
        chosen = PaymentMethod.parse(method)
        if chosen is PaymentMethod.QRIS and not self.priced.qris_allowed:
            return toast.error(orders.QRIS_LIMIT_MESSAGE)
        if chosen is not None:
            self.payment_method = chosen.value

    @rx.event
    def qris_ok(self):
        self.qris_loaded = True

    @rx.event
    def qris_failed(self):
        if self.qris_src == QRIS_FALLBACK:
            return
        self.qris_src = QRIS_FALLBACK
        return toast.error("Gagal memuat QR Code")

    @rx.event
    def set_qr_open(self, open_: bool):
        self.qr_open = bool(open_)

    @rx.event
    def proof_missing(self):
        return toast.error(orders.PROOF_MISSING)

    @rx.event
    def proof_rejected(self, codes: list[str]):
        title, message = browser_rejection(codes, orders.PROOF_WRONG_TYPE)
        return toast.error(title, description=message)

    @rx.event
    async def submit_order(self, files: list[rx.UploadFile]):
        if self.submitting:
            return
        if not files:
            yield toast.error(orders.PROOF_MISSING)
            return
        upload = files[0]
        data = await upload.read()
        self.submitting = True
        yield
        try:
            # In a thread, so a dropped connection cannot stop it half-way.
            order = await asyncio.to_thread(
                orders.create_order,
                client_ref=self._client_ref or uuid.uuid4().hex,
                order_id=uuid.UUID(self._order_id) if self._order_id else None,
                buyer=dict(self.buyer),
                lines=list(self.cart.items()),
                payment_method=self.payment_method,
                proof_filename=upload.filename or "bukti",
                proof_data=data,
            )
        except UploadRejected as exc:
            self.submitting = False
            yield [toast.error(exc.title, description=exc.message), rx.clear_selected_files(PROOF_UPLOAD_ID)]
            return
        except orders.OrderError as exc:
            self.submitting = False
            yield self._fail(str(exc))
            return
        except Exception:
            log.exception("order submission failed")
            self.submitting = False
            yield self._fail("")
            return
        self._clear()
        yield [rx.clear_selected_files(PROOF_UPLOAD_ID), rx.redirect(f"/checkout/success?order_id={order.id}")]

    def _fail(self, message: str) -> list:
        return [
            toast.error("Gagal membuat pesanan", description=message or orders.MSG_GENERIC),
            rx.redirect(f"/checkout/failed?reason={quote(message or FAILED_DEFAULT)}"),
        ]

    def _clear(self) -> None:
        """After success: empty cart, forget the buyer and start a new attempt."""
        self.cart = {}
        self.buyer = dict.fromkeys(orders.BUYER_FIELDS, "")
        self.errors = {}
        self.payment_method = PaymentMethod.TRANSFER_BCA.value
        self.submitting = False
        self._client_ref = self._order_id = ""
        self.payment_qr = None


class OrderResultState(rx.State):
    """The success and failure pages, read from the URL."""

    loading: bool = True
    summary: OrderSummary | None = None
    reason: str = ""

    @rx.event
    async def load_success(self):
        self.loading = True
        order_id = self.router.url.query_parameters.get("order_id", "")
        self.summary = await asyncio.to_thread(orders.load_summary, order_id)
        if self.summary is None:
            return rx.redirect("/", replace=True)
        self.loading = False
        return None

    @rx.event
    def load_failed(self):
        self.reason = self.router.url.query_parameters.get("reason", "").strip()[:300] or FAILED_DEFAULT
