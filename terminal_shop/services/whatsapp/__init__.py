"""WhatsApp through Meta's Cloud API: template notifications to numbers that opted in, the
webhook's statuses and replies, a reply with a transfer slip taken as the order's proof."""

from terminal_shop.areas import Area, Files, NotPersonal

AREA = Area(
    face=("terms", "codes", "personal"),  # codes: a sign-in code sent by WhatsApp (customers)
    tables=("tables",),
    files=(Files("bucket_order_payments", "slips:order_keys"),),
    not_personal=NotPersonal(
        copies={"whatsapp_contacts": ("phone",), "whatsapp_inbound": ("entity_id", "media_id")},  # a STOP kept hashed
        codes={"whatsapp_inbound": ("entity_type", "kind", "outcome", "reply_to", "wa_message_id")},
    ),
)
