"""A registration's documents on the admin's merchant detail: thumbnails, viewer, replacement."""

from __future__ import annotations

import reflex as rx

from terminal_shop import rules
from terminal_shop.components.admin import BTN_SMALL, when_allowed
from terminal_shop.components.files import rejection_codes
from terminal_shop.components.ui import CARD, icon, modal
from terminal_shop.infra.uploads import IMAGE_ACCEPT, MAX_UPLOAD_BYTES
from terminal_shop.reflex_compat import name_file_input
from terminal_shop.reflex_compat.forms import on_drop
from terminal_shop.services.team.permissions import Permission
from terminal_shop.state.admin import DOC_UPLOAD_ID
from terminal_shop.state.admin import MerchantDetailState as D


def _document(d) -> rx.Component:
    return rx.el.div(
        rx.el.p(d.label, class_name="text-sm font-medium"),
        rx.cond(
            d.url != "",
            rx.el.button(
                rx.el.img(src=d.url, alt=d.label, loading="lazy", class_name="h-32 w-full rounded-lg object-cover"),
                type="button",
                on_click=D.open_viewer(d.key),
                aria_label="Lihat " + d.label,
                class_name="mt-2 block w-full",
            ),
            rx.el.p(
                rx.cond(D.merchant.restricted != "", "Dibatasi: tidak dibuka", "Belum diunggah"),
                class_name="mt-2 flex h-32 items-center justify-center rounded-lg bg-slate-100 text-sm text-slate-600",
            ),
        ),
        when_allowed(
            Permission.MERCHANTS_EDIT,
            rx.el.button(
                icon("upload", "h-4 w-4"),
                "Ganti",
                type="button",
                on_click=D.choose_upload(d.key),
                aria_label="Ganti " + d.label,
                class_name=BTN_SMALL + " mt-2",
            ),
        ),
        class_name="rounded-xl border border-slate-200 p-3",
        data_testid="doc-" + d.key,
    )


def _uploader() -> rx.Component:
    return rx.el.div(
        rx.el.label("Unggah ", D.upload_label, html_for=f"{DOC_UPLOAD_ID}-file", class_name="text-sm font-semibold"),
        name_file_input(
            rx.upload.root(
                rx.el.div(
                    icon("upload", "h-5 w-5 text-blue-700"),
                    rx.el.span(f"Pilih gambar (JPG/PNG, maks. {rules.UPLOAD_MAX})"),
                    class_name="flex cursor-pointer items-center justify-center gap-2 rounded-lg border-2 border-dashed border-slate-300 p-5 text-sm text-blue-700",
                ),
                id=DOC_UPLOAD_ID,
                accept=IMAGE_ACCEPT,
                max_size=MAX_UPLOAD_BYTES,
                multiple=False,
                on_drop=on_drop(lambda files: D.replace_document(files, D.upload_doc), DOC_UPLOAD_ID),
                on_drop_rejected=lambda rejected: D.upload_rejected(rejection_codes(rejected)),
                class_name="mt-2",
            ),
            f"{DOC_UPLOAD_ID}-file",
        ),
        rx.el.button("Batal", type="button", on_click=D.cancel_upload, class_name=BTN_SMALL + " mt-2"),
        class_name="mt-4 rounded-xl bg-slate-50 p-4",
    )


def _tool(icon_name: str, label: str, action: str, keys: str) -> rx.Component:
    """A viewer control; site.js does the zooming and turning in the browser."""
    return rx.el.button(
        icon(icon_name, "h-4 w-4"),
        rx.el.span(label, class_name="sr-only sm:not-sr-only"),
        type="button",
        title=f"{label} ({keys})",
        aria_keyshortcuts=keys,
        data_viewer_action=action,
        class_name=BTN_SMALL,
    )


def _viewer_tools() -> rx.Component:
    """Previous / next document, zoom, rotate and fit (assets/js/site.js does the zoom)."""
    step = "inline-flex items-center rounded-lg border border-slate-300 bg-white p-2 hover:bg-slate-50"
    return rx.el.div(
        rx.el.button(
            icon("chevron-left", "h-4 w-4"),
            type="button",
            aria_label="Dokumen sebelumnya",
            aria_keyshortcuts="ArrowLeft",
            on_click=D.viewer_step(-1),
            class_name=step,
            data_viewer_prev=True,
        ),
        rx.el.span(D.viewer_position, class_name="text-sm text-slate-600", data_testid="viewer-position"),
        rx.el.button(
            icon("chevron-right", "h-4 w-4"),
            type="button",
            aria_label="Dokumen berikutnya",
            aria_keyshortcuts="ArrowRight",
            on_click=D.viewer_step(1),
            class_name=step,
            data_viewer_next=True,
        ),
        rx.el.span(class_name="flex-1"),
        _tool("zoom-out", "Perkecil", "zoom-out", "-"),
        rx.el.span("100%", class_name="w-12 text-center text-sm", data_viewer_zoom=True, aria_live="polite"),
        _tool("zoom-in", "Perbesar", "zoom-in", "+"),
        _tool("rotate-cw", "Putar", "rotate", "R"),
        _tool("scan", "Pas layar", "fit", "0"),
        class_name="mt-3 flex flex-wrap items-center gap-2",
    )


def _viewer() -> rx.Component:
    return modal(
        D.viewer_title,
        rx.el.div(
            _viewer_tools(),
            rx.el.div(
                rx.el.img(
                    src=D.viewer_url,
                    alt=D.viewer_title,
                    class_name="max-h-[70vh] max-w-full transition-transform",
                    data_viewer_img=True,
                ),
                class_name="mt-3 flex max-h-[75vh] min-h-[40vh] items-center justify-center overflow-auto rounded-lg bg-slate-100",
            ),
            tab_index=-1,
            data_viewer=True,
            data_autofocus=True,
            data_zoom="1",
            data_rotate="0",
            class_name="outline-none",
        ),
        on_close=D.close_viewer,
        actions=[
            rx.el.a(
                icon("external-link", "h-4 w-4"),
                rx.el.span("Buka di tab baru", class_name="sr-only sm:not-sr-only"),
                href=D.viewer_url,
                target="_blank",
                rel="noopener",
                class_name=BTN_SMALL,
            )
        ],
        width="max-w-4xl",
    )


def documents_section() -> rx.Component:
    return rx.el.section(
        rx.el.h2("Dokumen", class_name="text-lg font-bold"),
        rx.el.div(
            rx.foreach(D.merchant.documents, _document), class_name="mt-3 grid gap-4 sm:grid-cols-3 lg:grid-cols-5"
        ),
        rx.cond(D.upload_doc != "", _uploader()),
        rx.cond(D.viewer_url != "", _viewer()),
        class_name=f"{CARD} p-5",
    )
