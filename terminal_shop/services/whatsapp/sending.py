"""Delivering a WhatsApp outbox row (services/notifications/outbox.py calls it for the channel
"whatsapp"): the template and its parameters the message holds, sent with its approved name."""

from __future__ import annotations

import json

from terminal_shop.services.notifications.outbox import Queued
from terminal_shop.services.whatsapp import cloud_api
from terminal_shop.services.whatsapp.templates import TEMPLATES


def deliver(queued: Queued) -> str:
    """Meta's message id; raises cloud_api.WhatsAppError (its `final` says whether to retry)."""
    body, to = json.loads(queued.mail.text), queued.mail.to
    if body.get("text") is not None:  # an admin's free reply inside the 24-hour window
        return cloud_api.send_text(to, str(body["text"]))
    template = TEMPLATES[body["template"]]
    return cloud_api.send_template(to, template.name, [str(p) for p in body["params"]])
