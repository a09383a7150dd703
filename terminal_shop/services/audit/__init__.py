"""Who changed what and who looked at what: written by every area, read through trail.py and
access_log.py (issue 51.1: the back office's views no longer hold what every area writes)."""

from terminal_shop.areas import Area, NotPersonal

AREA = Area(
    face=("trail", "access_log", "terms"),
    tables=("tables",),
    subscribers=("trail",),
    not_personal=NotPersonal(
        copies={"audit_events": ("admin_email", "detail", "entity_id")},
        staff={"access_log": ("admin_email", "item")},
        codes={
            "access_log": ("action", "entity_id", "entity_type"),
            "audit_events": ("action", "entity_type", "new_status", "old_status"),
        },
    ),
)
