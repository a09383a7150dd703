"""The stored tab states reached from outside a tab's own events (reflex_compat/state_store.py),
on this pass's store: `.states/` embedded, Redis scale-out. Signing out empties what each tab
that read the account holds of it (issue 46.1); an erasure empties every tab still holding the
erased record (46.12), also a tab no worker has in memory. The browser journeys that use these
(test_account_browser, test_privacy_browser) run in the scale-out pass only."""

from __future__ import annotations

import asyncio
import threading
import uuid

import pytest

import terminal_shop.terminal_shop  # noqa: F401  (registers every page and state)
from terminal_shop.reflex_compat import empty_states_mentioning, empty_tab_states, forget_loaded_tabs, stored_tab
from terminal_shop.reflex_compat.testing import fresh_state_manager
from terminal_shop.state.account import account_states
from terminal_shop.state.account_data import DataState

# One event loop for the module, in a thread of its own: the app's store (Redis' client
# especially) stays bound to the loop it first ran on, as in a worker.
_LOOP = asyncio.new_event_loop()
threading.Thread(target=_LOOP.run_forever, daemon=True).start()


@pytest.fixture(autouse=True)
def _store_on_this_loop():
    """Each test's store is bound to this module's loop, whatever ran before it in the process
    (a sign-out through a TestClient bound the Redis client to that client's loop: a flake)."""
    fresh_state_manager()


def _run(coroutine):
    return asyncio.run_coroutine_threadsafe(coroutine, _LOOP).result(timeout=60)


async def _write(token: str, **values) -> None:
    async with stored_tab(token) as root:
        page = await root.get_state(DataState)  # the header's email lives in AccountState, read through it
        for name, value in values.items():
            setattr(page, name, value)


async def _read(token: str) -> DataState:
    async with stored_tab(token) as root:
        return await root.get_state(DataState)


def test_signing_out_empties_the_account_in_the_tabs_that_read_it_and_no_other():
    signed_out = [str(uuid.uuid4()), str(uuid.uuid4())]
    someone_else = str(uuid.uuid4())

    async def scenario():
        for token in [*signed_out, someone_else]:
            await _write(token, email=f"{token[:8]}@example.com", data_requests=["Salinan data"])
        await empty_tab_states(signed_out, account_states())
        await forget_loaded_tabs()  # read back from the store itself, as another worker or a restart would
        return [(await _read(t)).email for t in signed_out], await _read(someone_else)

    emptied, kept = _run(scenario())
    assert emptied == ["", ""]
    assert kept.email == f"{someone_else[:8]}@example.com" and kept.data_requests == ["Salinan data"]


def test_an_erasure_empties_every_tab_holding_the_record_loaded_or_not():
    erased, also_erased = str(uuid.uuid4()), str(uuid.uuid4())
    loaded, stored_only, unrelated = (str(uuid.uuid4()) for _ in range(3))

    async def scenario():
        await _write(loaded, data_requests=[f"Hapus data {erased}"])
        await _write(unrelated, data_requests=["Salinan data Toko Lain"])
        await _write(stored_only, data_requests=[f"Hapus data {also_erased}"])
        emptied_loaded = await empty_states_mentioning([erased])
        await forget_loaded_tabs()  # `stored_only` now lives in the store alone
        await empty_states_mentioning([also_erased])
        return emptied_loaded, await _read(loaded), await _read(stored_only), await _read(unrelated)

    emptied, first, second, other = _run(scenario())
    assert emptied == 1
    assert first.data_requests == [] and second.data_requests == []
    assert other.data_requests == ["Salinan data Toko Lain"]
