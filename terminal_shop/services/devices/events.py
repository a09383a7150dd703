"""What happens to a device, as events (services/events/bus.py): published by stock.py,
lifecycle.py (for packing, shipping, activation and the admin's switches) and linking.py; read by the audit log and the notifications."""

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


@dataclass(frozen=True, kw_only=True)
class DevicePacked(DeviceEvent):
    """A unit taken from stock for an order at packing; `detail` names the order."""

    name: ClassVar[str] = "device.packed"
    action: ClassVar[str] = "kemas"


@dataclass(frozen=True, kw_only=True)
class DeviceShipped(DeviceEvent):
    """A packed unit left with its order's courier; `detail` names the order."""

    name: ClassVar[str] = "device.shipped"
    action: ClassVar[str] = "kirim"


@dataclass(frozen=True, kw_only=True)
class DeviceActivated(DeviceEvent):
    """The acquirer's TID and MID are bound: the merchant can take payments. `detail`:
    acquirer, TID, MID (and NMID)."""

    name: ClassVar[str] = "device.activated"
    action: ClassVar[str] = "aktifkan"


@dataclass(frozen=True, kw_only=True)
class OrderLinked(DeviceEvent):
    """An order tied to the merchant registration its devices work for (`detail`), by the
    matching e-mail and HP or by an admin; `new_status` 'tertaut' or 'dilepas', `detail` names the
    registration by id."""

    entity_type: str = "order"
    name: ClassVar[str] = "order.linked"
    action: ClassVar[str] = "tautkan"


@dataclass(frozen=True, kw_only=True)
class DeviceStatusChanged(DeviceEvent):
    """Suspended, active again, returned, broken or back in stock; `detail` says why."""

    name: ClassVar[str] = "device.status_changed"
    action: ClassVar[str] = "status"


@dataclass(frozen=True, kw_only=True)
class DeviceReplaced(DeviceEvent):
    """Its replacement was activated with its TID and MID (`detail` names the new SN): the
    unit waits to be collected; its history stays its own."""

    name: ClassVar[str] = "device.replaced"
    action: ClassVar[str] = "ganti"
