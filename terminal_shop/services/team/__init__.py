"""The admin team: accounts and invitations, roles and what each may do, sign-in with a
second factor, sessions (docs/decisions.md, Team)."""
