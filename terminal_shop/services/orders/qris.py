"""QRIS payloads (EMVCo merchant-presented QR, as Bank Indonesia's QRIS standard uses it).

A merchant's sticker holds a static payload: the buyer's banking app asks for the amount.
From it this module makes a dynamic payload for one order: point of initiation 12, the
order total in tag 54, the order number as bill number in tag 62, the CRC recomputed, and
every other tag of the merchant's payload kept byte for byte. Plain Python: no Reflex, no I/O.
"""

from __future__ import annotations

import io
from dataclasses import dataclass

import segno

from terminal_shop.refusals import Refused
from terminal_shop.services.orders.terms import PayloadRefusal

POINT_OF_INITIATION = "01"
STATIC, DYNAMIC = "11", "12"
AMOUNT = "54"
MERCHANT_NAME, MERCHANT_CITY = "59", "60"
ADDITIONAL_DATA, BILL_NUMBER = "62", "01"
CRC = "63"


class PayloadError(Refused):
    """The payload is not a usable static QRIS: `code` says what is wrong."""

    code: PayloadRefusal


@dataclass(frozen=True)
class Field:
    tag: str
    value: str

    def encode(self) -> str:
        if len(self.value) > 99:
            raise PayloadError(PayloadRefusal.TOO_LONG, tag=self.tag)
        return f"{self.tag}{len(self.value):02d}{self.value}"


def crc16(data: str) -> str:
    """CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF) as four upper-case hex digits."""
    crc = 0xFFFF
    for byte in data.encode("utf-8"):
        crc ^= byte << 8
        for _ in range(8):
            crc = ((crc << 1) ^ 0x1021) if crc & 0x8000 else crc << 1
            crc &= 0xFFFF
    return f"{crc:04X}"


def parse(payload: str) -> list[Field]:
    """The payload's fields in order; a malformed TLV structure is refused."""
    fields, i = [], 0
    while i < len(payload):
        tag, length = payload[i : i + 2], payload[i + 2 : i + 4]
        if len(tag) < 2 or not tag.isdigit() or len(length) < 2 or not length.isdigit():
            raise PayloadError(PayloadRefusal.BROKEN, at=i)
        value = payload[i + 4 : i + 4 + int(length)]
        if len(value) != int(length):
            raise PayloadError(PayloadRefusal.SHORT, tag=tag, length=length)
        fields.append(Field(tag, value))
        i += 4 + int(length)
    return fields


def encode(fields: list[Field]) -> str:
    """The fields, then tag 63 with the CRC over everything up to and including '6304'."""
    body = "".join(f.encode() for f in fields if f.tag != CRC) + CRC + "04"
    return body + crc16(body)


@dataclass(frozen=True)
class Merchant:
    name: str
    city: str
    payload: str  # the static payload, as checked


def _value(fields: list[Field], tag: str) -> str | None:
    return next((f.value for f in fields if f.tag == tag), None)


def check_static(payload: str) -> Merchant:
    """The merchant of a valid static QRIS payload, or PayloadError naming the fault."""
    payload = payload.strip()
    if not payload:
        raise PayloadError(PayloadRefusal.EMPTY)
    fields = parse(payload)
    if fields[0] != Field("00", "01"):
        raise PayloadError(PayloadRefusal.FORMAT)
    if fields[-1].tag != CRC or len(fields[-1].value) != 4:
        raise PayloadError(PayloadRefusal.CRC_MISSING)
    expected = crc16(payload[:-4])
    if fields[-1].value.upper() != expected:
        raise PayloadError(PayloadRefusal.CRC_WRONG, written=fields[-1].value, expected=expected)
    if _value(fields, POINT_OF_INITIATION) != STATIC:
        raise PayloadError(PayloadRefusal.NOT_STATIC)
    name, city = _value(fields, MERCHANT_NAME), _value(fields, MERCHANT_CITY)
    if not name:
        raise PayloadError(PayloadRefusal.NO_NAME)
    if not city:
        raise PayloadError(PayloadRefusal.NO_CITY)
    return Merchant(name, city, payload)


def _bill_template(existing: str | None, bill_number: str) -> str:
    """Tag 62 with sub-tag 01 set to the bill number, the merchant's other sub-tags kept."""
    subs = [f for f in parse(existing or "") if f.tag != BILL_NUMBER]
    return "".join(f.encode() for f in sorted([Field(BILL_NUMBER, bill_number), *subs], key=lambda f: f.tag))


def dynamic(merchant: Merchant, amount: int, bill_number: str) -> str:
    """The payload of one payment: `amount` whole rupiah, `bill_number` in tag 62."""
    if amount < 1:
        raise PayloadError(PayloadRefusal.AMOUNT)
    fields = [f for f in parse(merchant.payload) if f.tag not in (CRC, AMOUNT)]
    fields = [Field(f.tag, DYNAMIC) if f.tag == POINT_OF_INITIATION else f for f in fields]
    extra = _value(fields, ADDITIONAL_DATA)
    fields = [f for f in fields if f.tag != ADDITIONAL_DATA]
    fields += [Field(AMOUNT, str(amount)), Field(ADDITIONAL_DATA, _bill_template(extra, bill_number))]
    ordered = sorted(fields, key=lambda f: f.tag)  # EMV lists tags in ascending order
    return encode(ordered)


@dataclass(frozen=True)
class Summary:
    """What an admin checks of the payload a buyer was shown."""

    amount: int
    bill_number: str
    crc: str
    merchant_name: str = ""


def summarise(payload: str) -> Summary:
    fields = parse(payload)
    bill = parse(_value(fields, ADDITIONAL_DATA) or "")
    return Summary(
        int(_value(fields, AMOUNT) or 0),
        _value(bill, BILL_NUMBER) or "",
        _value(fields, CRC) or "",
        _value(fields, MERCHANT_NAME) or "",
    )


def svg(payload: str) -> str:
    """The QR as inline SVG markup, scaled by its container (sharp at any size)."""
    return segno.make(payload, error="m", micro=False).svg_inline(scale=1, border=2, omitsize=True)


def png(payload: str, scale: int = 10) -> bytes:
    buf = io.BytesIO()
    segno.make(payload, error="m", micro=False).save(buf, kind="png", scale=scale, border=4)
    return buf.getvalue()
