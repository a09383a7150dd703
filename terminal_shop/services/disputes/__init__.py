"""Disputes (Sengketa, issue 47.4): chargebacks the acquirer opens, updates and closes through
its signed webhook; the merchant answers each before its deadline with evidence, accepting or
contesting; the admin sends the evidence on; a lost one becomes a chargeback on a payout."""

from terminal_shop.areas import Area, Files, NotPersonal, Task, Tell

AREA = Area(
    face=("events", "terms", "views", "personal"),
    tables=("tables",),
    tasks=(Task("disputes", "notices:queue_due", 300, "dispute reminder round failed"),),
    files=(Files("bucket_merchant_documents", "cases:evidence_keys"),),
    part_of=("merchant",),
    not_personal=NotPersonal(
        staff={"disputes": ("forwarded_by",)},
        codes={
            "dispute_evidence": ("content_type", "file_key", "kind"),
            "disputes": (
                "acquirer",
                "decision",
                "dispute_id",
                "mid",
                "reason",
                "reason_code",
                "status",
                "tid",
                "txn_id",
            ),
        },
    ),
    notices=(
        Tell(
            "dispute_opened",
            "Sengketa dibuka",
            "notice_words:dispute_opened",
            ("amount", "txn", "reason", "deadline", "link"),
        ),
        Tell(
            "dispute_due",
            "Batas jawaban sengketa",
            "notice_words:dispute_due",
            ("amount", "txn", "reason", "deadline", "link"),
        ),
    ),
)
