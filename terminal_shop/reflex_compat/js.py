"""JavaScript expressions as Vars (0.10.1's raw-JS constructor), for the package and its toaster."""

from __future__ import annotations

from reflex.vars.base import Var, VarData
from reflex_components_core.core.upload import get_upload_files_context_var_data


def js_var(expr: str, var_type: type | None = None, *, upload_files: bool = False, hooks: tuple[str, ...] = ()) -> Var:
    """A Var that is a JavaScript expression evaluated in the browser.

    0.10.1: `Var(_js_expr=, _var_type=, _var_data=)` is the only constructor that takes raw
    JS; `upload_files` adds the upload context (the generated `filesById` and
    `setFilesById` names become visible to the expression); `hooks` are React hook bodies
    rendered into the component (with `useEffect` imported).
    """
    data = get_upload_files_context_var_data() if upload_files else None
    if hooks:
        extra = VarData(hooks=dict.fromkeys(hooks), imports={"react": "useEffect"})
        data = VarData.merge(data, extra) if data else extra
    var: Var = Var(_js_expr=expr, _var_type=var_type or object, _var_data=data)
    return var.guess_type() if var_type else var


def browser_expr(expr: str) -> Var:
    """A string computed in the browser when an event fires, passed as the event's argument
    (e.g. the tab's draft read from storage)."""
    return Var(_js_expr=expr, _var_type=str)
