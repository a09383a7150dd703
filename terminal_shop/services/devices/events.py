"""What happens to a device, as events (services/events/bus.py): published by stock.py,
read by the audit log."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from terminal_shop.services.events.bus import Event


@dataclass(frozen=True, kw_only=True)
class DeviceEvent(Event):
    entity_type: str = "device"


@dataclass(frozen=True, kw_only=True)
class DeviceReceived(DeviceEvent):
    """A unit came into stock; `detail` names its model and serial."""

    name: ClassVar[str] = "device.received"
    action: ClassVar[str] = "terima"
