"""The checkout's rules, before any order exists: the buyer form, the cart priced from the
catalogue, and the copy of a checkout the tab keeps.

Nothing the browser says about prices is trusted: lines arrive as (sku, qty) and
every amount is computed here.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field, replace
from typing import Any

from terminal_shop import catalogue, rules
from terminal_shop.formats import rupiah
from terminal_shop.infra.models import table_of
from terminal_shop.refusals import FieldErrors, Refused
from terminal_shop.services.orders import bills
from terminal_shop.services.orders.tables import Order
from terminal_shop.services.orders.tax_buyer import TAX_FIELDS, validate_tax
from terminal_shop.services.orders.terms import BuyerRefusal, OrderRefusal, PaymentMethod
from terminal_shop.services.orders.views import PricedCart
from terminal_shop.services.validation import (
    MAX_PHONE_DIGITS,
    MIN_ADDRESS_CHARS,
    MIN_PHONE_DIGITS,
    clean,
    client_ref_ok,
    email_ok,
    strip_phone,
)
from terminal_shop.tax import TaxIdentity
from terminal_shop.views import LineView


class OrderError(Refused):
    """The order cannot be created: `code` says why, `text` is what the buyer reads."""

    code: OrderRefusal


BUYER_FIELDS = ("buyer_name", "buyer_phone", "buyer_email", "shipping_address", "note", "whatsapp", *TAX_FIELDS)
TICKED = ("whatsapp", "pkp")  # the form's checkboxes: "1" or ""


@dataclass(frozen=True)
class Buyer:
    buyer_name: str
    buyer_phone: str
    buyer_email: str
    shipping_address: str
    note: str | None
    whatsapp: str = ""  # "1": the buyer ticked "Kirim info pesanan lewat WhatsApp"
    pkp: str = ""  # "1": "Saya PKP, minta faktur pajak", with the four below (orders/tax_buyer.py)
    tax_id: str = ""
    tax_nitku: str = ""
    tax_name: str = ""
    tax_address: str = ""

    @property
    def tax(self) -> TaxIdentity | None:
        return TaxIdentity(self.tax_id, self.tax_nitku, self.tax_name, self.tax_address) if self.pkp else None


def _phone_refusal(phone: str) -> BuyerRefusal | None:
    if not phone:
        return BuyerRefusal.PHONE_MISSING
    if not phone.isdigit():  # the SPEC's rule, told as it is: a letter is not "too short"
        return BuyerRefusal.PHONE_DIGITS
    if len(phone) < MIN_PHONE_DIGITS:
        return BuyerRefusal.PHONE_SHORT
    if len(phone) > MAX_PHONE_DIGITS:
        return BuyerRefusal.PHONE_LONG
    return None


def _email_refusal(email: str) -> BuyerRefusal | None:
    if not email:
        return BuyerRefusal.EMAIL_MISSING
    return None if email_ok(email) else BuyerRefusal.EMAIL_FORMAT


def _address_refusal(address: str) -> BuyerRefusal | None:
    if not address:
        return BuyerRefusal.ADDRESS_MISSING
    return BuyerRefusal.ADDRESS_SHORT if len(address) < MIN_ADDRESS_CHARS else None


# How the form names each free-text field, for "... maksimal N karakter".
_NAMED = {"buyer_name": "Nama lengkap", "buyer_email": "Email", "shipping_address": "Alamat", "note": "Catatan",
          "tax_name": "Nama sesuai NPWP", "tax_address": "Alamat sesuai NPWP"}  # fmt: skip
MAX_NOTE_CHARS = 1000  # the note's column is unbounded; what a tab's copy keeps of it


def _length_errors(v: dict[str, str]) -> FieldErrors:
    """Each value longer than its column keeps (the column's own length, read from it)."""
    errors: FieldErrors = {}
    for name, label in _NAMED.items():
        longest = getattr(table_of(Order).c[name].type, "length", None) or MAX_NOTE_CHARS
        if len(v[name]) > longest:
            errors[name] = Refused(BuyerRefusal.TOO_LONG, label=label, longest=longest)
    return errors


def ticked(value: object) -> str:
    """A checkbox's value as the buyer dict keeps it: "1" or ""."""
    return "1" if str(value).strip().lower() in ("1", "true", "on") else ""


def validate_buyer(raw: dict[str, str]) -> tuple[Buyer | None, FieldErrors]:
    """The buyer form's rules: returns the cleaned data, or what is wrong with each field."""
    v = {k: clean(raw.get(k)) for k in BUYER_FIELDS}
    wrong: dict[str, BuyerRefusal | None] = {
        "buyer_name": None if v["buyer_name"] else BuyerRefusal.NAME_MISSING,
        "buyer_phone": _phone_refusal(strip_phone(v["buyer_phone"])),
        "buyer_email": _email_refusal(v["buyer_email"]),
        "shipping_address": _address_refusal(v["shipping_address"]),
    }
    errors: FieldErrors = {name: Refused(code) for name, code in wrong.items() if code is not None}
    tax, tax_errors = validate_tax(bool(ticked(v["pkp"])), v)
    for name, error in [*tax_errors.items(), *_length_errors(v).items()]:
        errors.setdefault(name, error)
    if errors:
        return None, errors
    return Buyer(
        v["buyer_name"],
        strip_phone(v["buyer_phone"]),
        v["buyer_email"],
        v["shipping_address"],
        v["note"] or None,
        ticked(v["whatsapp"]),
        *(("1", tax.tax_id, tax.nitku, tax.name, tax.address) if tax else ()),
    ), {}


@dataclass(frozen=True)
class CheckoutDraft:
    """A checkout in progress as the browser keeps it (localStorage), so an order survives
    the server forgetting the tab (a state store restarted empty, a worker killed before it
    wrote the tab's state, an idle tab expired) and the buyer coming back in a new tab from
    the banking app. Read back through `parse`, which trusts nothing: prices still come from
    the catalogue, the buyer is validated again, and a copy older than
    rules.CHECKOUT_DRAFT_KEPT is dropped (a shared computer does not keep a stranger's form)."""

    cart: tuple[tuple[str, int], ...] = ()
    buyer: dict[str, str] = field(default_factory=dict)
    payment_method: str = PaymentMethod.TRANSFER_BCA.value
    # This attempt's key: a retry with it never makes a second order, and the server derives
    # the order's id (its number, the QR's bill number) from it (checkout.order_id_for_attempt).
    client_ref: str = ""
    # Counts the server's writes of this copy: a server state with a lower count is older
    # than what the tab shows (a worker died after answering, before storing the state).
    rev: int = 0
    # The amount the confirm page asked for (a BCA total less its kode unik): an order whose
    # amount differs from what the buyer paid is marked for the admin (orders.proof_amount).
    shown: int = 0
    saved: int = 0  # when it was written (Unix seconds): an old copy is not read back

    def to_json(self) -> str:
        return json.dumps(
            {
                "c": [list(line) for line in self.cart],
                "b": self.buyer,
                "m": self.payment_method,
                "r": self.client_ref,
                "v": self.rev,
                "a": self.shown,
                "t": self.saved or int(time.time()),
            },
            separators=(",", ":"),
        )

    @classmethod
    def parse(cls, text: object, now: float | None = None) -> CheckoutDraft | None:
        """The draft in `text`, keeping only what is well formed; None for nothing usable or
        a copy older than rules.CHECKOUT_DRAFT_KEPT."""
        try:
            raw = json.loads(str(text)[:20_000]) if text else None
        except ValueError:
            return None
        if not isinstance(raw, dict):
            return None
        saved = _count(raw.get("t"))
        if saved and saved < (now or time.time()) - rules.CHECKOUT_DRAFT_KEPT.total_seconds():
            return None
        cart: list[tuple[str, int]] = []
        lines = raw.get("c")
        for line in lines if isinstance(lines, list) else []:
            if isinstance(line, list) and len(line) == 2 and sellable(str(line[0])):
                qty = line[1]
                if isinstance(qty, int) and not isinstance(qty, bool) and 1 <= qty <= catalogue.MAX_QTY_PER_LINE:
                    cart.append((str(line[0]), qty))
        buyer_raw = raw.get("b")
        buyer_raw = buyer_raw if isinstance(buyer_raw, dict) else {}
        buyer = {k: str(buyer_raw.get(k) or "")[:1000] for k in BUYER_FIELDS}
        method = PaymentMethod.parse(str(raw.get("m") or "")) or PaymentMethod.TRANSFER_BCA
        ref = str(raw.get("r") or "")
        ref = ref if client_ref_ok(ref) else ""
        return cls(tuple(cart), buyer, method.value, ref, _count(raw.get("v")), _count(raw.get("a")), saved)


def _count(value: object) -> int:
    """A count from the tab's copy: a whole number in range, else 0."""
    return value if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 2**31 else 0


def merge(kept: CheckoutDraft, tab: CheckoutDraft | None, *, first_read: bool) -> CheckoutDraft:
    """What the server keeps after reading the tab's copy. A state the server has just made
    (`first_read`) fills what it lacks from the copy, a field typed meanwhile staying; a
    state older than the copy (fewer saves) is replaced by it; otherwise `kept` itself."""
    if tab is None:
        return kept
    if not first_read:
        if tab.rev <= kept.rev:
            return kept
        # A newer copy written before the attempt had its key keeps the key.
        return tab if tab.client_ref or not kept.client_ref else replace(tab, client_ref=kept.client_ref)
    return CheckoutDraft(
        kept.cart or tab.cart,
        {k: kept.buyer.get(k) or tab.buyer.get(k, "") for k in BUYER_FIELDS},
        tab.payment_method if kept.payment_method == PaymentMethod.TRANSFER_BCA.value else kept.payment_method,
        kept.client_ref or tab.client_ref,
        max(kept.rev, tab.rev),
        kept.shown or tab.shown,
    )


def sellable(key: str) -> bool:
    """A cart line the checkout can price: a product, or a service case's signed bill."""
    return catalogue.product(key) is not None or bills.parse(key) is not None


def price_cart(lines: list[tuple[str, int]]) -> PricedCart:
    """Prices (sku, qty) lines from the catalogue; merges repeated skus.

    The one pricing of a cart: the checkout pages show it and the order is charged it.
    An empty cart prices to nothing; create_order refuses it. A service bill (bills.py) is
    paid alone, once, without shipping.
    """
    qty_by_sku: dict[str, int] = {}
    named: dict[str, tuple[str, int, str]] = {}  # key -> name, unit price, image
    billed: dict[str, bills.Bill] = {}
    for sku, qty in lines:
        key = str(sku)
        product, bill = catalogue.product(key), bills.parse(key)
        if product is not None:
            named[key] = (product.name, product.price, product.image)
        elif bill is not None:
            named[key], billed[key] = (bill.line_name, bill.fee.price, ""), bill
        else:
            raise OrderError(OrderRefusal.UNKNOWN_PRODUCT)
        if not isinstance(qty, int) or isinstance(qty, bool) or qty < 1:
            raise OrderError(OrderRefusal.QTY_MIN)
        qty_by_sku[key] = qty_by_sku.get(key, 0) + qty
        if qty_by_sku[key] > (1 if bill else catalogue.MAX_QTY_PER_LINE):
            raise OrderError(OrderRefusal.QTY_MAX)
    if billed and len(qty_by_sku) > 1:
        raise OrderError(OrderRefusal.BILL_ALONE)
    priced = []
    for sku, qty in qty_by_sku.items():
        name, price, image = named[sku]
        priced.append(LineView.of(sku, name, qty, price, image, fixed=sku in billed))
    subtotal = sum(line.qty * line.unit_price for line in priced)
    shipping = 0 if billed else catalogue.SHIPPING_FEE
    return PricedCart(
        lines=tuple(priced),
        subtotal=subtotal,
        shipping_fee=shipping,
        total=subtotal + shipping,
        item_count=sum(qty_by_sku.values()),
        subtotal_text=rupiah(subtotal),
        shipping_text=rupiah(shipping),
        total_text=rupiah(subtotal + shipping),
        qris_allowed=qris_allowed(subtotal + shipping),
        bill_case=next(iter(billed.values())).case if billed else "",
        bill_fee=next(iter(billed.values())).fee.sku if billed else "",
    )


def stored_items(cart: PricedCart) -> list[dict[str, Any]]:
    """The lines as the order row keeps them (prices and a terminal's SDPPI certificate frozen
    at the time of the order: its invoice always renders the same)."""
    return [
        {"sku": cart.bill_fee or ln.sku, "name": ln.name, "qty": ln.qty, "unit_price": ln.unit_price}
        | ({"sdppi": found.sdppi} if (found := catalogue.product(ln.sku)) and found.sdppi else {})
        for ln in cart.lines
    ]


def qris_allowed(total: int) -> bool:
    return total <= catalogue.QRIS_MAX_TOTAL
