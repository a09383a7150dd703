"""Buyers and merchants signed in without a password (a code by e-mail), and what they own."""

from terminal_shop.areas import Area, NotPersonal

AREA = Area(
    face=("sessions", "terms", "events"),
    tables=("tables",),
    not_personal=NotPersonal(
        copies={"customer_sessions": ("agent", "ended_note"), "sign_in_codes": ("browser",)},  # go with the address
        codes={
            "customer_sessions": ("token_hash",),
            "customer_tabs": ("client_token", "token_hash"),
            "sign_in_codes": ("code_hash",),
        },
    ),
)
