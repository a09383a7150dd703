"""Admin lists at scale: each list call beside the very SQL it sends, run raw.

    .venv/bin/python bench/admin_queries.py --backend sqlite --orders 100000 --merchants 100000
    .venv/bin/python bench/admin_queries.py --backend postgres --orders 1000000 --merchants 100000

Seeds a throwaway database (a temporary SQLite file, or a schema of its own in the
PostgreSQL database `test` on 127.0.0.1 that is dropped afterwards) through the seed
command. The CSV export is measured in a child process, for its peak memory, when
`--csv-first` orders exist and again at the full count. Each case records the statements
the service sends (SQLAlchemy's cursor event) and replays them on a bare DBAPI cursor:
that is the "raw" column. EXPLAIN of every statement goes to --explain.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
import uuid
from datetime import date, timedelta
from pathlib import Path

from sql_timing import Recorder, explain, pct, replay, replay_sql_text, timed_together

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def _configure(backend: str) -> str:
    """Point the settings at a throwaway database before the app is imported."""
    os.environ.setdefault("DATA_DIR", tempfile.mkdtemp(prefix="bench-data-"))
    if backend != "postgres" or "DATABASE_URL" in os.environ:
        return ""
    schema = f"bench_{uuid.uuid4().hex[:8]}"
    os.environ["DATABASE_URL"] = f"postgresql+psycopg2://postgres@127.0.0.1:5432/test?options=-csearch_path%3D{schema}"
    return schema


def export_child() -> None:
    """Runs in its own process: the CSV export's speed and the process's peak memory."""
    from terminal_shop.infra.db import get_engine
    from terminal_shop.services.orders import order_list

    def status(field: str) -> int:
        line = next(x for x in Path("/proc/self/status").read_text().splitlines() if x.startswith(field + ":"))
        return int(line.split()[1])  # kB

    with get_engine().connect():
        pass
    before = status("VmRSS")
    t, size, rows = time.perf_counter(), 0, -1
    for chunk in order_list.export_csv():
        size += len(chunk)
        rows += chunk.count(b"\n")
    secs = time.perf_counter() - t
    print(
        json.dumps(
            {
                "rows": rows,
                "secs": secs,
                "mb": size / 1e6,
                "rss_before_mb": before / 1024,
                "peak_rss_mb": status("VmHWM") / 1024,
            }
        )
    )


def measure_export() -> dict:
    out = subprocess.run(
        [sys.executable, __file__, "--export-child"], capture_output=True, text=True, check=True, env=os.environ
    )
    r = json.loads(out.stdout.strip().splitlines()[-1])
    print(
        f"  CSV export of {r['rows']:,} orders: {r['rows'] / r['secs']:,.0f} rows/s, {r['mb']:.1f} MB, "
        f"peak RSS {r['peak_rss_mb']:.0f} MB (idle {r['rss_before_mb']:.0f} MB)"
    )
    return r


def cases(deep: int, merchants_deep: int) -> list[tuple[str, object]]:
    from sqlmodel import select

    from terminal_shop.infra.db import read_session
    from terminal_shop.services.backoffice import admin_overview
    from terminal_shop.services.lists.listing import row_key
    from terminal_shop.services.lists.terms import SortField
    from terminal_shop.services.orders import order_list
    from terminal_shop.services.orders.tables import Order
    from terminal_shop.services.registrations import merchant_list
    from terminal_shop.services.registrations.tables import MerchantRegistration

    def key_at(model, offset: int) -> str:
        with read_session() as s:
            row = s.exec(
                select(model.created_at, model.id)
                .order_by(model.created_at.desc(), model.id.desc())
                .offset(offset)
                .limit(1)
            ).one()
        return row_key(row, order_list.SORTS[SortField.DATE] if model is Order else merchant_list.SORTS[SortField.DATE])

    # What an admin types: a customer who phoned in, found by name, e-mail, phone or order number.
    customer = order_list.list_page(page=7).rows[3]
    with read_session() as s:
        phone = s.exec(select(Order.buyer_phone).where(Order.buyer_email == customer.email)).first()
    shop = merchant_list.list_page(page=3).rows[5].nama_usaha
    after_deep = key_at(Order, (deep - 1) * order_list.PER_PAGE - 1)
    before_deep = key_at(Order, deep * order_list.PER_PAGE)
    after_m = key_at(MerchantRegistration, (merchants_deep - 1) * merchant_list.PER_PAGE - 1)
    by_total = order_list.list_page(sort="total").last_key
    today = date.today()
    month_ago, week_ago = str(today - timedelta(days=30)), str(today - timedelta(days=7))
    return [
        ("orders page 1", lambda: order_list.list_page()),
        (f"orders page {deep:,} (Next)", lambda: order_list.list_page(page=deep, after=after_deep)),
        (f"orders page {deep:,} (Previous)", lambda: order_list.list_page(page=deep, before=before_deep)),
        ("orders status filter", lambda: order_list.list_page(status="cancelled")),
        ("orders method filter", lambda: order_list.list_page(method="QRIS")),
        ("orders status + method", lambda: order_list.list_page(status="paid_review", method="QRIS")),
        ("orders search name", lambda: order_list.list_page(search=customer.buyer)),
        ("orders search e-mail", lambda: order_list.list_page(search=customer.email)),
        ("orders search phone", lambda: order_list.list_page(search=phone)),
        ("orders search number", lambda: order_list.list_page(search=customer.number)),
        ("orders search one common word", lambda: order_list.list_page(search="wahyuni")),
        ("orders stat cards", order_list.stats),
        # Sorted by a column header, filtered by a date range (WIB days), and both.
        ("orders sorted by total", lambda: order_list.list_page(sort="total")),
        ("orders sorted by total, Next", lambda: order_list.list_page(sort="total", page=2, after=by_total)),
        ("orders sorted by name", lambda: order_list.list_page(sort="nama", descending=False)),
        ("orders sorted by status", lambda: order_list.list_page(sort="status", descending=False)),
        ("orders last 7 days", lambda: order_list.list_page(period="7-hari")),
        ("orders last 30 days by total", lambda: order_list.list_page(period="30-hari", sort="total")),
        ("orders this month + status", lambda: order_list.list_page(period="bulan-ini", status="paid_review")),
        (
            "orders custom range by name",
            lambda: order_list.list_page(period="pilih", start=month_ago, end=week_ago, sort="nama", descending=False),
        ),
        ("orders common word, 30 days", lambda: order_list.list_page(search="wahyuni", period="30-hari")),
        ("overview 30 days", lambda: admin_overview.overview("30-hari")),
        ("merchants page 1", lambda: merchant_list.list_page()),
        (
            f"merchants page {merchants_deep:,} (Next)",
            lambda: merchant_list.list_page(page=merchants_deep, after=after_m),
        ),
        ("merchants status filter", lambda: merchant_list.list_page(status="rejected")),
        ("merchants search shop", lambda: merchant_list.list_page(search=shop)),
        ("merchants stat cards", merchant_list.stats),
        ("merchants sorted by name", lambda: merchant_list.list_page(sort="nama", descending=False)),
        ("merchants last 30 days by status", lambda: merchant_list.list_page(period="30-hari", sort="status")),
    ]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--backend", choices=("sqlite", "postgres"), default="sqlite")
    ap.add_argument("--orders", type=int, default=100_000)
    ap.add_argument("--merchants", type=int, default=100_000)
    ap.add_argument("--csv-first", type=int, default=0, help="also measure the export when this many orders exist")
    ap.add_argument("--runs", type=int, default=30)
    ap.add_argument("--no-seed", action="store_true", help="the database named by DATABASE_URL is already seeded")
    ap.add_argument("--json", type=Path)
    ap.add_argument("--explain", type=Path)
    ap.add_argument("--export-child", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.export_child:
        return export_child()
    schema = _configure(args.backend)

    from sqlalchemy import text

    from terminal_shop.cli import migrate, seed
    from terminal_shop.infra.db import get_engine

    engine = get_engine()
    if schema:
        with engine.begin() as c:
            c.execute(text(f"CREATE SCHEMA {schema}"))
    try:
        migrate.upgrade()
        result = {
            "backend": engine.dialect.name,
            "server": "",
            "orders": args.orders,
            "merchants": args.merchants,
            "exports": [],
            "queries": [],
        }
        with engine.connect() as c:
            result["server"] = c.execute(
                text("SELECT version()" if args.backend == "postgres" else "SELECT 'SQLite ' || sqlite_version()")
            ).scalar_one()
        print(f"{result['server'].split(' on ')[0]}: seeding {args.orders:,} orders, {args.merchants:,} registrations")
        first = args.csv_first if 0 < args.csv_first < args.orders else args.orders
        t = time.perf_counter()
        if not args.no_seed:
            seed.seed(first, args.merchants)
        if first < args.orders and not args.no_seed:
            result["exports"].append(measure_export())
            seed.seed(args.orders - first, 0, seed_value=28)
        if args.backend == "postgres":  # as autovacuum leaves a live database: statistics, visibility map
            with engine.connect().execution_options(isolation_level="AUTOCOMMIT") as c:
                c.execute(text("VACUUM ANALYZE"))
        result["seed_secs"] = time.perf_counter() - t
        if not args.no_seed:
            result["exports"].append(measure_export())

        recorder, plans = Recorder(engine), []
        deep, merchants_deep = max(2, args.orders // 20), max(2, args.merchants // 40)
        print(f"\n{'query':34} {'p50 ms':>8} {'p95 ms':>8} {'raw p50':>8} {'raw p95':>8} {'text p95':>8} {'ratio':>6}")
        for name, fn in cases(deep, merchants_deep):
            statements = recorder.record(fn)
            a, b, c = timed_together([fn, replay(engine, statements), replay_sql_text(engine, statements)], args.runs)
            row = {
                "name": name,
                "p50": pct(a, 50),
                "p95": pct(a, 95),
                "raw_p50": pct(b, 50),
                "raw_p95": pct(b, 95),
                "text_p95": pct(c, 95),
                "statements": len(statements),
            }
            row["ratio"] = row["p95"] / max(row["raw_p95"], 0.001)
            result["queries"].append(row)
            print(
                f"{name:34} {row['p50']:8.1f} {row['p95']:8.1f} {row['raw_p50']:8.1f} {row['raw_p95']:8.1f} {row['text_p95']:8.1f} {row['ratio']:6.2f}"
            )
            plans.append(f"=== {name} ===\n{explain(engine, statements)}")
        if args.explain:
            args.explain.parent.mkdir(parents=True, exist_ok=True)
            args.explain.write_text(
                f"{result['server']}, {args.orders:,} orders, {args.merchants:,} registrations\n\n" + "\n".join(plans)
            )
        if args.json:
            args.json.write_text(json.dumps(result, indent=1))
    finally:
        if schema:
            engine.dispose()
            with get_engine().begin() as c:
                c.execute(text(f"DROP SCHEMA {schema} CASCADE"))


if __name__ == "__main__":
    main()
