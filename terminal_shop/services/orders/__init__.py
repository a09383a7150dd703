"""Orders: the cart priced from the catalogue, the checkout with its proof of payment, the
admin's verification, packing and shipping, the buyer's status page and invoice."""

from terminal_shop.areas import Area, Files, NotPersonal, Task

AREA = Area(
    face=("owners", "views", "terms", "events", "personal", "order_status", "bills", "tax_invoices", "proof_prints"),
    tables=("tables", "payments.tables"),
    subscribers=("proof_prints",),  # after the commit: a new proof's perceptual hash
    tasks=(
        Task("statement_imports", "payments.reconcile:purge_imports", 3600, "purging old statement imports failed"),
    ),
    files=(Files("bucket_order_payments", "checkout:proof_keys"),),
    figures=("checkout:operator_figures",),
    holds=True,
    not_personal=NotPersonal(
        staff={"statement_imports": ("imported_by",), "statement_lines": ("imported_by",)},
        kept={"statement_lines": ("description", "identity", "reference")},
        codes={
            "orders": (
                "courier",
                "fulfilment",
                "invoice_number",
                "items",
                "nsfp",
                "number",
                "payment_check",
                "payment_method",
                "qris_payload",
                "resi",
                "service_case",
                "service_fee",
                "status",
            ),
            "proof_prints": ("phash", "sha256"),
            "statement_imports": ("line_ids",),  # numbers of rows
            "statement_lines": ("source",),
            "transfer_codes": ("client_ref",),
        },
    ),
)
