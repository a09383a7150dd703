"""The areas that hold a person's records, each through its door for personal data (the same
functions in each: record, files, fields, blank, restrict, ...), by the entity type the audit
log, the requests and the admin's pages name them with."""

from __future__ import annotations

import uuid
from collections.abc import Callable
from datetime import datetime
from types import ModuleType
from typing import Protocol

from sqlmodel import Session

from terminal_shop import areas
from terminal_shop.infra.models import Held

# The areas that hold records of their own (each declares `holds`), by their ENTITY.
HOLDERS: dict[str, ModuleType] = areas.holders()
ORDER, MERCHANT = "order", "merchant"  # the two the privacy rules are written for
if set(HOLDERS) != {ORDER, MERCHANT}:
    raise RuntimeError(f"privacy knows orders and merchants; the areas declare holders of {sorted(HOLDERS)}")
# What else belongs to a record and goes with it: each area's door (declared `part_of`), in the
# erasure's transaction (infra/models.py Held says what the privacy area finishes for it).
Part = Callable[[Session, uuid.UUID], Held]
PARTS: dict[str, tuple[Part, ...]] = {entity: areas.parts(entity) for entity in HOLDERS}


class PersonalRecord(Protocol):
    """What the privacy rules read of any record they handle."""

    @property
    def id(self) -> uuid.UUID: ...
    @property
    def status(self) -> str: ...
    @property
    def created_at(self) -> datetime: ...
    @property
    def purged_at(self) -> datetime | None: ...
    @property
    def restricted_at(self) -> datetime | None: ...
