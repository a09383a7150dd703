"""A merchant's payout questions and recap choice as erasure takes them
(services/privacy/erasure.py): who asked, what they saw and the answer blanked. The payouts
themselves hold no one's words (the account is kept masked, "BCA ••7890")."""

from __future__ import annotations

import uuid

from sqlmodel import Session, col, select

from terminal_shop.infra.models import Held, blank_where
from terminal_shop.services.payouts.events import PayoutEvent
from terminal_shop.services.payouts.tables import PayoutCase, RecapChoice


def erase_of_merchant(s: Session, merchant_id: uuid.UUID) -> Held:
    payouts = set(s.exec(select(PayoutCase.payout_id).where(col(PayoutCase.merchant_id) == merchant_id)))
    blank_where(s, PayoutCase, lambda t: t.c.merchant_id == merchant_id)
    blank_where(s, RecapChoice, lambda t: t.c.merchant_id == merchant_id)
    return Held(records=tuple((PayoutEvent.entity_type, str(p)) for p in payouts))
