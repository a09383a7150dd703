"""Device service (issue 48): a merchant's report that a terminal is broken, the case the
admin works (checked, replacement sent, old unit collected and received, repaired or broken),
the warranty answer and the promise. The units move only through the devices area's door
(devices/swaps.py); the replacement takes the old unit's TID at activation."""

from terminal_shop.areas import Area, Files, Task

AREA = Area(
    face=("cases", "events", "terms", "views", "personal"),
    tables=("tables",),
    tasks=(Task("servicing", "invoices:charge_unreturned", 300, "unreturned units round failed"),),
    files=(Files("bucket_merchant_documents", "cases:media_keys"),),
    part_of=("merchant",),
)
