"""Personal data as UU 27/2022 expects: erasure (by retention or on request), restriction,
and the data subject's copy of their record."""

from terminal_shop.areas import Area

AREA = Area(
    face=("requests", "copies", "retention", "events", "terms", "incidents"),
    tables=("tables",),
)
