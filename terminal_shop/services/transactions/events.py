"""What admins change in the transactions area, as events (services/events/bus.py): stored
and audited in the transaction that makes the change (issue 51.5: no change committed first
and audited in a second transaction that may not happen). No event holds a secret."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from terminal_shop.services.events.bus import Event


@dataclass(frozen=True, kw_only=True)
class AcquirerAdded(Event):
    """`entity_id`: the acquirer's code; `detail`: its name and cut-off."""

    entity_type: str = "acquirer"
    name: ClassVar[str] = "transactions.acquirer_added"
    action: ClassVar[str] = "tambah"


@dataclass(frozen=True, kw_only=True)
class AcquirerSecretReplaced(Event):
    entity_type: str = "acquirer"
    name: ClassVar[str] = "transactions.acquirer_secret_replaced"
    action: ClassVar[str] = "ganti-rahasia"


@dataclass(frozen=True, kw_only=True)
class AcquirerScheduled(Event):
    """`entity_id`: the acquirer's code; `detail`: its payout schedule before and after."""

    entity_type: str = "acquirer"
    name: ClassVar[str] = "transactions.acquirer_scheduled"
    action: ClassVar[str] = "jadwal"


@dataclass(frozen=True, kw_only=True)
class LedgerCorrected(Event):
    """`entity_id`: "<acquirer>:<MID>"; `detail`: the signed amount, the payout day and the reason."""

    entity_type: str = "merchant_account"
    name: ClassVar[str] = "transactions.ledger_corrected"
    action: ClassVar[str] = "koreksi"


@dataclass(frozen=True, kw_only=True)
class HeldSaleReleased(Event):
    """A held sale given to its terminal's merchant (`entity_id`: the transaction id)."""

    entity_type: str = "transaction"
    name: ClassVar[str] = "transactions.held_released"
    action: ClassVar[str] = "lepas-tahan"


@dataclass(frozen=True, kw_only=True)
class RateAgreed(Event):
    """`entity_id`: the merchant's id; `detail`: the channel, the rate and its first day."""

    entity_type: str = "merchant"
    name: ClassVar[str] = "transactions.rate_agreed"
    action: ClassVar[str] = "mdr"


@dataclass(frozen=True, kw_only=True)
class SettlementReported(Event):
    """An acquirer's settlement report imported (`entity_id`: the acquirer): `paid` names each
    merchant account and day it marked paid, "MID YYYY-MM-DD" (the payouts follow it)."""

    entity_type: str = "acquirer"
    name: ClassVar[str] = "transactions.settlement_reported"
    paid: tuple[str, ...] = ()
