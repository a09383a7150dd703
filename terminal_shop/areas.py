"""The business areas under services/, and what each declares of itself (issue 60.1).

Each area's `__init__.py` holds one `AREA = Area(...)`: the modules other areas may import
(its face), its tables, the modules that subscribe to events, its background rounds, the
stored files its rows own, its figures for the operator, the personal records it holds and the
kinds of notice it tells. The registries that must see
every area (terminal_shop/tables.py, the event bus, the background tasks, the orphan-file
sweeper, /metrics, erasure, the notice kinds) read these declarations instead of being edited beside them, so a new area
is its folder plus its name in AREAS (README, Layout).

Declarations name modules relative to their area and functions as "module:function": reading
one imports nothing, so an area's `__init__.py` stays free of its own imports.
"""

from __future__ import annotations

import functools
import importlib
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

BASE = "terminal_shop.services"

# In this order: an event's subscribers react in it (the audit trail first; devices before the
# messages, which say whether an order is linked), and a record's erasure reaches its parts in it.
AREAS: list[str] = [
    "audit",
    "devices",
    "messages",
    "orders",
    "payouts",
    "fleet",
    "merchant_team",
    "servicing",
    "disputes",
    "returns",
    "registrations",
    "customers",
    "transactions",
    "whatsapp",
    "notifications",
    "events",
    "lists",
    "privacy",
    "team",
    "backoffice",
]


@dataclass(frozen=True)
class Task:
    """A round of work the area has done every `seconds` on every worker, in a thread; a round
    that fails (the database away) is logged with `failed` and its rows wait for the next."""

    name: str  # the metric's label (infra/metrics.py task_ran)
    run: str  # "module:function"
    seconds: float
    failed: str


@dataclass(frozen=True)
class Files:
    """Stored files the area's rows own in one bucket: the sweeper keeps a file some owner
    names and removes the rest once old enough (infra/sweeper.py)."""

    bucket: str  # the Settings attribute that names the bucket
    keys: str  # "module:function": ids (the file key's first part) -> the keys those rows own


@dataclass(frozen=True)
class NotPersonal:
    """The area's text columns that are not marked personal (infra/models.py `personal`), by
    table, under why: erasure reaches every other one (tests/unit/test_personal_columns.py)."""

    copies: dict[str, tuple[str, ...]] = field(default_factory=dict)  # blanked with what they copy
    staff: dict[str, tuple[str, ...]] = field(default_factory=dict)  # the company's own people and processes
    kept: dict[str, tuple[str, ...]] = field(default_factory=dict)  # the books the law keeps (docs/decisions.md)
    codes: dict[str, tuple[str, ...]] = field(default_factory=dict)  # ids, states, kinds, hashes: no one's words


@dataclass(frozen=True)
class Tell:
    """A kind of notice the area's events become (issue 60): what it is called, what it carries
    besides its record (`Notice.values`, refused when one is missing) and its words, built once
    for every channel. A channel says which kinds it offers (services/notifications/channels.py)."""

    kind: str
    label: str  # what the kind is, in the back office's words
    words: str  # "module:function" (session, notice) -> notifications.content.Content
    values: tuple[str, ...] = ()


@dataclass(frozen=True)
class Area:
    face: tuple[str, ...] = ()  # modules other areas may import (tests/unit/test_area_walls.py)
    tables: tuple[str, ...] = ()
    subscribers: tuple[str, ...] = ()  # modules registering reactions with @subscribe
    tasks: tuple[Task, ...] = ()
    files: tuple[Files, ...] = ()
    figures: tuple[str, ...] = ()  # "module:function" (conn, now) -> the operator's figures (/metrics)
    holds: bool = False  # its `personal` module is a holder of records (keyed by its ENTITY)
    part_of: tuple[str, ...] = ()  # entity types whose erasure reaches `personal.erase_of_<type>`
    not_personal: NotPersonal = NotPersonal()  # its text columns that hold no one's words, and why
    notices: tuple[Tell, ...] = ()  # the kinds of notice it tells people


def package(name: str) -> str:
    """An area's package: a name in AREAS, or a full dotted path (a test's own area)."""
    return name if "." in name else f"{BASE}.{name}"


def declared() -> Iterator[tuple[str, Area]]:
    return _declared(AREAS)


def _declared(names: list[str] | tuple[str, ...]) -> Iterator[tuple[str, Area]]:
    for name in names:
        area = getattr(importlib.import_module(package(name)), "AREA", None)
        if not isinstance(area, Area):
            raise RuntimeError(f"{package(name)} declares no AREA = Area(...) in its __init__.py")
        yield package(name), area


def resolve(pkg: str, target: str) -> Callable[..., Any]:
    module, _, function = target.partition(":")
    return getattr(importlib.import_module(f"{pkg}.{module}"), function)


def table_modules() -> list[str]:
    return [f"{pkg}.{m}" for pkg, area in declared() for m in area.tables]


def subscriber_modules() -> list[str]:
    return [f"{pkg}.{m}" for pkg, area in declared() for m in area.subscribers]


def tasks() -> list[tuple[Task, Callable[[], object]]]:
    return [(task, resolve(pkg, task.run)) for pkg, area in declared() for task in area.tasks]


def notice_kinds() -> dict[str, tuple[str, Tell]]:
    """By kind: the area's package and its declaration; a kind two areas declare is refused.
    Read once per list of areas (every notice asks: a checkout makes several)."""
    return _notice_kinds(tuple(AREAS))


@functools.lru_cache(maxsize=4)
def _notice_kinds(names: tuple[str, ...]) -> dict[str, tuple[str, Tell]]:
    found: dict[str, tuple[str, Tell]] = {}
    for pkg, area in _declared(names):
        for tell in area.notices:
            if tell.kind in found:
                raise RuntimeError(f"notice kind {tell.kind!r} declared by {found[tell.kind][0]} and {pkg}")
            found[tell.kind] = (pkg, tell)
    return found


def not_personal() -> dict[str, dict[str, set[str]]]:
    """By reason ("copies", "staff", "kept", "codes"): each table's columns the areas declare not personal."""
    found: dict[str, dict[str, set[str]]] = {}
    for _, area in declared():
        for reason, tables in vars(area.not_personal).items():
            for table, columns in tables.items():
                found.setdefault(reason, {}).setdefault(table, set()).update(columns)
    return found


def figure_readers() -> list[Callable[..., Any]]:
    """Each area's figures for the operator: (conn, now) -> (name, help, labels, value) rows."""
    return [resolve(pkg, target) for pkg, area in declared() for target in area.figures]


def file_owners() -> dict[str, list[Callable[[list[Any]], set[str]]]]:
    """By bucket setting: each declared owner's key function."""
    found: dict[str, list[Callable[[list[Any]], set[str]]]] = {}
    for pkg, area in declared():
        for files in area.files:
            found.setdefault(files.bucket, []).append(resolve(pkg, files.keys))
    return found


def holders() -> dict[str, Any]:
    """By entity type: the area's personal-data door (its `personal` module)."""
    doors = [importlib.import_module(f"{pkg}.personal") for pkg, area in declared() if area.holds]
    return {door.ENTITY: door for door in doors}


def parts(entity: str) -> tuple[Callable[..., Any], ...]:
    """What else an entity's erasure reaches: each area's `personal.erase_of_<entity>`."""
    return tuple(resolve(pkg, f"personal:erase_of_{entity}") for pkg, area in declared() if entity in area.part_of)
