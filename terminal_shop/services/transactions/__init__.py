"""Card and QRIS transactions from the acquirers, their MDR and their settlement day."""

from terminal_shop.areas import Area, NotPersonal, Task

AREA = Area(
    face=(
        "ledger",
        "ledger_reads",
        "lookup",
        "settlement",
        "events",
        "terms",
        "fee_invoices",
        "signers",
        "days",
        "report_checks",
    ),
    tables=("tables",),
    tasks=(
        Task("ledger", "ledger:carry_due", 300, "short payouts round failed"),
        Task("fee_invoices", "fee_invoices:issue_due", 3600, "monthly MDR invoice round failed"),
    ),  # fmt: skip,
    not_personal=NotPersonal(
        staff={"agreed_rates": ("set_by",), "ledger_entries": ("posted_by",)},
        kept={"ledger_entries": ("note",)},
        codes={
            "acquirers": ("code", "name", "secret_nonce"),
            "agreed_rates": ("channel", "percent"),
            "fee_invoices": ("lines", "month", "number"),  # MIDs and amounts
            "ledger_closings": ("acquirer", "mid"),
            "ledger_entries": ("acquirer", "kind", "mid", "source", "txn_id"),
            "refunds": ("acquirer", "refund_id", "txn_id"),
            "transactions": (
                "acquirer",
                "approval_code",
                "channel",
                "fee_rule",
                "held",
                "mid",
                "rrn",
                "scheme",
                "status",
                "tid",
                "txn_id",
            ),
        },
    ),
)
