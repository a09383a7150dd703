"""Dynamic QRIS: payloads built from real-world-shaped static ones, checked both ways."""

from __future__ import annotations

import io
import uuid

import pytest
import segno
import zxingcpp
from PIL import Image

from terminal_shop.infra.settings import get_settings
from terminal_shop.infra.storage import get_storage
from terminal_shop.services.backoffice.admin_orders import detail
from terminal_shop.services.orders import checkout as orders
from terminal_shop.services.orders import payment_qr, qris
from terminal_shop.services.orders.qris import Field

from conftest import publish_asset
from files import png


def _static(name: str = "WARUNG BU SRI", city: str = "SURABAYA", extra62: bool = True) -> str:
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


STATIC = _static()


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
    payload = qris.dynamic(qris.check_static(_static(extra62=False)), 50_000, "0F0F0F0F")
    assert qris.parse(_tags(payload)["62"]) == [Field("01", "0F0F0F0F")]


@pytest.mark.parametrize(
    "payload, reason",
    [
        ("", "payload kosong"),
        ("000201010211", "tag 63"),
        (STATIC[:-4] + "0000", "CRC tidak cocok"),
        (STATIC[:20] + "9" + STATIC[21:], "struktur TLV|CRC"),
        (qris.encode([Field("00", "01"), Field("01", "12"), Field("59", "X"), Field("60", "Y")]), "harus 11"),
        (qris.encode([Field("00", "01"), Field("01", "11"), Field("60", "Y")]), "tag 59"),
        (qris.encode([Field("00", "01"), Field("01", "11"), Field("59", "X")]), "tag 60"),
        (qris.encode([Field("01", "11"), Field("00", "01"), Field("59", "X"), Field("60", "Y")]), "tag 00"),
        ("00020101021159", "struktur TLV"),
    ],
)
def test_bad_payloads_are_refused_with_their_reason(payload, reason):
    with pytest.raises(qris.PayloadError, match=reason):
        qris.check_static(payload)


def test_the_drawn_qr_reads_back_as_the_payload():
    payload = qris.dynamic(qris.check_static(STATIC), 3_499_000, "AB12CD34")
    with Image.open(io.BytesIO(qris.png(payload))) as img:
        [found] = zxingcpp.read_barcodes(img)
    assert found.text == payload
    assert qris.svg(payload).startswith("<svg")


def _sticker(payload: str) -> bytes:
    buf = io.BytesIO()
    segno.make(payload, error="m").save(buf, kind="png", scale=8, border=4)
    return buf.getvalue()


def test_payload_is_read_from_the_sticker_image_and_stored_with_the_order(clean_db, tmp_path):
    bucket = get_settings().bucket_assets
    publish_asset(payment_qr.STICKER_KEY, _sticker(STATIC), "image/png")
    payment_qr.forget_merchant()
    try:
        assert payment_qr.merchant() == qris.check_static(STATIC)
        order_id = uuid.uuid4()
        order = orders.create_order(
            client_ref=uuid.uuid4().hex,
            buyer={
                "buyer_name": "Budi Santoso",
                "buyer_phone": "081234567890",
                "buyer_email": "budi@example.com",
                "shipping_address": "Jl. Merdeka No. 10, Surabaya",
            },
            lines=[("A920", 2)],
            payment_method="QRIS",
            proof_filename="bukti.png",
            proof_data=png(tmp_path / "b.png").read_bytes(),
            order_id=order_id,
        )
        assert order.id == order_id
        shown = qris.summarise(order.qris_payload)
        assert (shown.amount, shown.bill_number) == (6_998_000, str(order_id)[:8].upper())
        assert detail(str(order.id)).view.qris == f"Rp 6.998.000 · tagihan {shown.bill_number} · CRC {shown.crc}"
    finally:
        get_storage().delete(bucket, payment_qr.STICKER_KEY)
    with pytest.raises(qris.PayloadError, match="tidak ada di penyimpanan"):
        payment_qr.merchant()
    payment_qr.forget_merchant()
    assert payment_qr.merchant_or_none() is None  # the page falls back to the static image


def test_a_sticker_that_is_no_qr_is_refused_clearly(clean_db, tmp_path):
    publish_asset(
        payment_qr.STICKER_KEY, png(tmp_path / "black.png", size=(300, 300), color=(0, 0, 0)).read_bytes(), "image/png"
    )
    try:
        with pytest.raises(qris.PayloadError, match="tidak ada QR yang terbaca"):
            payment_qr.merchant()
    finally:
        get_storage().delete(get_settings().bucket_assets, payment_qr.STICKER_KEY)
