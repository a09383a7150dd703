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

from terminal_shop.infra.models import Held
from terminal_shop.services.disputes import personal as disputes
from terminal_shop.services.merchant_team import personal as merchant_team
from terminal_shop.services.orders import personal as orders
from terminal_shop.services.payouts import personal as payouts
from terminal_shop.services.registrations import personal as registrations
from terminal_shop.services.servicing import personal as servicing

ORDER, MERCHANT = orders.ENTITY, registrations.ENTITY
HOLDERS: dict[str, ModuleType] = {ORDER: orders, MERCHANT: registrations}
# What else belongs to a record and goes with it: each area's door, in the erasure's
# transaction (infra/models.py Held says what the privacy area finishes for it).
Part = Callable[[Session, uuid.UUID], Held]
PARTS: dict[str, tuple[Part, ...]] = {
    ORDER: (),
    MERCHANT: (merchant_team.erase_of_merchant, servicing.erase_of_merchant, disputes.erase_of_merchant,
               payouts.erase_of_merchant),
}  # fmt: skip


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
