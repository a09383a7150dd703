"""Who changed what and who looked at what: written by every area, read through trail.py and
access_log.py (issue 51.1: the back office's views no longer hold what every area writes)."""

from terminal_shop.areas import Area

AREA = Area(
    face=("trail", "access_log", "terms"),
    tables=("tables",),
    subscribers=("trail",),
)
