"""The ways a person is told (issue 51.2): each channel is a plug-in, one module that renders a
notice's content in its own form, says whether an address consents, and sends a queued row.

An event's subscriber (messages/subscribers.py) says *what* happened to *whom* once, as a
Notice; `tell` builds its content once (the words its area declares for the kind: issue 60) and hands both
to every registered channel that offers the kind, and each one that has an address and its
consent gets one outbox row. A new channel is a module that calls `register` when imported,
plus its line in CHANNELS; nothing else changes (README, Layout).
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any, Protocol

from sqlmodel import Session

from terminal_shop.services.notifications import kinds, outbox
from terminal_shop.services.notifications.content import Content

CHANNELS = (  # the registry: imported on first use, each module registers its channel
    "terminal_shop.services.notifications.email_channel",
    "terminal_shop.services.whatsapp.channel",
)


@dataclass(frozen=True)
class Notice:
    """What happened, to whom: channel-neutral. `kind` names it (order_received, ...); `key`
    makes it once per channel however often the change is retried; `about` is the record it
    tells of, read in the event's transaction; `values` what else a channel may say."""

    kind: str
    key: str
    entity: tuple[str, str]  # (entity_type, entity_id) of the outbox row: where the admin sees it
    email: str | None = None
    phone: str | None = None
    about: Any = None
    values: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.kind not in kinds.names():  # a typo would reach no channel, silently
            raise ValueError(f"unknown notice kind {self.kind!r} (no area declares it: Area(notices=...))")
        if missing := set(kinds.values_of(self.kind)) - set(self.values):
            raise ValueError(f"a {self.kind} notice without {sorted(missing)} (its area's Tell(values=...))")


class Channel(Protocol):
    name: str  # stored on each outbox row
    key_prefix: str  # before the notice's key on this channel's rows ("" for e-mail, "wa:" for WhatsApp)

    @property
    def offers(self) -> frozenset[str]:
        """The notice kinds it tells (tests/unit/test_notice_kinds.py)."""

    def address(self, notice: Notice) -> str | None:
        """Where this notice goes on this channel (None: the person has no address here)."""

    def consents(self, s: Session, address: str) -> bool:
        """Whether the address may be told now (its consent, the channel's own limits)."""

    def render(self, s: Session, notice: Notice, content: Content, address: str) -> outbox.Mail | None:
        """The content in this channel's form (a template of its own, or the kind's approved one)."""

    def send(self, queued: outbox.Queued) -> str | None:
        """Delivers a queued message: the provider's id, or outbox.TemporaryFailure / PermanentFailure."""

    def retry_after(self, attempts: int) -> timedelta | None:
        """The wait before the next try after `attempts` failed ones; None: give up."""


_registered: dict[str, Channel] = {}
_loaded = False


def register(channel: Channel) -> Channel:
    _registered[channel.name] = channel
    return channel


def unregister(name: str) -> None:
    """Takes a channel back (a plug-in switched off; a test's own channel)."""
    _registered.pop(name, None)


def registered() -> list[Channel]:
    global _loaded
    if not _loaded:
        for module in CHANNELS:
            importlib.import_module(module)
        _loaded = True
    return list(_registered.values())


def channel(name: str) -> Channel | None:
    return next((c for c in registered() if c.name == name), None)


def content(s: Session, notice: Notice) -> Content:
    """What the notice says, whichever channel says it."""
    return kinds.words_of(notice.kind)(s, notice)


def tell(s: Session, notice: Notice) -> list[str]:
    """One outbox row per channel that can say it, in the caller's transaction: the names of
    the channels it went to. The content is built once, and only if some channel will say it."""
    went, said = [], None
    for ch in registered():
        if notice.kind not in ch.offers:
            continue
        address = ch.address(notice)
        if not address or not ch.consents(s, address):
            continue
        said = said or content(s, notice)
        mail = ch.render(s, notice, said, address)
        if mail is not None and outbox.enqueue(s, ch.key_prefix + notice.key, *notice.entity, mail, ch.name):
            went.append(ch.name)
    return went
