"""A bank statement imported against a large shop (services/orders/payments/reconcile.py), beside a floor.

    .venv/bin/python bench/reconcile.py                      # 1,000,000 orders on PostgreSQL
    .venv/bin/python bench/reconcile.py --orders 100000      # a quick look

Seeds a schema of its own on the local PostgreSQL: 900,000 orders of the usual mix (none
waiting) and 100,000 BCA orders waiting for their transfer, placed over the last 8 days with
a kode unik each. The statement is KlikBCA's CSV of 10,000 lines: 6,000 transfers of waiting
orders, 2,000 credits no order asks for, 1,500 debits and 500 pending lines. The whole import
(the file read, its lines stored, every line matched and shown) runs RUNS times on an
emptied statement table (target p95 < 2 s), then once more with every line already known.
The floor: the same matching as one SQL statement, the stored lines joined to the waiting orders.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import tempfile
import time
import uuid
from datetime import timedelta
from pathlib import Path

os.environ.setdefault("DATA_DIR", tempfile.mkdtemp(prefix="bench-reconcile-"))
SCHEMA = f"bench_{uuid.uuid4().hex[:8]}"
os.environ["DATABASE_URL"] = f"postgresql+psycopg2://postgres@127.0.0.1:5432/test?options=-csearch_path%3D{SCHEMA}"
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sqlalchemy import delete, select, text  # noqa: E402

from terminal_shop.cli import migrate, seed  # noqa: E402
from terminal_shop.formats import WIB  # noqa: E402
from terminal_shop.infra.db import get_engine, write_session  # noqa: E402
from terminal_shop.infra.models import utcnow  # noqa: E402
from terminal_shop.services.orders.payments import matching, reconcile  # noqa: E402
from terminal_shop.services.orders.payments.tables import StatementLine  # noqa: E402
from terminal_shop.services.orders.tables import Order  # noqa: E402
from terminal_shop.services.orders.terms import OrderStatus, PaymentMethod  # noqa: E402

ADMIN = "admin@terminalku.example"
WAITING, LINES, RUNS = 100_000, 10_000, 7
FLOOR_SQL = """
SELECT l.id, o.id FROM statement_lines l
JOIN orders o ON o.status = 'paid_review' AND o.payment_method = 'TRANSFER_BCA'
 AND o.total = l.amount AND o.created_at >= l.window_from AND o.created_at < l.window_to
WHERE l.order_id IS NULL AND l.source IN ('bca', 'bank')
"""


def waiting_rows(n: int, rng: random.Random):
    """Waiting BCA orders, each with an amount of its own (what the kode unik ensures)."""
    now = utcnow()
    amounts: set[int] = set()
    while len(amounts) < n:
        amounts.add(rng.randint(300, 60_000) * 1000 - rng.randint(1, 999))
    for row, total in zip(seed.order_rows(n, rng), amounts, strict=True):
        code = -total % 1000
        created = now - timedelta(seconds=rng.randint(3600, 8 * 24 * 3600))
        yield row | {
            "subtotal": total + code,
            "total": total,
            "unique_code": code,
            "payment_method": PaymentMethod.TRANSFER_BCA.value,
            "status": OrderStatus.PAID_REVIEW.value,
            "created_at": created,
            "updated_at": created,
        }


def statement(rng: random.Random) -> bytes:
    with get_engine().connect() as c:
        waiting = c.execute(
            select(Order.total, Order.created_at).where(Order.status == OrderStatus.PAID_REVIEW.value).limit(6000)
        ).all()
    today = utcnow().astimezone(WIB).date()
    start = today - timedelta(days=9)
    rows = []
    for total, created in waiting:
        day = min(today, created.astimezone(WIB).date() + timedelta(days=rng.randint(0, 1)))
        rows.append(
            (day, f"TRSF E-BANKING CR {day:%d%m}/FTSCY/WS{rng.randint(10000, 99999)} {total}.00 PEMBELI", total, "CR")
        )
    for _ in range(2000):
        rows.append((today - timedelta(days=rng.randint(0, 9)), "SETORAN TUNAI", rng.randint(10_000, 9_000_000), "CR"))
    for _ in range(1500):
        rows.append((today - timedelta(days=rng.randint(0, 9)), "BIAYA ADM", rng.randint(1_000, 50_000), "DB"))
    rng.shuffle(rows)
    body = [f'\'{d:%d/%m},"{t}",\'0000,"{a:,}.00",{k},"1.00"' for d, t, a, k in sorted(rows, key=lambda r: r[0])]
    body += [
        f"'PEND,TRSF E-BANKING CR PENDING {i},'0000,\"{rng.randint(10_000, 9_000_000):,}.00\",CR," for i in range(500)
    ]
    head = (
        f"No. rekening : 0123456789\nNama : PT TERMINALKU\nPeriode : {start:%d/%m/%Y} - {today:%d/%m/%Y}\n"
        "Kode Mata Uang : IDR\n\nTanggal Transaksi,Keterangan,Cabang,Jumlah,,Saldo\n"
    )
    return (head + "\n".join(body) + "\n").encode()


def whole_import(data: bytes) -> tuple[float, dict]:
    started = time.perf_counter()
    imported = reconcile.import_bank(data, ADMIN)
    rows = matching.review(imported.line_ids)
    took = time.perf_counter() - started
    kinds: dict[str, int] = {}
    for r in rows:
        kinds[r.kind] = kinds.get(r.kind, 0) + 1
    return took, kinds


def measure(orders: int) -> dict:
    engine = get_engine()
    with engine.begin() as c:
        c.execute(text(f"CREATE SCHEMA {SCHEMA}"))
    try:
        migrate.upgrade()
        rng = random.Random(24)
        t = time.perf_counter()
        seed.seed(orders - WAITING, 0)
        with write_session() as s:  # the background waits for nothing
            s.exec(text("UPDATE orders SET status = 'confirmed' WHERE status IN ('paid_review', 'pending')"))
        seed._insert(Order.__table__, waiting_rows(WAITING, rng))
        with engine.connect().execution_options(isolation_level="AUTOCOMMIT") as c:
            c.execute(text("VACUUM ANALYZE"))
        seeded = time.perf_counter() - t
        data = statement(rng)
        runs, kinds = [], {}
        for _ in range(RUNS):
            with write_session() as s:
                s.exec(delete(StatementLine))
            took, kinds = whole_import(data)
            runs.append(took)
        again, _ = whole_import(data)  # every line known already
        floors = []
        for _ in range(RUNS):
            with engine.connect() as c:
                started = time.perf_counter()
                matched = len(c.execute(text(FLOOR_SQL)).all())
                floors.append(time.perf_counter() - started)
        with engine.connect() as c:
            server = c.execute(text("SELECT version()")).scalar_one().split(" on ")[0]
        return {
            "server": server,
            "orders": orders,
            "waiting": WAITING,
            "lines": LINES,
            "file_kb": len(data) / 1024,
            "seed_s": seeded,
            "p50": statistics.median(runs),
            "p95": sorted(runs)[min(len(runs) - 1, int(len(runs) * 0.95))],
            "again": again,
            "floor_p50": statistics.median(floors),
            "floor_p95": sorted(floors)[min(len(floors) - 1, int(len(floors) * 0.95))],
            "floor_matches": matched,
            "kinds": kinds,
        }
    finally:
        engine.dispose()
        with get_engine().begin() as c:
            c.execute(text(f"DROP SCHEMA {SCHEMA} CASCADE"))


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--orders", type=int, default=1_000_000)
    ap.add_argument("--json", type=Path)
    args = ap.parse_args()
    r = measure(max(args.orders, WAITING))
    print(
        f"{r['server']}: {r['orders']:,} orders ({r['waiting']:,} waiting), a statement of {r['lines']:,} lines"
        f" ({r['file_kb']:.0f} KB), seeded in {r['seed_s']:.0f} s\n"
        f"whole import p50 {r['p50']:.2f} s, p95 {r['p95']:.2f} s (target < 2 s); again with every line known"
        f" {r['again']:.2f} s\nfloor (the matching as one SQL statement) p50 {r['floor_p50'] * 1000:.0f} ms,"
        f" p95 {r['floor_p95'] * 1000:.0f} ms, {r['floor_matches']:,} pairs\nlines: {r['kinds']}"
    )
    if args.json:
        args.json.write_text(json.dumps(r, indent=1))


if __name__ == "__main__":
    main()
