"""The order page's returns card (issue 61.3): each return with its photos and the buyer's
words, and the one next step its state allows, for the role that may take it."""

from __future__ import annotations

from typing import Any

import reflex as rx

from terminal_shop import couriers
from terminal_shop.components.admin import when_allowed
from terminal_shop.components.ui import BTN_OUTLINE, BTN_PRIMARY, CARD, INPUT, term_options, tone_badge
from terminal_shop.services.returns.terms import Destination, ReturnStep
from terminal_shop.services.team.permissions import Permission
from terminal_shop.state.admin.order_return import OrderReturnState as R


def _courier_select(name: str = "kurir") -> rx.Component:
    return rx.el.select(rx.el.option("Pilih kurir", value=""), *[rx.el.option(c.name, value=c.code) for c in couriers.COURIERS],
                        name=name, aria_label="Kurir", class_name=INPUT)  # fmt: skip


def _form(r: Any, handler: Any, button: str, *fields: rx.Component, style: str = BTN_PRIMARY) -> rx.Component:
    return rx.el.form(
        rx.el.input(type="hidden", name="retur", value=r.id),
        *fields,
        rx.el.button(button, type="submit", class_name=style + " self-start"),
        on_submit=handler,
        reset_on_submit=True,
        class_name="mt-3 flex flex-col gap-2",
    )


def _decide(r: Any) -> rx.Component:
    return rx.el.div(
        _form(r, R.approve, "Setujui dan jadwalkan penjemputan", _courier_select(),
              rx.el.input(name="resi", placeholder="Resi penjemputan", auto_complete="off", aria_label="Resi penjemputan", class_name=INPUT)),
        _form(r, R.refuse, "Tolak retur", rx.el.input(name="alasan", placeholder="Alasan penolakan (dibaca pembeli)",
                                                       aria_label="Alasan penolakan", class_name=INPUT), style=BTN_OUTLINE),
    )  # fmt: skip


def _receive(r: Any) -> rx.Component:
    return _form(
        r, R.receive, "Catat unit diterima",
        rx.el.p("Menunggu unit: ", rx.el.code(r.waiting.join(", ")), class_name="text-sm"),
        rx.el.input(name="sn", placeholder="Pindai SN unit", auto_complete="off", aria_label="SN unit diterima", class_name=INPUT),
        rx.el.select(*term_options(Destination), name="tujuan", aria_label="Tujuan unit", class_name=INPUT),
    )  # fmt: skip


def _settle(r: Any) -> rx.Component:
    return rx.cond(
        r.is_refund,
        when_allowed(Permission.ORDERS_REVIEW, _form(
            r, R.refund, "Catat dana dikembalikan",
            rx.el.p("Transfer ", rx.el.strong(r.amount), " ke ", rx.el.strong(r.refund_to), class_name="text-sm", data_testid="refund-to"),
            rx.el.input(name="referensi", placeholder="Nomor referensi transfer", auto_complete="off", aria_label="Referensi transfer", class_name=INPUT),
        )),
        when_allowed(Permission.FULFIL, _form(
            r, R.exchange, "Kirim unit pengganti",
            rx.el.input(name="pengganti", placeholder="SN pengganti dari stok (satu per unit)", auto_complete="off", aria_label="SN pengganti", class_name=INPUT),
            _courier_select(),
            rx.el.input(name="resi", placeholder="Resi pengiriman", auto_complete="off", aria_label="Resi pengiriman", class_name=INPUT),
        )),
    )  # fmt: skip


def _line(label: str, value: Any) -> rx.Component:
    return rx.cond(
        value != "", rx.el.p(rx.el.span(label + ": ", class_name="text-slate-500"), value, class_name="text-sm")
    )


def _return(r: Any) -> rx.Component:
    return rx.el.li(
        rx.el.div(
            rx.el.p("Retur ", rx.el.code(r.number), " · ", r.asked, class_name="font-semibold"),
            tone_badge(r.step_label, r.step_tone),
            class_name="flex flex-wrap items-center justify-between gap-2",
        ),
        rx.el.p(r.units, class_name="mt-1 text-sm"),
        _line("Alasan", r.reason), _line("Kata pembeli", r.note), _line("Permintaan", r.resolution),
        _line("Rekening", r.refund_to), _line("Penjemputan", r.pickup), _line("Diterima", r.received),
        _line("Alasan penolakan", r.refused_reason), _line("Referensi transfer", r.refund_reference),
        _line("Pengganti", r.exchange),
        rx.el.div(rx.foreach(r.photos, lambda src: rx.el.a(rx.el.img(src=src, alt="Foto retur", class_name="h-20 w-20 rounded-lg border object-cover"),
                                                             href=src, target="_blank")), class_name="mt-2 flex flex-wrap gap-2"),
        rx.cond(r.credit_note_link != "", rx.el.a("Nota kredit ", r.credit_note, href=r.credit_note_link, download="", custom_attrs={"reloadDocument": True}, class_name="mt-2 inline-flex min-h-11 items-center text-sm font-semibold text-blue-700 underline")),
        rx.match(
            r.step,
            (ReturnStep.ASKED.value, when_allowed(Permission.ORDERS_REVIEW, _decide(r))),
            (ReturnStep.APPROVED.value, when_allowed(Permission.FULFIL, _receive(r))),
            (ReturnStep.RECEIVED.value, _settle(r)),
            rx.fragment(),
        ),
        class_name="rounded-xl border border-slate-200 p-4",
        data_testid="admin-return",
    )  # fmt: skip


def order_return_card() -> rx.Component:
    return rx.cond(
        R.returns.length() > 0,
        rx.el.section(
            rx.el.h2("Retur", class_name="text-lg font-semibold"),
            rx.el.ul(rx.foreach(R.returns, _return), class_name="mt-3 flex flex-col gap-3"),
            class_name=f"{CARD} p-5",
            id="retur",
        ),
    )
