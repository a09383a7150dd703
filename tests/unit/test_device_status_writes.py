"""Issue 51.5: a unit's status changes only through devices/lifecycle.py (`move`, one event a
unit), so no change escapes the audit log and the device's history: packing, shipping and
activation once set it with their own updates, and shipping published nothing."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "terminal_shop"
LIFECYCLE = PACKAGE / "services" / "devices" / "lifecycle.py"


def _names_device_status(node: ast.AST) -> bool:
    """A member, as stored: DeviceStatus.SHIPPED or DeviceStatus.SHIPPED.value (not a label)."""
    while isinstance(node, ast.Attribute):
        node = node.value
    return isinstance(node, ast.Name) and node.id == "DeviceStatus"


def status_writes(source: str) -> list[int]:
    """Lines that set a status from DeviceStatus other than by making a new unit (`Device(...)`)."""
    lines = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call) and getattr(node.func, "id", "") != "Device":
            written = any(k.arg == "status" and _names_device_status(k.value) for k in node.keywords)
        elif isinstance(node, ast.Assign):
            to_status = any(isinstance(t, ast.Attribute) and t.attr == "status" for t in node.targets)
            written = to_status and _names_device_status(node.value)
        else:
            written = False
        if written:
            lines.append(node.lineno)
    return lines


def test_only_the_lifecycle_changes_a_units_status():
    found = {
        f"{path.relative_to(PACKAGE)}:{line}"
        for path in PACKAGE.rglob("*.py")
        if path != LIFECYCLE
        for line in status_writes(path.read_text(encoding="utf-8"))
    }
    assert found == set()


def test_a_status_written_by_hand_is_found():
    by_update = "sa.update(Device).values(status=DeviceStatus.SHIPPED.value)"
    by_attribute = "device.status = DeviceStatus.ACTIVE.value"
    new_unit = "Device(serial='A', status=DeviceStatus.IN_STOCK.value)"
    shown = "DeviceView(status=DeviceStatus.label_of(device.status))"
    assert status_writes(by_update) == [1]
    assert status_writes(by_attribute) == [1]
    assert status_writes(new_unit) == status_writes(shown) == []
