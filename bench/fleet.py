"""The fleet reporting itself (issue 48.3), on PostgreSQL.

    .venv/bin/python bench/fleet.py                    # 100,000 devices
    .venv/bin/python bench/fleet.py --devices 10000    # a quick look

Seeds a schema of its own: N active devices with a latest heartbeat each (about 10% silent for
hours, 2% out of paper, 5% on an old app). Then measures, on one process:
1. heartbeats in batches of 1,000 through the real signed entry (heartbeat.accept: signature,
   parsing, one statement per batch), target at least 2,000 a second;
2. heartbeats one by one through the same entry, target at least 200 a second;
3. the admin's fleet view (each filter's list, and the overview's counts), p95 against 50 ms;
4. the offline alert's round (services/fleet/alerts.py) on the next working day, with every unit
   silent by then: at 02.00 WIB, every shop closed (the round reads its pages of units and tells
   none), and at 07.30 WIB (the round marks its 500), each against 2 s (a round runs every 5
   minutes on every worker).
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
from datetime import UTC, datetime, timedelta
from pathlib import Path

os.environ.setdefault("DATA_DIR", tempfile.mkdtemp(prefix="bench-fleet-"))
SCHEMA = f"bench_{uuid.uuid4().hex[:8]}"
os.environ["DATABASE_URL"] = f"postgresql+psycopg2://postgres@127.0.0.1:5432/test?options=-csearch_path%3D{SCHEMA}"
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from sqlalchemy import text  # noqa: E402

from terminal_shop.cli import migrate  # noqa: E402
from terminal_shop.formats import WIB  # noqa: E402
from terminal_shop.infra.db import get_engine  # noqa: E402
from terminal_shop.infra.models import table_of  # noqa: E402
from terminal_shop.services import working_days  # noqa: E402
from terminal_shop.services.devices.tables import Device  # noqa: E402
from terminal_shop.services.fleet import alerts, heartbeat, view  # noqa: E402
from terminal_shop.services.fleet.tables import DeviceHeartbeat  # noqa: E402
from terminal_shop.services.fleet.terms import FleetFilter  # noqa: E402

from sql_timing import pct  # noqa: E402

BATCH_TARGET, SINGLE_TARGET, VIEW_TARGET_MS, ROUND_TARGET_S = 2_000, 200, 50, 2.0
RUNS = 100


def _seed(n: int, rng: random.Random) -> float:
    started = time.perf_counter()
    now = datetime.now(UTC)
    devices, beats = [], []
    for i in range(n):
        device_id = uuid.uuid4()
        devices.append({"id": device_id, "serial": f"F{i:09d}", "model": ("A920", "D210", "SOUNDBOX")[i % 3],
                        "status": "aktif", "received_at": now, "received_by": "bench", "updated_at": now,
                        "merchant_id": uuid.uuid4(), "tid": f"T{i:07d}", "mid": f"{i:015d}"})  # fmt: skip
        silent = rng.random() < 0.10
        version = "0.9.0" if rng.random() < 0.05 else "2.1.0"
        beats.append({"device_id": device_id, "seen_at": now - timedelta(hours=5 if silent else 0, minutes=rng.randint(0, 20)),
                      "received_at": now, "app_version": version, "app_key": heartbeat.app_key(version), "firmware": "F1",
                      "battery": rng.randint(5, 100), "signal": rng.randint(5, 100),
                      "paper": "out" if rng.random() < 0.02 else "ok", "alerted_at": None, "active": True})  # fmt: skip
    with get_engine().begin() as c:
        for start in range(0, n, 10_000):
            c.execute(table_of(Device).insert(), devices[start : start + 10_000])
            c.execute(table_of(DeviceHeartbeat).insert(), beats[start : start + 10_000])
        c.execute(text("ANALYZE"))
    return time.perf_counter() - started


def _deliver(items: list[dict]) -> None:
    body = json.dumps({"heartbeats": items}).encode()
    ts = int(time.time())
    beats = heartbeat.accept(body, heartbeat.sign(heartbeat.secret(), ts, body), str(ts))
    assert beats.accepted == len(items), beats.refused[:3]


def _beats(n: int, count: int, rng: random.Random) -> list[dict]:
    at = datetime.now(UTC).isoformat()
    return [{"sn": f"F{rng.randrange(n):09d}", "at": at, "app_version": "2.1.0", "firmware": "F1", "battery": 50,
             "signal": 60, "paper": "ok"} for _ in range(count)]  # fmt: skip


def measure(n: int) -> dict:
    rng = random.Random(48)
    seed_s = _seed(n, rng)
    batches = [_beats(n, 1_000, rng) for _ in range(20)]
    started = time.perf_counter()
    for batch in batches:
        _deliver(batch)
    batch_rate = 20_000 / (time.perf_counter() - started)
    singles = [_beats(n, 1, rng) for _ in range(500)]
    started = time.perf_counter()
    for one in singles:
        _deliver(one)
    single_rate = 500 / (time.perf_counter() - started)
    shown: dict[str, list[float]] = {}
    for name, call in (("offline", lambda: view.lines(FleetFilter.OFFLINE)), ("paper", lambda: view.lines(FleetFilter.PAPER)),
                       ("old app", lambda: view.lines(FleetFilter.OLD_APP)), ("counts", view.counts)):  # fmt: skip
        times = []
        for _ in range(RUNS):
            t = time.perf_counter()
            call()
            times.append((time.perf_counter() - t) * 1000)
        shown[name] = times
    rounds = _alert_rounds()
    with get_engine().connect() as c:
        server = c.execute(text("SELECT version()")).scalar_one().split(" on ")[0]
    return {"server": server, "devices": n, "seed_s": seed_s, "batch_rate": batch_rate, "single_rate": single_rate,
            "view": {k: {"p50": pct(v, 50), "p95": pct(v, 95)} for k, v in shown.items()}, "rounds": rounds}  # fmt: skip


def _alert_rounds() -> dict[str, tuple[float, int]]:
    """The next working day's 02.00 and 07.30 WIB rounds: (seconds, units marked)."""
    day = working_days.add_working_days(working_days.today_wib(), 1)
    found = {}
    for name, hour, minute in (("02.00 WIB, shops closed", 2, 0), ("07.30 WIB, shops open", 7, 30)):
        at = datetime(day.year, day.month, day.day, hour, minute, tzinfo=WIB).astimezone(UTC)
        with get_engine().connect() as c:
            before = c.execute(text("SELECT count(*) FROM device_heartbeats WHERE alerted_at IS NOT NULL")).scalar_one()
        started = time.perf_counter()
        alerts.queue_offline(at)
        took = time.perf_counter() - started
        with get_engine().connect() as c:
            after = c.execute(text("SELECT count(*) FROM device_heartbeats WHERE alerted_at IS NOT NULL")).scalar_one()
        found[name] = (took, after - before)
    return found


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--devices", type=int, default=100_000)
    ap.add_argument("--json", type=Path)
    args = ap.parse_args()
    with get_engine().begin() as c:
        c.execute(text(f"CREATE SCHEMA {SCHEMA}"))
    try:
        migrate.upgrade()
        r = measure(args.devices)
        print(f"seeded {r['devices']:,} devices with heartbeats in {r['seed_s']:.0f} s")
        print(f"heartbeats: {r['batch_rate']:,.0f}/s in batches of 1,000 (target >= {BATCH_TARGET:,}), "
              f"{r['single_rate']:,.0f}/s one by one (target >= {SINGLE_TARGET})")  # fmt: skip
        for name, v in r["view"].items():
            print(f"fleet view {name}: p50 {v['p50']:.1f} ms, p95 {v['p95']:.1f} ms (target < {VIEW_TARGET_MS} ms)")
        for name, (took, marked) in r["rounds"].items():
            print(f"offline alert round at {name}: {took:.2f} s, {marked} units marked (target < {ROUND_TARGET_S} s)")
        if args.json:
            args.json.write_text(json.dumps(r, indent=1))
    finally:
        get_engine().dispose()
        with get_engine().begin() as c:
            c.execute(text(f"DROP SCHEMA {SCHEMA} CASCADE"))


if __name__ == "__main__":
    main()
