"""Buyers and merchants signed in without a password (a code by e-mail), and what they own."""

from terminal_shop.areas import Area

AREA = Area(
    face=("sessions", "terms", "events"),
    tables=("tables",),
)
