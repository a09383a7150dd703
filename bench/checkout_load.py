"""Checkout under load: concurrent submissions with 1 MB proofs on PostgreSQL + S3.

    .venv/bin/python bench/checkout_load.py --orders 200 --workers 32

Runs against PostgreSQL on 127.0.0.1:5432 (database `test`, a throwaway schema) and
moto's S3 server on 127.0.0.1, through the same service the checkout page uses.
Prints p50/p95 per submission beside its floor (the same 1 MB put to S3 and one INSERT
on a bare connection, as many at once), then repeats with every submission sent twice
under its client_ref and counts orders: there must be exactly one per attempt.

The 32 at once are spread over the processes the site runs on this machine (`--processes`,
by default Reflex's rule with Redis: two a core plus one), as many buyers in each as its share,
held as the site's route holds them (web/submissions.py): a worker stores at most
SUBMISSIONS_AT_ONCE at a time, each in a thread (`asyncio.to_thread`), the others waiting their
turn on its event loop; each submission is timed from when it arrives, its wait included. The
floor is held the same way, and both again without the turns (all of a worker's share at once,
the headline until 2026-12-07 06:00 UTC). `--processes 1` is the arrangement before 2026-12-07:
all 32 in this script's process, behind one interpreter lock.
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import contextlib
import json
import math
import multiprocessing
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


# Inherited by the processes a run spreads over (they import this module again).
RUN = os.environ.setdefault("BENCH_CHECKOUT_RUN", uuid.uuid4().hex[:8])
SCHEMA = f"bench_{RUN}"
PORT = int(os.environ.setdefault("BENCH_CHECKOUT_S3_PORT", str(_free_port())))
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
from terminal_shop.web.submissions import SUBMISSIONS_AT_ONCE

BUYER = {
    "buyer_name": "Beban Uji",
    "buyer_phone": "081234567890",
    "buyer_email": "beban@example.com",
    "shipping_address": "Jl. Pengujian No. 1, Surabaya",
}


def buyer_for(ref: str) -> dict[str, str]:
    """A buyer per attempt: one buyer may place 5 orders an hour (rules.ORDERS_PER_BUYER)."""
    digits = f"{int(ref[:12], 16) % 10**8:08d}"
    return BUYER | {"buyer_email": f"beban+{ref[:12]}@example.com", "buyer_phone": "0812" + digits}


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
        buyer=buyer_for(ref),
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


def timed_batch(fn, refs: list[str], data: bytes, workers: int, processes: int = 1, gate: int = 0) -> dict[str, float]:
    if processes > 1:
        return spread(fn.__name__, refs, data, workers, processes, gate)
    t = time.perf_counter()
    with ThreadPoolExecutor(workers) as pool:
        times = list(pool.map(lambda r: fn(r, data), refs))
    return _figures(times, len(refs), time.perf_counter() - t)


def _figures(times: list[float], n: int, wall: float) -> dict[str, float]:
    q = statistics.quantiles(times, n=100, method="inclusive")
    return {"p50": q[49], "p95": q[94], "per_s": n / wall}


def spread(fn_name: str, refs: list[str], data: bytes, workers: int, processes: int, gate: int) -> dict[str, float]:
    """`refs` shared out over `processes` started afresh, `workers` clients in all: each warms
    up (its imports, its connections), waits for the others, then submits its share."""
    ctx = multiprocessing.get_context("spawn")
    start, results = ctx.Barrier(processes + 1), ctx.Queue()
    threads = math.ceil(workers / processes)
    shares = [refs[i::processes] for i in range(processes)]
    procs = [ctx.Process(target=_share, args=(fn_name, share, data, threads, gate, start, results))
             for share in shares]  # fmt: skip
    for p in procs:
        p.start()
    start.wait(timeout=120)
    began = time.monotonic()  # CLOCK_MONOTONIC: one clock for every process of the machine
    answers = [results.get(timeout=600) for _ in procs]
    for p in procs:
        p.join()
    times = [t for share_times, _ in answers for t in share_times]
    return _figures(times, len(refs), max(end for _, end in answers) - began) | {"warm": threads * processes}


def _share(fn_name: str, refs: list[str], data: bytes, clients: int, gate: int, start, results) -> None:
    """`clients` buyers of one worker, each sending its next submission when the last is
    answered, timed from when it arrives. With `gate`, as the site's route holds them
    (web/submissions.py): at most `gate` stored at once, in a thread (`asyncio.to_thread`), the
    rest waiting their turn on the worker's event loop."""
    fn = globals()[fn_name]

    async def run(batch: list[str]) -> list[float]:
        asyncio.get_running_loop().set_default_executor(ThreadPoolExecutor(clients))
        turn, waiting, times = asyncio.Semaphore(gate or clients), collections.deque(batch), []

        async def buyer() -> None:
            while waiting:
                ref, t = waiting.popleft(), time.perf_counter()
                async with turn:
                    await asyncio.to_thread(fn, ref, data)
                times.append((time.perf_counter() - t) * 1000)

        await asyncio.gather(*(buyer() for _ in range(clients)))
        return times

    asyncio.run(run([uuid.uuid4().hex for _ in range(clients)]))
    start.wait(timeout=120)
    times = asyncio.run(run(refs))
    results.put((times, time.monotonic()))
    get_engine().dispose()


class Phases:
    """Where a checkout's time goes, measured apart: each step of create_order wrapped
    with a timer (this script's own instrumentation; the service is unchanged)."""

    STEPS = (
        ("checks (buyer, cart, price)", orders, "_checked_buyer"),
        ("checks (buyer, cart, price)", orders, "_checked_payment"),
        ("proof decoded and checked (Pillow)", orders, "_checked_proof"),
        ("kode unik held", orders.transfer_codes, "reserve"),
        ("proof file hash (SHA-256; its pHash after the commit)", orders.proof_prints, "file_print"),
        ("one look: buyer locks, resend, repeated file", orders, "_look_before_placing"),
        ("buyer limit (count under the locks)", orders.buyer_limit, "check"),
        ("proof print row", orders.proof_prints, "record"),
        ("event + e-mail rendered (QRIS PNG)", orders, "publish"),
    )

    def __init__(self) -> None:
        import threading

        self.spent: dict[str, float] = {}
        self.lock = threading.Lock()
        self.saved: list[tuple[object, str, object]] = []

    def _timed(self, label: str, fn):
        def wrapper(*a, **k):
            t = time.perf_counter()
            try:
                return fn(*a, **k)
            finally:
                with self.lock:
                    self.spent[label] = self.spent.get(label, 0.0) + time.perf_counter() - t

        return wrapper

    def __enter__(self) -> Phases:
        storage = get_storage()
        for label, owner, name in (*self.STEPS, ("S3 put", storage, "put")):
            self.saved.append((owner, name, getattr(owner, name)))
            setattr(owner, name, self._timed(label, getattr(owner, name)))

        from terminal_shop.services.events import bus
        from terminal_shop.services.orders.events import OrderPlaced

        bus.handlers(OrderPlaced)  # loads the subscribers
        self.handlers = {k: list(v) for k, v in bus._handlers.items()}
        for kind, listed in bus._handlers.items():
            if issubclass(OrderPlaced, kind):
                listed[:] = [self._timed(f"  {h.__module__.rsplit('.', 2)[-2]} subscriber", h) for h in listed]
        return self

    def __exit__(self, *exc) -> None:
        from terminal_shop.services.events import bus

        bus._handlers.update(self.handlers)
        for owner, name, fn in reversed(self.saved):
            setattr(owner, name, fn)


def apart(data: bytes, n: int, workers: int) -> tuple[dict[str, float], float]:
    """Per-order milliseconds of each step with `workers` at once, and the whole's."""
    with Phases() as phases:
        whole = timed_batch(submit, [uuid.uuid4().hex for _ in range(n)], data, workers)
    total = whole["p50"]
    per = {k: v * 1000 / n for k, v in phases.spent.items()}
    return per, total


def proofs_in(client, bucket: str) -> int:
    """Every key of the bucket (one listing answers at most 1,000)."""
    pages = client.get_paginator("list_objects_v2").paginate(Bucket=bucket)
    return sum(page.get("KeyCount", 0) for page in pages)


def count() -> int:
    with read_session() as s:
        return s.execute(select(func.count()).select_from(Order)).scalar_one()


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--orders", type=int, default=200)
    ap.add_argument("--workers", type=int, default=32)
    ap.add_argument("--processes", type=int, default=min((os.cpu_count() or 1) * 2 + 1, 8))  # Reflex 0.10.1's rule
    ap.add_argument("--json", type=Path)
    args = ap.parse_args()
    moto = _s3_elsewhere()
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

        def fresh() -> list[str]:
            return [uuid.uuid4().hex for _ in range(args.orders)]

        def without_floor_rows() -> int:
            with get_engine().begin() as c:
                c.execute(text("DELETE FROM orders WHERE buyer_email = 'floor@example.com'"))
            return proofs_in(client, s.bucket_order_payments)

        # This process warmed first, as each spread one is: its first checkouts import what the
        # site's workers loaded before their fork (the areas' subscribers, their channels).
        timed_batch(submit, fresh()[: args.workers], data, args.workers)

        # The site's arrangement: the headline figures. Each worker's route stores at most
        # SUBMISSIONS_AT_ONCE at a time, the rest waiting their turn; the floor held the same way.
        gate, per = SUBMISSIONS_AT_ONCE, math.ceil(args.workers / args.processes)
        floor = timed_batch(bare, fresh(), data, args.workers, args.processes, gate)
        stored, before = without_floor_rows(), count()
        ours = timed_batch(submit, fresh(), data, args.workers, args.processes, gate)
        orders_made = count() - before - ours.get("warm", 0)
        proofs = proofs_in(client, s.bucket_order_payments) - stored - ours.get("warm", 0)
        print(f"{args.processes} processes, {per} buyers each, {gate} stored at once (the site's workers and route):")
        print(
            f"  floor (S3 put + INSERT): p50 {floor['p50']:.0f} ms, p95 {floor['p95']:.0f} ms, {floor['per_s']:.1f}/s"
        )
        print(
            f"  checkout service: orders {orders_made} (expected {args.orders}), proofs {proofs}, p50 {ours['p50']:.0f} ms, "
            f"p95 {ours['p95']:.0f} ms ({ours['p95'] / floor['p95']:.2f}x floor), {ours['per_s']:.1f} orders/s"
        )
        # Without the route's turns (the headline until this stop): all of a worker's at once.
        floor_all = timed_batch(bare, fresh(), data, args.workers, args.processes)
        ours_all = timed_batch(submit, fresh(), data, args.workers, args.processes)
        print(f"{args.processes} processes, {per} buyers each, all at once (no turns):")
        print(f"  floor: p50 {floor_all['p50']:.0f} ms, p95 {floor_all['p95']:.0f} ms, {floor_all['per_s']:.1f}/s")
        print(
            f"  checkout service: p50 {ours_all['p50']:.0f} ms, p95 {ours_all['p95']:.0f} ms "
            f"({ours_all['p95'] / floor_all['p95']:.2f}x floor; {ours['p95'] / floor_all['p95']:.2f}x with turns), "
            f"{ours_all['per_s']:.1f} orders/s"
        )
        without_floor_rows()

        # One process, all at once behind one interpreter lock (the arrangement before 2026-12-07),
        # and the same service with its outbox row left out: what telling the buyer costs.
        floor1 = timed_batch(bare, fresh(), data, args.workers)
        without_floor_rows()
        ours1 = timed_batch(submit, fresh(), data, args.workers)
        real_enqueue = outbox.enqueue
        outbox.enqueue = lambda *a, **k: None
        try:
            silent = timed_batch(submit, fresh(), data, args.workers)
        finally:
            outbox.enqueue = real_enqueue
        print("1 process (as measured before 2026-12-07):")
        print(f"  floor: p50 {floor1['p50']:.0f} ms, p95 {floor1['p95']:.0f} ms, {floor1['per_s']:.1f}/s")
        print(
            f"  checkout service: p50 {ours1['p50']:.0f} ms, p95 {ours1['p95']:.0f} ms "
            f"({ours1['p95'] / floor1['p95']:.2f}x floor), {ours1['per_s']:.1f} orders/s"
        )
        print(
            f"  without the outbox row: p50 {silent['p50']:.0f} ms, p95 {silent['p95']:.0f} ms; "
            f"with it {ours1['p95'] / silent['p95']:.2f}x (target <= 1.2)"
        )

        # Measured apart: each step's mean per order, one at a time and 32 at once.
        alone, alone_p50 = apart(data, 40, 1)
        crowd, crowd_p50 = apart(data, args.orders, args.workers)
        print("where a checkout's time goes (mean ms per order; one at a time | 32 at once):")
        for label in (
            dict.fromkeys(lbl for lbl, _, _ in Phases.STEPS)
            | {"S3 put": None}
            | dict.fromkeys(sorted(k for k in crowd if k.startswith(" ")))
        ):
            print(f"  {label:40} {alone.get(label, 0):7.1f} | {crowd.get(label, 0):7.1f}")
        rest_alone = alone_p50 - sum(v for k, v in alone.items() if not k.startswith(" "))
        print(f"  {'rest (transaction, commit, INSERTs)':40} {rest_alone:7.1f} | (p50 whole {crowd_p50:.0f})")

        refs2 = [uuid.uuid4().hex for _ in range(args.orders)]
        before, stored = count(), proofs_in(client, s.bucket_order_payments)
        with ThreadPoolExecutor(args.workers) as pool:
            list(pool.map(lambda r: submit(r, data), refs2 + refs2))
        doubled_orders = count() - before
        doubled_proofs = proofs_in(client, s.bucket_order_payments) - stored
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
                        "processes": args.processes,
                        "floor": floor,
                        "ours": ours,
                        "floor_one_process": floor1,
                        "ours_one_process": ours1,
                        "without_outbox": silent,
                        "stored_orders": orders_made,
                        "stored_proofs": proofs,
                        "doubled_orders": doubled_orders,
                        "doubled_proofs": doubled_proofs,
                        "apart_alone_ms": alone,
                        "apart_crowd_ms": crowd,
                        "alone_p50": alone_p50,
                    },
                    indent=1,
                )
            )
    finally:
        get_engine().dispose()
        with admin.connect() as c:
            c.execute(text(f"DROP SCHEMA {SCHEMA} CASCADE"))
        moto.terminate()


def _s3_elsewhere() -> subprocess.Popen:
    """moto's S3 in a process of its own, as S3 is another machine's to the site: in this
    script's process (until 2026-12-07) its request threads took the interpreter's lock from
    the 32 checkouts, so every millisecond of ours also slowed the puts (the floor's too)."""
    server = subprocess.Popen(
        [sys.executable, "-m", "moto.server", "-H", "127.0.0.1", "-p", str(PORT)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    for _ in range(200):
        with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", PORT), timeout=0.2):
            return server
        time.sleep(0.05)
    server.terminate()
    raise SystemExit("moto's S3 did not start")


if __name__ == "__main__":
    main()
