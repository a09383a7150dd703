"""The back office's own words: the lists' date ranges and sorts (as the URL holds them), and
what the access log records an admin did."""

from __future__ import annotations

from terminal_shop.vocabulary import Term


class Period(Term):
    """The admin lists' and overview's date ranges, in WIB days (services/backoffice/list_query.py)."""

    TODAY = "hari-ini", "Hari ini"
    LAST_7 = "7-hari", "7 hari terakhir"
    LAST_30 = "30-hari", "30 hari terakhir"
    THIS_MONTH = "bulan-ini", "Bulan ini"
    CUSTOM = "pilih", "Pilih tanggal"


class SortField(Term):
    """What an admin list can be sorted by; each list names the columns behind each."""

    DATE = "tanggal", "Tanggal"
    TOTAL = "total", "Total"
    NAME = "nama", "Nama"
    STATUS = "status", "Status"


# Moved to the audit area; named here for tab states pickled before (issue 51.1).
from terminal_shop.services.audit.terms import AccessAction  # noqa: E402, F401
