"""Checkout under load: concurrent submissions with 1 MB proofs on PostgreSQL + S3.

    .venv/bin/python bench/checkout_load.py --orders 200 --workers 32

Runs against PostgreSQL on 127.0.0.1:5432 (database `test`, a throwaway schema) and
moto's S3 server on 127.0.0.1, through the same service the checkout page uses.
Prints p50/p95 per submission, then repeats with every submission sent twice under
its client_ref and counts orders: there must be exactly one per attempt.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
import uuid
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
RUN = uuid.uuid4().hex[:8]
SCHEMA = f"bench_{RUN}"


def _free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


PORT = _free_port()
os.environ.update(
    DATA_DIR=tempfile.mkdtemp(prefix="bench-"),
    DATABASE_URL=f"postgresql+psycopg2://postgres@127.0.0.1:5432/test?options=-csearch_path%3D{SCHEMA}",
    STORAGE_BACKEND="s3", S3_ENDPOINT_URL=f"http://127.0.0.1:{PORT}", S3_REGION="us-east-1",
    S3_ACCESS_KEY_ID="bench", S3_SECRET_ACCESS_KEY="bench",
)

import io  # noqa: E402

from PIL import Image  # noqa: E402
from sqlalchemy import create_engine, func, select, text  # noqa: E402

from terminal_shop import migrate  # noqa: E402
from terminal_shop.db import get_engine, read_session  # noqa: E402
from terminal_shop.models import Order  # noqa: E402
from terminal_shop.services import orders  # noqa: E402
from terminal_shop.settings import get_settings  # noqa: E402
from terminal_shop.storage import get_storage  # noqa: E402

BUYER = {"buyer_name": "Beban Uji", "buyer_phone": "081234567890", "buyer_email": "beban@example.com", "shipping_address": "Jl. Pengujian No. 1, Surabaya"}


def proof_1mb() -> bytes:
    """A real PNG of about 1 MB (noise does not compress)."""
    img = Image.frombytes("RGB", (590, 590), os.urandom(590 * 590 * 3))
    buf = io.BytesIO()
    img.save(buf, "PNG", compress_level=0)
    return buf.getvalue()


def submit(ref: str, data: bytes) -> float:
    t = time.perf_counter()
    orders.create_order(client_ref=ref, buyer=BUYER, lines=[("SOUNDBOX", 1)], payment_method="QRIS", proof_filename="bukti.png", proof_data=data)
    return (time.perf_counter() - t) * 1000


def count() -> int:
    with read_session() as s:
        return s.execute(select(func.count()).select_from(Order)).scalar_one()


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--orders", type=int, default=200)
    ap.add_argument("--workers", type=int, default=32)
    args = ap.parse_args()
    from moto.server import ThreadedMotoServer

    moto = ThreadedMotoServer(ip_address="127.0.0.1", port=PORT, verbose=False)
    moto.start()
    admin = create_engine("postgresql+psycopg2://postgres@127.0.0.1:5432/test", isolation_level="AUTOCOMMIT")
    with admin.connect() as c:
        c.execute(text(f"CREATE SCHEMA {SCHEMA}"))
    try:
        migrate.upgrade()
        s = get_settings()
        client = get_storage().client
        client.create_bucket(Bucket=s.bucket_order_payments)
        data = proof_1mb()
        print(f"PostgreSQL + S3 (moto), {args.orders} submissions of {len(data) / 1e6:.2f} MB, {args.workers} at once")

        refs = [uuid.uuid4().hex for _ in range(args.orders)]
        t = time.perf_counter()
        with ThreadPoolExecutor(args.workers) as pool:
            times = list(pool.map(lambda r: submit(r, data), refs))
        wall = time.perf_counter() - t
        stored = client.list_objects_v2(Bucket=s.bucket_order_payments).get("KeyCount", 0)
        q = statistics.quantiles(times, n=100)
        print(f"single: orders {count()} (expected {args.orders}), proofs {stored}, p50 {q[49]:.0f} ms, p95 {q[94]:.0f} ms, {args.orders / wall:.1f} orders/s")

        refs2 = [uuid.uuid4().hex for _ in range(args.orders)]
        before = count()
        with ThreadPoolExecutor(args.workers) as pool:
            list(pool.map(lambda r: submit(r, data), refs2 + refs2))
        proofs = client.list_objects_v2(Bucket=s.bucket_order_payments).get("KeyCount", 0)
        print(f"doubled: {args.orders * 2} submissions for {args.orders} attempts -> {count() - before} new orders, {proofs - stored} new proofs")
    finally:
        get_engine().dispose()
        with admin.connect() as c:
            c.execute(text(f"DROP SCHEMA {SCHEMA} CASCADE"))
        moto.stop()


if __name__ == "__main__":
    main()
