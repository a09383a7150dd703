"""What happens to the admin team, as events (services/events/bus.py): published by
admin_accounts.py, read by the audit log. The invitation's e-mail is written by
admin_accounts.invite itself: it carries the one-time link, which no stored event may hold."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from terminal_shop.services.events.bus import Event


@dataclass(frozen=True, kw_only=True)
class TeamEvent(Event):
    entity_type: str = "admin"


@dataclass(frozen=True, kw_only=True)
class AdminInvited(TeamEvent):
    """`entity_id`: the invited address (no account exists yet)."""

    name: ClassVar[str] = "team.invited"
    action: ClassVar[str] = "invite"


@dataclass(frozen=True, kw_only=True)
class AdminInviteWithdrawn(TeamEvent):
    """`entity_id`: the invited address; `detail`: by whom or why (its inviter deactivated)."""

    name: ClassVar[str] = "team.invite_withdrawn"
    action: ClassVar[str] = "invite-withdrawn"


@dataclass(frozen=True, kw_only=True)
class AdminInviteLinkCopied(TeamEvent):
    """`entity_id`: the invited address. A further link was made for the owner to pass on."""

    name: ClassVar[str] = "team.invite_link_copied"
    action: ClassVar[str] = "invite-link-copied"


@dataclass(frozen=True, kw_only=True)
class AdminInviteAccepted(TeamEvent):
    name: ClassVar[str] = "team.invite_accepted"
    action: ClassVar[str] = "invite-accepted"


@dataclass(frozen=True, kw_only=True)
class AdminRoleChanged(TeamEvent):
    name: ClassVar[str] = "team.role_changed"
    action: ClassVar[str] = "role"


@dataclass(frozen=True, kw_only=True)
class AdminDeactivated(TeamEvent):
    name: ClassVar[str] = "team.deactivated"
    action: ClassVar[str] = "deactivate"


@dataclass(frozen=True, kw_only=True)
class AdminReactivated(TeamEvent):
    name: ClassVar[str] = "team.reactivated"
    action: ClassVar[str] = "reactivate"


@dataclass(frozen=True, kw_only=True)
class PasswordChanged(TeamEvent):
    """The admin's own new password; their other sessions end."""

    name: ClassVar[str] = "team.password_changed"
    action: ClassVar[str] = "password"


@dataclass(frozen=True, kw_only=True)
class TwoFactorOn(TeamEvent):
    """An authenticator app set up (or set up again), with new recovery codes."""

    name: ClassVar[str] = "team.2fa_on"
    action: ClassVar[str] = "2fa-on"


@dataclass(frozen=True, kw_only=True)
class RecoveryCodesRenewed(TeamEvent):
    name: ClassVar[str] = "team.recovery_codes_renewed"
    action: ClassVar[str] = "2fa-codes"


@dataclass(frozen=True, kw_only=True)
class TwoFactorOff(TeamEvent):
    """`detail`: why (the owner's reset for a lost phone, or the server's)."""

    name: ClassVar[str] = "team.2fa_off"
    action: ClassVar[str] = "2fa-off"


@dataclass(frozen=True, kw_only=True)
class RecoveryCodeUsed(TeamEvent):
    name: ClassVar[str] = "team.recovery_code_used"
    action: ClassVar[str] = "2fa-recovery"


@dataclass(frozen=True, kw_only=True)
class SessionsEnded(TeamEvent):
    """`entity_id`: the admin whose sessions ended; `actor`: who ended them."""

    name: ClassVar[str] = "team.sessions_ended"
    action: ClassVar[str] = "session-end"
