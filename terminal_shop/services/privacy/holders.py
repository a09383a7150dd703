"""The areas that hold a person's records, each through its door for personal data (the same
functions in each: record, files, fields, blank, restrict, ...), by the entity type the audit
log, the requests and the admin's pages name them with."""

from __future__ import annotations

import uuid
from datetime import datetime
from types import ModuleType
from typing import Protocol

from terminal_shop.services.orders import personal as orders
from terminal_shop.services.registrations import personal as registrations

ORDER, MERCHANT = orders.ENTITY, registrations.ENTITY
HOLDERS: dict[str, ModuleType] = {ORDER: orders, MERCHANT: registrations}


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
