"""The admin team's words."""

from __future__ import annotations

from terminal_shop.vocabulary import Term


class AdminRole(Term):
    """What an admin account may do (services/team/permissions.py holds the table)."""

    OWNER = "pemilik", "Pemilik"
    FINANCE = "keuangan", "Keuangan"
    VERIFIER = "verifikator", "Verifikator"
    SHIPPING = "pengiriman", "Pengiriman"
