"""The merchant's money (issue 47): what each acquirer pays a merchant account (MID) for each
settlement day, made of its transactions, refunds, chargebacks and adjustments, and where it
is (Dijadwalkan, Dikirim, Diterima)."""

from terminal_shop.areas import Area, NotPersonal, Task, Tell

AREA = Area(
    face=("cases", "events", "terms", "views", "personal"),
    tables=("tables",),
    subscribers=("subscribers",),  # a settlement report marks its payouts sent
    tasks=(Task("recap", "recap:queue_due", 300, "daily recap round failed"),),
    part_of=("merchant",),
    not_personal=NotPersonal(
        staff={"payout_cases": ("answered_by",)},
        codes={
            "payout_cases": ("status",),
            "payouts": ("account", "acquirer", "bank_reference", "mid", "status"),  # the account masked: "BCA ••7890"
            "recap_choices": ("channel",),
        },
    ),
    notices=(
        Tell("payout_case", "Laporan dana belum masuk (untuk tim)", "notice_words:payout_case", ("facts", "link")),
        Tell("payout_case_answered", "Jawaban laporan dana", "notice_words:payout_case_answered", ("answer", "link")),
        Tell(
            "daily_recap",
            "Rekap harian",
            "notice_words:daily_recap",
            ("day", "count", "sales", "fees", "net", "next", "why", "link"),
        ),
    ),
)
