"""Hostile input against the services and HTTP routes: decompression bombs, files carrying
hidden payloads, malformed paths and arguments."""

from __future__ import annotations

import dataclasses
import io
import uuid

import pytest
from PIL import Image
from starlette.testclient import TestClient

import terminal_shop.terminal_shop  # noqa: F401  (registers every page and state)
from terminal_shop.infra.storage import LocalStorage, build_storage
from terminal_shop.infra.uploads import MAX_IMAGE_PIXELS, UploadRefusal, UploadRejected, check_file
from terminal_shop.reflex_compat import detached_root_state
from terminal_shop.services.orders import checkout as orders
from terminal_shop.services.registrations import submission as registrations
from terminal_shop.state.checkout import CheckoutState
from terminal_shop.web import api
from terminal_shop.web.guards import PAGE_POLICY, SecurityHeadersMiddleware

from support.factories import AGREED, BUYER
from support.files import jpg, png
from support.refusals import refused
from support.storage import stored_keys


def _bomb() -> bytes:
    """A few hundred KB of PNG that decodes to 8000 x 8000 pixels: above the 60 Mpx cap,
    below twice it, where Pillow itself only warns."""
    side = 8000
    assert MAX_IMAGE_PIXELS < side * side < 2 * MAX_IMAGE_PIXELS
    buf = io.BytesIO()
    Image.new("1", (side, side)).save(buf, "PNG", optimize=True)
    return buf.getvalue()


def _order(data: bytes, storage=None):
    return orders.create_order(
        client_ref=uuid.uuid4().hex,
        buyer=BUYER,
        lines=[("SOUNDBOX", 1)],
        payment_method="TRANSFER_BCA",
        proof_filename="bukti.png",
        proof_data=data,
        storage=storage,
    )


def test_decompression_bomb_is_refused_from_its_header(clean_db, any_storage):
    settings, storage = any_storage
    bomb = _bomb()
    assert len(bomb) < 1024 * 1024
    with refused(UploadRefusal.TOO_MANY_PIXELS):
        check_file(bomb, ("png",), ("x", "y"))
    with refused(UploadRefusal.TOO_MANY_PIXELS):
        _order(bomb, storage)
    form = {
        "nama_lengkap": "Sri Wahyuni",
        "nomor_hp": "0812-3456-7890",
        "email": "sri@example.com",
        "nama_usaha": "Warung Bu Sri",
        "jenis_usaha": "fnb",
        "alamat_usaha": "Jl. Darmo 1",
        "omzet_bulanan": "15000000",
        "kecamatan": "Wonokromo",
        "kabupaten_kota": "Surabaya",
        "nama_bank": "Bank BCA",
        "nama_rekening": "Sri Wahyuni",
        "nomor_rekening": "1234567890",
    }
    with refused(UploadRefusal.TOO_MANY_PIXELS):
        registrations.submit(form, {"ktp": bomb, "selfie": bomb, "usaha": bomb}, storage=storage, consent=AGREED)
    assert stored_keys(settings, storage, settings.bucket_order_payments) == []
    assert stored_keys(settings, storage, settings.bucket_merchant_documents) == []


def test_image_proofs_are_stored_without_metadata_or_appended_bytes(clean_db, any_storage, tmp_path):
    settings, storage = any_storage
    hidden = b"<html><script>fetch('/api/admin/export/orders.csv')</script></html>"
    order = _order(png(tmp_path / "b.png").read_bytes() + hidden, storage)
    stored = storage.get(settings.bucket_order_payments, order.payment_proof_path)
    assert stored.startswith(b"\x89PNG") and b"<html" not in stored
    order = _order(jpg(tmp_path / "g.jpg", gps=True).read_bytes(), storage)
    stored = storage.get(settings.bucket_order_payments, order.payment_proof_path)
    with Image.open(io.BytesIO(stored)) as img:
        assert not img.getexif()  # no GPS, no device
        assert img.size == (320, 200)


def _local_files_client(monkeypatch, tmp_path) -> tuple[TestClient, LocalStorage]:
    """The /files route over the local-disk backend (in both test modes: S3 serves its own links)."""
    settings = dataclasses.replace(api.get_settings(), storage_backend="local", storage_dir=tmp_path)
    local = build_storage(settings)
    monkeypatch.setattr(api, "get_storage", lambda: local)
    return TestClient(SecurityHeadersMiddleware(api.files_app())), local


def test_polyglot_pdf_is_served_sandboxed(clean_db, monkeypatch, tmp_path):
    client, storage = _local_files_client(monkeypatch, tmp_path)
    polyglot = b"%PDF-1.4\n<html><body><script>document.title='pwned'</script></body></html>\n%%EOF"
    with pytest.raises(UploadRejected) as refused:  # a PDF by its first bytes only: no PDF inside (issue 63.5)
        check_file(polyglot, ("pdf",), ("Bukti ditolak", "Kirim JPG, PNG atau PDF"))
    assert refused.value.text == "Kirim JPG, PNG atau PDF"
    bucket = api.get_settings().bucket_order_payments  # and had one been stored before, it is served inert
    storage.put(bucket, "o1/bukti.pdf", polyglot, "application/pdf")
    r = client.get(storage.signed_url(bucket, "o1/bukti.pdf"))
    assert r.status_code == 200 and r.headers["content-type"] == "application/pdf"
    policy = r.headers["content-security-policy"]
    assert policy.startswith("sandbox") and "frame-ancestors 'self'" in policy  # ...whose script cannot run here
    assert r.headers["x-content-type-options"] == "nosniff"


def test_malformed_file_paths_get_a_clear_refusal_not_a_500(clean_db, monkeypatch, tmp_path):
    client, storage = _local_files_client(monkeypatch, tmp_path)
    settings = api.get_settings()
    signed = storage.signed_url(settings.bucket_order_payments, "o1/a.png")
    assert client.get(signed.replace("a.png", "a%00.png")).status_code == 404
    assert client.get(signed.replace("a.png", "..%2F..%2Fsecret_key")).status_code in (403, 404)
    other = storage.signed_url("not-a-bucket", "x.png")  # a valid signature for a bucket we do not serve
    assert client.get(other).status_code == 404
    assert client.get(f"/files/{settings.bucket_order_payments}/o1/a.png").status_code == 403  # unsigned


def test_security_headers_on_every_response():
    client = TestClient(SecurityHeadersMiddleware(api.files_app()))
    r = client.get("/api/admin/export/orders.csv")  # any response, even a refusal
    assert r.status_code == 403
    assert r.headers["content-security-policy"] == PAGE_POLICY and "frame-ancestors 'none'" in PAGE_POLICY
    assert r.headers["x-frame-options"] == "DENY"
    assert r.headers["x-content-type-options"] == "nosniff"
    assert r.headers["referrer-policy"] == "same-origin"
    assert "camera=(self)" in r.headers["permissions-policy"]  # the SN scanner's; no other origin's
    assert "microphone=()" in r.headers["permissions-policy"]
    assert "strict-transport-security" not in r.headers
    secure = TestClient(SecurityHeadersMiddleware(api.files_app(), hsts=True))
    assert secure.get("/api/admin/export/orders.csv").headers["strict-transport-security"].startswith("max-age=")


@pytest.mark.parametrize("typed", ["inf", "-inf", "nan", "1e999", "abc", "", "3.0"])
def test_odd_quantities_never_break_the_cart(typed):
    root = detached_root_state()
    cart = root.get_substate(CheckoutState.get_full_name().split(".")[1:])
    handlers = CheckoutState.event_handlers
    handlers["set_qty_input"].fn(cart, "A920", typed)
    assert 1 <= cart.qty_inputs["A920"] <= 100
    handlers["add_to_cart"].fn(cart, "A920")
    handlers["set_line_qty"].fn(cart, "A920", typed)
    assert cart.cart.get("A920", 1) in range(1, 101)
    assert cart.priced.total == cart.cart.get("A920", 0) * 3_499_000
