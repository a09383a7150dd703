"""Merchant registrations: the wizard's fields and documents, the admin's review, the fix link
and resubmission, the approved merchant's record every other merchant area reads."""

from terminal_shop.areas import Area, Files

AREA = Area(
    face=("owners", "views", "terms", "events", "personal", "registration_status", "admin_edit"),
    tables=("tables",),
    files=(Files("bucket_merchant_documents", "submission:document_keys"),),
    holds=True,
)
