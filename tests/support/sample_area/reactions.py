"""Where the area's @subscribe reactions would be registered, on the bus's first publish."""

IMPORTED = True
