"""The admin team: accounts and invitations, roles and what each may do, sign-in with a
second factor, sessions (docs/decisions.md, Team)."""

from terminal_shop.areas import Area

AREA = Area(
    face=("permissions", "terms", "events", "views", "two_factor"),  # two_factor: an action that asks for it again
    tables=("tables",),
)
