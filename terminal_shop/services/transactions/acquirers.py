"""Acquirers as the admin adds them on "Transaksi" (issue 37 point 7): a code, a name and the
cut-off time after which a transaction counts for the next day; the owner sets each one's payout
schedule (issue 59.5: cut-off, the hour a payout is in the account by, working or calendar days). The webhook secret is made
here, returned once for the admin to hand over, and never stored: it is derived from the
site's key and a nonce (signers.secret_of); "Ganti rahasia" draws a new nonce."""

from __future__ import annotations

import re
import secrets

from sqlalchemy.exc import IntegrityError

from terminal_shop.infra.db import write_session
from terminal_shop.refusals import Refused
from terminal_shop.services.events.bus import publish
from terminal_shop.services.transactions import settlement, signers
from terminal_shop.services.transactions.events import AcquirerAdded, AcquirerScheduled, AcquirerSecretReplaced
from terminal_shop.services.transactions.tables import Acquirer
from terminal_shop.services.transactions.terms import AcquirerRefusal

CODE = re.compile(r"[a-z0-9]{2,20}")


class AcquirerError(Refused):
    code: AcquirerRefusal


def cutoff_minutes(text: str, refusal: AcquirerRefusal = AcquirerRefusal.CUTOFF) -> int:
    """'23:00' (or '23.00', WIB) as minutes after midnight."""
    match = re.fullmatch(r"([01]?\d|2[0-3])[:.]([0-5]\d)", text.strip())
    if match is None:
        raise AcquirerError(refusal)
    return int(match[1]) * 60 + int(match[2])


def add(code: str, name: str, cutoff: str, admin_email: str) -> str:
    """The new acquirer's webhook secret (shown once)."""
    code = code.strip().lower()
    if not CODE.fullmatch(code):
        raise AcquirerError(AcquirerRefusal.CODE)
    if not name.strip():
        raise AcquirerError(AcquirerRefusal.NAME)
    minutes = cutoff_minutes(cutoff or "23:00")
    try:
        with write_session() as s:  # the acquirer and its audit entry, or neither
            secret = signers.new_acquirer(s, code, name, minutes)
            detail = f"{name.strip()[:80]}, batas {cutoff or '23:00'} WIB"
            publish(s, AcquirerAdded(entity_id=code, actor=admin_email, detail=detail))
    except IntegrityError:
        raise AcquirerError(AcquirerRefusal.EXISTS, acquirer=code) from None
    return secret


def rotate(code: str, admin_email: str) -> str:
    """A new secret for the acquirer; the old one is refused from now on."""
    with write_session() as s:
        acquirer = s.get(Acquirer, code)
        if acquirer is None:
            raise AcquirerError(AcquirerRefusal.NOT_FOUND)
        acquirer.secret_nonce = secrets.token_hex(16)
        s.add(acquirer)
        publish(s, AcquirerSecretReplaced(entity_id=code, actor=admin_email, detail="rahasia webhook diganti"))
        return signers.secret_of(acquirer.code, acquirer.secret_nonce)


def set_schedule(code: str, cutoff: str, arrives: str, calendar_days: bool, admin_email: str) -> settlement.Schedule:
    """The acquirer's payout schedule from now on (sales already posted keep their day)."""
    plan = settlement.Schedule(
        cutoff_minutes(cutoff), cutoff_minutes(arrives, AcquirerRefusal.ARRIVES), bool(calendar_days)
    )
    with write_session() as s:
        acquirer = s.get(Acquirer, code)
        if acquirer is None:
            raise AcquirerError(AcquirerRefusal.NOT_FOUND)
        before = settlement.of(acquirer).words()
        acquirer.cutoff_minutes, acquirer.arrives_minutes, acquirer.calendar_days = (
            plan.cutoff_minutes, plan.arrives_minutes, plan.calendar_days)  # fmt: skip
        s.add(acquirer)
        publish(s, AcquirerScheduled(entity_id=code, actor=admin_email, detail=f"{before} -> {plan.words()}"))
    return plan
