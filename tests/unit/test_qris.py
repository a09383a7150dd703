"""The QRIS codec: CRC, amounts, bill numbers, refusals, the drawn QR (no I/O)."""

from __future__ import annotations

import io

import pytest
import zxingcpp
from PIL import Image

from terminal_shop.services.orders import qris
from terminal_shop.services.orders.qris import Field
from terminal_shop.services.orders.qris import PayloadRefusal as P

from support.qris_payloads import STATIC, static_payload


def _tags(payload: str) -> dict[str, str]:
    return {f.tag: f.value for f in qris.parse(payload)}


def test_crc_matches_known_vectors():
    assert qris.crc16("123456789") == "29B1"  # CRC-16/CCITT-FALSE check value
    assert qris.crc16("") == "FFFF"
    # A payload published with its CRC: the CRC covers everything up to and including "6304".
    assert STATIC.endswith(qris.crc16(STATIC[:-4])) and STATIC[-8:-4] == "6304"


@pytest.mark.parametrize("amount", [1, 349_000, 3_499_000, 9_999_999])
def test_amounts_are_encoded_and_round_trip(amount):
    merchant = qris.check_static(STATIC)
    payload = qris.dynamic(merchant, amount, "AB12CD34")
    tags = _tags(payload)
    assert tags["01"] == "12" and tags["54"] == str(amount)
    assert qris.parse(tags["62"]) == [Field("01", "AB12CD34"), Field("07", "A01")]  # the merchant's sub-tag kept
    assert payload[-4:] == qris.crc16(payload[:-4])
    assert qris.summarise(payload) == qris.Summary(amount, "AB12CD34", payload[-4:], "WARUNG BU SRI")
    # Every other tag of the merchant's payload, byte for byte.
    static = _tags(STATIC)
    assert {t: v for t, v in tags.items() if t not in ("01", "54", "62", "63")} == {
        t: v for t, v in static.items() if t not in ("01", "62", "63")
    }
    # Tag lengths are two digits and right, all the way through.
    i = 0
    while i < len(payload):
        length = payload[i + 2 : i + 4]
        assert length.isdigit() and len(length) == 2
        i += 4 + int(length)
    assert i == len(payload)
    assert [f.tag for f in qris.parse(payload)] == sorted(f.tag for f in qris.parse(payload))


def test_a_merchant_without_tag_62_gets_one():
    payload = qris.dynamic(qris.check_static(static_payload(extra62=False)), 50_000, "0F0F0F0F")
    assert qris.parse(_tags(payload)["62"]) == [Field("01", "0F0F0F0F")]


@pytest.mark.parametrize(
    "payload, codes",
    [
        ("", {P.EMPTY}),
        ("000201010211", {P.CRC_MISSING}),
        (STATIC[:-4] + "0000", {P.CRC_WRONG}),
        (STATIC[:20] + "9" + STATIC[21:], {P.BROKEN, P.SHORT, P.CRC_WRONG}),  # whichever breaks first
        (qris.encode([Field("00", "01"), Field("01", "12"), Field("59", "X"), Field("60", "Y")]), {P.NOT_STATIC}),
        (qris.encode([Field("00", "01"), Field("01", "11"), Field("60", "Y")]), {P.NO_NAME}),
        (qris.encode([Field("00", "01"), Field("01", "11"), Field("59", "X")]), {P.NO_CITY}),
        (qris.encode([Field("01", "11"), Field("00", "01"), Field("59", "X"), Field("60", "Y")]), {P.FORMAT}),
        ("00020101021159", {P.BROKEN}),
    ],
)
def test_bad_payloads_are_refused_with_their_reason(payload, codes):
    with pytest.raises(qris.PayloadError) as refused:
        qris.check_static(payload)
    assert refused.value.code in codes


def test_the_drawn_qr_reads_back_as_the_payload():
    payload = qris.dynamic(qris.check_static(STATIC), 3_499_000, "AB12CD34")
    with Image.open(io.BytesIO(qris.png(payload))) as img:
        [found] = zxingcpp.read_barcodes(img)
    assert found.text == payload
    assert qris.svg(payload).startswith("<svg")
