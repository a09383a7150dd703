"""Every upload's body limit matches its screen's file limit, from one table (issue 35.10):
the statement and bulk-shipping uploads took the 1 MB of any request while the screens
allow 10 MB, and a real month of statement lines was refused."""

from __future__ import annotations

import reflex as rx
from starlette.applications import Starlette
from starlette.responses import PlainTextResponse
from starlette.routing import Route
from starlette.testclient import TestClient

from terminal_shop.infra.uploads import MAX_FILES_PER_REQUEST, MAX_UPLOAD_BYTES
from terminal_shop.reflex_compat import UPLOAD_HANDLER_HEADER, UPLOAD_PATH, all_substates, upload_handlers
from terminal_shop.state.admin import BulkShipState, PaymentsState
from terminal_shop.state.order_return import ReturnState
from terminal_shop.state.resubmission import FixState
from terminal_shop.terminal_shop import ROUTE_LIMITS, UPLOAD_LIMITS
from terminal_shop.web.guards import MB, BodyLimitMiddleware


def test_every_handler_that_takes_files_has_a_limit_of_at_least_one_screen_file():
    """Derived from the states (issue 60.1: a new page's upload needed a line in terminal_shop.py)."""
    handlers = [name for state in all_substates(rx.State) for name in upload_handlers(state)]
    assert len(handlers) >= 13  # documents, corrections, statements, bulk uploads, evidence, service media
    assert sorted(handlers) == sorted(UPLOAD_LIMITS)
    several = {name for name, limit in UPLOAD_LIMITS.items() if limit > MAX_UPLOAD_BYTES + MB}
    # the resubmission's documents, a return's photos: several files in one request
    assert several == {f"{FixState.get_full_name()}.submit", f"{ReturnState.get_full_name()}.ask"}
    assert UPLOAD_LIMITS[f"{FixState.get_full_name()}.submit"] == MAX_FILES_PER_REQUEST * MAX_UPLOAD_BYTES + MB
    assert all(UPLOAD_LIMITS[name] == MAX_UPLOAD_BYTES + MB for name in set(handlers) - several)


def test_a_statement_of_five_megabytes_passes_the_guard_and_one_of_twelve_does_not():
    async def echo(request):
        return PlainTextResponse(str(len(await request.body())))

    app = Starlette(routes=[Route(UPLOAD_PATH, echo, methods=["POST"])])
    client = TestClient(BodyLimitMiddleware(app, UPLOAD_LIMITS, ROUTE_LIMITS))
    for state, handler in ((PaymentsState, "upload_bank"), (BulkShipState, "upload")):
        header = {UPLOAD_HANDLER_HEADER: f"{state.get_full_name()}.{handler}"}
        assert client.post(UPLOAD_PATH, content=b"x" * (5 * MB), headers=header).text == str(5 * MB)
        assert client.post(UPLOAD_PATH, content=b"x" * (12 * MB), headers=header).status_code == 413
