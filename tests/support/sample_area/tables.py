"""Where the area's SQLModel tables would be (a real one would join every database's metadata)."""

IMPORTED = True
