"""What happens to a merchant registration, as events (services/events/bus.py): published
by submission.py, resubmission.py and transitions.py, read by the audit log and the
notifications."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from terminal_shop.services.events.bus import Event


@dataclass(frozen=True, kw_only=True)
class RegistrationEvent(Event):
    entity_type: str = "merchant"


@dataclass(frozen=True, kw_only=True)
class RegistrationSubmitted(RegistrationEvent):
    name: ClassVar[str] = "registration.submitted"


@dataclass(frozen=True, kw_only=True)
class RegistrationApproved(RegistrationEvent):
    name: ClassVar[str] = "registration.approved"
    action: ClassVar[str] = "status"


@dataclass(frozen=True, kw_only=True)
class RegistrationRejected(RegistrationEvent):
    """`detail`: the reason the applicant is told (with the link to correct what is marked)."""

    name: ClassVar[str] = "registration.rejected"
    action: ClassVar[str] = "status"


@dataclass(frozen=True, kw_only=True)
class RegistrationReopened(RegistrationEvent):
    """An admin put it back to pending: nobody is told."""

    name: ClassVar[str] = "registration.reopened"
    action: ClassVar[str] = "status"


@dataclass(frozen=True, kw_only=True)
class RegistrationEdited(RegistrationEvent):
    """An admin changed its fields, not its status."""

    name: ClassVar[str] = "registration.edited"
    action: ClassVar[str] = "edit"


@dataclass(frozen=True, kw_only=True)
class RegistrationCorrected(RegistrationEvent):
    """The applicant corrected it through the rejection's link; `detail` names what changed."""

    name: ClassVar[str] = "registration.corrected"
    action: ClassVar[str] = "resubmit"


@dataclass(frozen=True, kw_only=True)
class RegistrationDeleted(RegistrationEvent):
    """`detail`: how many documents went (nothing personal: the entry outlives the record)."""

    name: ClassVar[str] = "registration.deleted"
    action: ClassVar[str] = "delete"


@dataclass(frozen=True, kw_only=True)
class RegistrationEnded(RegistrationEvent):
    """The business relationship ended (retention counts from here)."""

    name: ClassVar[str] = "registration.ended"
    action: ClassVar[str] = "ended"


@dataclass(frozen=True, kw_only=True)
class RegistrationResumed(RegistrationEvent):
    name: ClassVar[str] = "registration.resumed"
    action: ClassVar[str] = "resumed"


@dataclass(frozen=True, kw_only=True)
class DocumentReplaced(RegistrationEvent):
    """An admin replaced a document; `detail`: which."""

    name: ClassVar[str] = "registration.document_replaced"
    action: ClassVar[str] = "document"


@dataclass(frozen=True, kw_only=True)
class PayoutAccountChanged(RegistrationEvent):
    """A step of a request for a new payout account (registrations/payout_account.py):
    `new_status` its AccountChangeStep, `detail` the masked account and what happens next.
    The owner is told of each step by every channel they agreed to."""

    name: ClassVar[str] = "registration.payout_account"
    action: ClassVar[str] = "rekening"


@dataclass(frozen=True, kw_only=True)
class TaxIdentitySet(RegistrationEvent):
    """The owner said the business is a PKP, with its NPWP/NITKU for the MDR invoice's faktur
    (`detail`: the NPWP masked), or that it no longer is."""

    name: ClassVar[str] = "registration.tax_identity"
    action: ClassVar[str] = "npwp"
