"""What happens to a return, as events: audited on the order's history and the return's own;
the buyer is told of each step, the staff of a new request (returns/notices.py)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from terminal_shop.services.events.bus import Event


@dataclass(frozen=True, kw_only=True)
class ReturnEvent(Event):
    """`entity_id`: the return's id; `old_status` -> `new_status` (terms.ReturnStep); `detail`
    what the buyer reads of the step."""

    entity_type: str = "order_return"


@dataclass(frozen=True, kw_only=True)
class ReturnAsked(ReturnEvent):
    name: ClassVar[str] = "return.asked"
    action: ClassVar[str] = "ajukan-retur"


@dataclass(frozen=True, kw_only=True)
class ReturnMoved(ReturnEvent):
    name: ClassVar[str] = "return.moved"
    action: ClassVar[str] = "retur"
