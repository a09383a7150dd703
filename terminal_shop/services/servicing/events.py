"""What happens to a service case, as events: audited; the merchant is told of each step
with what happens next, the admins of a new case (messages/subscribers.py)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from terminal_shop.services.events.bus import Event


@dataclass(frozen=True, kw_only=True)
class ServiceEvent(Event):
    """`entity_id`: the case's id."""

    entity_type: str = "service_case"


@dataclass(frozen=True, kw_only=True)
class ServiceCaseOpened(ServiceEvent):
    name: ClassVar[str] = "service.opened"
    action: ClassVar[str] = "lapor-servis"


@dataclass(frozen=True, kw_only=True)
class ServiceCaseMoved(ServiceEvent):
    """`old_status` -> `new_status` (terms.CaseStep); `detail` what the merchant reads of it."""

    name: ClassVar[str] = "service.moved"
    action: ClassVar[str] = "servis"
