"""A form whose submit sends files (checked on 0.10.1)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import reflex as rx
from reflex.vars.base import LiteralVar


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


_UPLOAD_KEYS = {
    "files",
    "upload_param_name",
    "upload_id",
    "extra_headers",
    "on_upload_progress",
    "__reflex_event_arg_names",
}


def on_drop(handler: Callable[[Any], Any], upload_id: str) -> Any:
    """A dropzone's `on_drop`: `handler(files)`, whose other arguments must be the state's vars
    or plain values. 0.10.1 hoists the dropzone's hook out of any `rx.foreach`, where an item of
    the loop is undefined: the drop would send nothing and say nothing (the service photo's
    case, 2026-12-07), so such an argument is refused when the page is built."""
    spec = handler(rx.upload_files(upload_id=upload_id))
    for name, value in spec.args:
        loose = not isinstance(value, LiteralVar) and value._get_all_var_data() is None
        if str(name).strip("\"'") not in _UPLOAD_KEYS and loose:
            raise TypeError(f"an upload's argument {name} names a loop's item ({value}): pass a state var")
    return spec
