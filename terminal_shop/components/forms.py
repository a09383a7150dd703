"""Labelled form controls with their error line, shared by every form of the site."""

from __future__ import annotations

import reflex as rx

from terminal_shop import routes
from terminal_shop.components.ui import CARD, INPUT
from terminal_shop.services.notifications.consent import WHATSAPP_BOX


def _label(name: str, label: str, required: bool) -> rx.Component:
    return rx.el.label(
        label,
        rx.el.span(" *", class_name="text-red-600")
        if required
        else rx.el.span(" (opsional)", class_name="text-slate-500"),
        html_for=name,
        class_name="text-sm font-medium text-slate-800",
    )


def error_line(name: str, error) -> rx.Component:
    """Read with its field (aria-describedby), not shouted on its own: a refused submit moves
    focus to the first field in error and says it once (state/focus.py)."""
    return rx.el.p(error, id=f"{name}-error", class_name="mt-1 min-h-[1.25rem] text-sm text-red-600")


def _bound(name: str, value, on_change, error) -> dict:
    """The props every control shares: its state binding and how it announces its error."""
    return {
        "id": name,
        "name": name,
        "value": value,
        "on_change": on_change,
        "class_name": INPUT,
        "aria_invalid": rx.cond(error != "", "true", "false"),
        "aria_describedby": f"{name}-error",
    }


def typed(control: rx.Component) -> rx.Component:
    """Every text box bound to state goes through here: a plain one shows the server's value
    back, and React restores the old one until the answer arrives, so letters typed faster than
    that are lost ('Confirm Delete' arrived as 'ne'). tests/unit/test_typed_inputs.py. The box
    takes the server's value only when it changes: a value put right to the one it already had
    needs the box drawn anew (state/checkout._redraw_if_put_right)."""
    return rx.debounce_input(control, debounce_timeout=200)


def text_field(
    name: str,
    label: str,
    value,
    on_change,
    error,
    *,
    kind: str = "text",
    required: bool = True,
    textarea: bool = False,
    **props,
) -> rx.Component:
    """An input bound to state, with its label and error line."""
    common = {**_bound(name, value, on_change, error), **props}
    control = rx.el.textarea(rows=3, **common) if textarea else rx.el.input(type=kind, **common)
    return rx.el.div(_label(name, label, required), typed(control), error_line(name, error))


def select_field(
    name: str, label: str, value, on_change, error, options: list[tuple[str, str]], placeholder: str
) -> rx.Component:
    return rx.el.div(
        _label(name, label, True),
        rx.el.select(
            rx.el.option(placeholder, value="", disabled=True),
            *[rx.el.option(text, value=val) for val, text in options],
            **_bound(name, value, on_change, error),
        ),
        error_line(name, error),
    )


def consent_box(checked, on_change) -> rx.Component:
    """The applicant's agreement (the server refuses a registration or correction without it)."""
    return rx.el.label(
        rx.el.input(type="checkbox", checked=checked, on_change=on_change, class_name="mt-1 h-5 w-5"),
        rx.el.span(
            "Saya menyatakan data yang saya isi adalah benar dan menyetujui ",
            rx.el.a("Kebijakan Privasi", href=routes.PRIVACY, target="_blank", class_name="text-blue-700 underline"),
            ".",
        ),
        class_name=f"{CARD} flex items-start gap-3 p-5 text-sm",
    )


def whatsapp_box(checked, on_change) -> rx.Component:
    """The optional "Kirim info pesanan lewat WhatsApp" (services/notifications/consent.py keeps
    the time and this text); shown only when the site has WhatsApp set up."""
    return rx.el.label(
        rx.el.input(type="checkbox", checked=checked, on_change=on_change, class_name="mt-0.5 h-5 w-5",
                    data_testid="whatsapp-consent"),
        rx.el.span(WHATSAPP_BOX, rx.el.span(" (balas STOP untuk berhenti)", class_name="text-slate-500")),
        class_name="flex items-start gap-3 py-2 text-sm",
    )  # fmt: skip
