"""The fleet area's words."""

from __future__ import annotations

from terminal_shop.vocabulary import Term


class Paper(Term):
    OK = "ok", "Ada", "emerald"
    LOW = "low", "Hampir habis", "amber"
    OUT = "out", "Habis", "red"
    NONE = "none", "Tanpa printer", "slate"  # a Soundbox


class FleetFilter(Term):
    """The admin's fleet view: which devices it lists."""

    OFFLINE = "offline", "Offline"
    NEVER = "belum-terhubung", "Belum pernah terhubung"  # active, no heartbeat at all (issue 63.6)
    BATTERY = "baterai", "Baterai lemah"
    SIGNAL = "sinyal", "Sinyal lemah"
    PAPER = "kertas", "Kertas habis"
    OLD_APP = "aplikasi-lama", "Aplikasi lama"
    SILENT = "tanpa-transaksi", "Tanpa transaksi"
