"""File pickers that keep the chosen file in the browser until the form is sent.

The file travels to the server once, with the submission, so an order or a
registration and its files are stored together or not at all.
"""

from __future__ import annotations

import reflex as rx

from terminal_shop.components.ui import icon
from terminal_shop.infra.uploads import MAX_UPLOAD_BYTES
from terminal_shop.reflex_compat import (
    ArrayVar,
    ObjectVar,
    Var,
    chosen_files,
    files_slot,
    js_var,
    json_js,
    name_file_input,
    replace_chosen_files,
)
from terminal_shop.reflex_compat.forms import on_drop


def chosen_name(upload_id: str) -> Var:
    return js_var(f"({chosen_files(upload_id)}[0]?.name ?? '')", str, upload_files=True)


def chosen_count(upload_id: str) -> Var:
    return js_var(f"{chosen_files(upload_id)}.length", int, upload_files=True)


def preview_src(upload_id: str) -> Var:
    """An object URL for a chosen image (cached on the File), '' for a PDF or nothing."""
    js = (
        f"((f) => (f && f.type && f.type.startsWith('image/')) ? (f.__preview || (f.__preview = URL.createObjectURL(f))) : '')"
        f"({chosen_files(upload_id)}[0])"
    )
    return js_var(js, str, upload_files=True)


def chosen_thumbnail(upload_id: str, label: str) -> rx.Component:
    """A chosen image as a form's last step shows it: a thumbnail beside its name."""
    name = chosen_name(upload_id)
    return rx.cond(
        name != "",
        rx.el.span(
            rx.el.img(
                src=preview_src(upload_id),
                alt=f"Pratinjau {label}",
                class_name="h-16 w-16 shrink-0 rounded-lg border border-slate-200 object-cover",
            ),
            rx.el.span(name, class_name="break-all"),
            class_name="flex items-center gap-3",
        ),
        "Tidak diunggah",
    )


def rejection_codes(rejected: Var) -> Var:
    """Only the error codes of refused files: the default payload carries each File,
    which socket.io would ship whole over the websocket."""
    return (
        rejected.to(ArrayVar)
        .map(lambda r: r.to(ObjectVar)["errors"].to(ArrayVar).map(lambda e: e.to(ObjectVar)["code"]).join(","))
        .join(",")
        .split(",")
    )


def file_picker(
    upload_id: str,
    label: str,
    hint: str,
    accept: dict[str, list[str]],
    on_rejected,
    required: bool = False,
    error=None,
    several: int = 1,
) -> rx.Component:
    """Drop zone with preview, the chosen name, and a remove button; `several` files may be
    chosen at once (a return's photos), the first previewed and the count said."""
    name = chosen_name(upload_id)
    return rx.el.div(
        rx.el.label(
            label,
            rx.el.span(" *", class_name="text-red-600")
            if required
            else rx.el.span(" (opsional)", class_name="text-slate-500"),
            html_for=f"{upload_id}-file",
            class_name="block text-sm font-medium text-slate-800",
        ),
        name_file_input(
            rx.upload.root(
                rx.el.div(
                    icon("upload", "h-6 w-6 text-blue-700"),
                    rx.el.p(
                        rx.cond(name != "", "Ganti file", "Pilih atau seret file ke sini"),
                        class_name="mt-2 text-sm font-semibold text-blue-700",
                    ),
                    rx.el.p(hint, class_name="mt-1 text-xs text-slate-500"),
                    class_name="flex cursor-pointer flex-col items-center rounded-xl border-2 border-dashed border-slate-300 bg-slate-50 px-4 py-6 text-center hover:border-blue-400",
                ),
                id=upload_id,
                accept=accept,
                max_size=MAX_UPLOAD_BYTES,
                max_files=several,
                multiple=several > 1,
                on_drop_rejected=lambda rejected: on_rejected(rejection_codes(rejected)),
                class_name="mt-2",
            ),
            f"{upload_id}-file",
        ),
        # A chosen file answers the error at once, without a round trip.
        rx.el.p(rx.cond(name == "", error, ""), class_name="mt-1 text-sm text-red-600", role="alert")
        if error is not None
        else rx.fragment(),
        _chosen(upload_id, label),
    )


def _chosen(upload_id: str, label: str) -> rx.Component:
    """The chosen file: its preview (or a document icon for a PDF), its name, and "Hapus"."""
    name = chosen_name(upload_id)
    src = preview_src(upload_id)
    return rx.cond(
        name != "",
        rx.el.div(
            rx.cond(
                src != "",
                rx.el.img(
                    src=src,
                    alt=f"Pratinjau {label}",
                    class_name="h-20 w-20 rounded-lg border border-slate-200 object-cover",
                ),
                rx.el.span(
                    icon("file-text", "h-8 w-8 text-red-600"),
                    class_name="flex h-20 w-20 items-center justify-center rounded-lg border border-slate-200 bg-white",
                ),
            ),
            rx.el.div(
                rx.el.p(
                    name, class_name="break-all text-sm font-medium text-slate-800", data_testid=f"{upload_id}-name"
                ),
                rx.cond(
                    chosen_count(upload_id) > 1,
                    rx.el.p(chosen_count(upload_id), " file dipilih", class_name="text-sm text-slate-600"),
                ),
                rx.el.button(
                    icon("trash-2", "h-4 w-4"),
                    "Hapus",
                    type="button",
                    on_click=rx.clear_selected_files(upload_id),
                    class_name="mt-1 inline-flex min-h-11 items-center gap-1 text-sm font-medium text-red-600 hover:underline",
                ),
                class_name="flex-1",
            ),
            class_name="mt-3 flex items-start gap-3 rounded-xl border border-slate-200 bg-white p-3",
        ),
    )


def send_chosen(url: str, upload_id: str, draft_js: str) -> Var:
    """A browser function: posts the files chosen in `upload_id` with the tab's copy of its
    form (`draft_js`, read when sent) to one of our routes, and resolves to the JSON answer
    (site.js `terminalShop.send`). For `rx.call_function(..., callback=...)`."""
    js = f"(() => window.terminalShop.send({url!r}, {chosen_files(upload_id)}, {{draft: {draft_js}}}))"
    return js_var(js, upload_files=True)


def _doc_pairs(doc_keys: tuple[str, ...]) -> str:
    return json_js([[k, f"doc_{k}"] for k in doc_keys])


def bundle_documents(doc_keys: tuple[str, ...], bundle_id: str) -> Var:
    """Keeps one upload list holding every chosen document, each renamed 'ktp__foto.jpg'.

    Each document has its own picker (its own preview and remove button); the
    submission sends this bundle, so the record and all its files go in one request.
    Render the returned Var anywhere on the page (it is an empty string).
    """
    deps = ", ".join(files_slot(f"doc_{k}") for k in doc_keys)
    hook = (
        "useEffect(() => { const bundle = [];"
        f" for (const [doc, id] of {_doc_pairs(doc_keys)}) {{"
        f" for (const f of {chosen_files('id', id_is_js=True)})"
        " bundle.push(new File([f], doc + '__' + f.name, {type: f.type})); }"
        f" {replace_chosen_files(bundle_id, 'bundle')}"
        f" }}, [{deps}]);"
    )
    return js_var("''", str, upload_files=True, hooks=(hook,))


def chosen_documents(doc_keys: tuple[str, ...]) -> Var:
    """The keys of the documents that have a file chosen, e.g. ['ktp', 'usaha']."""
    pairs = _doc_pairs(doc_keys)
    has_files = chosen_files("id", id_is_js=True)
    return js_var(
        f"{pairs}.filter(([doc, id]) => {has_files}.length > 0).map(([doc]) => doc)", list[str], upload_files=True
    )


CSV_ACCEPT = {"text/csv": [".csv"], "text/plain": [".txt"]}


def csv_picker(upload_id: str, text: str, handler, button_class: str) -> rx.Component:
    """A button that picks one CSV file and hands it to `handler` at once."""
    return instant_picker(upload_id, text, handler, CSV_ACCEPT, button_class)


def instant_picker(upload_id: str, text: str, handler, accept: dict[str, list[str]], button_class: str) -> rx.Component:
    """A button that picks one file and hands it to `handler` at once; its text names the file
    input for screen readers too."""
    zone = rx.upload.root(
        rx.el.div(text, class_name=f"{button_class} cursor-pointer"),
        id=upload_id,
        accept=accept,
        max_files=1,
        on_drop=on_drop(handler, upload_id),
    )
    return rx.fragment(
        rx.el.label(text, html_for=f"{upload_id}-file", class_name="sr-only"),
        name_file_input(zone, f"{upload_id}-file"),
    )
