"""The servicing area's tables: one case per report, and the photos or video it carries
(stored in the merchant documents bucket under the case's id)."""

from __future__ import annotations

import uuid
from datetime import date, datetime

from sqlmodel import Field, SQLModel

from terminal_shop.infra.models import ERASED, UTCDateTime, now_field, personal
from terminal_shop.services.servicing.terms import CaseStep


class ServiceCase(SQLModel, table=True):
    __tablename__ = "service_cases"

    id: uuid.UUID = Field(default_factory=uuid.uuid4, primary_key=True)
    number: str = Field(max_length=20, unique=True)  # "SRV-261128-3F2A": what the merchant quotes
    device_id: uuid.UUID = Field(index=True)
    merchant_id: uuid.UUID = Field(index=True)
    problem: str = Field(max_length=20)  # terms.Problem
    text: str = Field(max_length=1000, sa_column_kwargs=personal(ERASED))
    opened_by: str = Field(max_length=254, sa_column_kwargs=personal(ERASED))  # the merchant's e-mail, or the admin's
    opened_at: datetime = now_field()
    step: str = Field(default=CaseStep.OPEN.value, max_length=30, index=True)
    warranty_until: date | None = None  # the unit's, when reported
    in_warranty: bool = False
    promise: str = Field(max_length=300)  # stated once, when opened
    note: str = Field(default="", max_length=1000, sa_column_kwargs=personal(ERASED))  # the admin's check
    outcome: str = Field(default="", max_length=200)  # how it ended
    replacement_id: uuid.UUID | None = None
    replacement_courier: str | None = Field(default=None, max_length=40)
    replacement_resi: str | None = Field(default=None, max_length=40)
    pickup_courier: str | None = Field(default=None, max_length=40)
    pickup_resi: str | None = Field(default=None, max_length=40)
    fee_sku: str | None = Field(default=None, max_length=30)  # the invoice's line, from catalogue.SERVICE_FEES
    sent_at: datetime | None = Field(default=None, sa_type=UTCDateTime)  # the replacement left: 14 days to collect
    # The replacement in the merchant's hands (they said so, or staff did): only then activated (issue 63.8).
    delivered_at: datetime | None = Field(default=None, sa_type=UTCDateTime)
    pickup_on: date | None = None  # the old unit's collection, as the merchant was told: the day
    pickup_window: str | None = Field(default=None, max_length=20)  # and the hours, terms.PICKUP_WINDOWS
    changed_at: datetime = now_field()
    closed_at: datetime | None = Field(default=None, sa_type=UTCDateTime)


class ServiceMedia(SQLModel, table=True):
    __tablename__ = "service_media"

    id: int | None = Field(default=None, primary_key=True)
    case_id: uuid.UUID = Field(index=True)
    file_key: str = Field(max_length=200)
    content_type: str = Field(max_length=40)
    size: int
    uploaded_by: str = Field(max_length=254, sa_column_kwargs=personal(ERASED))
    uploaded_at: datetime = now_field()
