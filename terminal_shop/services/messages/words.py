"""Each notice kind's content, built once from the notice (issue 60.3): what happened, in words
no channel owns. notifications/channels.py `tell` asks here once per notice and hands the
content to every channel that offers the kind; a kind without words here is a failing test
(tests/unit/test_notice_kinds.py)."""

from __future__ import annotations

from collections.abc import Callable

from sqlmodel import Session

from terminal_shop.services.messages import merchant_words, order_words
from terminal_shop.services.notifications.channels import Notice
from terminal_shop.services.notifications.content import Content
from terminal_shop.services.orders import invoice


def _confirmed(s: Session, n: Notice) -> Content:
    return order_words.order_confirmed(n.about, invoice.render(n.about), invoice.file_name(n.about))


CONTENT: dict[str, Callable[[Session, Notice], Content]] = {
    "order_received": lambda s, n: order_words.order_received(n.about),
    "proof_received": lambda s, n: order_words.proof_received(n.about),
    "order_confirmed": _confirmed,
    "order_cancelled": lambda s, n: order_words.order_rejected(n.about, n.values["reason"]),
    "order_shipped": lambda s, n: order_words.order_shipped(n.about, n.values["courier"], n.values["serials"]),
    "order_delivered": lambda s, n: order_words.order_delivered(n.about),
    "registration_received": lambda s, n: merchant_words.registration_received(n.about, n.values["status_link"]),
    "registration_approved": lambda s, n: merchant_words.registration_approved(n.about, n.values["sign_in"]),
    "registration_rejected": lambda s, n: merchant_words.registration_rejected(
        n.about, n.values["reason"], n.values["fix_link"]
    ),
    "data_request": lambda s, n: merchant_words.data_request(n.values["what"], n.values["link"], n.values["due"]),
    "device_active": lambda s, n: merchant_words.device_activated(
        n.about, n.values["model"], n.values["serial"], n.values["detail"], n.values["sign_in"]
    ),
    "device_status": lambda s, n: merchant_words.device_status(
        n.about, n.values["model"], n.values["serial"], n.values["status"], n.values["reason"]
    ),
    "device_offline": lambda s, n: merchant_words.device_offline(n.about, n.values),
    "daily_recap": lambda s, n: merchant_words.daily_recap(n.about, n.values),
    "payout_case": lambda s, n: merchant_words.payout_case(n.values["facts"], n.values["link"]),
    "payout_case_answered": lambda s, n: merchant_words.payout_case_answered(
        n.about, n.values["answer"], n.values["link"]
    ),
    "service_case": lambda s, n: merchant_words.service_case(n.about, n.values),
    "service_case_opened": lambda s, n: merchant_words.service_case_opened(n.values),
    "dispute_opened": lambda s, n: merchant_words.dispute(n.about, n.values, due=False),
    "dispute_due": lambda s, n: merchant_words.dispute(n.about, n.values, due=True),
    "payout_account": lambda s, n: merchant_words.payout_account(n.about, n.values),
    "data_incident": lambda s, n: merchant_words.data_incident(n.values),
}
