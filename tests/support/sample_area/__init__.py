"""A test-only area (tests/unit/test_areas.py): all a new area writes for every registry to
see it is this declaration in its own folder, and its name in terminal_shop/areas.py AREAS."""

from terminal_shop.areas import Area, Files, Task, Tell

AREA = Area(
    face=("rounds",),
    tables=("tables",),
    subscribers=("reactions",),
    tasks=(Task("sample", "rounds:tick", 60, "sample round failed"),),
    files=(Files("bucket_order_payments", "rounds:keys"),),
    figures=("rounds:figures",),
    part_of=("merchant",),
    notices=(Tell("sample_ticked", "Putaran contoh selesai", "rounds:ticked_words", ("when",)),),
)
