"""The WhatsApp channel (notifications/channels.py): a notice goes as one of Meta's approved
templates (templates.py) to a number that opted in, beside the e-mail; the e-mail goes
whatever happens here. Off (nothing queued) until WHATSAPP_TOKEN and WHATSAPP_PHONE_NUMBER_ID
are set. Never the name a person typed: templates carry numbers, amounts and links.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import timedelta

from sqlmodel import Session

from terminal_shop import couriers
from terminal_shop.formats import rupiah
from terminal_shop.infra.models import utcnow
from terminal_shop.infra.settings import get_settings
from terminal_shop.services.notifications import outbox
from terminal_shop.services.notifications.channels import Notice, register
from terminal_shop.services.notifications.content import Content
from terminal_shop.services.notifications.outbox import Mail, PermanentFailure, Queued, TemporaryFailure
from terminal_shop.services.orders.order_status import status_path
from terminal_shop.services.orders.terms import PaymentMethod
from terminal_shop.services.orders.views import order_number
from terminal_shop.services.validation import wa_number
from terminal_shop.services.whatsapp import cloud_api, consent, sending
from terminal_shop.services.whatsapp.consent import CHANNEL
from terminal_shop.services.whatsapp.templates import TEMPLATES

PER_NUMBER_PER_DAY = 20  # beyond this a number gets e-mail only (a loop or an abuse, never a buyer)


def _link(n: Notice) -> str:
    return get_settings().public_url + status_path(n.about.id)


def _how_to_pay(n: Notice) -> str:
    order, cfg = n.about, get_settings()
    if order.payment_method == PaymentMethod.TRANSFER_BCA:
        return f"Transfer tepat {rupiah(order.total)} ke BCA {cfg.bca_account_number} a.n. {cfg.bca_account_holder}."
    return f"Pembayaran QRIS {rupiah(order.total)}."


def _shipped(n: Notice) -> list[str]:
    order = n.about
    courier = couriers.courier(order.courier or "")
    name, page = (courier.name, courier.tracking_page or "-") if courier else (order.courier or "-", "-")
    return [order_number(order.id), name, order.resi or "-", page]


WORDS: dict[str, tuple[str, Callable[[Notice], list[str]]]] = {  # notice kind: (template, its parameters)
    "order_received": ("order_received", lambda n: [order_number(n.about.id), _how_to_pay(n), _link(n)]),
    "order_confirmed": ("payment_confirmed", lambda n: [order_number(n.about.id), rupiah(n.about.total), _link(n)]),
    "order_cancelled": ("payment_rejected", lambda n: [order_number(n.about.id), n.values["reason"] or "-"]),
    "order_shipped": ("order_shipped", _shipped),
    "order_delivered": ("order_delivered", lambda n: [order_number(n.about.id)]),
    "proof_received": ("proof_received", lambda n: [order_number(n.about.id)]),
    "registration_received": ("registration_received", lambda n: [n.values["status_link"]]),
    "registration_approved": ("registration_approved", lambda n: [n.values["sign_in"]]),
    "registration_rejected": ("registration_rejected", lambda n: [n.values["reason"] or "-", n.values["fix_link"]]),
    "daily_recap": (
        "daily_recap",
        lambda n: [n.values[k] for k in ("day", "sales", "count", "fees", "net", "next", "link")],
    ),
    "device_offline": ("device_offline", lambda n: [n.values[k] for k in ("model", "serial", "seen", "link")]),
    "payout_case_answered": ("payout_case_answered", lambda n: [n.values["answer"], n.values["link"]]),
    "data_incident": ("data_incident", lambda n: [n.values[k] for k in ("data", "what", "steps", "contact")]),
    "payout_account": (
        "payout_account",
        lambda n: [n.values["said"], n.values["stop"] or "Lihat di halaman Pencairan:", n.values["link"]],
    ),
    "dispute_opened": (
        "dispute_opened",
        lambda n: [n.values[k] for k in ("amount", "txn", "reason", "deadline", "link")],
    ),
    "return_step": ("return_step", lambda n: [n.values[k] for k in ("number", "order", "step", "next", "link")]),
    "dispute_due": ("dispute_due", lambda n: [n.values[k] for k in ("amount", "txn", "deadline", "link")]),
    "device_active": (
        "device_active",
        lambda n: [n.values[k] or "-" for k in ("model", "serial", "tid", "mid", "sign_in")],
    ),
}


def template_mail(number: str, template: str, values: list[str]) -> Mail:
    """The row's body: the template and its parameters (what sending.deliver reads), and the
    text the admin reads."""
    values = [" ".join(str(v).split())[:300] or "-" for v in values]  # Meta refuses newlines and empty parameters
    return Mail(
        number, template, json.dumps({"template": template, "params": values}), TEMPLATES[template].text(values)
    )


class WhatsAppChannel:
    name = CHANNEL
    key_prefix = "wa:"
    offers = frozenset(WORDS)

    def address(self, notice: Notice) -> str | None:
        return wa_number(notice.phone or "")

    def consents(self, s: Session, address: str) -> bool:
        """Switched on, opted in, and under the day's limit for the number."""
        if not get_settings().whatsapp_on or not consent.allowed(s, address):
            return False
        return outbox.sent_to_since(s, CHANNEL, address, utcnow() - timedelta(days=1)) < PER_NUMBER_PER_DAY

    def render(self, s: Session, notice: Notice, content: Content, address: str) -> Mail | None:
        """The kind's approved template (Meta sends no free text): its parameters from the notice."""
        template, values = WORDS[notice.kind]
        return template_mail(address, template, values(notice))

    def send(self, queued: Queued) -> str | None:
        try:
            return sending.deliver(queued)
        except cloud_api.WhatsAppError as exc:
            raise (PermanentFailure if exc.final else TemporaryFailure)(f"WhatsApp {exc}") from exc

    def retry_after(self, attempts: int) -> timedelta | None:
        return outbox.standard_retry(attempts)


WHATSAPP_CHANNEL = register(WhatsAppChannel())
