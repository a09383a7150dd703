"""Static QRIS payloads shaped like real stickers, and their images (no I/O)."""

from __future__ import annotations

import io

import segno

from terminal_shop.services.orders import qris
from terminal_shop.services.orders.qris import Field


def static_payload(name: str = "WARUNG BU SRI", city: str = "SURABAYA", extra62: bool = True) -> str:
    """Shaped like a real sticker: an e-wallet's merchant account (26), the national QRIS
    account (51), category, currency, country, name, city, postal code."""
    wallet = [
        Field("00", "ID.DANA.WWW"),
        Field("01", "936009153022591481"),
        Field("02", "022591481"),
        Field("03", "UMI"),
    ]
    national = [Field("00", "ID.CO.QRIS.WWW"), Field("02", "ID1020021181745"), Field("03", "UMI")]
    fields = [
        Field("00", "01"),
        Field("01", "11"),
        Field("26", "".join(f.encode() for f in wallet)),
        Field("51", "".join(f.encode() for f in national)),
        Field("52", "5999"),
        Field("53", "360"),
        Field("58", "ID"),
        Field("59", name),
        Field("60", city),
        Field("61", "60111"),
    ]
    if extra62:
        fields.append(Field("62", Field("07", "A01").encode()))  # the merchant's terminal label
    return qris.encode(fields)


STATIC = static_payload()


def sticker_png(payload: str) -> bytes:
    buf = io.BytesIO()
    segno.make(payload, error="m").save(buf, kind="png", scale=8, border=4)
    return buf.getvalue()
