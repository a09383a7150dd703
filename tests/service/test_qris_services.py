"""Dynamic QRIS: payloads built from real-world-shaped static ones, checked both ways."""

from __future__ import annotations

import uuid

from terminal_shop.infra.settings import get_settings
from terminal_shop.infra.storage import get_storage
from terminal_shop.services.backoffice.admin_orders import detail
from terminal_shop.services.orders import checkout as orders
from terminal_shop.services.orders import payment_qr, qris

from support.files import png
from support.qris_payloads import STATIC, sticker_png
from support.refusals import refused
from support.storage import publish_asset, sticker_changed


def test_payload_is_read_from_the_sticker_image_and_stored_with_the_order(clean_db, tmp_path):
    bucket = get_settings().bucket_assets
    publish_asset(payment_qr.STICKER_KEY, sticker_png(STATIC), "image/png")
    sticker_changed()
    try:
        assert payment_qr.merchant() == qris.check_static(STATIC)
        ref = uuid.uuid4().hex
        order_id = orders.order_id_for_attempt(ref)  # the number the confirm page's QR showed
        order = orders.create_order(
            client_ref=ref,
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
        )
        assert order.id == order_id
        shown = qris.summarise(order.qris_payload)
        assert (shown.amount, shown.bill_number) == (6_998_000, str(order_id)[:8].upper())
        assert detail(str(order.id)).view.qris == f"Rp 6.998.000 · tagihan {shown.bill_number} · CRC {shown.crc}"
    finally:
        get_storage().delete(bucket, payment_qr.STICKER_KEY)
    with refused(qris.PayloadRefusal.NO_STICKER):
        payment_qr.merchant()
    sticker_changed()
    assert payment_qr.merchant_or_none() is None  # the page falls back to the static image


def test_a_sticker_that_is_no_qr_is_refused_clearly(clean_db, tmp_path):
    publish_asset(
        payment_qr.STICKER_KEY, png(tmp_path / "black.png", size=(300, 300), color=(0, 0, 0)).read_bytes(), "image/png"
    )
    try:
        with refused(qris.PayloadRefusal.NO_QR):
            payment_qr.merchant()
    finally:
        get_storage().delete(get_settings().bucket_assets, payment_qr.STICKER_KEY)


def test_a_sticker_that_is_no_picture_turns_dynamic_qris_off_and_breaks_no_order(clean_db, tmp_path):
    """A broken upload at the sticker's key made every QRIS order fail with an unknown error."""
    publish_asset(payment_qr.STICKER_KEY, b"\x89PNGqr", "image/png")
    sticker_changed()
    try:
        with refused(qris.PayloadRefusal.NOT_AN_IMAGE):
            payment_qr.merchant()
        assert payment_qr.merchant_or_none() is None  # the page shows the static image
        order = orders.create_order(
            client_ref=uuid.uuid4().hex,
            buyer={"buyer_name": "Budi Santoso", "buyer_phone": "081234567890", "buyer_email": "budi@example.com",
                   "shipping_address": "Jl. Merdeka No. 10, Surabaya"},
            lines=[("SOUNDBOX", 1)],
            payment_method="QRIS",
            proof_filename="bukti.png",
            proof_data=png(tmp_path / "b.png").read_bytes(),
        )  # fmt: skip
        assert order.qris_payload is None
    finally:
        get_storage().delete(get_settings().bucket_assets, payment_qr.STICKER_KEY)
        sticker_changed()
