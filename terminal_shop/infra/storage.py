"""Stored files behind one small interface, on local disk or any S3-compatible store.

Proofs and merchant documents are private: people reach them only through signed,
expiring links that the server hands to a signed-in admin. Only the assets bucket
(the QRIS image) is public.
"""

from __future__ import annotations

import base64
import contextlib
import hashlib
import hmac
import mimetypes
import threading
import time
from collections.abc import Iterator
from datetime import UTC, datetime
from functools import lru_cache
from pathlib import Path, PurePosixPath
from typing import Any, Protocol
from urllib.parse import quote, urlencode

from terminal_shop import routes
from terminal_shop.infra.settings import Settings, get_settings

SIGNED_URL_SECONDS = 600  # pages sign afresh each time they are shown (docs/decisions.md, Files)


class StorageError(Exception):
    """A stored file could not be written, read or removed."""


class Storage(Protocol):
    def put(self, bucket: str, key: str, data: bytes, content_type: str, sha256: str = "") -> None: ...
    def get(self, bucket: str, key: str) -> bytes: ...
    def exists(self, bucket: str, key: str) -> bool: ...
    def delete(self, bucket: str, key: str) -> None: ...
    def signed_url(self, bucket: str, key: str, expires_in: int = SIGNED_URL_SECONDS) -> str: ...
    def public_url(self, bucket: str, key: str) -> str: ...
    def list_keys(self, bucket: str) -> Iterator[tuple[str, datetime]]: ...


def _check_key(key: str) -> str:
    parts = PurePosixPath(key).parts
    if not parts or key.startswith("/") or "\x00" in key or any(p in ("..", ".") for p in parts):
        raise StorageError(f"invalid key: {key!r}")
    return key


def sign(secret: str, bucket: str, key: str, expires: int) -> str:
    msg = f"{bucket}\n{key}\n{expires}".encode()
    return hmac.new(secret.encode(), msg, hashlib.sha256).hexdigest()


class LocalStorage:
    """Files under a data directory outside the web root, served by our own route."""

    def __init__(self, root: Path, secret: str, public_buckets: tuple[str, ...] = ()):
        self.root = root
        self.secret = secret
        self.public_buckets = public_buckets

    def _path(self, bucket: str, key: str) -> Path:
        return self.root / bucket / _check_key(key)

    def put(self, bucket: str, key: str, data: bytes, content_type: str, sha256: str = "") -> None:
        path = self._path(bucket, key)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            tmp = path.with_name(path.name + ".part")
            tmp.write_bytes(data)
            tmp.replace(path)  # readers never see half a file
        except OSError as exc:
            raise StorageError(str(exc)) from exc

    def get(self, bucket: str, key: str) -> bytes:
        try:
            return self._path(bucket, key).read_bytes()
        except OSError as exc:
            raise StorageError(str(exc)) from exc

    def exists(self, bucket: str, key: str) -> bool:
        return self._path(bucket, key).is_file()

    def delete(self, bucket: str, key: str) -> None:
        try:
            self._path(bucket, key).unlink(missing_ok=True)
        except OSError as exc:
            raise StorageError(str(exc)) from exc

    def list_keys(self, bucket: str) -> Iterator[tuple[str, datetime]]:
        """Every stored key with the time it was written (half-written `.part` files too)."""
        root = self.root / bucket
        for path in root.rglob("*") if root.is_dir() else ():
            if path.is_file():
                yield path.relative_to(root).as_posix(), datetime.fromtimestamp(path.stat().st_mtime, UTC)

    def signed_url(self, bucket: str, key: str, expires_in: int = SIGNED_URL_SECONDS) -> str:
        expires = int(time.time()) + expires_in
        query = urlencode({"expires": expires, "signature": sign(self.secret, bucket, key, expires)})
        return f"{routes.FILES}/{bucket}/{quote(key)}?{query}"

    def public_url(self, bucket: str, key: str) -> str:
        if bucket not in self.public_buckets:
            raise StorageError(f"bucket {bucket} is private")
        return f"{routes.FILES}/{bucket}/{quote(key)}"

    def verify(self, bucket: str, key: str, expires: str, signature: str) -> bool:
        """True when the link was issued by us, is unaltered and has not expired."""
        if bucket in self.public_buckets:
            return True
        try:
            expires_at = int(expires)
        except (TypeError, ValueError):
            return False
        expected = sign(self.secret, bucket, key, expires_at)
        return expires_at >= time.time() and hmac.compare_digest(expected, signature or "")


class S3Storage:
    """Private objects in any S3-compatible store; links are presigned GETs."""

    def __init__(self, settings: Settings):
        import boto3
        from botocore.config import Config

        self.endpoint = settings.s3_endpoint_url.rstrip("/")
        # boto3 signs and checksums a proof in Python: many threads at once only share the
        # interpreter lock and each waits longer (docs/benchmarks.md section 5).
        self.puts = threading.BoundedSemaphore(settings.storage_puts_at_once)
        self.client = boto3.client(
            "s3",
            endpoint_url=self.endpoint or None,
            region_name=settings.s3_region,
            aws_access_key_id=settings.s3_access_key_id or None,
            aws_secret_access_key=settings.s3_secret_access_key or None,
            config=Config(
                s3={"addressing_style": "path"},
                # What a buyer can wait for: a stalled store fails in seconds, with a clear
                # message, instead of holding the submission for minutes.
                retries={"max_attempts": 2, "mode": "standard"},
                connect_timeout=2,
                read_timeout=10,
            ),
        )

    def _call(self, name: str, **kwargs: Any) -> Any:
        from botocore.exceptions import BotoCoreError, ClientError

        try:
            return getattr(self.client, name)(**kwargs)
        except (BotoCoreError, ClientError) as exc:
            raise StorageError(str(exc)) from exc

    def put(self, bucket: str, key: str, data: bytes, content_type: str, sha256: str = "") -> None:
        """`sha256` (hex), when the caller has it already: the store checks the file against it,
        and boto3 does not hash the file once more for its own checksum."""
        checksum = {"ChecksumSHA256": base64.b64encode(bytes.fromhex(sha256)).decode()} if sha256 else {}
        with self.puts:  # a few at a time: 32 threads signing and hashing at once took 660 ms each
            self._call(
                "put_object",
                Bucket=bucket,
                Key=_check_key(key),
                Body=data,
                ContentType=content_type,
                CacheControl="private, max-age=3600",
                **checksum,
            )

    def get(self, bucket: str, key: str) -> bytes:
        data: bytes = self._call("get_object", Bucket=bucket, Key=key)["Body"].read()
        return data

    def exists(self, bucket: str, key: str) -> bool:
        from botocore.exceptions import ClientError

        try:
            self.client.head_object(Bucket=bucket, Key=key)
            return True
        except ClientError:
            return False

    def delete(self, bucket: str, key: str) -> None:
        self._call("delete_object", Bucket=bucket, Key=key)

    def list_keys(self, bucket: str) -> Iterator[tuple[str, datetime]]:
        from botocore.exceptions import BotoCoreError, ClientError

        pages = self.client.get_paginator("list_objects_v2").paginate(Bucket=bucket)
        try:
            for page in pages:
                for obj in page.get("Contents", []):
                    yield obj["Key"], obj["LastModified"]
        except (BotoCoreError, ClientError) as exc:
            raise StorageError(str(exc)) from exc

    def signed_url(self, bucket: str, key: str, expires_in: int = SIGNED_URL_SECONDS) -> str:
        return str(
            self._call(
                "generate_presigned_url",
                ClientMethod="get_object",
                Params={"Bucket": bucket, "Key": key},
                ExpiresIn=expires_in,
            )
        )

    def public_url(self, bucket: str, key: str) -> str:
        return f"{self.endpoint}/{bucket}/{quote(key)}"


def discard(storage: Storage, bucket: str, *keys: str) -> None:
    """Removes files nothing points to any more; a failure leaves an orphan, not an error."""
    for key in keys:
        with contextlib.suppress(StorageError):
            storage.delete(bucket, key)


def content_type_for(key: str) -> str:
    return mimetypes.guess_type(key)[0] or "application/octet-stream"


def build_storage(settings: Settings) -> Storage:
    if settings.storage_backend == "s3":
        return S3Storage(settings)
    return LocalStorage(settings.storage_dir, settings.secret_key, (settings.bucket_assets,))


@lru_cache(maxsize=1)
def get_storage() -> Storage:
    return build_storage(get_settings())
