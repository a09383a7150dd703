"""A data subject's words."""

from __future__ import annotations

from terminal_shop.vocabulary import Term


class DataRequestKind(Term):
    """What a data subject asked for (services/privacy/requests.py)."""

    ACCESS = "akses", "Minta salinan data"
    ERASURE = "hapus", "Minta penghapusan data"
