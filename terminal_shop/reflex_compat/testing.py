"""For tests that call handlers the way the server would: the tests' one way into Reflex's
internals (the guard test in tests/unit/test_reflex_compat.py sees every other use)."""

from __future__ import annotations

import reflex as rx


def detached_root_state() -> rx.State:
    """A root state outside any app's event loop, whose substates' handlers a test calls
    directly (0.10.1: the constructor refuses to run without `_reflex_internal_init`)."""
    return rx.State(_reflex_internal_init=True)  # type: ignore[call-arg]  # a private flag


def router_with_headers(headers: dict[str, str], params: dict[str, str] | None = None):
    """What Reflex gives the handlers of a tab whose websocket opened with these headers,
    on a page whose dynamic parts are `params` (0.10.1: reflex.istate.data.RouterData)."""
    from reflex.istate.data import RouterData

    return RouterData.from_router_data({"headers": headers, "query": params or {}})


def upload_file(data: bytes, filename: str | None = None):
    """An rx.UploadFile as an upload handler receives it (0.10.1: the private `_upload` module)."""
    import io
    from pathlib import Path

    from reflex_components_core.core._upload import UploadFile

    return UploadFile(file=io.BytesIO(data), path=Path(filename) if filename else None)
