"""Plugin and helpers: real storage, local disk or S3 through moto's server."""

from __future__ import annotations

import urllib.request
from contextlib import contextmanager

import pytest

from terminal_shop.infra.settings import get_settings

from support.environment import MOTO_PORT, free_port


@pytest.fixture(scope="session")
def moto_endpoint():
    from moto.server import ThreadedMotoServer

    port = MOTO_PORT or free_port()
    server = ThreadedMotoServer(ip_address="127.0.0.1", port=port, verbose=False)
    server.start()
    yield f"http://127.0.0.1:{port}"
    server.stop()


def s3_settings(endpoint: str):
    import dataclasses

    return dataclasses.replace(
        get_settings(),
        storage_backend="s3",
        s3_endpoint_url=endpoint,
        s3_region="us-east-1",
        s3_access_key_id="test",
        s3_secret_access_key="test",
    )


def create_buckets(endpoint: str, settings) -> None:
    from terminal_shop.infra.storage import build_storage

    client = build_storage(s3_settings(endpoint)).client
    for bucket in (settings.bucket_order_payments, settings.bucket_merchant_documents, settings.bucket_assets):
        client.create_bucket(Bucket=bucket)


def reset_s3(endpoint: str, settings=None) -> None:
    """Empties moto and creates the site's three buckets afresh."""
    urllib.request.urlopen(urllib.request.Request(endpoint + "/moto-api/reset", method="POST"))
    create_buckets(endpoint, settings or get_settings())


@contextmanager
def no_buckets(endpoint: str):
    """The store answers, but every bucket is gone; they come back (empty) afterwards."""
    urllib.request.urlopen(urllib.request.Request(endpoint + "/moto-api/reset", method="POST"))
    try:
        yield
    finally:
        reset_s3(endpoint)


def publish_asset(key: str, data: bytes, content_type: str) -> None:
    """What an operator does to put the QRIS image in the public assets bucket."""
    from terminal_shop.infra.storage import get_storage

    settings, storage = get_settings(), get_storage()
    if settings.storage_backend == "s3":
        storage.client.put_object(
            Bucket=settings.bucket_assets, Key=key, Body=data, ContentType=content_type, ACL="public-read"
        )
    else:
        storage.put(settings.bucket_assets, key, data, content_type)


def sticker_changed() -> None:
    """The site reads a changed QRIS sticker within a minute (payment_qr.FOUND_FOR); a test
    does not wait that long, so it forgets what the site remembered."""
    from terminal_shop.services.orders import payment_qr

    payment_qr._cache.clear()


@contextmanager
def bucket_unavailable(bucket: str):
    """Makes the running site's store refuse writes to one bucket, then restores it."""
    settings = get_settings()
    if settings.storage_backend == "s3":
        from terminal_shop.infra.storage import get_storage

        client = get_storage().client
        kept = {
            o["Key"]: client.get_object(Bucket=bucket, Key=o["Key"])["Body"].read()
            for o in client.list_objects_v2(Bucket=bucket).get("Contents", [])
        }
        for key in kept:
            client.delete_object(Bucket=bucket, Key=key)
        client.delete_bucket(Bucket=bucket)
        try:
            yield
        finally:
            client.create_bucket(Bucket=bucket)
            for key, data in kept.items():
                client.put_object(Bucket=bucket, Key=key, Body=data)
        return
    folder = settings.storage_dir / bucket
    moved = folder.with_name(folder.name + "-moved-away")
    if folder.exists():
        folder.rename(moved)
    folder.parent.mkdir(parents=True, exist_ok=True)
    folder.write_text("not a folder: the disk refuses writes here")
    try:
        yield
    finally:
        folder.unlink()
        if moved.exists():
            moved.rename(folder)


@pytest.fixture(params=["local", "s3"])
def any_storage(request, tmp_path, moto_endpoint):
    """Each storage backend in turn, with empty buckets."""
    import dataclasses

    from terminal_shop.infra.storage import build_storage

    if request.param == "local":
        settings = dataclasses.replace(get_settings(), storage_backend="local", storage_dir=tmp_path / "storage")
    else:
        settings = s3_settings(moto_endpoint)
        reset_s3(moto_endpoint)
    return settings, build_storage(settings)


def stored_keys(settings, storage, bucket: str) -> list[str]:
    """Every key in a bucket, whichever backend holds it."""
    if settings.storage_backend == "s3":
        return [o["Key"] for o in storage.client.list_objects_v2(Bucket=bucket).get("Contents", [])]
    root = settings.storage_dir / bucket
    return sorted(str(p.relative_to(root)) for p in root.rglob("*") if p.is_file()) if root.exists() else []
