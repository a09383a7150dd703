"""What the admin team's pages show, as typed, frozen objects."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class SessionView:
    """One of an admin's signed-in sessions ("Sesi aktif")."""

    key: str  # the first 12 hex of the token's hash: names the session to end, opens nothing
    device: str
    address: str
    started: str
    last_seen: str
    this_one: bool


@dataclass(frozen=True)
class AdminAccountView:
    """One admin account on the owner's accounts screen."""

    id: str
    email: str
    role: str
    role_label: str
    two_factor: bool
    last_sign_in: str
    active: bool


@dataclass(frozen=True)
class InviteView:
    """An invitation not yet used, as the accounts screen lists it."""

    email: str
    role_label: str
    expires: str
    mail: str = ""  # "Email terkirim 26 Nov 2026 14.05 WIB", or why it was not sent
    mail_sent: bool = False
