"""How the merchant team area follows its own events and others' (the area's
__init__.py): the account's log from the team's events (events.py) and a customer's sign-in; an
approved merchant's first outlet; a replaced unit's outlet goes to its replacement, and a unit
back at the warehouse stands at no outlet.
(What erasure takes of a team: personal.py.)"""

from __future__ import annotations

import uuid

from sqlmodel import Session

from terminal_shop.services import working_days
from terminal_shop.services.customers import sessions
from terminal_shop.services.customers.events import CustomerSignedIn
from terminal_shop.services.devices import units
from terminal_shop.services.devices.events import DeviceReplaced, DeviceStatusChanged
from terminal_shop.services.devices.terms import DeviceStatus
from terminal_shop.services.events.bus import subscribe
from terminal_shop.services.merchant_team import activity, members, outlets
from terminal_shop.services.merchant_team.events import (
    AccountDownloaded,
    MemberChanged,
    MemberInvited,
    MemberJoined,
    MemberRemoved,
    OutletChanged,
    TeamEvent,
)
from terminal_shop.services.merchant_team.terms import Activity
from terminal_shop.services.payouts import cases as payout_cases
from terminal_shop.services.payouts.events import PayoutCaseOpened
from terminal_shop.services.registrations import owners as registrations
from terminal_shop.services.registrations.events import RegistrationApproved
from terminal_shop.services.servicing import cases as service_cases
from terminal_shop.services.servicing.events import ServiceCaseOpened


@subscribe(MemberInvited, MemberJoined, MemberChanged, MemberRemoved, OutletChanged, AccountDownloaded)
def _logged(s: Session, event: TeamEvent) -> None:
    """The account's own log, from the team's events; a join logs the session that joined too."""
    merchants = [uuid.UUID(event.entity_id)]
    if isinstance(event, MemberJoined):
        activity.record_in(s, merchants, event.actor, Activity.SIGNED_IN)
    activity.record_in(s, merchants, event.actor, event.logged_as, event.detail or "")


@subscribe(CustomerSignedIn)
def _signed_in(s: Session, event: CustomerSignedIn) -> None:
    """A sign-in in the log of the merchants the address owns and the teams it works in."""
    address = sessions.address_of(s, event.entity_id)
    if address:
        merchants = registrations.approved_in(s, address) + members.joined_merchants(s, address)
        activity.record_in(s, merchants, address, Activity.SIGNED_IN)


@subscribe(RegistrationApproved)
def _approved(s: Session, event: RegistrationApproved) -> None:
    outlets.first_outlets(s, [uuid.UUID(event.entity_id)], event.actor)


@subscribe(ServiceCaseOpened)
def _problem_reported(s: Session, event: ServiceCaseOpened) -> None:
    """The owner's log names who reported a unit's problem (the merchant's staff, or ours on the phone)."""
    found = service_cases.told(s, event.entity_id)
    if found is not None:
        activity.record_in(s, [found[0]], event.actor, Activity.REPORTED, f"masalah {found[1]}")


@subscribe(PayoutCaseOpened)
def _payout_reported(s: Session, event: PayoutCaseOpened) -> None:
    """ "Dana belum masuk?", and "Masih belum masuk" when a case is opened again."""
    found = payout_cases.reported(s, event.entity_id)
    if found is not None:
        again = "masih belum masuk" if event.detail == payout_cases.STILL_MISSING else "dana belum masuk"
        activity.record_in(s, [found[0]], event.actor, Activity.REPORTED, f"{again} {working_days.spoken(found[1])}")


@subscribe(DeviceReplaced)
def _replaced(s: Session, event: DeviceReplaced) -> None:
    old = uuid.UUID(event.entity_id)
    new = units.replacement_of(s, old)
    outlets.take_place(s, old, new.id if new else None)


@subscribe(DeviceStatusChanged)
def _left(s: Session, event: DeviceStatusChanged) -> None:
    if event.new_status in (DeviceStatus.IN_STOCK.value, DeviceStatus.RETURNED.value):  # back at the warehouse
        outlets.take_place(s, uuid.UUID(event.entity_id), None)
