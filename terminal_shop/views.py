"""What the screens show, as typed, frozen objects: built by the services, held by the
states, serialised by Reflex. Money and WIB times are formatted here, once.

A mistyped field is an AttributeError in a test, not a blank cell on a page.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import datetime

from terminal_shop import moved_names
from terminal_shop.formats import rupiah, wib
from terminal_shop.vocabulary import Term


def order_number(order_id: uuid.UUID | str) -> str:
    """The number people see and type: the id's first 8 characters, uppercased."""
    return str(order_id)[:8].upper()


@dataclass(frozen=True)
class Badge:
    label: str
    tone: str  # a colour name; components.admin.badge turns it into classes

    @classmethod
    def of(cls, term_type: type[Term], value: str) -> Badge:
        member = term_type.parse(value)
        return cls(member.label, member.tone) if member is not None else cls(value, "slate")  # "" is a member


@dataclass(frozen=True)
class LineView:
    """One priced line of a cart or an order."""

    sku: str
    name: str
    qty: int
    unit_price: int
    unit_text: str
    total_text: str
    image: str = ""

    @classmethod
    def of(cls, sku: str, name: str, qty: int, unit_price: int, image: str = "") -> LineView:
        return cls(sku, name, qty, unit_price, rupiah(unit_price), rupiah(qty * unit_price), image)


@dataclass(frozen=True)
class HistoryView:
    """One audit entry, as the detail pages list it."""

    at: str
    who: str
    action: str
    change: str
    detail: str

    @classmethod
    def of(
        cls, at: datetime, who: str, action: str, old: str | None, new: str | None, detail: str | None
    ) -> HistoryView:
        """`old` and `new` in words (audit.history); one when the status stayed, none when none."""
        change = new or old or "" if old == new or not (old and new) else f"{old} → {new}"
        return cls(wib(at), who, action, change, detail or "")


@dataclass(frozen=True)
class AccessView:
    """One look at personal files or data: "Dilihat oleh ... pada ..."."""

    at: str
    who: str
    action: str  # its label
    item: str


@dataclass(frozen=True)
class DataRequestView:
    """A data subject's request waiting for its answer (services/privacy/requests.py)."""

    label: str
    link: str  # the record's admin page
    asked_at: str
    due: str
    overdue: bool


@dataclass(frozen=True)
class SessionView:
    """One of an admin's signed-in sessions ("Sesi aktif")."""

    key: str  # the first 12 hex of the token's hash: names the session to end, opens nothing
    device: str
    address: str
    started: str
    last_seen: str
    this_one: bool


@dataclass(frozen=True)
class AdminAccountView:
    """One admin account on the owner's accounts screen."""

    id: str
    email: str
    role: str
    role_label: str
    two_factor: bool
    last_sign_in: str
    active: bool


@dataclass(frozen=True)
class InviteView:
    """An invitation not yet used, as the accounts screen lists it."""

    email: str
    role_label: str
    expires: str
    mail: str = ""  # "Email terkirim 26 Nov 2026 14.05 WIB", or why it was not sent
    mail_sent: bool = False


@dataclass(frozen=True)
class MailView:
    """One e-mail of a record, as the admin's detail pages list it."""

    id: int
    at: str
    recipient: str
    subject: str
    badge: Badge  # delivered / pending / failed
    error: str  # the SMTP server's reason, when it refused or failed


@dataclass(frozen=True)
class LinkedOrder:
    number: str
    link: str  # its admin detail page


@dataclass(frozen=True)
class OrderView:
    """Everything the admin's order detail shows."""

    id: str
    number: str
    buyer_name: str
    buyer_phone: str
    buyer_email: str
    shipping_address: str
    note: str
    subtotal: str
    shipping_fee: str
    total: str
    method: str
    status: str
    badge: Badge
    created_at: str
    updated_at: str
    lines: tuple[LineView, ...] = ()
    history: tuple[HistoryView, ...] = ()
    access: tuple[AccessView, ...] = ()  # who looked at the proof, newest first
    retention: str = ""  # when its personal data goes (services/privacy/retention.py)
    requests: tuple[DataRequestView, ...] = ()  # the buyer's open requests
    erased: bool = False
    restricted: str = ""  # why it is restricted instead of erased, '' when it is not
    qris: str = ""  # the dynamic QR the buyer was shown: amount, bill number, CRC
    mails: tuple[MailView, ...] = ()
    # After confirmation (services/orders/fulfilment.py): where the parcel is, and the invoice.
    fulfilment: str = ""  # vocabulary.Fulfilment value
    fulfilment_label: str = ""
    courier: str = ""
    resi: str = ""
    tracking_page: str = ""
    invoice_number: str = ""
    invoice_link: str = ""
    # How the payment was checked (services/payments): the kode unik, what confirmed it, and
    # the warnings about the proof (the same image sent for other orders, another amount).
    unique_code: str = ""
    payment_check: str = ""
    proof_twins: tuple[LinkedOrder, ...] = ()
    proof_amount_warning: str = ""


@dataclass(frozen=True)
class DocumentView:
    key: str
    label: str
    url: str  # a short-lived signed link; '' when none is stored


@dataclass(frozen=True)
class MerchantView:
    """What the admin's merchant detail shows beside the editable form."""

    id: str
    status: str
    badge: Badge
    created_at: str
    updated_at: str
    verified_at: str
    documents: tuple[DocumentView, ...] = ()
    history: tuple[HistoryView, ...] = ()
    mails: tuple[MailView, ...] = ()
    access: tuple[AccessView, ...] = ()  # who looked at the documents, newest first
    retention: str = ""  # when its personal data goes (services/privacy/retention.py)
    requests: tuple[DataRequestView, ...] = ()  # the applicant's open requests
    ended: bool = False  # an approved merchant whose relationship ended ("berhenti")
    erased: bool = False
    restricted: str = ""  # why it is restricted instead of erased, '' when it is not


@dataclass(frozen=True)
class TransferAmount:
    """A BCA transfer's exact amount as the buyer is shown it, kode unik taken off
    (services/payments/transfer_codes.py)."""

    text: str = ""  # "Rp 3.498.873"
    digits: str = ""  # "3498873": what the copy button copies (banking apps take digits)
    code_text: str = ""  # "Rp 127"; '' without a kode unik

    @classmethod
    def of(cls, amount: int, code: int) -> TransferAmount:
        return cls(rupiah(amount), str(amount), rupiah(code) if code else "")


@dataclass(frozen=True)
class OrderSummary:
    """What the public success page may show: no buyer contact data."""

    number: str
    total: str
    method: str
    status: str  # as the buyer reads it (vocabulary.BUYER_ORDER_STATUS)
    status_link: str = ""  # the order's own page (a signed link)
    transfer: TransferAmount = TransferAmount()  # a waiting BCA order's exact amount


@dataclass(frozen=True)
class PricedCart:
    """A cart priced from the catalogue: what every checkout step shows and what the
    order is charged, from one function (services/orders/checkout_rules.py price_cart)."""

    lines: tuple[LineView, ...] = ()
    subtotal: int = 0
    shipping_fee: int = 0
    total: int = 0
    item_count: int = 0
    subtotal_text: str = ""
    shipping_text: str = ""
    total_text: str = ""
    qris_allowed: bool = True


@dataclass(frozen=True)
class PaymentQr:
    """One payment's dynamic QRIS as the pages show it (services.payment_qr)."""

    svg: str  # inline SVG markup made by segno from our own payload
    png_data_url: str  # for "Unduh QR"
    merchant_name: str
    amount_text: str
    bill_number: str


# ----- payments matched against the bank (services/payments/reconcile.py) -----


# ----- the admin overview (services/backoffice/admin_overview.py) -----


# Moved to their area: still answered here for tab state stored before (moved_names.py).
_MOVED = {
    "CandidateView": "terminal_shop.services.payments.views",
    "StatementRow": "terminal_shop.services.payments.views",
    "OrderRow": "terminal_shop.services.backoffice.views",
    "order_row": "terminal_shop.services.backoffice.views",
    "MerchantRow": "terminal_shop.services.backoffice.views",
    "merchant_row": "terminal_shop.services.backoffice.views",
    "DayFigures": "terminal_shop.services.backoffice.views",
    "Waiting": "terminal_shop.services.backoffice.views",
    "StatusCount": "terminal_shop.services.backoffice.views",
    "Overview": "terminal_shop.services.backoffice.views",
}

__getattr__ = moved_names.finder(_MOVED)
