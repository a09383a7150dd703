"""Domain events: every status change is a typed, frozen event published in the transaction
that makes the change; the audit log and the notifications subscribe (see bus.py)."""

from terminal_shop.areas import Area, NotPersonal, Task

AREA = Area(
    face=("bus",),
    tables=("tables",),
    tasks=(Task("later", "later:run_due", 1, "pending work round failed"),),
    not_personal=NotPersonal(
        copies={"domain_events": ("actor", "entity_id", "payload")},
        staff={"job_leases": ("holder",), "pending_work": ("last_error",)},
        codes={"domain_events": ("entity_type", "name"), "job_leases": ("job",), "pending_work": ("entity_id", "job")},
    ),
)
