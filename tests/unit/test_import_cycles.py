"""No module imports, directly or through others, a module that imports it back (issue 34):
in a cycle the order the modules load in matters, and moving one line can break the site."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "terminal_shop"


def _module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports() -> dict[str, set[str]]:
    """Each module's imports of the package's modules, at module level (an import inside a
    function runs when it is called, after every module has loaded)."""
    modules = {_module_name(p): p for p in PACKAGE.rglob("*.py")}
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        found: set[str] = set()
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("terminal_shop"):
                for alias in node.names:
                    child = f"{node.module}.{alias.name}"
                    found.add(child if child in modules else node.module)
            elif isinstance(node, ast.Import):
                found |= {a.name for a in node.names if a.name in modules}
        graph[name] = {m for m in found if m in modules and m != name}
    return graph


def _cycle(graph: dict[str, set[str]]) -> list[str]:
    done: set[str] = set()

    def visit(module: str, path: list[str]) -> list[str]:
        if module in path:
            return path[path.index(module) :] + [module]
        if module in done:
            return []
        for imported in sorted(graph[module]):
            if found := visit(imported, [*path, module]):
                return found
        done.add(module)
        return []

    for module in sorted(graph):
        if found := visit(module, []):
            return found
    return []


def test_no_module_imports_itself_back():
    assert _cycle(_imports()) == []


def test_a_cycle_is_found_when_there_is_one():
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
