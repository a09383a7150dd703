"""What happens to a person's data on request, as events (services/events/bus.py):
published by requests.py, read by the audit log and the notifications. `entity_type` is
the record's own ("order" or "merchant")."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from terminal_shop.services.events.bus import Event


@dataclass(frozen=True, kw_only=True)
class DataRequestAsked(Event):
    """`detail`: the kind asked (terms.DataRequestKind); `request_id`: its row."""

    name: ClassVar[str] = "privacy.asked"
    request_id: int


@dataclass(frozen=True, kw_only=True)
class DataRestricted(Event):
    """Answered an erasure request while a law still requires keeping the record."""

    name: ClassVar[str] = "privacy.restricted"
    action: ClassVar[str] = "restrict"


@dataclass(frozen=True, kw_only=True)
class DataExported(Event):
    """Answered a request for a copy: the archive was downloaded."""

    name: ClassVar[str] = "privacy.exported"
    action: ClassVar[str] = "export"


@dataclass(frozen=True, kw_only=True)
class RecordErased(Event):
    """A record's personal data erased (on request, or by retention); `detail`: why, and how
    many files went. Tab states that hold the record are emptied from its audit entry."""

    name: ClassVar[str] = "privacy.erased"
    action: ClassVar[str] = "purge"


@dataclass(frozen=True, kw_only=True)
class IncidentEvent(Event):
    """A data incident (UU 27/2022 Ps 46: privacy/incidents.py) recorded, told of, closed."""

    entity_type: str = "incident"
    action: ClassVar[str] = "insiden"


@dataclass(frozen=True, kw_only=True)
class IncidentRecorded(IncidentEvent):
    name: ClassVar[str] = "privacy.incident_recorded"


@dataclass(frozen=True, kw_only=True)
class IncidentNotified(IncidentEvent):
    name: ClassVar[str] = "privacy.incident_notified"


@dataclass(frozen=True, kw_only=True)
class IncidentLetter(IncidentEvent):
    name: ClassVar[str] = "privacy.incident_letter"


@dataclass(frozen=True, kw_only=True)
class IncidentClosed(IncidentEvent):
    name: ClassVar[str] = "privacy.incident_closed"
