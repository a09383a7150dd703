"""The toaster and the toasts that end with their page (docs/decisions.md, Journeys)."""

from __future__ import annotations

import reflex as rx
from reflex.vars.base import Var, VarData

from terminal_shop.reflex_compat.js import js_var

# 0.10.1: the Toaster's own hook puts sonner's `toast` in `refs['__toast']` ($/utils/state);
# sonner 2.0.8 lists toasts with getHistory()/getToasts() and takes dismiss(id).
_TOASTS = "refs['__toast']"
TOAST_OFFSET = "76px"  # below the sticky header: the bottom bars and the page's buttons stay free


def toaster() -> rx.Component:
    """The app's toaster, at the top (never over the phone's sticky cart bar), one toast at a
    time: the newest (issue 63.8: toasts stacked over the content)."""
    return rx.toast.provider(
        position="top-center",
        offset=TOAST_OFFSET,
        visible_toasts=1,
        custom_attrs={"mobileOffset": {"top": TOAST_OFFSET}},
    )


def toasts_end_with_their_page() -> Var:
    """Rendered by each page's layout: leaving the page dismisses the toasts it showed. A toast
    under a second old stays (a handler's "toast, then go to the list" is meant for the next page)."""
    hook = (
        "useEffect(() => { const seen = (window.__toastSeen ||= new Map());"
        " const note = () => { for (const t of " + _TOASTS + "?.getHistory?.() ?? [])"
        " if (!seen.has(t.id)) seen.set(t.id, Date.now()); };"
        " const tick = setInterval(note, 250);"
        " return () => { clearInterval(tick); note(); const now = Date.now();"
        " for (const t of " + _TOASTS + "?.getToasts?.() ?? [])"
        " if (now - (seen.get(t.id) ?? now) > 1000) " + _TOASTS + ".dismiss(t.id); }; }, []);"
    )
    var = js_var("''", str, hooks=(hook,))
    return Var.create(var)._replace(merge_var_data=VarData(imports={"$/utils/state": [rx.ImportVar(tag="refs")]}))
