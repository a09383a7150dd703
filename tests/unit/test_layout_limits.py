"""A newcomer reads any module in one sitting and any function on one screen (issue 34): at
most 300 lines a module and 60 a function. The modules still over are listed with their size
today; the list only shrinks, and none of them may grow."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "terminal_shop"
MODULE_LINES, FUNCTION_LINES = 300, 60

# Over the limit, not yet split (see the issue note): their size today is their ceiling.
STILL_OVER = {
    "state/checkout.py": 357,  # a state module: its path names its stored tab state
}


def _modules() -> dict[str, Path]:
    return {p.relative_to(PACKAGE).as_posix(): p for p in PACKAGE.rglob("*.py")}


def test_modules_stay_within_300_lines():
    over = {}
    for name, path in _modules().items():
        lines = len(path.read_text(encoding="utf-8").splitlines())
        if lines > STILL_OVER.get(name, MODULE_LINES):
            over[name] = lines
    assert over == {}
    shrunk = {
        name for name, ceiling in STILL_OVER.items() if len(_modules()[name].read_text().splitlines()) <= MODULE_LINES
    }
    assert shrunk == set(), "now within the limit: take it off STILL_OVER"


def test_functions_stay_within_60_lines():
    long = []
    for name, path in _modules().items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                lines = (node.end_lineno or node.lineno) - node.lineno + 1
                if lines > FUNCTION_LINES:
                    long.append(f"{name}:{node.lineno} {node.name} ({lines} lines)")
    assert long == []
