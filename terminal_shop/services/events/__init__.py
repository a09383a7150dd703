"""Domain events: every status change is a typed, frozen event published in the transaction
that makes the change; the audit log and the notifications subscribe (see bus.py)."""
