"""The stored tab states (disk or Redis), reached from outside a tab's own events: signing out
empties the account's states of the tabs that read it, and an erasure empties every state that
still holds the erased record. Checked on Reflex 0.10.1 in both stores
(tests/service/test_tab_state_store.py) and through the real site (test_account_browser.py,
test_privacy_browser.py)."""

from __future__ import annotations

import typing

import reflex as rx


async def empty_tab_states(client_tokens: list[str], states: tuple[type[rx.State], ...]) -> None:
    """Resets `states` in the stored state (disk or Redis) of each tab, under the tab's lock, so
    a signed-out tab's store keeps nothing of the account (0.10.1: the running app's
    `state_manager.modify_state` with a `BaseStateToken`; `get_app()` is the app module)."""
    if not client_tokens:
        return
    from reflex.istate.manager.token import BaseStateToken

    manager = _manager()
    for client_token in client_tokens:
        async with manager.modify_state(BaseStateToken(ident=client_token, cls=rx.State)) as root:
            for state in states:
                (await root.get_state(state)).reset()


async def empty_states_mentioning(needles: list[str]) -> int:
    """Empties every tab whose stored state (disk or Redis) holds one of `needles` (an erased
    record's id: its list row, its detail, an account's lines): all its states are reset under
    the tab's lock, with the address and request data each keeps (a search for the name is in
    its query). A state file of a tab not in this process's memory is removed. How many tabs.
    0.10.1: Redis keeps a state per `<client token>_<state full name>`; the disk manager keeps
    every live tab's root in `states` and a pickle per state in `states_directory`; a state
    pickles as `BaseStateToken.serialize` writes it, with its `router_data`."""
    from reflex.istate.manager.disk import StateManagerDisk
    from reflex.istate.manager.redis import StateManagerRedis
    from reflex.istate.manager.token import BaseStateToken

    marks = [n.encode() for n in needles if n]
    manager = _manager()
    if not marks:
        return 0
    if isinstance(manager, StateManagerRedis):
        found = await _redis_tabs_holding(manager, marks)
    elif isinstance(manager, StateManagerDisk):
        found = _disk_tabs_holding(manager, marks, BaseStateToken.serialize)
    else:
        return 0
    for token, names in found.items():
        async with manager.modify_state(BaseStateToken(ident=token, cls=rx.State)) as root:
            for name in names:
                _empty(await root.get_state(rx.State.get_class_substate(name)))
            _empty(root)
    return len(found)


def _manager() -> typing.Any:
    from reflex.utils.prerequisites import get_app

    return get_app().app.state_manager


def _empty(state: typing.Any) -> None:
    from reflex.istate.data import RouterData

    state.reset()
    state.router_data = {}  # the raw request: its query may be the name searched for
    if state.parent_state is None:
        state.router = RouterData()  # the next event sets it anew


async def _redis_tabs_holding(manager: typing.Any, marks: list[bytes]) -> dict[str, set[str]]:
    """Tokens holding a mark, each with every state it has stored (all are emptied)."""
    stored: dict[str, set[str]] = {}
    holding: set[str] = set()
    root = rx.State.get_full_name()
    async for key in manager.redis.scan_iter(match="*_*"):
        token, _, name = key.decode().partition("_")
        if name.startswith(root) and await manager.redis.type(key) == b"string":
            if name != root:
                stored.setdefault(token, set()).add(name)
            data = await manager.redis.get(key) or b""
            if any(m in data for m in marks):
                holding.add(token)
    return {token: stored.get(token, set()) for token in holding}


def _disk_tabs_holding(manager: typing.Any, marks: list[bytes], serialize: typing.Any) -> dict[str, set[str]]:
    found: dict[str, set[str]] = {}
    for token, root in list(manager.states.items()):
        tree = _tree(root)
        if any(m in serialize(state) for state in [root, *tree] for m in marks):
            found[token] = {state.get_full_name() for state in tree}
    for path in manager.states_directory.glob("*.pkl"):  # tabs not in memory: their file is all there is
        if any(m in path.read_bytes() for m in marks):
            path.unlink(missing_ok=True)
    return found


def _tree(root: rx.State) -> list[typing.Any]:
    """Every substate loaded under a tab's root."""
    found: list[typing.Any] = []
    todo: list[typing.Any] = list(root.substates.values())
    while todo:
        one = todo.pop()
        found.append(one)
        todo.extend(one.substates.values())
    return found


def a_stale_state_starts_afresh() -> bool:
    """A tab stored before a class it holds moved no longer unpickles; the site relies on
    Reflex then starting that tab afresh rather than failing it (docs/decisions.md, Code
    layout: no shims under old module names). 0.10.1: `BaseState._deserialize` raises
    StateSchemaMismatchError, which the Redis manager suppresses and the disk manager's
    `load_state` catches with every other error."""
    import inspect

    from reflex.istate.manager import redis as redis_manager
    from reflex.istate.manager.disk import StateManagerDisk
    from reflex.state import BaseState
    from reflex.utils.exceptions import StateSchemaMismatchError

    stale = b"cterminal_shop.moved_away\nView\n."  # a pickle naming a class whose module is gone
    try:
        BaseState._deserialize(data=stale)
        return False
    except StateSchemaMismatchError:
        pass
    return "suppress(StateSchemaMismatchError)" in inspect.getsource(redis_manager) and "except Exception" in (
        inspect.getsource(StateManagerDisk.load_state)
    )
