"""Devices at scale (services/devices), beside the SQL each call sends replayed raw.

    .venv/bin/python bench/devices.py                       # 1,000,000 devices and orders on PostgreSQL
    .venv/bin/python bench/devices.py --devices 100000      # a quick look

Seeds a schema of its own on the local PostgreSQL: N orders of the seed's usual mix (2,000 of
them confirmed and not packed: the ones that hold stock) and N devices of the three models,
most of them sold (order, merchant, TID for the active ones), 5% on the shelf. Then times:
the /garansi answer by SN, the admin's search by SN and by TID (the Perangkat list with its
count and stock line), the stock counts per model, what waiting orders hold, and the
Perangkat list's first page; each beside its own statements replayed on a bare cursor.
Targets (issue 36): lookups p95 < 10 ms, stock counts < 20 ms, the list page < 50 ms.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import tempfile
import time
import uuid
from datetime import timedelta
from pathlib import Path

os.environ.setdefault("DATA_DIR", tempfile.mkdtemp(prefix="bench-devices-"))
SCHEMA = f"bench_{uuid.uuid4().hex[:8]}"
os.environ["DATABASE_URL"] = f"postgresql+psycopg2://postgres@127.0.0.1:5432/test?options=-csearch_path%3D{SCHEMA}"
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from sqlalchemy import text  # noqa: E402

from terminal_shop.cli import migrate, seed  # noqa: E402
from terminal_shop.infra.db import get_engine, write_session  # noqa: E402
from terminal_shop.infra.models import table_of, utcnow  # noqa: E402
from terminal_shop.services.devices import listing, owned, stock  # noqa: E402
from terminal_shop.services.devices.tables import Device  # noqa: E402

from sql_timing import Recorder, pct, replay, timed_together  # noqa: E402

RUNS = 200
MODELS = ("A920", "D210", "SOUNDBOX")
TARGETS = {"warranty by SN": 10, "search by SN": 10, "search by TID": 10, "stock per model": 20,
           "held by waiting orders": 20, "Perangkat list page": 50}  # fmt: skip


def device_rows(n: int, rng: random.Random):
    now = utcnow()
    for i in range(n):
        model = MODELS[i % 3]
        sold = rng.random() > 0.05
        active = sold and rng.random() > 0.2
        received = now - timedelta(seconds=rng.randint(0, 3 * 365 * 24 * 3600))
        yield {
            "id": uuid.uuid4(),
            "serial": f"{model[:1]}{i:09d}",
            "model": model,
            "imei": f"{i:015d}" if model == "D210" else None,
            "iccid": None,
            "status": ("aktif" if active else "dikirim") if sold else "stok",
            "received_at": received,
            "received_by": "bench@terminalku.example",
            "updated_at": received,
            "order_id": uuid.uuid4() if sold else None,
            "merchant_id": uuid.uuid4() if sold else None,
            "tid": f"T{i:07d}" if active else None,
            "mid": f"000885{i:09d}" if active else None,
            "activated_at": received if active else None,
        }


def _cycling(call):
    """The call with the next probe each time (a fresh SN or TID per run)."""
    probes = iter(range(10**9))
    return lambda: call(next(probes) % RUNS)


def measure(devices: int, orders: int) -> dict:
    engine = get_engine()
    with engine.begin() as c:
        c.execute(text(f"CREATE SCHEMA {SCHEMA}"))
    try:
        migrate.upgrade()
        rng = random.Random(36)
        started = time.perf_counter()
        seed.seed(orders, 0)
        with write_session() as s:  # the background: everything delivered but 2,000 confirmed, unpacked
            s.exec(text("UPDATE orders SET status = 'confirmed', fulfilment = 'delivered'"))
            s.exec(text("UPDATE orders SET fulfilment = '' WHERE id IN (SELECT id FROM orders LIMIT 2000)"))
        seed._insert(table_of(Device), device_rows(devices, rng))
        with engine.connect().execution_options(isolation_level="AUTOCOMMIT") as c:
            c.execute(text("VACUUM ANALYZE"))
        seeded = time.perf_counter() - started
        probes = [rng.randrange(devices) for _ in range(RUNS)]
        sn = [f"{MODELS[i % 3][:1]}{i:09d}" for i in probes]
        tids = [f"T{i:07d}" for i in probes]
        calls = {
            "warranty by SN": lambda k: owned.warranty(sn[k]),
            "search by SN": lambda k: listing.page(sn[k], "", ""),
            "search by TID": lambda k: listing.page(tids[k], "", ""),
            "stock per model": lambda k: stock.in_stock(),
            "held by waiting orders": lambda k: stock.held(),
            "Perangkat list page": lambda k: listing.page("", "", ""),
        }
        recorder, rows = Recorder(engine), []
        for name, call in calls.items():
            statements = recorder.record(lambda call=call: call(0))
            ours, raw = timed_together([_cycling(call), replay(engine, statements)], RUNS)
            rows.append({"call": name, "p50": pct(ours, 50), "p95": pct(ours, 95), "raw_p50": pct(raw, 50),
                         "raw_p95": pct(raw, 95), "statements": len(statements), "target": TARGETS[name]})  # fmt: skip
        with engine.connect() as c:
            server = c.execute(text("SELECT version()")).scalar_one().split(" on ")[0]
        return {"server": server, "devices": devices, "orders": orders, "seed_s": seeded, "rows": rows}
    finally:
        engine.dispose()
        with get_engine().begin() as c:
            c.execute(text(f"DROP SCHEMA {SCHEMA} CASCADE"))


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--devices", type=int, default=1_000_000)
    ap.add_argument("--orders", type=int, default=None, help="default: as many as devices")
    ap.add_argument("--json", type=Path)
    args = ap.parse_args()
    r = measure(args.devices, args.orders or args.devices)
    print(f"{r['server']}: {r['devices']:,} devices, {r['orders']:,} orders, seeded in {r['seed_s']:.0f} s")
    for row in r["rows"]:
        verdict = "ok" if row["p95"] < row["target"] else "OVER"
        print(f"{row['call']:<24} p50 {row['p50']:6.1f} ms  p95 {row['p95']:6.1f} ms (target < {row['target']} ms, {verdict})"
              f"   raw SQL p50 {row['raw_p50']:6.1f} ms  p95 {row['raw_p95']:6.1f} ms  ({row['statements']} statements)")  # fmt: skip
    if args.json:
        args.json.write_text(json.dumps(r, indent=1))


if __name__ == "__main__":
    main()
