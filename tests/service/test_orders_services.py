"""Order creation against the real database and both storage backends."""

from __future__ import annotations

import base64
import hashlib
import io
import threading
import time
import uuid

import pytest
from PIL import Image
from sqlalchemy import text

from terminal_shop import catalogue, rules
from terminal_shop.infra.db import get_engine
from terminal_shop.infra.uploads import MAX_UPLOAD_BYTES, UploadRefusal
from terminal_shop.refusals import texts
from terminal_shop.services.orders import checkout as orders
from terminal_shop.services.orders import checkout_rules, order_status
from terminal_shop.services.orders.checkout_rules import BuyerRefusal
from terminal_shop.services.orders.terms import OrderRefusal
from terminal_shop.services.orders.views import OrderSummary

from support.factories import BUYER_TYPED, checkout_order, stored_orders
from support.files import fake_png, pdf, png
from support.refusals import codes, refused
from support.storage import stored_keys

# Each terminal's certificate rides on its order line as it stood (issue 61.6).
A920_SDPPI, D210_SDPPI, SOUNDBOX_SDPPI = (catalogue.product(sku).sdppi for sku in ("A920", "D210", "SOUNDBOX"))  # type: ignore[union-attr]


def test_order_is_stored_with_its_private_proof(clean_db, any_storage, tmp_path):
    settings, storage = any_storage
    data = png(tmp_path / "b.png").read_bytes()
    order = checkout_order(storage, data, lines=[("A920", 1), ("SOUNDBOX", 2), ("A920", 1)])

    [row] = stored_orders()
    assert row.id == order.id
    assert row.status == "paid_review"
    assert row.items == [
        {"sku": "A920", "name": "PAX A920 Pro", "qty": 2, "unit_price": 3_499_000, "sdppi": A920_SDPPI},
        {"sku": "SOUNDBOX", "name": "Soundbox QRIS", "qty": 2, "unit_price": 349_000, "sdppi": SOUNDBOX_SDPPI},
    ]
    # A BCA transfer's total is the cart's less its kode unik (docs/decisions.md, Payments).
    assert (row.subtotal, row.shipping_fee) == (7_696_000, 0)
    assert 1 <= row.unique_code <= 999 and row.total == 7_696_000 - row.unique_code
    assert row.buyer_name == "Budi Santoso"
    assert row.buyer_phone == "081234567890"
    assert row.note is None
    assert row.payment_proof_url is None
    assert row.created_at.tzinfo is not None
    key = row.payment_proof_path
    assert key.startswith(f"{row.id}/") and key.endswith("_Bukti_TF.png")
    assert stored_keys(settings, storage, settings.bucket_order_payments) == [key]
    stored = storage.get(settings.bucket_order_payments, key)  # re-encoded: same picture, nothing else
    with Image.open(io.BytesIO(stored)) as img, Image.open(io.BytesIO(data)) as sent:
        assert (img.format, img.size, img.tobytes()) == ("PNG", sent.size, sent.convert("RGB").tobytes())


def test_the_proof_goes_to_s3_with_the_hash_the_order_keeps(clean_db, moto_endpoint, tmp_path):
    """S3 checks a put against its x-amz-checksum-sha256 (a file changed on the way is refused):
    the checkout sends the SHA-256 it took for the proof's print, so boto3 hashes nothing again."""
    from terminal_shop.infra.storage import build_storage

    from support.storage import reset_s3, s3_settings

    settings = s3_settings(moto_endpoint)
    reset_s3(moto_endpoint)
    storage = build_storage(settings)
    sent = []
    storage.client.meta.events.register("before-send.s3.PutObject", lambda request, **_: sent.append(request))
    order = checkout_order(storage, png(tmp_path / "b.png").read_bytes())
    [request] = sent
    stored = storage.get(settings.bucket_order_payments, order.payment_proof_path)
    checksum = base64.b64encode(hashlib.sha256(stored).digest()).decode()
    assert request.headers["x-amz-checksum-sha256"].decode() == checksum
    assert not [
        h for h in request.headers if h.lower().startswith("x-amz-checksum-") and h.lower() != "x-amz-checksum-sha256"
    ]


def test_pdf_proof_is_accepted(clean_db, any_storage, tmp_path):
    settings, storage = any_storage
    order = checkout_order(storage, pdf(tmp_path / "b.pdf").read_bytes(), name="transfer.pdf", method="QRIS")
    assert order.payment_method == "QRIS"
    assert order.payment_proof_path.endswith("_transfer.pdf")


@pytest.mark.parametrize(
    "lines, code",
    [
        ([("HACKED", 1)], OrderRefusal.UNKNOWN_PRODUCT),
        ([("A920", 0)], OrderRefusal.QTY_MIN),
        ([("A920", -3)], OrderRefusal.QTY_MIN),
        ([("A920", "2")], OrderRefusal.QTY_MIN),
        ([("A920", True)], OrderRefusal.QTY_MIN),
        ([("A920", 101)], OrderRefusal.QTY_MAX),
        ([], OrderRefusal.EMPTY_CART),
    ],
)
def test_tampered_lines_are_refused_and_nothing_is_stored(clean_db, any_storage, tmp_path, lines, code):
    settings, storage = any_storage
    with refused(code):
        checkout_order(storage, png(tmp_path / "b.png").read_bytes(), lines=lines)
    assert stored_orders() == []
    assert stored_keys(settings, storage, settings.bucket_order_payments) == []


def test_prices_come_from_the_catalogue_only():
    cart = checkout_rules.price_cart([("D210", 3)])
    assert cart.total == 3 * 2_499_000
    assert (cart.lines[0].unit_price, cart.lines[0].total_text) == (2_499_000, "Rp 7.497.000")
    assert checkout_rules.stored_items(cart) == [
        {"sku": "D210", "name": "D210 UnionPay", "qty": 3, "unit_price": 2_499_000, "sdppi": D210_SDPPI}
    ]


def test_qris_is_refused_above_ten_million(clean_db, any_storage, tmp_path):
    settings, storage = any_storage
    data = png(tmp_path / "b.png").read_bytes()
    with refused(OrderRefusal.QRIS_LIMIT):
        checkout_order(storage, data, lines=[("A920", 3)], method="QRIS")  # Rp 10.497.000
    assert checkout_order(storage, data, lines=[("A920", 2)], method="QRIS").total == 6_998_000
    by_transfer = checkout_order(storage, data, lines=[("A920", 3)], method="TRANSFER_BCA")
    assert by_transfer.total == 10_497_000 - by_transfer.unique_code
    with refused(OrderRefusal.UNKNOWN_METHOD):
        checkout_order(storage, data, method="CASH")


def test_same_client_ref_yields_one_order(clean_db, any_storage, tmp_path):
    settings, storage = any_storage
    data = png(tmp_path / "b.png").read_bytes()
    first = checkout_order(storage, data, ref="attempt-1")
    again = checkout_order(storage, data, ref="attempt-1")
    assert again.id == first.id
    assert len(stored_orders()) == 1
    assert len(stored_keys(settings, storage, settings.bucket_order_payments)) == 1


def test_concurrent_submissions_of_one_attempt_yield_one_order(clean_db, any_storage, tmp_path):
    settings, storage = any_storage
    data = png(tmp_path / "b.png").read_bytes()
    results, errors = [], []

    def submit():
        try:
            results.append(checkout_order(storage, data, ref="same-click").id)
        except Exception as exc:  # noqa: BLE001 - any failure of a racing submission is the finding
            errors.append(exc)

    threads = [threading.Thread(target=submit) for _ in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    assert len(set(results)) == 1
    assert len(stored_orders()) == 1
    assert len(stored_keys(settings, storage, settings.bucket_order_payments)) == 1


def test_fake_image_and_oversized_files_are_refused(clean_db, any_storage, tmp_path):
    settings, storage = any_storage
    with refused(UploadRefusal.WRONG_TYPE) as caught:
        checkout_order(storage, fake_png(tmp_path / "x.png").read_bytes(), name="x.png")
    assert (caught.value.title, caught.value.text) == (
        "Format file tidak didukung",
        "Hanya file JPG, PNG, atau PDF yang diperbolehkan",
    )
    big = b"\x89PNG\r\n\x1a\n" + b"0" * MAX_UPLOAD_BYTES
    with refused(UploadRefusal.TOO_LARGE):
        checkout_order(storage, big)
    with refused(OrderRefusal.PROOF_MISSING):
        checkout_order(storage, b"")
    assert stored_orders() == []
    assert stored_keys(settings, storage, settings.bucket_order_payments) == []


def test_storage_failure_leaves_no_order(clean_db, moto_endpoint, tmp_path):
    """The store is reachable but the bucket is gone: nothing is kept, the buyer is told."""
    from terminal_shop.infra.storage import build_storage

    from support.storage import no_buckets, s3_settings

    storage = build_storage(s3_settings(moto_endpoint))
    with (
        no_buckets(moto_endpoint),
        refused(OrderRefusal.STORAGE),
    ):
        checkout_order(storage, png(tmp_path / "b.png").read_bytes())
    assert stored_orders() == []


_REFUSE_INSERTS = {
    "sqlite": (
        ["CREATE TRIGGER refuse_orders BEFORE INSERT ON orders BEGIN SELECT RAISE(ABORT, 'disk full'); END"],
        ["DROP TRIGGER refuse_orders"],
    ),
    "postgresql": (
        [
            "CREATE FUNCTION refuse_orders() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'disk full'; END $$ LANGUAGE plpgsql",
            "CREATE TRIGGER refuse_orders BEFORE INSERT ON orders FOR EACH ROW EXECUTE FUNCTION refuse_orders()",
        ],
        ["DROP TRIGGER refuse_orders ON orders", "DROP FUNCTION refuse_orders()"],
    ),
}


def test_database_failure_removes_the_stored_proof(clean_db, any_storage, tmp_path):
    settings, storage = any_storage
    engine = get_engine()
    create, drop = _REFUSE_INSERTS[engine.dialect.name]
    engine.dispose()
    with engine.begin() as conn:
        for sql in create:
            conn.execute(text(sql))
    try:
        with pytest.raises((orders.OrderError, Exception)):
            checkout_order(storage, png(tmp_path / "b.png").read_bytes())
    finally:
        with engine.begin() as conn:
            for sql in drop:
                conn.execute(text(sql))
        engine.dispose()  # pooled SQLite connections may cache the old schema after DDL
    assert stored_orders() == []
    assert stored_keys(settings, storage, settings.bucket_order_payments) == []


def test_buyer_rules_and_texts():
    _, errors = checkout_rules.validate_buyer({})
    assert texts(errors) == {  # the SPEC's words, beside each field
        "buyer_name": "Nama lengkap wajib diisi",
        "buyer_phone": "Nomor telepon wajib diisi",
        "buyer_email": "Email wajib diisi",
        "shipping_address": "Alamat pengiriman wajib diisi",
    }
    _, errors = checkout_rules.validate_buyer(
        {"buyer_name": "A", "buyer_phone": "0812-345", "buyer_email": "budi@", "shipping_address": "Jl. A"}
    )
    assert codes(errors) == {
        "buyer_phone": BuyerRefusal.PHONE_SHORT,
        "buyer_email": BuyerRefusal.EMAIL_FORMAT,
        "shipping_address": BuyerRefusal.ADDRESS_SHORT,
    }
    assert texts(errors)["buyer_phone"] == "Nomor telepon minimal 10 digit"  # from MIN_PHONE_DIGITS
    _, errors = checkout_rules.validate_buyer({**BUYER_TYPED, "buyer_phone": "08abc1234567"})
    assert codes(errors) == {"buyer_phone": BuyerRefusal.PHONE_DIGITS}
    _, errors = checkout_rules.validate_buyer({**BUYER_TYPED, "buyer_phone": "0812 3456 7890 1234 56"})  # 18 digits
    assert codes(errors) == {"buyer_phone": BuyerRefusal.PHONE_LONG}
    buyer, errors = checkout_rules.validate_buyer(BUYER_TYPED)
    assert errors == {} and buyer.buyer_phone == "081234567890"
    for typed in ("+62 812-3456-7890", "62812 3456 7890", "0812 3456 7890"):  # issue 63.2: as people write it
        buyer, errors = checkout_rules.validate_buyer({**BUYER_TYPED, "buyer_phone": typed})
        assert errors == {} and buyer.buyer_phone == "081234567890", typed


def test_success_summary_shows_no_contact_data(clean_db, any_storage, tmp_path):
    _, storage = any_storage
    order = checkout_order(storage, png(tmp_path / "b.png").read_bytes(), method="QRIS")
    summary = orders.load_summary(str(order.id))
    assert summary == OrderSummary(
        str(order.id)[:8].upper(),
        "Rp 3.499.000",
        "QRIS",
        "Menunggu Verifikasi",  # the buyer's word for paid_review, never the code
        summary.status_link,
    )
    path, token = summary.status_link.split("?t=")
    assert path == f"/pesanan/{order.id}"
    assert order_status.load(str(order.id), token) is not None  # the link opens this order
    other = checkout_order(storage, png(tmp_path / "c.png").read_bytes())
    assert order_status.load(str(other.id), token) is None  # and no other
    assert orders.load_summary(str(uuid.uuid4())) is None
    assert orders.load_summary("not-a-uuid") is None


def test_a_tabs_checkout_copy_reads_back_only_what_is_well_formed():
    typed = {**dict.fromkeys(checkout_rules.BUYER_FIELDS, ""), **BUYER_TYPED}  # every field the form has, as typed
    draft = checkout_rules.CheckoutDraft(
        (("A920", 2), ("SOUNDBOX", 1)), typed, "QRIS", uuid.uuid4().hex, rev=7, saved=int(time.time())
    )
    assert checkout_rules.CheckoutDraft.parse(draft.to_json()) == draft
    # Issue 50.3: the copy lives in the browser across tabs, so an old one is not read back.
    days_ago = int(time.time() - rules.CHECKOUT_DRAFT_KEPT.total_seconds()) - 60
    old = checkout_rules.CheckoutDraft(draft.cart, dict(BUYER_TYPED), "QRIS", draft.client_ref, rev=7, saved=days_ago)
    assert checkout_rules.CheckoutDraft.parse(old.to_json()) is None

    # Anyone can write anything into their own tab: unknown products, silly quantities,
    # foreign fields, a key that is not ours. None of it reaches the order.
    tampered = (
        '{"c": [["A920", 1], ["RUSAK", 3], ["D210", 0], ["D210", 1e9], ["D210", true], "x"],'
        ' "b": {"buyer_name": "Siti", "is_admin": "1", "note": ' + '"' + "n" * 5000 + '"},'
        ' "m": "GRATIS", "r": "../../etc", "o": "bukan-uuid", "v": true, "harga": 1}'
    )
    read = checkout_rules.CheckoutDraft.parse(tampered)
    assert read.cart == (("A920", 1),)
    assert read.buyer["buyer_name"] == "Siti" and set(read.buyer) == set(checkout_rules.BUYER_FIELDS)
    assert len(read.buyer["note"]) == 1000
    assert read.payment_method == "TRANSFER_BCA"
    assert (read.client_ref, read.rev) == ("", 0)
    for nothing in ("", "{", "[1, 2]", "null", None):
        assert checkout_rules.CheckoutDraft.parse(nothing) is None


def test_an_attempt_whose_answer_was_lost_finds_its_order(clean_db, any_storage, tmp_path):
    _, storage = any_storage
    ref = uuid.uuid4().hex
    assert orders.order_id_for(ref) is None
    order = checkout_order(storage, png(tmp_path / "bukti.png").read_bytes(), ref=ref)
    assert orders.order_id_for(ref) == str(order.id)
    assert orders.order_id_for("' OR 1=1 --") is None
