"""Card and QRIS transactions from the acquirers, their MDR and their settlement day."""

from terminal_shop.areas import Area, Task

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
    ),  # fmt: skip
)
