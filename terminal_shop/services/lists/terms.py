"""The admin lists' words: date ranges and sorts, as the URL holds them."""

from __future__ import annotations

from terminal_shop.vocabulary import Term


class Period(Term):
    """The admin lists' and overview's date ranges, in WIB days (services/lists/list_query.py)."""

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
