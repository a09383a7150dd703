"""The admin team: accounts and invitations, roles and what each may do, sign-in with a
second factor, sessions (docs/decisions.md, Team)."""

from terminal_shop.areas import Area, NotPersonal

AREA = Area(
    face=(
        "permissions",
        "terms",
        "events",
        "views",
        "two_factor",
        "recipients",
    ),  # two_factor: an action that asks for it again
    tables=("tables",),
    not_personal=NotPersonal(
        staff={
            "admin_invites": ("email", "invited_by"),
            "admin_sessions": ("address", "user_agent"),
            "admin_users": ("email",),
            "login_attempts": ("client", "email"),
        },
        codes={
            "admin_invites": ("role", "token_hash"),
            "admin_recovery_codes": ("code_hash",),
            "admin_sessions": ("token_hash",),
            "admin_users": ("password_hash", "role", "totp_pending", "totp_secret"),
        },
    ),
)
