"""The notifications area's tables: the outbox (one row per message and channel) and the
consents (what each address allowed on each channel). Times are timezone-aware UTC."""

from __future__ import annotations

from datetime import datetime

import sqlalchemy as sa
from sqlmodel import Field, SQLModel

from terminal_shop.infra.models import UTCDateTime, now_field
from terminal_shop.services.notifications.terms import MailStatus

EMAIL = "email"
WHATSAPP = "whatsapp"  # the channel of services/whatsapp's rows; every other row is an e-mail


class OutboxMessage(SQLModel, table=True):
    """An e-mail to send, written in the same transaction as the change it tells of.

    `key` names the event (one message per event, however often it is written); the
    sender claims pending rows, delivers them and records the outcome (services/notifications/outbox.py).
    """

    __tablename__ = "outbox"
    __table_args__ = (
        sa.Index("ix_outbox_due", "status", "next_attempt_at"),
        sa.Index("ix_outbox_entity", "entity_type", "entity_id", "created_at"),
    )

    id: int | None = Field(default=None, primary_key=True)
    key: str = Field(max_length=120, unique=True)
    created_at: datetime = now_field()
    channel: str = Field(default="email", max_length=20, sa_column_kwargs={"server_default": "email"})  # Channel
    entity_type: str = Field(max_length=20)
    entity_id: str = Field(max_length=64)
    to_addr: str = Field(max_length=254)
    subject: str = Field(max_length=200)
    body_text: str = Field(sa_type=sa.Text)
    body_html: str = Field(sa_type=sa.Text)
    attachment_png: str | None = Field(default=None, sa_type=sa.Text)  # base64, e.g. the order's QRIS
    attachment_pdf: str | None = Field(default=None, sa_type=sa.Text)  # base64, e.g. the invoice
    attachment_pdf_name: str | None = Field(default=None, max_length=60)
    status: str = Field(default=MailStatus.PENDING.value, max_length=20)
    attempts: int = 0
    next_attempt_at: datetime = now_field()
    sent_at: datetime | None = Field(default=None, sa_type=UTCDateTime)
    last_error: str | None = Field(default=None, sa_type=sa.Text)
    provider_id: str | None = Field(default=None, max_length=200, unique=True)  # WhatsApp's message id
    delivery: str | None = Field(default=None, max_length=20)  # WhatsApp's last status: sent, delivered, read, failed
    request_id: str | None = Field(default=None, max_length=32)  # the request that wrote it (infra/logs.py)


class Consent(SQLModel, table=True):
    """One act of consent on a channel, given or withdrawn: the address, when, the words the
    person saw or wrote, and the act (a checkout, the wizard, a reply). The newest row of an
    address on a channel is its answer (services/notifications/consent.py); the rows before it
    are the record UU 27/2022 asks for."""

    __tablename__ = "consents"
    __table_args__ = (sa.Index("ix_consents_address", "channel", "address", "id"),)

    id: int | None = Field(default=None, primary_key=True)
    channel: str = Field(max_length=20)
    address: str = Field(max_length=254)  # WhatsApp: 628123..., no "+"; an erased number's STOP: a keyed hash
    given: bool
    at: datetime = now_field()
    text: str = Field(max_length=300)  # the checkbox's words, or the person's own reply
    act: str = Field(max_length=120)  # e.g. "checkout TS-AB12CD34", "formulir pendaftaran", "balasan WhatsApp"
