"""Every kind of notice, read from the areas' declarations (issue 60: `AREA = Area(notices=...)`):
no list is kept here, so an area's new notice is its own folder's business. This plumbing
imports no area; it resolves each kind's words where the area said they are."""

from __future__ import annotations

from collections.abc import Callable

from terminal_shop import areas
from terminal_shop.services.notifications.content import Content


def names() -> frozenset[str]:
    return frozenset(areas.notice_kinds())


def values_of(kind: str) -> tuple[str, ...]:
    """What a notice of this kind carries besides its record; KeyError for an unknown kind."""
    return areas.notice_kinds()[kind][1].values


def label_of(kind: str) -> str:
    found = areas.notice_kinds().get(kind)
    return found[1].label if found else kind


def words_of(kind: str) -> Callable[..., Content]:
    """(session, notice) -> its content (channels.Notice, which imports this module)."""
    pkg, tell = areas.notice_kinds()[kind]
    return areas.resolve(pkg, tell.words)
