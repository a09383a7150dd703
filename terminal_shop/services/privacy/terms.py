"""A data subject's words."""

from __future__ import annotations

from terminal_shop import routes
from terminal_shop.infra import rate_limits
from terminal_shop.vocabulary import Term


class DataRequestKind(Term):
    """What a data subject asked for (services/privacy/requests.py)."""

    ACCESS = "akses", "Minta salinan data"
    ERASURE = "hapus", "Minta penghapusan data"


class RequestRefusal(Term):
    """Why a data request cannot be taken; the label (its {details} filled) is what is read."""

    NOT_FOUND = "tidak-ada", "Data tidak ditemukan"
    LINK = "tautan", f"Tautan tidak berlaku. Minta tautan baru di halaman {routes.DASHBOARD_NAME}."
    NOTHING_OWNED = "tanpa-data", "Belum ada pesanan atau pendaftaran dengan email ini"
    TOO_MANY = "terlalu-sering", rate_limits.TOO_MANY_TEXT
