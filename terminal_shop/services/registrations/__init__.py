"""Merchant registrations: the wizard's fields and documents, the admin's review, the fix link
and resubmission, the approved merchant's record every other merchant area reads, and its
payout account changed safely (payout_account.py)."""

from terminal_shop.areas import Area, Files, NotPersonal, Task

AREA = Area(
    face=("owners", "views", "terms", "events", "personal", "registration_status", "admin_edit",
          "payout_account", "payout_account_views"),
    tables=("tables",),
    tasks=(Task("payout_accounts", "payout_account:apply_due", 300, "payout account round failed"),),
    files=(Files("bucket_merchant_documents", "submission:document_keys"),
           Files("bucket_merchant_documents", "payout_account:proof_keys")),
    figures=("submission:operator_figures",),
    holds=True,
    not_personal=NotPersonal(staff={"payout_account_changes": ("reviewed_by",)}, codes={"merchant_registrations": ("consent_version", "jenis_usaha", "kabupaten_kota", "kecamatan", "nama_bank", "rejection_reason", "status", "tempat_usaha"), "payout_account_changes": ("nama_bank", "old_account", "step")}),
)  # fmt: skip
