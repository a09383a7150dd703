"""Devices: every terminal the company holds or has sold, known by its serial number, from
the shelf (`stok`) to active at its merchant (docs/decisions.md, Devices)."""

from terminal_shop.areas import Area, NotPersonal

AREA = Area(
    face=("units", "owned", "swaps", "events", "terms"),
    tables=("tables",),
    subscribers=("subscribers",),  # before the messages: they say whether the order is linked,
    not_personal=NotPersonal(
        staff={"devices": ("activated_by", "packed_by", "received_by")},
        codes={"devices": ("acquirer", "iccid", "imei", "mid", "model", "nmid", "serial", "status", "tid")},
    ),
)
