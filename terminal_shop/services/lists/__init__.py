"""The admin lists' machinery, shared by every area that lists its rows: the query a URL
holds (list_query), keyset pages and capped counts (listing), the trigger-kept tallies
behind the stat cards (tables). It imports no other area, so each area can list its own
rows behind its own walls."""

from terminal_shop.areas import Area, NotPersonal

AREA = Area(
    face=("listing", "list_query", "terms"),
    tables=("tables",),
    not_personal=NotPersonal(codes={"status_tallies": ("entity", "method", "status")}),
)
