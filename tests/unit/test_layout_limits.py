"""A newcomer reads any module in one sitting and any function on one screen (issue 34): at
most 300 lines a module and 60 a function."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "terminal_shop"
MODULE_LINES, FUNCTION_LINES = 300, 60


def _modules() -> dict[str, Path]:
    return {p.relative_to(PACKAGE).as_posix(): p for p in PACKAGE.rglob("*.py")}


def test_modules_stay_within_300_lines():
    over = {}
    for name, path in _modules().items():
        lines = len(path.read_text(encoding="utf-8").splitlines())
        if lines > MODULE_LINES:
            over[name] = lines
    assert over == {}


def test_functions_stay_within_60_lines():
    long = []
    for name, path in _modules().items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                lines = (node.end_lineno or node.lineno) - node.lineno + 1
                if lines > FUNCTION_LINES:
                    long.append(f"{name}:{node.lineno} {node.name} ({lines} lines)")
    assert long == []
