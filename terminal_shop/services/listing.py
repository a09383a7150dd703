"""Pagination and search helpers shared by the admin lists."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import func, or_


@dataclass(frozen=True)
class Page:
    rows: list[dict[str, Any]] = field(default_factory=list)
    total: int = 0
    page: int = 1
    per_page: int = 10

    @property
    def pages(self) -> int:
        return max(1, math.ceil(self.total / self.per_page))


def clamp_page(page: object) -> int:
    try:
        return max(1, int(page))
    except (TypeError, ValueError):
        return 1


def contains_any(columns, text: str):  # noqa: ANN001, ANN201
    """Case-insensitive 'contains' over several columns (LIKE wildcards taken literally)."""
    escaped = text.lower().replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    pattern = f"%{escaped}%"
    return or_(*[func.lower(c).like(pattern, escape="\\") for c in columns])
