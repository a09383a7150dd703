"""Domain events: every status change is a typed, frozen event published in the transaction
that makes the change; the audit log and the notifications subscribe (see bus.py)."""

from terminal_shop.areas import Area, Task

AREA = Area(
    face=("bus",),
    tables=("tables",),
    tasks=(Task("later", "later:run_due", 1, "pending work round failed"),),
)
