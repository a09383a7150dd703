"""Tab state holds plain data (issue 51.7). Reflex pickles each tab's state to disk or Redis,
and a pickle names every object's class by its module: a view (a frozen dataclass from
services/*/views.py and the like) or a Term kept in a state var tied stored tabs to where
that class lived, so moving one needed shims under the old name.

Here each view class a state var can hold is pickled as a `types.SimpleNamespace` of its
fields (and each Term pickles as its text, vocabulary.py): a stored tab names no class of ours but the states
themselves. A view read back answers the same attributes, and is sent to the browser as the
same fields (the serializer below); a Term read back is the str it equals."""

from __future__ import annotations

import copyreg
import dataclasses
import types
import typing
from collections.abc import Iterable
from typing import Any

import reflex as rx


def _as_namespace(view: Any) -> tuple[Any, ...]:
    return types.SimpleNamespace, (), {f.name: getattr(view, f.name) for f in dataclasses.fields(view)}


@rx.serializer
def _namespace(value: types.SimpleNamespace) -> dict:
    """A view read back from stored tab state, sent as the dataclass it was (its fields)."""
    return dict(vars(value))  # the JSON encoder serializes what it holds in turn


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
    for view in views:
        copyreg.pickle(view, _as_namespace)
    return views
