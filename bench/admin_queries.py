"""Admin list, search, stats and export timings at scale, beside the same SQL run raw.

    DATA_DIR=/tmp/bench-data .venv/bin/python bench/admin_queries.py --orders 100000 --merchants 100000
    DATABASE_URL=postgresql+psycopg2://...  .venv/bin/python bench/admin_queries.py --orders 1000000

Seeds a fresh database (the one the settings name; use a throwaway one), then prints
p50/p95 in milliseconds and the ratio to raw SQL. Export prints rows/s and peak memory.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
import tracemalloc
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DATA_DIR", tempfile.mkdtemp(prefix="bench-"))

from sqlalchemy import text  # noqa: E402

from terminal_shop import migrate, seed  # noqa: E402
from terminal_shop.db import get_engine  # noqa: E402
from terminal_shop.services import admin_merchants, admin_orders  # noqa: E402


def timed(fn, runs: int) -> list[float]:  # noqa: ANN001
    out = []
    for _ in range(runs):
        t = time.perf_counter()
        fn()
        out.append((time.perf_counter() - t) * 1000)
    return out


def pct(values: list[float], p: float) -> float:
    return statistics.quantiles(values, n=100)[int(p) - 1] if len(values) > 1 else values[0]


def raw(sql: str, **params):  # noqa: ANN001, ANN201
    def run() -> None:
        with get_engine().connect() as c:
            c.execute(text(sql), params).fetchall()

    return run


def id_range(prefix: str, dialect: str) -> dict[str, str]:
    """The ids whose first 8 hex digits are `prefix`, spelled as each database stores them."""
    lo, hi = uuid.UUID(prefix + "0" * 24), uuid.UUID(prefix + "f" * 24)
    return {"lo": lo.hex, "hi": hi.hex} if dialect == "sqlite" else {"lo": str(lo), "hi": str(hi)}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--orders", type=int, default=100_000)
    ap.add_argument("--merchants", type=int, default=100_000)
    ap.add_argument("--runs", type=int, default=30)
    ap.add_argument("--no-seed", action="store_true")
    args = ap.parse_args()
    migrate.upgrade()
    if not args.no_seed:
        t = time.perf_counter()
        seed.seed(args.orders, args.merchants)
        print(f"seeded {args.orders} orders, {args.merchants} registrations in {time.perf_counter() - t:.1f}s")
    dialect = get_engine().dialect.name
    deep = max(1, args.orders // 10 // 2)
    like = "lower(buyer_name) LIKE :q OR lower(buyer_email) LIKE :q OR lower(buyer_phone) LIKE :q"
    # The pages fetch the stat cards first and reuse those counts for "N total".
    ocounts, mcounts = admin_orders.stats(), admin_merchants.stats()
    number = admin_orders.list_page(page=7).rows[0]["number"]  # an order a customer quotes
    cases = [
        ("orders page 1", lambda: admin_orders.list_page(counts=ocounts), raw("SELECT * FROM orders ORDER BY created_at DESC LIMIT 10")),
        (f"orders page {deep}", lambda: admin_orders.list_page(page=deep, counts=ocounts), raw(f"SELECT * FROM orders ORDER BY created_at DESC LIMIT 10 OFFSET {(deep - 1) * 10}")),
        ("orders status filter", lambda: admin_orders.list_page(status="cancelled", counts=ocounts), raw("SELECT * FROM orders WHERE status='cancelled' ORDER BY created_at DESC LIMIT 10")),
        ("orders method filter", lambda: admin_orders.list_page(method="QRIS"), raw("SELECT * FROM orders WHERE payment_method='QRIS' ORDER BY created_at DESC LIMIT 10")),
        ("orders search name", lambda: admin_orders.list_page(search="wahyuni"), raw(f"SELECT * FROM orders WHERE {like} ORDER BY created_at DESC LIMIT 10", q="%wahyuni%")),
        ("orders search email", lambda: admin_orders.list_page(search="budi.12"), raw(f"SELECT * FROM orders WHERE {like} ORDER BY created_at DESC LIMIT 10", q="%budi.12%")),
        ("orders search phone", lambda: admin_orders.list_page(search="0812345"), raw(f"SELECT * FROM orders WHERE {like} ORDER BY created_at DESC LIMIT 10", q="%0812345%")),
        ("orders search number", lambda: admin_orders.list_page(search=number), raw("SELECT * FROM orders WHERE id BETWEEN :lo AND :hi LIMIT 10", **id_range(number.lower(), dialect))),
        ("orders stats", admin_orders.stats, raw("SELECT status, count(*) FROM orders GROUP BY status")),
        ("merchants page 1", lambda: admin_merchants.list_page(counts=mcounts), raw("SELECT * FROM merchant_registrations ORDER BY created_at DESC LIMIT 20")),
        ("merchants search", lambda: admin_merchants.list_page(search="berkah"), raw("SELECT * FROM merchant_registrations WHERE lower(nama_usaha) LIKE '%berkah%' ORDER BY created_at DESC LIMIT 20")),
        ("merchants stats", admin_merchants.stats, raw("SELECT status, count(*) FROM merchant_registrations GROUP BY status")),
    ]
    print(f"\n{dialect}, {args.orders} orders, {args.merchants} registrations, {args.runs} runs each")
    print(f"{'query':28} {'p50 ms':>9} {'p95 ms':>9} {'raw p95':>9} {'ratio':>7}")
    for name, ours, base in cases:
        a, b = timed(ours, args.runs), timed(base, args.runs)
        print(f"{name:28} {pct(a, 50):9.1f} {pct(a, 95):9.1f} {pct(b, 95):9.1f} {pct(a, 95) / max(pct(b, 95), 0.01):7.2f}")

    tracemalloc.start()
    t = time.perf_counter()
    size = sum(len(chunk) for chunk in admin_orders.export_csv())
    secs = time.perf_counter() - t
    _, peak = tracemalloc.get_traced_memory()
    print(f"\norders CSV export: {args.orders / secs:,.0f} rows/s, {size / 1e6:.1f} MB, peak Python memory {peak / 1e6:.1f} MB")


if __name__ == "__main__":
    main()
