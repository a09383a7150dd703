"""An admin's correction of a merchant account's money (issue 59.1): a signed amount with the
reason the merchant reads in the breakdown, posted to the ledger on the MID's next payout not
yet sent and audited in the same transaction. Nothing stored is edited: a wrong correction is
put right by another."""

from __future__ import annotations

import re
from datetime import date

from terminal_shop.formats import rupiah
from terminal_shop.infra.db import write_session
from terminal_shop.refusals import Refused
from terminal_shop.services.events.bus import publish
from terminal_shop.services.transactions import ledger
from terminal_shop.services.transactions.events import LedgerCorrected
from terminal_shop.services.transactions.tables import Acquirer
from terminal_shop.services.transactions.terms import CorrectionRefusal

AMOUNT = re.compile(r"([+-]?)\s*(?:Rp\s*)?(\d{1,3}(?:\.\d{3})+|\d+)")
MOST = 10**10  # Rp 10 miliar: beyond it, a typo


class CorrectionError(Refused):
    code: CorrectionRefusal


def amount_of(text: str) -> int:
    match = AMOUNT.fullmatch(str(text or "").strip())
    value = int(match[2].replace(".", "")) * (-1 if match[1] == "-" else 1) if match else 0
    if not value or abs(value) > MOST:
        raise CorrectionError(CorrectionRefusal.AMOUNT)
    return value


def correct(acquirer: str, mid: str, amount: str, reason: str, admin_email: str) -> tuple[int, date]:
    """(the amount, the payout day it landed on), or CorrectionError."""
    value = amount_of(amount)
    words = " ".join(str(reason or "").split())
    if not 5 <= len(words) <= 200:
        raise CorrectionError(CorrectionRefusal.REASON)
    code, mid = str(acquirer).strip().lower()[:20], str(mid).strip()[:20]
    with write_session() as s:
        merchant = ledger.merchant_of_mid(s, code, mid) if s.get(Acquirer, code) else None
        if merchant is None:
            raise CorrectionError(CorrectionRefusal.MID)
        day = ledger.correct(s, code, mid, merchant, value, words, admin_email)
        assert day is not None  # a merchant's MID: never held
        publish(s, LedgerCorrected(entity_id=f"{code}:{mid}", actor=admin_email,
                                   detail=f"{'+' if value > 0 else '-'}{rupiah(abs(value))} pada {day.isoformat()}: {words}"[:200]))  # fmt: skip
    return value, day
