"""The MDR a merchant agreed (issue 37 point 4): set on the merchant's admin page by the owner or
finance, per channel from a day on, used for that merchant's transactions instead of the table's
rule (mdr.fee). A rate applies from its day: transactions already kept keep their fee."""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import date
from decimal import Decimal, InvalidOperation

from sqlmodel import col, select

from terminal_shop.formats import day_text, digits_only
from terminal_shop.infra.db import read_session, write_session
from terminal_shop.refusals import FieldErrors, Refused
from terminal_shop.services.events.bus import publish
from terminal_shop.services.registrations import owners as registrations
from terminal_shop.services.transactions.events import RateAgreed
from terminal_shop.services.transactions.mdr import Rule, rate_text
from terminal_shop.services.transactions.tables import AgreedRate
from terminal_shop.services.transactions.terms import CHANNELS, MAX_PERCENT, RateRefusal


@dataclass(frozen=True)
class RateLine:
    channel: str
    rate: str  # "0,5%" or "0,5% + Rp 1.000"
    since: str
    set_by: str


def rule_of(row: AgreedRate) -> Rule:
    """An agreed rate as mdr.fee takes it: for any terminal, merchant size and amount."""
    return Rule(row.channel, None, None, None, Decimal(row.percent), row.flat, row.since)


def rates_of(merchant_id: str) -> list[RateLine]:
    with read_session() as s:
        rows = s.exec(
            select(AgreedRate).where(col(AgreedRate.merchant_id) == uuid.UUID(merchant_id))
            .order_by(col(AgreedRate.since).desc(), col(AgreedRate.id).desc())
        ).all()  # fmt: skip
    return [
        RateLine(CHANNELS.get(r.channel, r.channel), rate_text(rule_of(r)), day_text(r.since), r.set_by) for r in rows
    ]


def set_rate(merchant_id: str, form: dict[str, str], admin_email: str) -> FieldErrors:
    """What is wrong with each field; nothing is stored unless every field is right."""
    errors: FieldErrors = {}
    channel = form.get("channel", "")
    if channel not in CHANNELS:
        errors["channel"] = Refused(RateRefusal.CHANNEL)
    try:
        percent = Decimal(form.get("percent", "").strip().replace(",", ".") or "x")
        if not (0 <= percent <= MAX_PERCENT) or percent.as_tuple().exponent < -3:  # type: ignore[operator]
            raise InvalidOperation
    except InvalidOperation:
        errors["percent"], percent = Refused(RateRefusal.PERCENT), Decimal(0)
    flat = int(digits_only(form.get("flat", ""))[:9] or 0)
    try:
        since = date.fromisoformat(form.get("since", ""))
    except ValueError:
        errors["since"], since = Refused(RateRefusal.SINCE), date.today()
    if errors:
        return errors
    with write_session() as s:
        merchant = uuid.UUID(merchant_id)
        if not registrations.is_live(s, merchant):
            return {"channel": Refused(RateRefusal.MERCHANT)}
        s.add(AgreedRate(merchant_id=merchant, channel=channel, percent=str(percent), flat=flat, since=since,
                         set_by=admin_email))  # fmt: skip
        detail = f"MDR {CHANNELS[channel]} {rate_text(Rule(channel, None, None, None, percent, flat, since))} mulai {day_text(since)}"
        publish(s, RateAgreed(entity_id=merchant_id, actor=admin_email, detail=detail))
    return {}
