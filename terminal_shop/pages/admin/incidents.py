"""Data incidents (issue 61.5, UU 27/2022 Ps 46), the owner's: the form that records one with
the records it touched, and each incident with its 3x24-hour deadline, the notices, the letter
to the authority and its closing (state/admin/incidents.py)."""

from __future__ import annotations

import reflex as rx

from terminal_shop import routes
from terminal_shop.admin_pages import AdminPage
from terminal_shop.components.admin import admin_layout
from terminal_shop.components.ui import BTN_OUTLINE, BTN_PRIMARY, CARD, INPUT, term_options
from terminal_shop.services.privacy.terms import ExposedData, IncidentScope
from terminal_shop.state.admin.incidents import IncidentsState as S


def _labelled(label: str, name: str, control: rx.Component) -> rx.Component:
    return rx.el.div(rx.el.label(label, html_for=f"insiden-{name}", class_name="text-sm font-medium"), control,
                     class_name="flex flex-col gap-1")  # fmt: skip


def _form() -> rx.Component:
    boxes = [rx.el.label(rx.el.input(type="checkbox", name=f"data_{d.value}", class_name="h-5 w-5"), rx.el.span(d.label),
                         class_name="inline-flex min-h-11 items-center gap-2 text-sm") for d in ExposedData]  # fmt: skip
    return rx.el.form(
        rx.el.h2("Catat insiden data pribadi", class_name="text-lg font-bold"),
        _labelled("Apa yang terjadi, kapan dan bagaimana data terungkap", "what",
                  rx.el.textarea(id="insiden-what", name="what", rows=3, required=True, class_name=INPUT)),
        _labelled("Kapan diketahui (WIB)", "discovered", rx.el.input(id="insiden-discovered", name="discovered", type="datetime-local",
                                                                     required=True, class_name=INPUT + " min-h-11")),
        rx.el.fieldset(rx.el.legend("Data pribadi yang terungkap", class_name="text-sm font-medium"), rx.el.div(*boxes, class_name="flex flex-wrap gap-x-4"),
                       class_name="flex flex-col gap-1"),
        _labelled("Catatan yang tersentuh", "scope", rx.el.select(*term_options(IncidentScope, "Pilih catatan"), id="insiden-scope",
                                                                  name="scope", required=True, class_name=INPUT + " min-h-11")),
        rx.el.div(_labelled("Dibuat dari tanggal", "start", rx.el.input(id="insiden-start", name="start", type="date", required=True,
                                                                        class_name=INPUT + " min-h-11")),
                  _labelled("sampai tanggal", "end", rx.el.input(id="insiden-end", name="end", type="date", required=True,
                                                                 class_name=INPUT + " min-h-11")),
                  class_name="grid gap-3 sm:grid-cols-2"),
        _labelled("Upaya penanganan dan pemulihan (dibaca orang yang terdampak)", "steps",
                  rx.el.textarea(id="insiden-steps", name="steps", rows=3, required=True, class_name=INPUT)),
        rx.el.button("Catat insiden", type="submit", class_name=BTN_PRIMARY + " min-h-11 self-start"),
        on_submit=S.record, reset_on_submit=False,
        class_name=f"{CARD} flex flex-col gap-3 p-5",
    )  # fmt: skip


def _incident(i) -> rx.Component:
    before, after = routes.API_ADMIN_INCIDENT_LETTER.split("{incident_id}")
    return rx.el.li(
        rx.el.div(rx.el.p("Insiden ", i.id, class_name="font-semibold"),
                  rx.cond(i.left != "", rx.el.span(i.left, class_name=rx.cond(i.overdue, "font-semibold text-red-700", "font-semibold text-amber-800"),
                                                   data_testid="incident-left")),
                  class_name="flex flex-wrap items-center justify-between gap-2"),
        rx.el.p(i.what, class_name="text-sm"),
        rx.el.p("Data: ", i.data, " · ", i.affected, " orang terdampak (", i.scope, ")", class_name="text-sm text-slate-600"),
        rx.el.p("Diketahui ", i.discovered, " · beri tahu paling lambat ", i.due, class_name="text-sm text-slate-600"),
        rx.cond(i.notified != "", rx.el.p("Orang terdampak diberi tahu ", i.notified, class_name="text-sm text-emerald-700")),
        rx.el.a("Unduh surat untuk otoritas (PDF)", href=before + i.id.to_string() + after, download="",
                custom_attrs={"reloadDocument": True}, class_name="inline-flex min-h-11 items-center text-sm font-medium text-blue-700 underline"),
        rx.cond(i.closed != "",
                rx.el.p("Ditutup ", i.closed, ": ", i.outcome, class_name="text-sm text-slate-700"),
                rx.el.div(rx.el.button(rx.cond(i.notified != "", "Kirim lagi ke yang belum", "Beri tahu orang yang terdampak"), type="button",
                                       on_click=S.notify(i.id), class_name=BTN_PRIMARY + " min-h-11"),
                          rx.el.form(rx.el.input(type="hidden", name="id", value=i.id.to_string()),
                                     rx.el.label("Apa yang sudah dilakukan", html_for="tutup-" + i.id.to_string(), class_name="text-sm"),
                                     rx.el.input(id="tutup-" + i.id.to_string(), name="outcome", class_name=INPUT + " min-h-11"),
                                     rx.el.button("Tutup insiden", type="submit", class_name=BTN_OUTLINE + " min-h-11"),
                                     on_submit=S.close, reset_on_submit=True, class_name="flex flex-col gap-1"),
                          class_name="mt-2 flex flex-col gap-3")),
        class_name="py-3", data_testid="incident",
    )  # fmt: skip


def incidents_page() -> rx.Component:
    return admin_layout(
        rx.el.h1("Insiden data pribadi", class_name="text-2xl font-bold"),
        rx.el.p("UU 27/2022 Pasal 46: paling lambat 3x24 jam sejak diketahui, orang yang terdampak dan otoritas diberi tahu "
                "secara tertulis: data yang terungkap, kapan dan bagaimana, dan upaya penanganannya.", class_name="mt-1 text-sm text-slate-600"),
        rx.el.div(_form(), class_name="mt-4"),
        rx.el.section(rx.el.h2("Insiden", class_name="text-lg font-bold"),
                      rx.cond(S.incidents, rx.el.ul(rx.foreach(S.incidents, _incident), class_name="divide-y divide-slate-100"),
                              rx.el.p("Belum ada insiden tercatat.", class_name="text-sm text-slate-600")),
                      class_name=f"{CARD} mt-4 p-5"),
    )  # fmt: skip


PAGE = AdminPage(routes.ADMIN_INCIDENTS, "Admin: Insiden Data", incidents_page, S, menu="Insiden")
