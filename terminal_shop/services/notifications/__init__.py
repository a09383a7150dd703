"""The plumbing of telling people, which imports no area: the outbox (one row a message, in
the change's transaction), the channels and their consent, a notice's neutral content and the
e-mail channel's one template, the sender and its log."""

from terminal_shop.areas import Area, NotPersonal, Task

AREA = Area(
    face=(
        "channels",
        "content",
        "kinds",
        "consent",
        "emails",
        "outbox",
        "sender",
        "sent",
        "erasure",
        "mail_log",
        "terms",
        "views",
    ),
    tables=("tables",),
    tasks=(Task("sender", "sender:drain", 5, "outbox round failed"),),
    figures=("mail_log:operator_figures",),
    not_personal=NotPersonal(
        copies={
            "consents": ("act", "address", "text"),
            "outbox": (
                "attachment_pdf",
                "attachment_pdf_name",
                "attachment_png",
                "body_html",
                "body_text",
                "entity_id",
                "key",
                "last_error",
                "subject",
                "to_addr",
            ),
        },
        codes={
            "consents": ("channel",),
            "outbox": ("channel", "delivery", "entity_type", "provider_id", "request_id", "status"),
        },
    ),
)
