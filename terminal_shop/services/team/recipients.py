"""The team's door for an area that tells staff of work waiting (a return asked): who holds
the permission to act on it."""

from __future__ import annotations

from terminal_shop.services.team import admin_accounts
from terminal_shop.services.team.permissions import Permission


def staff_to_tell(permission: Permission) -> list[str]:
    """The active admins whose role grants `permission`; the bootstrap list when there are none."""
    return admin_accounts.emails_of(permission)
