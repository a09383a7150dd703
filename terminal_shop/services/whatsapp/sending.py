"""Delivering a WhatsApp outbox row (services/notifications/outbox.py calls it for the channel
"whatsapp"): the template and its parameters the row holds, sent with its approved name."""

from __future__ import annotations

import json

from terminal_shop.services.notifications.tables import OutboxMessage
from terminal_shop.services.whatsapp import cloud_api
from terminal_shop.services.whatsapp.templates import TEMPLATES


def deliver(row: OutboxMessage) -> str:
    """Meta's message id; raises cloud_api.WhatsAppError (its `final` says whether to retry)."""
    body = json.loads(row.body_text)
    if body.get("text") is not None:  # an admin's free reply inside the 24-hour window
        return cloud_api.send_text(row.to_addr, str(body["text"]))
    template = TEMPLATES[body["template"]]
    return cloud_api.send_template(row.to_addr, template.name, [str(p) for p in body["params"]])
