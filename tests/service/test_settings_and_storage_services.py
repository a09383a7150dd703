"""Settings, catalogue, formatting and both storage backends."""

from __future__ import annotations

import time
import urllib.error
import urllib.request
from urllib.parse import parse_qs, urlencode, urlparse

import pytest


def _fetch(url: str) -> tuple[int, bytes]:
    try:
        with urllib.request.urlopen(url, timeout=5) as r:
            return r.status, r.read()
    except urllib.error.HTTPError as e:
        return e.code, b""


def _serve_local(storage, url: str) -> tuple[int, bytes]:
    """Runs our /files route in-process, as the backend does."""
    from starlette.testclient import TestClient

    from terminal_shop.web import api

    api.get_storage = lambda: storage  # the route reads the configured backend
    try:
        r = TestClient(api.files_app()).get(url)
        return r.status_code, r.content
    finally:
        from terminal_shop.infra.storage import get_storage

        api.get_storage = get_storage


def test_storage_put_get_delete(any_storage):
    settings, storage = any_storage
    bucket = settings.bucket_order_payments
    storage.put(bucket, "abc/1_bukti.png", b"\x89PNGdata", "image/png")
    assert storage.exists(bucket, "abc/1_bukti.png")
    assert storage.get(bucket, "abc/1_bukti.png") == b"\x89PNGdata"
    storage.delete(bucket, "abc/1_bukti.png")
    assert not storage.exists(bucket, "abc/1_bukti.png")


def test_storage_refuses_keys_that_escape_the_bucket(any_storage):
    from terminal_shop.infra.storage import StorageError

    settings, storage = any_storage
    with pytest.raises(StorageError):
        storage.put(settings.bucket_order_payments, "../secret_key", b"x", "text/plain")


def test_signed_link_works_then_expires_and_refuses_tampering(any_storage):
    settings, storage = any_storage
    bucket = settings.bucket_merchant_documents
    storage.put(bucket, "m1/ktp/1_a.jpg", b"ktp-bytes", "image/jpeg")
    if settings.storage_backend == "s3":
        # S3 itself checks presigned signatures (moto does not): we check what we ask for.
        url = storage.signed_url(bucket, "m1/ktp/1_a.jpg")
        assert _fetch(url) == (200, b"ktp-bytes")
        q = parse_qs(urlparse(url).query)
        assert "Signature" in q or "X-Amz-Signature" in q
        expires = int(q["Expires"][0]) if "Expires" in q else int(time.time()) + int(q["X-Amz-Expires"][0])
        assert abs(expires - (time.time() + 600)) < 60
        return

    def fetch(u):
        return _serve_local(storage, u)

    assert fetch(storage.signed_url(bucket, "m1/ktp/1_a.jpg")) == (200, b"ktp-bytes")

    # Altered: another object under the same signature.
    storage.put(bucket, "m2/ktp/1_b.jpg", b"other", "image/jpeg")
    good = storage.signed_url(bucket, "m1/ktp/1_a.jpg")
    assert fetch(good.replace("m1/ktp/1_a.jpg", "m2/ktp/1_b.jpg"))[0] == 403
    # Altered: a later expiry under the old signature.
    parsed = urlparse(good)
    q = {k: v[0] for k, v in parse_qs(parsed.query).items()}
    q["expires"] = str(int(q["expires"]) + 3600)
    assert fetch(parsed._replace(query=urlencode(q)).geturl())[0] == 403
    # Private: no way in without a signature.
    assert fetch(f"/files/{bucket}/m1/ktp/1_a.jpg")[0] == 403
    # Expired.
    short = storage.signed_url(bucket, "m1/ktp/1_a.jpg", expires_in=1)
    time.sleep(2.2)
    assert fetch(short)[0] == 403


def test_public_asset_needs_no_signature(any_storage):
    settings, storage = any_storage
    # Not the QRIS sticker's key: the rest of the run reads that one (services/orders/payment_qr.py).
    storage.put(settings.bucket_assets, "tests/public.png", b"\x89PNGqr", "image/png")
    url = storage.public_url(settings.bucket_assets, "tests/public.png")
    if settings.storage_backend == "local":
        assert _serve_local(storage, url) == (200, b"\x89PNGqr")
        from terminal_shop.infra.storage import StorageError

        with pytest.raises(StorageError):
            storage.public_url(settings.bucket_merchant_documents, "x.jpg")
    else:
        assert url.startswith(settings.s3_endpoint_url)
