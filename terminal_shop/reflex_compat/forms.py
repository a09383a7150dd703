"""A form whose submit sends files (checked on 0.10.1)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import reflex as rx


def submit_with_files(handler: Any, upload_id: str, check: Any = None) -> Callable[[Any], Any]:
    """A form's submit as one upload that carries the form's fields too (0.10 forwards an
    upload handler's bound arguments in the upload's request: `extra_args` in upload.js).
    Two events that share the fields through the tab's state, the fields by websocket then
    the files by HTTP, leave the tab's queue at once and may reach two workers in either
    order: the upload read a state the fields' event had not written yet (the service
    report's photo flake of 2026-12-06). `check`, given the same fields by websocket, answers
    a refused field at once; the upload's handler checks them again itself."""
    if check is None:
        return lambda form: handler(rx.upload_files(upload_id=upload_id), form)
    return lambda form: [check(form), handler(rx.upload_files(upload_id=upload_id), form)]
