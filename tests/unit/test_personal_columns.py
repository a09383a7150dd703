"""Issue 60.2: every text column of every table says how erasure treats it, so a new area's
column cannot hold a merchant's or a buyer's words unseen. A column is marked personal where it
is declared (infra/models.py `personal`, blanked by its area's erasure door, privacy/holders.py
PARTS), or it is listed below under why it is not: a copy blanked through the record it is about
(privacy/copies.py), the company's own staff and systems, a financial record the law keeps
(docs/decisions.md "Erasure across the areas"), or no one's data at all. Every bucket the
settings name is swept, so a file kind nobody owns is found too."""

from __future__ import annotations

from dataclasses import fields

import sqlalchemy as sa
from sqlmodel import SQLModel

import terminal_shop.tables  # noqa: F401  (every table in the metadata)
from terminal_shop.infra.settings import get_settings
from terminal_shop.services import stored_files

COPIES = {  # blanked with the record they are about, by the person's words (privacy/copies.py, erasure.py)
    "outbox": {"key", "to_addr", "subject", "body_text", "body_html", "attachment_png", "attachment_pdf",
               "attachment_pdf_name", "entity_id", "last_error"},
    "audit_events": {"admin_email", "detail", "entity_id"},
    "domain_events": {"actor", "payload", "entity_id"},
    "whatsapp_inbound": {"entity_id", "media_id"},
    "whatsapp_contacts": {"phone"},  # forgotten with the number (a STOP kept hashed)
    "consents": {"address", "text", "act"},
    "customer_sessions": {"agent", "ended_note"},  # the sessions go with the address
    "sign_in_codes": {"browser"},
}  # fmt: skip
STAFF = {  # the company's own people and processes, not a merchant's or a buyer's
    "access_log": {"admin_email", "item"},
    "admin_invites": {"email", "invited_by"},
    "admin_sessions": {"address", "user_agent"},
    "admin_users": {"email"},
    "login_attempts": {"email", "client"},
    "agreed_rates": {"set_by"},
    "data_requests": {"done_by"},
    "devices": {"received_by", "activated_by", "packed_by"},
    "disputes": {"forwarded_by"},
    "ledger_entries": {"posted_by"},
    "payout_cases": {"answered_by"},
    "statement_lines": {"imported_by"},
    "statement_imports": {"imported_by"},
    "payout_account_changes": {"reviewed_by"},
    "data_incidents": {"recorded_by", "closed_by", "what", "steps", "outcome"},  # the owner's words of the incident
    "job_leases": {"holder"},
    "pending_work": {"last_error"},
}
KEPT = {  # the company's books, kept ten years whoever they name (docs/decisions.md)
    "statement_lines": {"description", "reference", "identity"},
    "ledger_entries": {"note"},
}
CODES = {  # identifiers, states, kinds, amounts as text, hashes: no one's words
    "access_log": {"entity_id", "entity_type", "action"},
    "acquirers": {"name", "secret_nonce", "code"},
    "admin_invites": {"token_hash", "role"},
    "admin_recovery_codes": {"code_hash"},
    "admin_sessions": {"token_hash"},
    "admin_users": {"password_hash", "totp_pending", "role", "totp_secret"},
    "agreed_rates": {"channel", "percent"},
    "audit_events": {"old_status", "entity_type", "action", "new_status"},
    "consents": {"channel"},
    "customer_sessions": {"token_hash"},
    "customer_tabs": {"token_hash", "client_token"},
    "data_requests": {"kind", "entity_type", "entity_id"},
    "device_heartbeats": {"firmware", "paper", "app_version", "app_key"},
    "devices": {"mid", "tid", "model", "imei", "serial", "status", "acquirer", "iccid", "nmid"},
    "dispute_evidence": {"kind", "file_key", "content_type"},
    "disputes": {"reason", "mid", "reason_code", "tid", "dispute_id", "decision", "txn_id", "status", "acquirer"},
    "domain_events": {"name", "entity_type"},
    "job_leases": {"job"},
    "ledger_closings": {"acquirer", "mid"},
    "ledger_entries": {"kind", "mid", "txn_id", "acquirer", "source"},
    "merchant_registrations": {"rejection_reason", "jenis_usaha", "consent_version", "kabupaten_kota", "tempat_usaha",
                               "nama_bank", "status", "kecamatan"},
    "orders": {"courier", "number", "payment_check", "invoice_number", "fulfilment", "qris_payload", "resi", "status",
               "items", "payment_method", "service_case", "service_fee", "nsfp"},
    "outbox": {"request_id", "provider_id", "delivery", "entity_type", "channel", "status"},
    "outlets": {"kecamatan", "kota"},
    "payout_cases": {"status"},
    "payout_account_changes": {"nama_bank", "step", "old_account"},
    "data_incidents": {"data", "scope", "affected"},  # kinds of data, a kind of record, record ids
    "fee_invoices": {"number", "month", "lines"},  # MIDs and amounts  # the old account kept masked, as payouts keep it
    "payouts": {"mid", "account", "status", "acquirer", "bank_reference"},  # the account kept masked: "BCA ••7890"
    "pending_work": {"entity_id", "job"},
    "preferences": {"value", "name"},
    "proof_prints": {"sha256", "phash"},
    "recap_choices": {"channel"},
    "refunds": {"refund_id", "acquirer", "txn_id"},
    "refused_deliveries": {"reason", "acquirer", "example"},
    "service_cases": {"promise", "number", "pickup_resi", "problem", "replacement_resi", "outcome",
                      "replacement_courier", "step", "fee_sku", "pickup_courier", "pickup_window"},
    "service_media": {"file_key", "content_type"},
    "statement_imports": {"line_ids"},  # numbers of rows
    "sign_in_codes": {"code_hash"},
    "statement_lines": {"source"},
    "status_tallies": {"method", "entity", "status"},
    "team_members": {"invite_hash", "role"},
    "team_session_choices": {"token_hash"},
    "transactions": {"rrn", "mid", "tid", "held", "channel", "txn_id", "scheme", "status", "approval_code", "acquirer",
                     "fee_rule"},
    "transfer_codes": {"client_ref"},
    "whatsapp_inbound": {"kind", "reply_to", "outcome", "entity_type", "wa_message_id"},
}  # fmt: skip
SAID = (COPIES, STAFF, KEPT, CODES)


def _texts() -> dict[str, set[str]]:
    """Every column that can hold words or bytes, unmarked, by table."""
    return {t.name: names for t in SQLModel.metadata.tables.values()
            if (names := {c.name for c in t.columns if _holds_words(c) and not c.info.get("personal")})}  # fmt: skip


def _holds_words(column: sa.Column) -> bool:
    kind = column.type.impl_instance if isinstance(column.type, sa.types.TypeDecorator) else column.type
    return isinstance(kind, (sa.String, sa.JSON, sa.LargeBinary))


def test_every_text_column_is_marked_personal_or_said_to_be_something_else():
    said = {(t, c) for group in SAID for t, cols in group.items() for c in cols}
    unsaid = sorted(f"{t}.{c}" for t, cols in _texts().items() for c in cols if (t, c) not in said)
    assert unsaid == [], "mark it personal where it is declared (infra/models.py) or list it here, with why"


def test_the_lists_name_only_unmarked_columns_that_exist():
    texts = _texts()
    stale = sorted(f"{t}.{c}" for group in SAID for t, cols in group.items() for c in cols if c not in texts.get(t, ()))
    assert stale == []


def test_every_bucket_has_an_owner_that_answers_for_its_files():
    settings = get_settings()
    buckets = {getattr(settings, f.name) for f in fields(settings) if f.name.startswith("bucket_")}
    owned = {bucket for bucket, _ in stored_files.owners()}
    assert buckets - owned == {settings.bucket_assets}  # the product photos and share cards: no one's
