"""Returns (issue 61.3, PP 80/2019): a buyer returns units of a delivered order within
rules.RETURN_DAYS (damaged, not what was ordered, or a change of mind for unused units), staff
approve with a pickup or refuse, receive each unit by its SN (to stock or to repair), then
refund with a numbered credit note or ship an exchange. Written as the recipe says: this folder
and its line in AREAS (README, Layout)."""

from terminal_shop.areas import Area, Files, NotPersonal, Tell

AREA = Area(
    face=("events", "terms", "window", "queue"),
    tables=("tables",),
    subscribers=("notices",),
    files=(Files("bucket_order_payments", "asking:photo_keys"),),
    part_of=("order",),
    not_personal=NotPersonal(
        staff={"order_returns": ("refused_reason",)},
        kept={"order_returns": ("bank", "credit_note", "refund_reference")},
        codes={
            "order_returns": (
                "exchange_resi",
                "exchange_serials",
                "number",
                "photo_keys",
                "pickup_courier",
                "pickup_resi",
                "reason",
                "received",
                "resolution",
                "serials",
                "step",
            ),
        },  # fmt: skip
    ),
    notices=(
        Tell("return_step", "Langkah retur", "notice_words:return_step", ("number", "order", "step", "next", "link")),
        Tell(
            "return_opened",
            "Retur baru (untuk tim)",
            "notice_words:return_opened",
            ("number", "order", "reason", "link"),
        ),
    ),  # fmt: skip
)
