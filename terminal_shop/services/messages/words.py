"""The words of the notices messages declares (an order's, a device's), built once from the
notice for every channel: each composes two areas' facts (an order with its devices' serials
and the register link, a device with its merchant's names), so they live above both. Every
other area's notice words are in its own `notice_words.py` (its `Area(notices=...)`)."""

from __future__ import annotations

from sqlmodel import Session

from terminal_shop.services.messages import device_words, order_words
from terminal_shop.services.notifications.channels import Notice
from terminal_shop.services.notifications.content import Content
from terminal_shop.services.orders import invoice


def order_received(s: Session, n: Notice) -> Content:
    return order_words.order_received(n.about)


def proof_received(s: Session, n: Notice) -> Content:
    return order_words.proof_received(n.about)


def order_confirmed(s: Session, n: Notice) -> Content:
    return order_words.order_confirmed(n.about, invoice.render(n.about), invoice.file_name(n.about))


def order_cancelled(s: Session, n: Notice) -> Content:
    return order_words.order_rejected(n.about, n.values["reason"])


def order_shipped(s: Session, n: Notice) -> Content:
    return order_words.order_shipped(n.about, n.values["courier"], n.values["serials"])


def order_delivered(s: Session, n: Notice) -> Content:
    return order_words.order_delivered(n.about)


def device_active(s: Session, n: Notice) -> Content:
    v = n.values
    return device_words.device_activated(n.about, v["model"], v["serial"], v["detail"], v["sign_in"])


def device_status(s: Session, n: Notice) -> Content:
    v = n.values
    return device_words.device_status(n.about, v["model"], v["serial"], v["status"], v["reason"])
