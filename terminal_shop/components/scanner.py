"""The camera button beside an SN field (receiving, packing): sn_scanner.jsx reads the barcode
into the field and sends its form, so the state sees what a handheld scanner would send."""

from __future__ import annotations

import reflex as rx

_SOURCE = rx.asset(path="sn_scanner.jsx", shared=True)


class SnScanner(rx.Component):
    library = _SOURCE.importable_path  # "$/public/external/.../sn_scanner.jsx", as Reflex's docs wrap local files
    tag = "SnScanner"
    # The ponyfill for browsers without BarcodeDetector, and the ZXing build whose .wasm the
    # site serves itself (same versions as barcode-detector's own dependency).
    lib_dependencies: list[str] = ["barcode-detector@3.2.2", "zxing-wasm@3.1.3"]

    target: rx.Var[str]  # the id of the SN input
    send: rx.Var[bool]  # send the form once read (packing); else on to its next field (receiving)


def scan_button(field_id: str, send: bool) -> rx.Component:
    return SnScanner.create(target=field_id, send=send)
