"""The audit area's words."""

from __future__ import annotations

from terminal_shop.vocabulary import Term


class AccessAction(Term):
    """What an admin did with personal files or data (the access log)."""

    VIEWED = "lihat", "Dilihat"
    DOWNLOADED = "unduh", "Diunduh"
    REPLACED = "ganti", "Diganti"
    EXPORTED = "ekspor", "Diekspor"
