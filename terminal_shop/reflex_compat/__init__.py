"""Every use of Reflex's internals and private names, in one place.

Each entry says which Reflex version it was checked on (0.10.1) and what it relies on.
`tests/unit/test_reflex_compat.py` and `tests/browser/test_reflex_compat_browser.py` fail
loudly when an upgrade changes one, so a Reflex upgrade breaks here, in a test, not in
production one page at a time.
"""

from __future__ import annotations

import inspect
import json
import typing
from collections.abc import Callable
from typing import Any

import reflex as rx

# 0.10.1: these live outside Reflex's public `rx` namespace (its component and var packages).
from reflex.event import EventSpec
from reflex.vars.base import Var
from reflex.vars.object import ObjectVar
from reflex.vars.sequence import ArrayVar
from reflex_base.event import EventHandler, no_args_event_spec
from reflex_components_core.el.elements.base import BaseHTML
from reflex_components_core.el.elements.media import Img
from reflex_components_core.react_router.dom import ReactRouterLink

from terminal_shop.reflex_compat import state_store
from terminal_shop.reflex_compat.build import (
    BUILD_ASSETS_PREFIX,
    ENTRY_MODULE,
    MODULE_PRELOAD,
    built_pages_dir,
    reflex_worker_count,
    run_reflex_cli_on_gunicorn,
)
from terminal_shop.reflex_compat.js import browser_expr, js_var
from terminal_shop.reflex_compat.state_store import empty_states_mentioning, empty_tab_states
from terminal_shop.reflex_compat.testing import (
    detached_root_state,
    forget_loaded_tabs,
    router_with_headers,
    stored_tab,
    upload_file,
)
from terminal_shop.reflex_compat.toasts import _TOASTS, toaster, toasts_end_with_their_page

__all__ = [  # what other modules import from here, beyond the functions below
    "BUILD_ASSETS_PREFIX",
    "ENTRY_MODULE",
    "MODULE_PRELOAD",
    "browser_expr",
    "built_pages_dir",
    "detached_root_state",
    "empty_states_mentioning",
    "empty_tab_states",
    "forget_loaded_tabs",
    "js_var",
    "router_with_headers",
    "stored_tab",
    "reflex_worker_count",
    "run_reflex_cli_on_gunicorn",
    "toaster",
    "toasts_end_with_their_page",
    "upload_file",
    "ArrayVar",
    "BaseHTML",
    "EventHandler",
    "EventSpec",
    "Img",
    "ObjectVar",
    "ReactRouterLink",
    "Var",
    "no_args_event_spec",
]

# ----- paths Reflex's backend answers on (0.10.1: reflex.constants.Endpoint) -----

EVENT_PATH = "/_event"  # the websocket: tab state is created from this request's headers
UPLOAD_PATH = "/_upload"  # rx.upload's POST; its handler is named in this header:
UPLOAD_HANDLER_HEADER = "reflex-event-handler"
HEALTH_PATHS = ("/ping", "/_health")
STATE_PATHS = (EVENT_PATH, UPLOAD_PATH)  # where Reflex copies request headers into tab state


# 0.10.1: the upload context's generated JS names (reflex_components_core/core/upload.py).
FILES_BY_ID = "filesById"
SET_FILES_BY_ID = "setFilesById"


def chosen_files(upload_id: str, *, id_is_js: bool = False) -> str:
    """JS: the File objects chosen in one `rx.upload` zone (an empty list if none); with
    `id_is_js`, the zone's id is a JS expression (a loop variable) rather than a name."""
    return f"({files_slot(upload_id, id_is_js=id_is_js)} || [])"


def files_slot(upload_id: str, *, id_is_js: bool = False) -> str:
    """JS: the upload zone's entry itself (undefined when nothing was chosen), stable across
    renders: what a React hook's dependency list needs."""
    key = upload_id if id_is_js else repr(upload_id)
    return f"{FILES_BY_ID}[{key}]"


def replace_chosen_files(upload_id: str, files_js: str) -> str:
    """JS statement: sets the files of one upload zone."""
    return f"{SET_FILES_BY_ID}(prev => Object.assign({{}}, prev, {{{upload_id!r}: {files_js}}}));"


def name_file_input(zone: rx.Component, input_id: str) -> rx.Component:
    """0.10.1: `rx.upload.root` renders Dropzone > div > input, and its input has no id;
    give it one so a `<label for=...>` names it for screen readers."""
    zone.children[0].children[0].custom_attrs["id"] = input_id  # type: ignore[attr-defined]  # a Component
    return zone


def json_js(value: object) -> str:
    return json.dumps(value)


# ----- tab states -----


def all_substates(state: type[rx.State]) -> list[type[rx.State]]:
    """Every state class below `state`, grandchildren included (0.10.1: `get_substates()`
    answers from Reflex's registration context, one level; `__subclasses__()` would miss
    states registered under another parent)."""
    found: list[type[rx.State]] = []
    todo: list[type[rx.State]] = list(state.get_substates())  # type: ignore[arg-type]  # rx.State's own
    while todo:
        sub = todo.pop()
        found.append(sub)
        todo.extend(sub.get_substates())  # type: ignore[arg-type]
    return sorted(found, key=lambda s: s.get_full_name())


def upload_handlers(state: type[rx.State]) -> list[str]:
    """The full names of `state`'s event handlers that take files (`list[rx.UploadFile]`),
    as the upload route's `reflex-event-handler` header names them (0.10.1: `event_handlers`
    maps names to EventHandler objects whose `fn` keeps the annotations)."""
    names = []
    for name, handler in state.event_handlers.items():
        fn = inspect.unwrap(handler.fn)
        if any("UploadFile" in str(a) for a in typing.get_type_hints(fn).values()):
            names.append(f"{state.get_full_name()}.{name}")
    return names


def several_files(handler: Callable[..., Any]) -> Callable[..., Any]:
    """Marks an upload handler that takes several files in one request (the resubmission's
    documents): its body limit is the several files' (`upload_limits`)."""
    vars(handler)["several_files"] = True
    return handler


def upload_limits(one: int, several: int) -> dict[str, int]:
    """Each upload handler of every state and its body limit, by the full name the upload
    route's header carries: `one` file's, or `several` for a handler marked `several_files`.
    Derived, so a new upload on a new page needs no line elsewhere."""
    return {
        name: several if getattr(inspect.unwrap(state.event_handlers[name.rsplit(".", 1)[1]].fn), "several_files", False)
        else one
        for state in all_substates(rx.State)
        for name in upload_handlers(state)
    }  # fmt: skip


def request_header(state: rx.State, name: str) -> str:
    """A header of the request that opened this tab's websocket (0.10.1: router.headers.raw_headers)."""
    return state.router.headers.raw_headers.get(name, "")


# ----- before a tab's whole state is sent -----

# 0.10.1: a page load or a reconnect sends `hydrate_and_load` (older clients `hydrate`) to
# the root state, which sends the whole tree (`root.dict()`) before any on_load runs.
HYDRATE_EVENTS = ("hydrate", "hydrate_and_load")


def before_whole_state_is_sent(app: rx.App, prepare) -> None:
    """Calls `await prepare(root_state)` before Reflex answers a hydrate, with the headers
    of the connection that asked already in the state's router (0.10.1: an app middleware's
    `preprocess`, which runs after the router data is updated and before the event)."""
    from reflex.middleware import Middleware

    root_name = rx.State.get_full_name()
    names = {f"{root_name}.{n}" for n in HYDRATE_EVENTS}

    class _BeforeHydrate(Middleware):
        async def preprocess(self, app, state, event):
            if event.name in names:
                await prepare(state._get_root_state())
            return None

    app.add_middleware(_BeforeHydrate())


def time_each_event(observe) -> None:
    """`observe(state_name, seconds)` after each websocket event is handled (0.10.1:
    `BaseStateEventProcessor._execute_event`, one call per event, lock wait included)."""
    import time

    from reflex_base.event.processor.base_state_processor import BaseStateEventProcessor

    execute = BaseStateEventProcessor._execute_event
    if getattr(execute, "timed", False):
        return

    async def timed(self, *, entry, registered_handler):
        started = time.perf_counter()
        try:
            return await execute(self, entry=entry, registered_handler=registered_handler)
        finally:
            observe(registered_handler.states[0].get_name(), time.perf_counter() - started)

    timed.timed = True  # type: ignore[attr-defined]  # marks the patch, so it is applied once
    BaseStateEventProcessor._execute_event = timed  # type: ignore[method-assign]


# ----- what an upgrade must keep -----


def _vite_names_assets_by_hash() -> bool:
    """Vite's config that Reflex writes: the default assets folder and hashed names."""
    import inspect

    from reflex.compiler import templates

    source = inspect.getsource(templates.vite_config_template)
    return "assetsDir" not in source and "assetFileNames" not in source


def _build_and_event_checks() -> list[str]:
    import inspect

    from reflex_base.event.processor.base_state_processor import BaseStateEventProcessor
    from reflex_components_sonner.toast import toast_ref  # type: ignore[import-untyped]

    problems = []
    if str(toast_ref) != _TOASTS:
        problems.append(f"the toaster no longer keeps sonner's toast in {_TOASTS}")
    if not _vite_names_assets_by_hash():
        problems.append("the build no longer writes content-hashed files under /assets/")
    execute = inspect.signature(BaseStateEventProcessor._execute_event).parameters
    if not {"entry", "registered_handler"} <= set(execute):
        problems.append(
            "events are no longer handled by BaseStateEventProcessor._execute_event(entry, registered_handler)"
        )
    return problems


def _state_checks() -> list[str]:
    problems = []
    if not hasattr(rx.State, "get_substates"):
        problems.append("states have no get_substates()")
    if not state_store.a_stale_state_starts_afresh():
        problems.append("a stored tab state that no longer unpickles is not started afresh")
    try:
        detached_root_state()
    except TypeError:
        problems.append("rx.State() no longer takes _reflex_internal_init")
    return problems


def self_check() -> list[str]:
    """Every assumption above, checked against the installed Reflex: the problems found
    (empty when all hold). tests/unit/test_reflex_compat.py asserts it."""
    import inspect

    from reflex.utils import exec as reflex_exec

    problems = []
    upload_js = str(js_var(chosen_files("x"), upload_files=True)._get_all_var_data() or "")
    if f"[{FILES_BY_ID}, {SET_FILES_BY_ID}]" not in upload_js:
        problems.append("the upload context var no longer brings filesById into scope")
    zone = rx.upload.root(rx.el.div("x"), id="probe")
    try:
        if zone.children[0].children[0].tag != "input":
            problems.append("rx.upload.root's first grandchild is no longer its <input>")
    except (AttributeError, IndexError):
        problems.append("rx.upload.root no longer renders Dropzone > div > input")
    gunicorn = inspect.getsource(reflex_exec.run_uvicorn_backend_prod)
    if "REFLEX_USE_GRANIAN" not in inspect.getsource(reflex_exec.should_use_granian):
        problems.append("REFLEX_USE_GRANIAN no longer chooses the production server")
    if not all(part in gunicorn for part in ('"gunicorn"', '"--preload"', "GUNICORN_CMD_ARGS")):
        problems.append("the production backend no longer runs gunicorn --preload with GUNICORN_CMD_ARGS")
    hydrate = getattr(rx.State, "hydrate_and_load", None)
    sends_all = hydrate is not None and "self.dict()" in inspect.getsource(hydrate.fn)
    if not sends_all or not all(hasattr(rx.State, n) for n in HYDRATE_EVENTS):
        problems.append("a hydrate no longer sends the whole state through hydrate/hydrate_and_load")
    problems += _build_and_event_checks() + _state_checks()
    router = router_with_headers({"x-probe": "1"})
    if router.headers.raw_headers.get("x-probe") != "1":
        problems.append("router.headers.raw_headers no longer holds the request's headers")
    return problems
