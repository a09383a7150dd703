"""The merchant's QRIS, and the QR each order is paid with.

The static payload comes from the QRIS_PAYLOAD setting or, failing that, is read out of
the sticker image the operator keeps at assets/qris/hausjo.png in the store. Without a
valid one the site shows the static image as before (with a log line saying why).
"""

from __future__ import annotations

import base64
import io
import logging
import threading
import time
from functools import lru_cache

from PIL import Image

from terminal_shop import catalogue
from terminal_shop.formats import rupiah
from terminal_shop.infra.settings import get_settings
from terminal_shop.infra.storage import StorageError, get_storage
from terminal_shop.services.orders import qris
from terminal_shop.services.orders.terms import PayloadRefusal
from terminal_shop.services.orders.views import PaymentQr

log = logging.getLogger(__name__)
STICKER_KEY = "qris/hausjo.png"


@lru_cache(maxsize=8)
def _decode(image: bytes) -> str:
    import zxingcpp

    try:
        with Image.open(io.BytesIO(image)) as img:
            grey = img.convert("L")
    except (OSError, ValueError, Image.DecompressionBombError):  # not a picture Pillow reads
        raise qris.PayloadError(PayloadRefusal.NOT_AN_IMAGE, key=STICKER_KEY) from None
    found = [b.text for b in zxingcpp.read_barcodes(grey) if b.format == zxingcpp.BarcodeFormat.QRCode]
    if not found:
        raise qris.PayloadError(PayloadRefusal.NO_QR)
    return found[0]


def merchant() -> qris.Merchant:
    """The merchant's checked static QRIS, or PayloadError naming what is wrong."""
    configured = get_settings().qris_payload
    if configured:
        return qris.check_static(configured)
    settings = get_settings()
    try:
        sticker = get_storage().get(settings.bucket_assets, STICKER_KEY)
    except StorageError:
        raise qris.PayloadError(PayloadRefusal.NO_STICKER, key=STICKER_KEY) from None
    return qris.check_static(_decode(sticker))


_cache: dict[str, tuple[float, qris.Merchant | None, str]] = {}
FOUND_FOR, MISSING_FOR = 60.0, 2.0  # seconds; a newly uploaded sticker is picked up quickly
_refreshing = threading.Lock()


def merchant_or_none() -> qris.Merchant | None:
    """For pages and orders: the merchant, or None (logged once per reason) so the page falls
    back to the static image. Remembered briefly: every confirm page and QRIS order asks.
    One thread reads it afresh while the others wait for its answer: 32 checkouts at once
    otherwise each fetch (and decode) the sticker from storage."""
    cached = _cache.get("merchant")
    if cached and time.monotonic() < cached[0]:
        return cached[1]
    with _refreshing:
        cached = _cache.get("merchant")
        if cached and time.monotonic() < cached[0]:  # another thread has just read it
            return cached[1]
        try:
            found, reason = merchant(), ""
        except qris.PayloadError as exc:
            found, reason = None, exc.text
            if not cached or cached[2] != reason:
                log.warning("dynamic QRIS off, static image shown: %s", reason)
        _cache["merchant"] = (time.monotonic() + (FOUND_FOR if found else MISSING_FOR), found, reason)
        return found


def qr_view(payload: str) -> PaymentQr:
    """A dynamic payload as the pages show it: drawn, downloadable, and what it asks for."""
    shown = qris.summarise(payload)
    png = base64.b64encode(qris.png(payload)).decode()
    return PaymentQr(
        qris.svg(payload), f"data:image/png;base64,{png}", shown.merchant_name, rupiah(shown.amount), shown.bill_number
    )


def build_payment_qr(m: qris.Merchant, amount: int, bill_number: str) -> PaymentQr:
    return qr_view(qris.dynamic(m, amount, bill_number))


def shown_qr(total: int, bill_number: str) -> PaymentQr | None:
    """The QR the confirm page shows for this total, or None for the static sticker
    (no usable merchant payload, or a total QRIS does not take)."""
    m = merchant_or_none()
    return build_payment_qr(m, total, bill_number) if m and 0 < total <= catalogue.QRIS_MAX_TOTAL else None


def static_image_url(fallback: str) -> str:
    """The sticker's public address, or `fallback` when the store cannot say."""
    try:
        return get_storage().public_url(get_settings().bucket_assets, STICKER_KEY)
    except Exception:  # noqa: BLE001 - any storage trouble means the fallback image
        return fallback


def order_payload(amount: int, bill_number: str) -> str | None:
    """The dynamic payload an order is charged with, or None when QRIS stays static."""
    m = merchant_or_none()
    return qris.dynamic(m, amount, bill_number) if m else None
