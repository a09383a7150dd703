"""Device service (issue 48): a merchant's report that a terminal is broken, the case the
admin works (checked, replacement sent, old unit collected and received, repaired or broken),
the warranty answer and the promise. The units move only through the devices area's door
(devices/swaps.py); the replacement takes the old unit's TID at activation."""

from terminal_shop.areas import Area, Files, NotPersonal, Task, Tell

AREA = Area(
    face=("cases", "events", "terms", "views", "personal"),
    tables=("tables",),
    tasks=(Task("servicing", "invoices:charge_unreturned", 300, "unreturned units round failed"),),
    files=(Files("bucket_merchant_documents", "cases:media_keys"),),
    part_of=("merchant",),
    not_personal=NotPersonal(
        codes={
            "service_cases": (
                "fee_sku",
                "number",
                "outcome",
                "pickup_courier",
                "pickup_resi",
                "pickup_window",
                "problem",
                "promise",
                "replacement_courier",
                "replacement_resi",
                "step",
            ),
            "service_media": ("content_type", "file_key"),
        }
    ),
    notices=(
        Tell(
            "service_case",
            "Langkah laporan servis",
            "notice_words:service_case",
            ("number", "device", "step", "next", "link"),
        ),
        Tell(
            "service_case_opened",
            "Laporan servis baru (untuk tim)",
            "notice_words:service_case_opened",
            ("number", "device", "next", "link", "problem"),
        ),
    ),
)
