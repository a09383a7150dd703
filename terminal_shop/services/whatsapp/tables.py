"""The WhatsApp area's tables: when each number last wrote, and the messages people sent us.
Times are aware UTC. Who opted in is the consent log of every channel (notifications/tables.py)."""

from __future__ import annotations

import uuid
from datetime import datetime

import sqlalchemy as sa
from sqlmodel import Field, SQLModel

from terminal_shop.infra.models import UTCDateTime, now_field, personal


class WhatsAppContact(SQLModel, table=True):
    """When a number last wrote to us (WhatsApp's 24-hour window for free text)."""

    __tablename__ = "whatsapp_contacts"

    phone: str = Field(primary_key=True, max_length=20)  # 628123..., no "+"
    last_inbound_at: datetime | None = Field(default=None, sa_type=UTCDateTime)


class WhatsAppInbound(SQLModel, table=True):
    """A message a person sent to the shop's number, kept whether or not it matched an order."""

    __tablename__ = "whatsapp_inbound"
    __table_args__ = (sa.Index("ix_whatsapp_inbound_entity", "entity_type", "entity_id", "received_at"),)

    id: uuid.UUID = Field(default_factory=uuid.uuid4, primary_key=True)
    wa_message_id: str = Field(max_length=200, unique=True)  # Meta's id: a delivery sent twice is kept once
    received_at: datetime = now_field()
    phone: str = Field(max_length=20, index=True, sa_column_kwargs=personal(""))
    kind: str = Field(max_length=20)  # text, image, document, ...
    text: str | None = Field(default=None, sa_type=sa.Text, sa_column_kwargs=personal())
    media_id: str | None = Field(default=None, max_length=200)
    reply_to: str | None = Field(default=None, max_length=200)  # the wamid of our message it answers, if any
    entity_type: str | None = Field(default=None, max_length=20)  # the order it was matched to, if any
    entity_id: str | None = Field(default=None, max_length=64)
    outcome: str | None = Field(default=None, max_length=300)  # what the site did with it
    stored_key: str | None = Field(default=None, max_length=500, sa_column_kwargs=personal())  # a slip kept as proof
