"""Checkout under load: concurrent submissions with 1 MB proofs on PostgreSQL + S3.

    .venv/bin/python bench/checkout_load.py --orders 200 --workers 32

Runs against PostgreSQL on 127.0.0.1:5432 (database `test`, a throwaway schema) and
moto's S3 server on 127.0.0.1, through the same service the checkout page uses.
Prints p50/p95 per submission beside its floor (the same 1 MB put to S3 and one INSERT
on a bare connection, as many at once), then repeats with every submission sent twice
under its client_ref and counts orders: there must be exactly one per attempt.
"""

from __future__ import annotations

import argparse
import json
import logging
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
    STORAGE_BACKEND="s3",
    S3_ENDPOINT_URL=f"http://127.0.0.1:{PORT}",
    S3_REGION="us-east-1",
    S3_ACCESS_KEY_ID="bench",
    S3_SECRET_ACCESS_KEY="bench",
)

import io

from PIL import Image
from sqlalchemy import create_engine, func, select, text

from terminal_shop.cli import migrate
from terminal_shop.infra.db import get_engine, read_session
from terminal_shop.infra.settings import get_settings
from terminal_shop.infra.storage import get_storage
from terminal_shop.services.notifications import outbox
from terminal_shop.services.orders import checkout as orders
from terminal_shop.services.orders.tables import Order

BUYER = {
    "buyer_name": "Beban Uji",
    "buyer_phone": "081234567890",
    "buyer_email": "beban@example.com",
    "shipping_address": "Jl. Pengujian No. 1, Surabaya",
}


def proof_1mb() -> bytes:
    """A real PNG of about 1 MB (noise does not compress)."""
    img = Image.frombytes("RGB", (590, 590), os.urandom(590 * 590 * 3))
    buf = io.BytesIO()
    img.save(buf, "PNG", compress_level=0)
    return buf.getvalue()


def submit(ref: str, data: bytes) -> float:
    t = time.perf_counter()
    orders.create_order(
        client_ref=ref,
        buyer=BUYER,
        lines=[("SOUNDBOX", 1)],
        payment_method="QRIS",
        proof_filename="bukti.png",
        proof_data=data,
    )
    return (time.perf_counter() - t) * 1000


def bare(ref: str, data: bytes) -> float:
    """The floor: what any checkout must do, with nothing of ours in between."""
    t = time.perf_counter()
    get_storage().client.put_object(
        Bucket=get_settings().bucket_order_payments, Key=f"floor/{ref}.png", Body=data, ContentType="image/png"
    )
    conn = get_engine().raw_connection()
    try:
        conn.cursor().execute(
            "INSERT INTO orders (id, client_ref, created_at, updated_at, buyer_name, buyer_phone, buyer_email, shipping_address, items, "
            "subtotal, shipping_fee, total, payment_method, status, payment_proof_path) VALUES "
            "(%s, %s, now(), now(), 'Lantai', '081234567890', 'floor@example.com', 'Jl. Lantai 1', '[]', 349000, 0, 349000, 'QRIS', 'paid_review', %s)",
            (str(uuid.uuid4()), "floor-" + ref, f"floor/{ref}.png"),
        )
        conn.commit()
    finally:
        conn.close()
    return (time.perf_counter() - t) * 1000


def timed_batch(fn, refs: list[str], data: bytes, workers: int) -> dict[str, float]:
    t = time.perf_counter()
    with ThreadPoolExecutor(workers) as pool:
        times = list(pool.map(lambda r: fn(r, data), refs))
    wall = time.perf_counter() - t
    q = statistics.quantiles(times, n=100, method="inclusive")
    return {"p50": q[49], "p95": q[94], "per_s": len(refs) / wall}


def count() -> int:
    with read_session() as s:
        return s.execute(select(func.count()).select_from(Order)).scalar_one()


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--orders", type=int, default=200)
    ap.add_argument("--workers", type=int, default=32)
    ap.add_argument("--json", type=Path)
    args = ap.parse_args()
    from moto.server import ThreadedMotoServer

    logging.getLogger("werkzeug").setLevel(logging.ERROR)  # moto's request log

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

        floor = timed_batch(bare, [uuid.uuid4().hex for _ in range(args.orders)], data, args.workers)
        with get_engine().begin() as c:
            c.execute(text("DELETE FROM orders WHERE buyer_email = 'floor@example.com'"))
        stored = client.list_objects_v2(Bucket=s.bucket_order_payments).get("KeyCount", 0)

        # The same service with its outbox row left out: what telling the buyer costs.
        real_enqueue = outbox.enqueue
        outbox.enqueue = lambda *a, **k: None
        try:
            silent = timed_batch(submit, [uuid.uuid4().hex for _ in range(args.orders)], data, args.workers)
        finally:
            outbox.enqueue = real_enqueue
        with get_engine().begin() as c:
            c.execute(text("DELETE FROM orders"))
        stored = client.list_objects_v2(Bucket=s.bucket_order_payments).get("KeyCount", 0)

        refs = [uuid.uuid4().hex for _ in range(args.orders)]
        ours = timed_batch(submit, refs, data, args.workers)
        orders_made, proofs = (
            count(),
            client.list_objects_v2(Bucket=s.bucket_order_payments).get("KeyCount", 0) - stored,
        )
        print(f"floor (S3 put + INSERT): p50 {floor['p50']:.0f} ms, p95 {floor['p95']:.0f} ms, {floor['per_s']:.1f}/s")
        print(
            f"without the outbox row: p50 {silent['p50']:.0f} ms, p95 {silent['p95']:.0f} ms; "
            f"with it {ours['p95'] / silent['p95']:.2f}x (target <= 1.2)"
        )
        print(
            f"checkout service: orders {orders_made} (expected {args.orders}), proofs {proofs}, p50 {ours['p50']:.0f} ms, "
            f"p95 {ours['p95']:.0f} ms ({ours['p95'] / floor['p95']:.2f}x floor), {ours['per_s']:.1f} orders/s"
        )

        refs2 = [uuid.uuid4().hex for _ in range(args.orders)]
        before, stored = count(), proofs + stored
        with ThreadPoolExecutor(args.workers) as pool:
            list(pool.map(lambda r: submit(r, data), refs2 + refs2))
        doubled_orders = count() - before
        doubled_proofs = client.list_objects_v2(Bucket=s.bucket_order_payments).get("KeyCount", 0) - stored
        print(
            f"doubled: {args.orders * 2} submissions for {args.orders} attempts -> {doubled_orders} new orders, {doubled_proofs} new proofs"
        )
        if args.json:
            args.json.write_text(
                json.dumps(
                    {
                        "orders": args.orders,
                        "workers": args.workers,
                        "proof_mb": len(data) / 1e6,
                        "floor": floor,
                        "ours": ours,
                        "without_outbox": silent,
                        "stored_orders": orders_made,
                        "stored_proofs": proofs,
                        "doubled_orders": doubled_orders,
                        "doubled_proofs": doubled_proofs,
                    },
                    indent=1,
                )
            )
    finally:
        get_engine().dispose()
        with admin.connect() as c:
            c.execute(text(f"DROP SCHEMA {SCHEMA} CASCADE"))
        moto.stop()


if __name__ == "__main__":
    main()
