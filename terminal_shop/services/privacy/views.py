"""What the pages show of a data subject's requests."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class DataRequestView:
    """A data subject's request waiting for its answer (services/privacy/requests.py)."""

    label: str
    link: str  # the record's admin page
    asked_at: str
    due: str
    overdue: bool
