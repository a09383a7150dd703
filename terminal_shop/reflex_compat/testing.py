"""For tests that call handlers the way the server would: the tests' one way into Reflex's
internals (the guard test in tests/unit/test_reflex_compat.py sees every other use)."""

from __future__ import annotations

import reflex as rx


def detached_root_state() -> rx.State:
    """A root state outside any app's event loop, whose substates' handlers a test calls
    directly (0.10.1: the constructor refuses to run without `_reflex_internal_init`)."""
    return rx.State(_reflex_internal_init=True)  # type: ignore[call-arg]  # a private flag


def router_with_headers(
    headers: dict[str, str],
    params: dict[str, str] | None = None,
    as_path: str = "",
    token: str = "",
    connection: str = "",
):
    """What Reflex gives the handlers of a tab whose websocket opened with these headers,
    on a page whose dynamic parts are `params` and whose address is `as_path` (its query is
    `router.url.query_parameters`; 0.10.1: reflex.istate.data.RouterData, "asPath"), in the
    tab whose client token is `token` (router.session.client_token), over the websocket
    `connection` (router.session.session_id: a new one each time the socket connects)."""
    from reflex.istate.data import RouterData

    return RouterData.from_router_data(
        {"headers": headers, "query": params or {}, "asPath": as_path, "token": token, "sid": connection}
    )


def upload_file(data: bytes, filename: str | None = None):
    """An rx.UploadFile as an upload handler receives it (0.10.1: the private `_upload` module)."""
    import io
    from pathlib import Path

    from reflex_components_core.core._upload import UploadFile

    return UploadFile(file=io.BytesIO(data), path=Path(filename) if filename else None)


def page_components(app: rx.App):
    """Each page's component tree, as the compiler would build it (0.10.1: `_unevaluated_pages`
    holds the page functions until compile time)."""
    for route, page in app._unevaluated_pages.items():
        yield route, page.component() if callable(page.component) else page.component


def descendants(component):
    """Every component under `component`, the ones passed in props included (a DebounceInput
    holds its input as a prop, not as a child)."""
    yield component
    for child in [*component.children, *component._get_components_in_props()]:
        if isinstance(child, rx.Component):
            yield from descendants(child)


def typed_and_echoed(component) -> bool:
    """A text box whose every keystroke goes to the server and whose shown value comes back from
    it: React puts the old value back until the answer arrives, so fast typing loses letters
    (0.10.1: a DebounceInput takes its input's `on_change` away)."""
    kind = getattr(component, "type", None)
    kind = "" if kind is None else str(kind).strip('"')
    return (
        getattr(component, "tag", None) in ("input", "textarea")
        and getattr(component, "value", None) is not None
        and "on_change" in component.event_triggers
        and kind not in ("radio", "checkbox", "hidden", "file")
    )


def stored_tab(client_token: str):
    """A tab's whole state in the running app's store (disk or Redis), under the tab's lock, as
    its own event would hold it; changes are stored when the block ends (0.10.1: the app's
    `state_manager.modify_state` with a `BaseStateToken`)."""
    from reflex.istate.manager.token import BaseStateToken
    from reflex.utils.prerequisites import get_app

    return get_app().app.state_manager.modify_state(BaseStateToken(ident=client_token, cls=rx.State))


async def forget_loaded_tabs() -> None:
    """As after a restart: the disk store's pending writes done, it keeps no tab in memory, only
    its files (Redis keeps none in memory anyway). 0.10.1: the disk manager writes after a
    debounce (`_flush_write_queue`) and keeps live tabs in `states`."""
    from reflex.utils.prerequisites import get_app

    manager = get_app().app.state_manager
    if hasattr(manager, "_flush_write_queue"):
        await manager._flush_write_queue()
    states = getattr(manager, "states", None)
    if isinstance(states, dict):
        states.clear()


def as_sent(value: object) -> str:
    """A value as the browser receives it in a state update (0.10.1: reflex_base's json_dumps,
    which serializes what it holds with the registered serializers)."""
    from reflex_base.utils.format import json_dumps

    return json_dumps(value)


def fresh_state_manager() -> None:
    """The app's tab-state store made anew, as a starting worker makes it, for a test that drives
    it on an event loop of its own: a Redis client and its locks keep the first loop they ran on
    (a worker has one; a test process runs many, e.g. each TestClient's), so whichever test came
    first in the process decided (0.10.1: `App._state_manager`, `StateManager.create()`)."""
    from reflex.istate.manager import StateManager
    from reflex.utils.prerequisites import get_app

    get_app().app._state_manager = StateManager.create()
