"""Publishing an event: recorded and handed to its subscribers inside the caller's transaction.

Why in the transaction: the audit entry and the outbox rows an event causes must exist
exactly when the change does. A subscriber that raises therefore rolls the whole change
back (docs/decisions.md, Events): nothing is half told, and the caller sees the error.
Subscribers are the modules each area declares (terminal_shop/areas.py), imported on the first publish so
that no area module imports the modules that react to it. What need not happen before the
answer is registered with `after_commit` instead: a row of pending work, done after the commit.
"""

from __future__ import annotations

import dataclasses
import importlib
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any, ClassVar, TypeVar

from sqlmodel import Session, col, select

from terminal_shop import areas
from terminal_shop.services.events.tables import DomainEventRecord, PendingWork


@dataclass(frozen=True, kw_only=True)
class Event:
    """What changed, on which record, and who changed it. `name` is the stored type;
    `action` is the word the audit log has always shown for it ('' when not audited)."""

    name: ClassVar[str]
    action: ClassVar[str] = ""

    entity_type: str  # each area's base event sets its own ("order", "merchant", "admin")
    entity_id: str
    actor: str  # an admin's e-mail, or who acted from outside ("pembeli", "pemohon <...>")
    old_status: str | None = None
    new_status: str | None = None
    detail: str | None = None


E = TypeVar("E", bound=Event)
Handler = Callable[[Session, Any], None]
Later = Callable[[str], None]  # given the event's entity id; opens its own transaction
_handlers: dict[type[Event], list[Handler]] = {}
_later: dict[type[Event], list[str]] = {}
LATER: dict[str, Later] = {}  # by name: what services/events/later.py runs
_loaded = False


def subscribe(*kinds: type[Event]) -> Callable[[Handler], Handler]:
    def register(handler: Handler) -> Handler:
        for kind in kinds:
            _handlers.setdefault(kind, []).append(handler)
        return handler

    return register


def after_commit(*kinds: type[Event]) -> Callable[[Later], Later]:
    """Work a person need not wait for: a row written with the event, done after the commit
    (services/events/later.py), so the request that published it returns sooner."""

    def register(work: Later) -> Later:
        name = f"{work.__module__}.{work.__qualname__}"
        LATER[name] = work
        for kind in kinds:
            _later.setdefault(kind, []).append(name)
        return work

    return register


def unsubscribe(kind: type[Event], handler: Handler) -> None:
    """Takes a reaction back (a plug-in switched off; a test's own subscriber)."""
    _handlers[kind].remove(handler)


def handlers(kind: type[Event]) -> list[Handler]:
    """The reactions to `kind` and to every event class it derives from, in the areas' order."""
    load()
    return [h for base in kind.__mro__ if base in _handlers for h in _handlers[base]]


def publish(s: Session, event: Event) -> None:
    record = DomainEventRecord(
        name=event.name,
        entity_type=event.entity_type,
        entity_id=str(event.entity_id)[:64],
        actor=event.actor[:254],
        payload=_payload(event),
    )
    s.add(record)
    for handler in handlers(type(event)):
        handler(s, event)
    if jobs := [name for base in type(event).__mro__ for name in _later.get(base, [])]:
        s.flush()  # the record's id, for the work that follows from it
        s.add_all(PendingWork(job=name, event_id=record.id, entity_id=record.entity_id) for name in jobs)


def _payload(event: Event) -> dict[str, Any]:
    return {
        f.name: getattr(event, f.name)
        for f in dataclasses.fields(event)
        if f.name not in ("entity_type", "entity_id", "actor")
    }


def load() -> None:
    """Every subscriber module imported, once (also by the pending-work runner, which needs
    their registrations)."""
    global _loaded
    if not _loaded:
        for module in areas.subscriber_modules():  # each registers its reactions with @subscribe
            importlib.import_module(module)
        _loaded = True


def last_time(s: Session, entity_type: str, entity_id: str, name: str) -> datetime | None:
    """When the newest event of this name happened to this record (a timeline's date)."""
    return s.exec(
        select(DomainEventRecord.created_at)
        .where(col(DomainEventRecord.entity_type) == entity_type, col(DomainEventRecord.entity_id) == entity_id,
               col(DomainEventRecord.name) == name)
        .order_by(col(DomainEventRecord.created_at).desc())
    ).first()  # fmt: skip


def blank_words(s: Session, entity_type: str, entity_id: str, blank: Callable[[str | None], str | None],
                erased: str) -> None:  # fmt: skip
    """Erasure: the person's words taken out of the record's stored events (`blank`), an
    actor who was the person left as `erased`."""
    for event in s.exec(select(DomainEventRecord).where(col(DomainEventRecord.entity_type) == entity_type,
                                                        col(DomainEventRecord.entity_id) == entity_id)):  # fmt: skip
        event.actor = blank(event.actor) or erased
        event.payload = {k: blank(v) if isinstance(v, str) else v for k, v in event.payload.items()}
        s.add(event)
