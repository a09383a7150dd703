"""Names that moved to another module, still answered where they were.

Reflex pickles a tab's state, and a pickle names each class by its module: a class moved to
its area (issue 34) must still be found under its old module, or tabs stored before the move
no longer load (tests/unit/test_moved_views.py)."""

from __future__ import annotations

import importlib
from collections.abc import Callable


def finder(moved: dict[str, str]) -> Callable[[str], object]:
    """A module `__getattr__` (PEP 562) that answers each moved name from its new module."""

    def find(name: str) -> object:
        if name in moved:
            return getattr(importlib.import_module(moved[name]), name)
        raise AttributeError(name)

    return find
