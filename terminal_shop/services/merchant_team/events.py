"""What happens to a merchant's team and outlets, as events (issue 60.4): each is published in
its change's transaction and written to the account's own log by this area's subscriber
(subscribers.py), as the admin's trail is written from theirs. `entity_id`: the merchant's id;
`detail`: what the log says after the act's words ("kasir@x sebagai Kasir")."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from terminal_shop.services.events.bus import Event
from terminal_shop.services.merchant_team.terms import Activity


@dataclass(frozen=True, kw_only=True)
class TeamEvent(Event):
    entity_type: str = "merchant"
    logged_as: ClassVar[Activity]


@dataclass(frozen=True, kw_only=True)
class MemberInvited(TeamEvent):
    name: ClassVar[str] = "team.invited"
    logged_as: ClassVar[Activity] = Activity.INVITED


@dataclass(frozen=True, kw_only=True)
class MemberJoined(TeamEvent):
    """The session that joins is in the team's log too (issue 63.7): its sign-in was logged
    before, when the address was in no team yet."""

    name: ClassVar[str] = "team.joined"
    logged_as: ClassVar[Activity] = Activity.JOINED


@dataclass(frozen=True, kw_only=True)
class MemberChanged(TeamEvent):
    name: ClassVar[str] = "team.changed"
    logged_as: ClassVar[Activity] = Activity.CHANGED


@dataclass(frozen=True, kw_only=True)
class MemberRemoved(TeamEvent):
    name: ClassVar[str] = "team.removed"
    logged_as: ClassVar[Activity] = Activity.REMOVED


@dataclass(frozen=True, kw_only=True)
class OutletChanged(TeamEvent):
    """Added, its hours set, a device placed there."""

    name: ClassVar[str] = "team.outlet"
    logged_as: ClassVar[Activity] = Activity.OUTLET


@dataclass(frozen=True, kw_only=True)
class AccountDownloaded(TeamEvent):
    """The account downloaded a CSV, an invoice or a statement (`detail`: which)."""

    name: ClassVar[str] = "team.downloaded"
    logged_as: ClassVar[Activity] = Activity.DOWNLOADED
