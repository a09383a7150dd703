"""Settings, catalogue, formatting and both storage backends."""

from __future__ import annotations

import time
import urllib.error
import urllib.request
from datetime import UTC
from urllib.parse import parse_qs, urlencode, urlparse

import pytest

from terminal_shop import catalogue
from terminal_shop.formats import rupiah, wib
from terminal_shop.infra.settings import get_settings


def test_settings_come_from_environment(monkeypatch, tmp_path):
    monkeypatch.setenv("DATA_DIR", str(tmp_path))
    monkeypatch.setenv("BRAND_NAME", "KasirKita")
    monkeypatch.setenv("ADMIN_EMAILS", " Boss@Example.co.id , ops@example.co.id")
    monkeypatch.setenv("STORAGE_BACKEND", "S3")
    for name in ("SECRET_KEY", "DATABASE_URL", "PUBLIC_URL", "CORS_ALLOWED_ORIGINS"):
        monkeypatch.delenv(name, raising=False)
    get_settings.cache_clear()
    try:
        s = get_settings()
        assert s.brand_name == "KasirKita"
        assert s.admin_emails == ("boss@example.co.id", "ops@example.co.id")
        assert s.storage_backend == "s3"
        assert s.database_url == f"sqlite:///{tmp_path / 'terminal_shop.db'}"
        assert s.cors_origins == ("http://localhost:3000", "http://127.0.0.1:3000")
        # No secret in the repo: one is generated per machine, kept private, and reused.
        key_file = tmp_path / "secret_key"
        assert key_file.stat().st_mode & 0o077 == 0
        assert len(s.secret_key) >= 40
        get_settings.cache_clear()
        assert get_settings().secret_key == s.secret_key
        assert "secret_key" not in repr(s) or s.secret_key not in repr(s)
    finally:
        get_settings.cache_clear()


def test_only_settings_module_reads_the_environment():
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent / "terminal_shop"
    readers = [p.name for p in root.rglob("*.py") if "os.environ" in p.read_text() or "getenv" in p.read_text()]
    assert readers == ["settings.py"]


def test_catalogue_is_the_one_price_list():
    prices = {p.sku: p.price for p in catalogue.PRODUCTS}
    assert prices == {"A920": 3_499_000, "D210": 2_499_000, "SOUNDBOX": 349_000}
    assert catalogue.product("A920").price_text == "Rp 3.499.000"
    assert catalogue.product("NOPE") is None
    assert [p.route for p in catalogue.MENU_ORDER] == ["/produk/a920", "/produk/d210", "/produk/soundbox"]
    assert {p.badge for p in catalogue.PRODUCTS} == {"Best Seller", "Popular", ""}


def test_money_and_time_are_indonesian():
    from datetime import datetime

    assert rupiah(349000) == "Rp 349.000"
    assert rupiah(0) == "Rp 0"
    assert wib(datetime(2026, 1, 31, 20, 5, tzinfo=UTC)) == "1 Feb 2026 03.05 WIB"


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
    storage.put(settings.bucket_assets, "qris/hausjo.png", b"\x89PNGqr", "image/png")
    url = storage.public_url(settings.bucket_assets, "qris/hausjo.png")
    if settings.storage_backend == "local":
        assert _serve_local(storage, url) == (200, b"\x89PNGqr")
        from terminal_shop.infra.storage import StorageError

        with pytest.raises(StorageError):
            storage.public_url(settings.bucket_merchant_documents, "x.jpg")
    else:
        assert url.startswith(settings.s3_endpoint_url)


def test_body_limits_per_route_refuse_while_the_body_streams_in():
    from starlette.applications import Starlette
    from starlette.responses import PlainTextResponse
    from starlette.routing import Route
    from starlette.testclient import TestClient

    from terminal_shop.routes import API_ORDER as ORDER_ROUTE
    from terminal_shop.routes import API_REGISTRATION as REGISTRATION_ROUTE
    from terminal_shop.state.resubmission import FixState
    from terminal_shop.terminal_shop import ROUTE_LIMITS, UPLOAD_LIMITS
    from terminal_shop.web.guards import MB, BodyLimitMiddleware

    async def echo(request):
        body = await request.body()
        return PlainTextResponse(str(len(body)))

    routes = [Route(path, echo, methods=["POST"]) for path in ("/_upload", "/api/x", ORDER_ROUTE, REGISTRATION_ROUTE)]
    client = TestClient(BodyLimitMiddleware(Starlette(routes=routes), UPLOAD_LIMITS, ROUTE_LIMITS))
    fix = {"reflex-event-handler": f"{FixState.get_full_name()}.submit"}

    assert client.post(ORDER_ROUTE, content=b"x" * (11 * MB)).text == str(11 * MB)
    assert client.post(ORDER_ROUTE, content=b"x" * (11 * MB + 1)).status_code == 413
    assert client.post(REGISTRATION_ROUTE, content=b"x" * (30 * MB)).text == str(30 * MB)
    assert client.post(REGISTRATION_ROUTE, content=b"x" * (51 * MB + 1)).status_code == 413
    assert client.post("/_upload", content=b"x" * (30 * MB), headers=fix).text == str(30 * MB)
    assert client.post("/_upload", content=b"x" * (51 * MB + 1), headers=fix).status_code == 413
    assert client.post("/_upload", content=b"x" * (MB + 1)).status_code == 413  # no known upload handler
    r = client.post("/api/x", content=b"x" * (MB + 1))
    assert (r.status_code, r.text) == (413, "Ukuran file maksimal 10MB")
    assert client.post("/api/x", content=b"x" * 1000).text == "1000"

    def chunks():  # no Content-Length: counted as it streams (the live site's test times it)
        for _ in range(50):
            yield b"x" * MB

    assert client.post(ORDER_ROUTE, content=chunks()).status_code == 413
