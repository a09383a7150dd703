"""Each business area under services/ is a room with walls (issue 51.1): another area, a state,
a page or a command calls its functions and reads its views, never its tables; and no area
imports another that imports it back (events are the way back).

No area lies on a loop of imports, and no module imports another area's tables: the 82 such
imports found when the walls went up all moved behind their area's functions (each area's
`owners.py`, `personal.py`, list and figures modules, and read-only facts in its views). The
places that must see every table stay out: the tables registry (terminal_shop/tables.py),
migrations, backups and the demo seeder.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

from terminal_shop import areas

PACKAGE = Path(__file__).resolve().parents[2] / "terminal_shop"
AREAS = sorted(p.name for p in (PACKAGE / "services").iterdir() if (p / "__init__.py").exists())
# The tables registry; backups, which copy every row as it is; the demo seeder, which writes
# 100,000s of rows straight into the tables, past every use case, as a restore does.
SEES_EVERY_TABLE = {"terminal_shop.tables", "terminal_shop.infra.backups", "terminal_shop.cli.seed"}


def _module(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _area(module: str) -> str | None:
    parts = module.split(".")
    return parts[2] if len(parts) > 2 and parts[1] == "services" and parts[2] in AREAS else None


def _imports() -> dict[str, set[str]]:
    """Every module's imports of the package (at any depth: a function's import counts too)."""
    found: dict[str, set[str]] = {}
    for path in PACKAGE.rglob("*.py"):
        targets: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("terminal_shop"):
                targets |= {node.module, *(f"{node.module}.{a.name}" for a in node.names)}
            elif isinstance(node, ast.Import):
                targets |= {a.name for a in node.names if a.name.startswith("terminal_shop")}
        found[_module(path)] = targets
    return found


def table_imports(exempt: frozenset[str] = frozenset(SEES_EVERY_TABLE)) -> set[tuple[str, str]]:
    """(module, area) for each module that imports another area's tables."""
    return {
        (module, area)
        for module, targets in _imports().items()
        if module not in exempt
        for target in targets
        if (area := _area(target)) and target.endswith(f"{area}.tables") and _area(module) != area
    }


def loop_imports() -> set[tuple[str, str]]:
    """The area-to-area imports that lie on a loop (within one strongly connected group)."""
    graph: dict[str, set[str]] = {a: set() for a in AREAS}
    for module, targets in _imports().items():
        if (source := _area(module)) is not None:
            graph[source] |= {t for target in targets if (t := _area(target)) and t != source}
    reach = {a: _reachable(graph, a) for a in AREAS}
    return {(a, b) for a in AREAS for b in graph[a] if a in reach[b]}


def _reachable(graph: dict[str, set[str]], start: str) -> set[str]:
    seen, todo = set(), [start]
    while todo:
        for nxt in graph[todo.pop()] - seen:
            seen.add(nxt)
            todo.append(nxt)
    return seen


def test_no_module_imports_another_areas_tables():
    """Issue 51.1: 82 such imports when the walls went up; an area's door is its functions."""
    assert table_imports() == set()


def test_an_import_of_another_areas_tables_is_found():
    """The walker sees what the exempt places import: the demo seeder writes orders and merchants."""
    found = {area for module, area in table_imports(exempt=frozenset()) if module == "terminal_shop.cli.seed"}
    assert {"orders", "registrations"} <= found


def test_no_loop_between_areas():
    """Issue 51.1: an area that imports another is never imported back, through any others
    (44 loop imports when the walls went up; events are the way back)."""
    assert loop_imports() == set()


def test_a_loop_is_found_when_there_is_one():
    graph = {"a": {"b"}, "b": {"a"}, "c": {"a"}}
    reach = {n: _reachable(graph, n) for n in graph}
    assert {(a, b) for a in graph for b in graph[a] if a in reach[b]} == {("a", "b"), ("b", "a")}


def test_only_the_outbox_writes_outbox_rows():
    """Issue 51.2: every channel's message is written by `notifications.outbox.enqueue` (one
    row a key, the caller's transaction), so a channel is a sender and renderer, not a writer."""

    def writes(tree: ast.AST) -> bool:
        """A row made (`OutboxMessage(...)`), or the table named where an INSERT is written."""
        calls = [getattr(n.func, "id", getattr(n.func, "attr", "")) for n in ast.walk(tree) if isinstance(n, ast.Call)]
        named = any(isinstance(n, ast.Name) and n.id == "OutboxMessage" for n in ast.walk(tree))
        return "OutboxMessage" in calls or (named and any(c in ("insert", "insert_new") for c in calls))

    writers = {_module(path) for path in PACKAGE.rglob("*.py") if writes(ast.parse(path.read_text(encoding="utf-8")))}
    assert writers == {"terminal_shop.services.notifications.outbox"}


def test_every_audited_change_is_an_event():
    """Issue 51.5: an audit entry is written by the trail's subscriber to the event published
    with the change (16 direct writes before); only a refused handler, which changes nothing,
    writes one alone."""
    direct = {
        _module(path)
        for path in PACKAGE.rglob("*.py")
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.Attribute) and node.attr in ("record", "record_alone")
        and getattr(node.value, "id", "") == "trail"
    }  # fmt: skip
    assert direct == {"terminal_shop.state.admin.session"}


def test_the_accounts_log_is_written_only_from_events():
    """Issue 60.4: the merchant's activity log was a second audit trail, written directly in 9
    places (routes, services); now each act publishes its event and the merchant team's
    subscribers write the lines, as the admin's trail is written from theirs."""
    activity = PACKAGE / "services" / "merchant_team" / "activity.py"

    def writes(path: Path, node: ast.AST) -> str | None:
        if not isinstance(node, ast.Call):
            return None
        if getattr(node.func, "id", "") == "AccountActivity":
            return "row"
        named = getattr(node.func, "attr", None) == "record_in" and getattr(node.func.value, "id", "") == "activity"
        return "line" if named or (path == activity and getattr(node.func, "id", "") == "record_in") else None

    found = {
        (_module(path), kind)
        for path in PACKAGE.rglob("*.py")
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if (kind := writes(path, node))
    }
    assert found == {("terminal_shop.services.merchant_team.subscribers", "line"),
                     ("terminal_shop.services.merchant_team.activity", "row")}  # fmt: skip


def test_infrastructure_knows_no_area():
    """Issue 51.1: infra/ is handed what it needs (the sweeper its owners, services/stored_files.py);
    only the backups, which copy every table, see them all (through terminal_shop.tables)."""
    reaching = {
        (module, area)
        for module, targets in _imports().items()
        if module.startswith("terminal_shop.infra.") and module not in SEES_EVERY_TABLE
        for target in targets
        if (area := _area(target))
    }
    assert reaching == set()
    # Nor anything else under services/ (issue 60.7: uploads imported services.refusals).
    beyond = {(m, t) for m, targets in _imports().items() if m.startswith("terminal_shop.infra.") and m not in SEES_EVERY_TABLE
              for t in targets if t.startswith("terminal_shop.services")}  # fmt: skip
    assert beyond == set()


def test_each_areas_refusal_codes_live_in_its_terms():
    """Issue 60.7: 23 of 31 refusal codes lived beside the code that raises them; an area's
    words are in one file, its terms.py."""
    elsewhere = sorted(
        f"{path.relative_to(PACKAGE)}:{node.name}"
        for path in (PACKAGE / "services").rglob("*.py") if path.name != "terms.py"
        for node in ast.parse(path.read_text(encoding="utf-8")).body
        if isinstance(node, ast.ClassDef) and any(getattr(b, "id", "") == "Term" for b in node.bases)
        and node.name.endswith("Refusal")
    )  # fmt: skip
    assert elsewhere == []


SQL = re.compile(r"\b(select|insert\s+into|update|delete\s+from|join|from)\b", re.IGNORECASE)
# Raw SQL naming another area's table, where it is today: the allow-list may only shrink (issue 60.1).
SQL_ACROSS: set[tuple[str, str]] = set()  # devices/stock.py's read of the orders' lines moved to orders/owners.py


def _tables_by_area() -> dict[str, str]:
    """Each table's name -> the area whose tables module declares it."""
    owner: dict[str, str] = {}
    for path in (PACKAGE / "services").rglob("tables.py"):
        area = _area(_module(path))
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Assign) and any(getattr(t, "id", "") == "__tablename__" for t in node.targets):
                owner[node.value.value] = area  # type: ignore[attr-defined]
    return owner


def _docstrings(tree: ast.AST) -> set[int]:
    return {id(n.body[0].value) for n in ast.walk(tree)
            if isinstance(n, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))
            and n.body and isinstance(n.body[0], ast.Expr) and isinstance(n.body[0].value, ast.Constant)}  # fmt: skip


def sql_across() -> set[tuple[str, str]]:
    """(module, table) for each SQL text in an area's module that names another area's table."""
    owner, found = _tables_by_area(), set()
    names = re.compile(r"\b(" + "|".join(sorted(map(re.escape, owner), key=len, reverse=True)) + r")\b")
    for path in (PACKAGE / "services").rglob("*.py"):
        module = _module(path)
        if (area := _area(module)) is None:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        skip = _docstrings(tree)
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Constant)
                and isinstance(node.value, str)
                and id(node) not in skip
                and SQL.search(node.value)
            ):
                found |= {(module, t) for t in names.findall(node.value) if owner[t] != area}
    return found


def test_no_sql_text_reads_another_areas_tables():
    """The import walls cannot see a table named in raw SQL (devices/stock.py read the orders'
    JSON items so): what is allowed is listed, and may only shrink."""
    assert sql_across() == SQL_ACROSS  # a new one: read through the area's door; one gone: take it off the list


def _module_of(target: str) -> str:
    """An imported name's module: `from a.b import c` imports module a.b.c or names c in a.b."""
    path = PACKAGE.parent / target.replace(".", "/")
    return target if path.with_suffix(".py").exists() or (path / "__init__.py").exists() else target.rsplit(".", 1)[0]


def beyond_faces() -> set[tuple[str, str]]:
    """(module, imported module) for each import of another area's module outside its face."""
    faces = {package.rsplit(".", 1)[1]: set(area.face) for package, area in areas.declared()}
    found = set()
    for module, targets in _imports().items():
        for target in map(_module_of, targets):
            area = _area(target)
            if area is None or area == _area(module) or module in SEES_EVERY_TABLE:
                continue
            inside = target.split(".", 3)[3] if target.count(".") >= 3 else ""
            if _area(module) is not None and inside and inside not in faces[area]:
                found.add((module.removeprefix("terminal_shop.services."), inside and f"{area}.{inside}"))
    return found


# The areas above the others, whose work is to read across them: the back office's overview
# and record pages, what events tell people (messages), a person's erasure and copy (privacy).
ABOVE = {"backoffice", "messages", "privacy"}
# Their imports past another area's face, where they are today: the list may only shrink (issue
# 60.1: 74 imports reached no documented door, 34 when the faces were declared, 19 now). Between
# peer areas there is none: each went behind a door of its face (transactions/signers.py, days.py,
# report_checks.py, orders/owners.mark_packed, orders/proof_prints.checked, whatsapp/codes.py,
# devices/swaps.activate_in_place_of, the notifications' sender, the payment channels' words).
BEYOND_FACES = {
    ("backoffice.admin_orders", "orders.admin_fields"),
    ("backoffice.admin_orders", "orders.checkout"),
    ("backoffice.admin_overview", "disputes.cases"),
    ("backoffice.admin_overview", "orders.figures"),
    ("backoffice.admin_overview", "orders.order_list"),
    ("backoffice.admin_overview", "orders.payments"),
    ("backoffice.admin_overview", "orders.payments.reconcile"),
    ("backoffice.admin_overview", "registrations.merchant_list"),
    ("backoffice.admin_overview", "servicing.queue"),
    ("backoffice.merchant_actions", "registrations.transitions"),
    ("messages.order_words", "devices.linking"),
    ("messages.order_words", "orders.qris"),
    ("messages.order_words", "orders.transfer_codes"),
    ("messages.subscribers", "disputes.notices"),
    ("messages.subscribers", "payouts.merchant"),
    ("messages.subscribers", "registrations.fix_link"),
    ("messages.subscribers", "team.admin_accounts"),
    ("messages.words", "orders.invoice"),
    ("privacy.erasure", "customers.signin"),
}


def test_peer_areas_import_each_other_only_through_their_faces():
    """Issue 60.1: an area's face (its `AREA.face`) is what other areas may import; between peers
    nothing reaches past it (12 imports did when the faces were declared)."""
    assert {(m, t) for m, t in beyond_faces() if m.split(".")[0] not in ABOVE} == set()


def test_the_areas_above_reach_past_faces_only_where_listed():
    found = {(m, t) for m, t in beyond_faces() if m.split(".")[0] in ABOVE}
    assert found == BEYOND_FACES  # a new one: use the area's face; one gone: take it off the list


def test_every_area_declares_itself():
    """A package under services/ is an area in terminal_shop/areas.py's list with its AREA
    (the registries read those), or a registry would silently miss it."""
    assert sorted(AREAS) == sorted(areas.AREAS)
    for package, area in areas.declared():
        for module in (*area.face, *area.tables, *area.subscribers):
            assert (
                (PACKAGE.parent / package.replace(".", "/") / module.replace(".", "/")).with_suffix(".py").exists()
            ), (package, module)
