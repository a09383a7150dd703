"""Whether a void or refund may change the transaction it names (issue 46.4: a refund of
Rp 99.000.000 on a Rp 250.000 sale, one naming another merchant's TID, a void and a refund
replayed to flip the status, a refund of an id never seen: all were applied).

The rules, once: it names a transaction this acquirer delivered, with the same TID; status
moves one way (approved -> void, or approved -> refund, in part or whole); refunds and
chargebacks add up to at most the amount (a charged back sale is not voided); the same void, or the same refund (its `refund_id`, "" when none), again
is a duplicate. Anything else is refused with the reason below, for the admin to follow up."""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from terminal_shop.services.transactions.terms import TxnStatus


class Change(StrEnum):
    APPLY = "apply"
    DUPLICATE = "duplicate"
    UNKNOWN = "void or refund of a transaction never received"
    OTHER_TID = "void or refund names another TID than its transaction"
    VOIDED = "transaction already voided"
    REFUNDED = "a refunded transaction cannot be voided"
    TOO_MUCH = "refunds would exceed the transaction's amount"
    CHARGED_BACK = "a charged back transaction cannot be voided"


@dataclass
class Kept:
    """What a change is checked against: the transaction as stored (or as this delivery adds it)."""

    tid: str
    amount: int
    status: str
    refunded: int
    refund_ids: set[str]
    fee: int = 0  # the sale's MDR before refunds
    net: int = 0
    mid: str = ""
    merchant_id: uuid.UUID | None = None
    held: bool = False  # kept out of every payout: so is what changes it
    charged_back: int = 0  # what lost disputes took: a refund may give back only the rest


def check_change(was: Kept | None, item: dict[str, Any]) -> Change:
    status = item["status"]
    if was is None:
        return Change.UNKNOWN if status != TxnStatus.APPROVED else Change.APPLY
    if status == TxnStatus.APPROVED:  # the same sale delivered again
        return Change.DUPLICATE
    if item["tid"] != was.tid:
        return Change.OTHER_TID
    if status == TxnStatus.VOID:
        if was.charged_back and was.status == TxnStatus.APPROVED:
            return Change.CHARGED_BACK
        return {TxnStatus.APPROVED.value: Change.APPLY, TxnStatus.VOID.value: Change.DUPLICATE}.get(
            was.status, Change.REFUNDED
        )
    if item["refund_id"] in was.refund_ids:
        return Change.DUPLICATE
    if was.status == TxnStatus.VOID:
        return Change.VOIDED
    if was.refunded + was.charged_back + item["amount"] > was.amount:
        return Change.TOO_MUCH
    return Change.APPLY
