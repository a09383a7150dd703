"""The buyer form's optional parts: "Kirim info pesanan lewat WhatsApp" where WhatsApp is set
up, and "Saya PKP, minta faktur pajak" with the tax identity it asks for (issue 61.1)."""

from __future__ import annotations

from collections.abc import Callable

import reflex as rx

from terminal_shop.components.forms import whatsapp_box
from terminal_shop.infra.settings import get_settings
from terminal_shop.state.checkout import CheckoutState as S


def extras(field: Callable[..., rx.Component]) -> list[rx.Component]:
    pkp = S.buyer["pkp"] == "1"
    asked = rx.el.label(
        rx.el.input(type="checkbox", checked=pkp, on_change=lambda v: S.set_buyer_field("pkp", v), class_name="mt-0.5 h-5 w-5",
                    data_testid="pkp"),
        rx.el.span("Saya PKP, minta faktur pajak", rx.el.span(" (NPWP dan NITKU dicetak di invoice)", class_name="text-slate-500")),
        class_name="flex min-h-11 items-start gap-3 py-2 text-sm",
    )  # fmt: skip
    tax = rx.el.div(
        field("tax_id", "NPWP (16 digit) atau NIK", input_mode="numeric", auto_complete="off"),
        field("tax_nitku", "NITKU (22 digit)", input_mode="numeric", auto_complete="off"),
        field("tax_name", "Nama sesuai NPWP", auto_complete="organization"),
        field("tax_address", "Alamat sesuai NPWP", textarea=True, auto_complete="off"),
        class_name="flex flex-col gap-2 rounded-lg border border-slate-200 p-3",
        data_testid="pkp-fields",
    )
    whatsapp = [whatsapp_box(S.buyer["whatsapp"] == "1", lambda v: S.set_buyer_field("whatsapp", v))]
    return [*(whatsapp if get_settings().whatsapp_on else []), asked, rx.cond(pkp, tax)]
