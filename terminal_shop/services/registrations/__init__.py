"""Merchant registrations: the wizard's fields and documents, the admin's review, the fix link
and resubmission, the approved merchant's record every other merchant area reads, and its
payout account changed safely (payout_account.py)."""

from terminal_shop.areas import Area, Files, NotPersonal, Task, Tell

AREA = Area(
    face=("owners", "views", "terms", "events", "personal", "registration_status", "admin_edit",
          "payout_account", "payout_account_views", "tax_identity"),
    tables=("tables",),
    tasks=(Task("payout_accounts", "payout_account:apply_due", 300, "payout account round failed"),),
    files=(Files("bucket_merchant_documents", "submission:document_keys"),
           Files("bucket_merchant_documents", "payout_account:proof_keys")),
    figures=("submission:operator_figures",),
    holds=True,
    not_personal=NotPersonal(staff={"payout_account_changes": ("reviewed_by",)}, codes={"merchant_registrations": ("consent_version", "jenis_usaha", "kabupaten_kota", "kecamatan", "nama_bank", "rejection_reason", "status", "tempat_usaha"), "payout_account_changes": ("nama_bank", "old_account", "step")}),
    notices=(
        Tell("registration_received", "Pendaftaran diterima", "notice_words:registration_received", ("status_link",)),
        Tell("registration_approved", "Pendaftaran disetujui", "notice_words:registration_approved", ("sign_in",)),
        Tell("registration_rejected", "Pendaftaran perlu diperbaiki", "notice_words:registration_rejected", ("reason", "fix_link")),
        Tell("payout_account", "Ganti rekening pencairan", "notice_words:payout_account", ("step", "said", "stop", "link")),
    ),
)  # fmt: skip
