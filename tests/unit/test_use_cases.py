"""The use case owns its transaction (issue 60.4): a services function that opens
`write_session()` is a use case, the one unit of work of an action; a door another area calls
takes the caller's session and opens none (else the action commits twice, or, nested, is
refused at run time: infra/db.py NestedUnitOfWork). A state's handler or an HTTP route calls one
use case per action. Read from the code's own calls, so a new two-commit action fails here."""

from __future__ import annotations

import ast
import functools
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "terminal_shop"

# Handlers that name two use cases, each for a reason:
TWO_ON_PURPOSE = {
    # the attempt is recorded before the password's hash is checked (0.3 s of argon2, outside
    # any transaction: under the writer lock it would stall every writer), and finished after
    "terminal_shop.web.admin_routes.login": {"start_attempt", "finish_attempt"},
    # one or the other: "Keluar" or "Keluar dari semua perangkat"
    "terminal_shop.web.customer_auth.sign_out": {"end", "end_all"},
    # the command's subcommands, one per run
    "terminal_shop.cli.admin.main": {"create_admin", "turn_off"},
}


def _module(path: Path) -> str:
    return ".".join(path.relative_to(PACKAGE.parent).with_suffix("").parts)


def _area(module: str) -> str | None:
    parts = module.split(".")
    return parts[2] if len(parts) > 3 and parts[1] == "services" else None


@functools.cache
def _parsed() -> dict[str, ast.Module]:
    return {_module(p): ast.parse(p.read_text(encoding="utf-8")) for p in PACKAGE.rglob("*.py")}


def _trees() -> dict[str, ast.Module]:
    return dict(_parsed())  # a copy: the scan's own test adds modules


def use_cases(trees: dict[str, ast.Module]) -> set[tuple[str, str]]:
    """(module, function) of each top-level services function that opens a write transaction."""
    found = set()
    for module, tree in trees.items():
        if ".services." not in module:
            continue
        for node in tree.body:
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and any(
                isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id == "write_session"
                for n in ast.walk(node)
            ):
                found.add((module, node.name))
    return found


def _names(tree: ast.Module, known: set[str], cases: set[tuple[str, str]]) -> dict[str, object]:
    """What each imported name of the tree stands for: a module (str) or a use case (tuple)."""
    names: dict[str, object] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("terminal_shop.services"):
            for alias in node.names:
                if f"{node.module}.{alias.name}" in known:
                    names[alias.asname or alias.name] = f"{node.module}.{alias.name}"
                elif (node.module, alias.name) in cases:
                    names[alias.asname or alias.name] = (node.module, alias.name)
    return names


def called_use_cases(names: dict[str, object], cases: set[tuple[str, str]], body: ast.AST) -> set[tuple[str, str]]:
    found = set()
    for node in ast.walk(body):
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
            target = names.get(node.value.id)
            if isinstance(target, str) and (target, node.attr) in cases:
                found.add((target, node.attr))
        elif isinstance(node, ast.Name) and isinstance(names.get(node.id), tuple):
            found.add(names[node.id])  # type: ignore[arg-type]
    return found


def doors_that_commit(trees: dict[str, ast.Module]) -> set[str]:
    """'caller -> module.function' for each call from one area into another area's use case."""
    cases = use_cases(trees)
    return {
        f"{module} -> {target}.{function}"
        for module, tree in trees.items()
        if (area := _area(module))
        for target, function in called_use_cases(_names(tree, set(trees), cases), cases, tree)
        if _area(target) != area
    }


def handlers_with_two(trees: dict[str, ast.Module]) -> dict[str, set[str]]:
    """Each function outside services/ that names more than one use case, and their names."""
    cases, found = use_cases(trees), {}
    for module, tree in trees.items():
        if ".services." in module or not (names := _names(tree, set(trees), cases)):
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                named = {function for _, function in called_use_cases(names, cases, node)}
                if len(named) > 1:
                    found[f"{module}.{node.name}"] = named
    return found


def test_a_door_another_area_calls_takes_the_callers_transaction():
    assert doors_that_commit(_trees()) == set()


def test_a_handler_or_route_calls_one_use_case_per_action():
    assert handlers_with_two(_trees()) == TWO_ON_PURPOSE


def test_a_door_that_commits_and_a_two_commit_handler_are_found():
    """The scan itself: a back-office module calling two_factor's old `confirm_action` (which
    opened its own transaction) inside its own use case, and a state calling two use cases."""
    trees = _trees()
    trees["terminal_shop.services.team.sample"] = ast.parse(
        "from terminal_shop.infra.db import write_session\n"
        "def confirm_action(admin_id, code):\n    with write_session() as s:\n        pass\n"
    )
    trees["terminal_shop.services.backoffice.sample"] = ast.parse(
        "from terminal_shop.services.team import sample\ndef approve():\n    sample.confirm_action(1, 2)\n"
    )
    trees["terminal_shop.state.sample"] = ast.parse(
        "from terminal_shop.services.customers import sessions\n"
        "from terminal_shop.services.team.sample import confirm_action\n"
        "async def on_click(self):\n    sessions.end('x')\n    confirm_action(1, 2)\n"
    )
    assert doors_that_commit(trees) == {
        "terminal_shop.services.backoffice.sample -> terminal_shop.services.team.sample.confirm_action"
    }
    assert handlers_with_two(trees)["terminal_shop.state.sample.on_click"] == {"end", "confirm_action"}
