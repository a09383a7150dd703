"""Which stored files are still someone's: each area answers for its own rows, and the orphan
sweeper (infra/sweeper.py, which knows no area) is handed these answers."""

from __future__ import annotations

import uuid
from collections.abc import Callable
from datetime import timedelta

from terminal_shop import areas
from terminal_shop.infra import sweeper
from terminal_shop.infra.settings import get_settings
from terminal_shop.infra.storage import Storage


def owners() -> list[sweeper.Owner]:
    """Per bucket, the union of what each area's declared owners name (terminal_shop/areas.py)."""
    settings = get_settings()
    return [(getattr(settings, bucket), _union(found)) for bucket, found in areas.file_owners().items()]


def _union(found: list[Callable[[list[uuid.UUID]], set[str]]]) -> Callable[[list[uuid.UUID]], set[str]]:
    return lambda ids: set().union(*(keys(ids) for keys in found))


def sweep(grace: timedelta = sweeper.GRACE, storage: Storage | None = None) -> list[str]:
    return sweeper.sweep(owners(), grace, storage)


def sweep_quietly() -> int:
    return sweeper.sweep_quietly(owners())
