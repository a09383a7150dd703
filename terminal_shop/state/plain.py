"""Tab state holds plain data (issue 51.7). Reflex pickles each tab's state to disk or Redis,
and a pickle names every object's class by its module: a view (a frozen dataclass from
services/*/views.py and the like) or a Term kept in a state var tied stored tabs to where
that class lived, so moving one needed shims under the old name.

Here each view class a state var can hold is pickled as its name and its fields (a dict),
rebuilt by `rebuild` from the views registered at start (and each Term pickles as its text,
vocabulary.py): a stored tab names no class of ours but the states and this module, so a
view may move between modules freely. A view renamed, or given a new field, no longer
rebuilds: Reflex then starts that tab afresh (reflex_compat.state_store)."""

from __future__ import annotations

import copyreg
import dataclasses
import typing
from collections.abc import Iterable
from typing import Any

import reflex as rx

_VIEWS: dict[str, type] = {}  # the name a view is stored under -> its class


def rebuild(name: str, fields: dict[str, Any]) -> Any:
    """A view from its stored name and fields (an unknown name or field raises: the tab is
    started afresh)."""
    return _VIEWS[name](**fields)


def _as_fields(view: Any) -> tuple[Any, ...]:
    return rebuild, (_name(type(view)), {f.name: getattr(view, f.name) for f in dataclasses.fields(view) if f.init})


def _name(view: type) -> str:
    return getattr(view, "_stored_as", view.__qualname__)


def views_in(annotation: Any, found: set[type] | None = None) -> set[type]:
    """Every dataclass an annotation can hold, through lists, tuples, dicts, unions and the
    dataclasses' own fields."""
    found = set() if found is None else found
    if dataclasses.is_dataclass(annotation) and isinstance(annotation, type):
        if annotation not in found and annotation.__module__.startswith("terminal_shop."):
            found.add(annotation)
            for hint in typing.get_type_hints(annotation).values():
                views_in(hint, found)
        return found
    for arg in typing.get_args(annotation):
        views_in(arg, found)
    return found


def pickle_plainly(states: Iterable[type[rx.State]]) -> set[type]:
    """Registers the plain pickling of every view the vars of `states` can hold (a Term pickles
    as its text by itself: vocabulary.py); returns the view classes (a test checks them)."""
    views: set[type] = set()
    for state in states:
        for name, hint in typing.get_type_hints(state).items():
            if not name.startswith("_"):
                views_in(hint, views)
    names: dict[str, list[type]] = {}
    for view in views:
        names.setdefault(view.__qualname__, []).append(view)
    for name, classes in names.items():
        for view in classes:  # two areas' views of one name are told apart by their area
            area = view.__module__.split(".")[2] if view.__module__.count(".") >= 2 else "shared"
            stored = name if len(classes) == 1 else f"{area}.{name}"
            view._stored_as = stored  # type: ignore[attr-defined]
            _VIEWS[stored] = view
            copyreg.pickle(view, _as_fields)
    return views
