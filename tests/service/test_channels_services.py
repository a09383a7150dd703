"""A channel is a plug-in (issue 51.2), on this pass's real database: a channel the tests define
here, registered with one line and nothing else edited, is told of every event the e-mail is,
asks the one consent log, and the sender delivers its rows through it. Unplugged, its waiting
rows are refused for good while e-mail goes on."""

from __future__ import annotations

import pytest
from sqlmodel import Session, col, select

from terminal_shop.infra.db import read_session, write_session
from terminal_shop.services.notifications import channels, consent, kinds, sender
from terminal_shop.services.notifications.channels import Notice
from terminal_shop.services.notifications.content import Content
from terminal_shop.services.notifications.outbox import Mail, Queued
from terminal_shop.services.notifications.tables import OutboxMessage
from terminal_shop.services.orders import transitions
from terminal_shop.services.orders.views import order_number
from terminal_shop.services.registrations import admin_edit
from terminal_shop.services.registrations.terms import RegistrationStatus

from support.factories import ADMIN, BUYER_TYPED, checkout_order, make_merchant

BUYER = BUYER_TYPED["buyer_email"]


class Pigeon:
    """A carrier pigeon: the whole of a channel, as a new one would be written. It renders any
    kind from the notice's neutral content (issue 60.3): no words of its own for any kind."""

    name = "merpati"
    key_prefix = "merpati:"

    @property
    def offers(self) -> frozenset[str]:
        return kinds.names()  # a pigeon carries any word, whichever area declared it

    def __init__(self) -> None:
        self.carried: list[tuple[str, str]] = []

    def address(self, notice: Notice) -> str | None:
        return notice.email

    def consents(self, s: Session, address: str) -> bool:
        return consent.allowed(s, self.name, address)

    def render(self, s: Session, notice: Notice, content: Content, address: str) -> Mail:
        return Mail(address, content.title, content.plain(), f"<p>{content.title}</p>")

    def send(self, queued: Queued) -> str:
        self.carried.append((queued.mail.to, queued.mail.subject))
        return f"merpati-{queued.id}"

    def retry_after(self, attempts: int) -> None:
        return None


@pytest.fixture
def pigeon(mailbox):
    plugged = channels.register(Pigeon())  # the registry line
    yield plugged
    channels.unregister(plugged.name)


def keys(channel: str) -> list[str]:
    with read_session() as s:
        rows = s.exec(
            select(OutboxMessage).where(col(OutboxMessage.channel) == channel).order_by(col(OutboxMessage.id))
        )
        return [r.key for r in rows]


def test_a_channel_plugged_in_with_one_line_is_told_what_the_email_is(pigeon, tmp_path):
    with write_session() as s:
        assert consent.give(s, "merpati", BUYER, "Kabari saya lewat merpati", "tes")
    kept, dropped = checkout_order(), checkout_order()
    transitions.confirm(str(kept.id), ADMIN)
    transitions.reject(str(dropped.id), "Bukti tidak terbaca", ADMIN)
    told = [k for k in keys("email") if k.startswith("order:")]
    assert sorted(told) == sorted(
        [f"order:{kept.id}:received", f"order:{dropped.id}:received", f"order:{kept.id}:confirmed",
         f"order:{dropped.id}:cancelled"]
    )  # fmt: skip
    assert sorted(keys("merpati")) == sorted(f"merpati:{k}" for k in told)

    merchant = make_merchant(tmp_path, email="sri@example.com")  # no consent on this channel: e-mail only
    admin_edit.decide(str(merchant), RegistrationStatus.APPROVED, "", ADMIN)
    assert len([k for k in keys("email") if k.startswith(f"registration:{merchant}")]) == 2
    assert not any(k.startswith("merpati:registration") for k in keys("merpati"))

    assert sender.send_pending(limit=100) >= 8
    kept_no, dropped_no = order_number(kept.id), order_number(dropped.id)
    assert sorted(pigeon.carried) == sorted(
        [(BUYER, f"Pesanan {kept_no} diterima"), (BUYER, f"Pesanan {dropped_no} diterima"),
         (BUYER, f"Pembayaran pesanan {kept_no} dikonfirmasi"), (BUYER, f"Pembayaran pesanan {dropped_no} ditolak")]
    )  # fmt: skip


def test_a_channel_unplugged_leaves_its_rows_refused_and_email_going(pigeon):
    with write_session() as s:
        consent.give(s, "merpati", BUYER, "Kabari saya lewat merpati", "tes")
    placed = checkout_order()
    channels.unregister("merpati")
    sender.send_pending(limit=100)
    with read_session() as s:
        rows = {
            r.channel: r for r in s.exec(select(OutboxMessage).where(col(OutboxMessage.entity_id) == str(placed.id)))
        }
    assert rows["email"].status == "sent"
    assert rows["merpati"].status == "failed" and "tidak terpasang" in (rows["merpati"].last_error or "")
    assert pigeon.carried == []
