"""The merchant's dashboard and the acquirers' webhook at scale (issue 37), on PostgreSQL.

    .venv/bin/python bench/transactions.py                          # 10,000,000 transactions
    .venv/bin/python bench/transactions.py --transactions 1000000   # a quick look

Seeds a schema of its own: 10,000 approved merchants, 20,000 active terminals (two each) and N
transactions over the last 90 days (about 1 in 20 voided or refunded), by INSERT ... SELECT in
the database. Then measures:
1. the dashboard's reads for a random merchant (today's figures, the history's first page, a
   deeper page of 30 days, the 30-day chart, the change marker an open dashboard polls), p95
   against 50 ms;
2. the webhook on one worker (the real route, signed deliveries): batches of 100 and
   single transactions, as many at once as an acquirer's sender would keep in flight;
3. from a delivery to an open dashboard: 1,000 dashboards watching as the site's watcher does
   (services/transactions/live.py: one query per worker every 0.25 s says which merchants
   changed; a woken dashboard checks its marker and reads its figures again); a delivery for
   a watched merchant is timed until its dashboard has re-read them. The websocket's own hop
   is section 2's round trip.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import subprocess
import sys
import tempfile
import time
import uuid
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime, timedelta
from pathlib import Path

os.environ.setdefault("DATA_DIR", tempfile.mkdtemp(prefix="bench-transactions-"))
SCHEMA = f"bench_{uuid.uuid4().hex[:8]}"
DB_URL = f"postgresql+psycopg2://postgres@127.0.0.1:5432/test?options=-csearch_path%3D{SCHEMA}"
os.environ["DATABASE_URL"] = DB_URL
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import httpx  # noqa: E402
from sqlalchemy import text  # noqa: E402

from terminal_shop import routes  # noqa: E402
from terminal_shop.cli import migrate, seed  # noqa: E402
from terminal_shop.infra.db import get_engine  # noqa: E402
from terminal_shop.infra.models import table_of  # noqa: E402
from terminal_shop.intake import signed  # noqa: E402
from terminal_shop.services.registrations.tables import MerchantRegistration  # noqa: E402
from terminal_shop.services.transactions import dashboard, history, live, signers  # noqa: E402

from sql_timing import pct  # noqa: E402

RUNS = 200
TARGET_MS = 50
MERCHANTS, DEVICES_EACH = 10_000, 2


def _seed(transactions: int) -> float:
    started = time.perf_counter()
    seed._insert(table_of(MerchantRegistration), seed.merchant_rows(MERCHANTS, random.Random(37)))
    with get_engine().begin() as c:
        c.execute(text("UPDATE merchant_registrations SET status = 'approved'"))
        c.execute(text(
            "INSERT INTO devices (id, serial, model, status, received_at, received_by, updated_at, merchant_id, tid, mid, activated_at) "
            "SELECT gen_random_uuid(), 'S' || lpad((row_number() OVER ())::text, 8, '0'), "
            "(ARRAY['A920', 'SOUNDBOX'])[k], 'aktif', now(), 'bench@terminalku.example', now(), m.id, "
            "'T' || lpad((row_number() OVER ())::text, 7, '0'), '000885' || lpad((row_number() OVER ())::text, 9, '0'), now() "
            "FROM merchant_registrations m CROSS JOIN generate_series(1, :each) AS k"
        ), {"each": DEVICES_EACH})  # fmt: skip
        c.execute(
            text(
                "CREATE TEMP TABLE terminal_no AS SELECT row_number() OVER (ORDER BY tid) - 1 AS n, id, merchant_id, tid, mid FROM devices"
            )
        )
        c.execute(text("CREATE INDEX ON terminal_no (n)"))
        c.execute(
            text(
                "INSERT INTO acquirers (code, name, secret_nonce, cutoff_minutes, created_at) VALUES ('bri', 'Bank BRI', 'bench', 1380, now())"
            )
        )
        chunk = 1_000_000
        for start in range(0, transactions, chunk):
            c.execute(text(
                "INSERT INTO transactions (id, acquirer, txn_id, tid, mid, device_id, merchant_id, occurred_at, received_at, changed_at, "
                "amount, channel, scheme, status, rrn, approval_code, mdr, net, settle_on, settled_on) "
                "SELECT gen_random_uuid(), 'bri', 'B' || i, t.tid, t.mid, t.id, t.merchant_id, at, at, at, amount, "
                "(ARRAY['qris', 'debit', 'kredit'])[1 + i % 3], 'BANK', "
                "CASE WHEN i % 20 = 0 THEN 'void' WHEN i % 47 = 0 THEN 'refund' ELSE 'approved' END, "
                "lpad(i::text, 12, '0'), 'A1B2C3', CASE WHEN i % 20 = 0 THEN 0 ELSE amount * 7 / 1000 END, "
                "CASE WHEN i % 20 = 0 THEN 0 ELSE amount - amount * 7 / 1000 END, (at + interval '1 day')::date, "
                "CASE WHEN at < now() - interval '2 days' THEN (at + interval '1 day')::date END "
                "FROM (SELECT i, now() - (random() * interval '90 days') AS at, 10000 + (i * 7919) % 2000000 AS amount "
                "      FROM generate_series(CAST(:lo AS bigint), CAST(:hi AS bigint)) AS i) AS g "
                "JOIN terminal_no t ON t.n = g.i % :terminals"
            ), {"lo": start + 1, "hi": min(start + chunk, transactions), "terminals": MERCHANTS * DEVICES_EACH})  # fmt: skip
            print(f"  {min(start + chunk, transactions):,} transactions", flush=True)
    with get_engine().connect().execution_options(isolation_level="AUTOCOMMIT") as c:
        c.execute(text("VACUUM ANALYZE"))
    return time.perf_counter() - started


def _merchants(n: int, rng: random.Random) -> list[uuid.UUID]:
    with get_engine().connect() as c:
        ids = [r[0] for r in c.execute(text("SELECT id FROM merchant_registrations"))]
    return rng.sample(ids, n)


def reads(rng: random.Random) -> list[dict]:
    today = datetime.now(UTC).date()
    month = {"dari": (today - timedelta(days=30)).isoformat(), "halaman": "3"}
    calls = {
        "today's figures (dashboard)": lambda m: dashboard.for_merchants([m]),
        "history, today, page 1": lambda m: history.page_of([m], history.Filters.parse({})[0]),
        "history, 30 days, page 3": lambda m: history.page_of([m], history.Filters.parse(month)[0]),
        "30-day chart": lambda m: history.last_days([m]),
        "change marker (checked when woken)": lambda m: dashboard.marker([m]),
    }
    rows = []
    for name, call in calls.items():
        times = []
        for m in _merchants(RUNS, rng):
            t = time.perf_counter()
            call(m)
            times.append((time.perf_counter() - t) * 1000)
        rows.append({"call": name, "p50": pct(times, 50), "p95": pct(times, 95), "target": TARGET_MS})
    return rows


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _worker(port: int) -> subprocess.Popen:
    """The site's HTTP routes on one worker as production serves them (gunicorn with the site's
    uvicorn worker, web/serve.py; the webhook is one of the routes)."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "--worker-class", "terminal_shop.web.serve.SiteWorker", "--workers", "1",
         "--bind", f"127.0.0.1:{port}", "--log-level", "warning", "terminal_shop.web.api:files_app()"],
        cwd=ROOT, env={**os.environ, "DATABASE_URL": DB_URL},
    )  # fmt: skip
    for _ in range(100):
        try:
            httpx.get(f"http://127.0.0.1:{port}{routes.ROBOTS}", timeout=1)
            return proc
        except httpx.HTTPError:
            time.sleep(0.2)
    raise RuntimeError("the worker did not start")


class Sender:
    """Signed deliveries, as an acquirer's system sends them."""

    def __init__(self, port: int) -> None:
        self.url = f"http://127.0.0.1:{port}" + routes.API_TRANSACTIONS.format(acquirer="bri")
        self.secret = signers.secret_of("bri", "bench")
        self.client = httpx.Client(timeout=30, limits=httpx.Limits(max_connections=64))
        self.serial = 0

    def item(self, tid_no: int) -> dict:
        self.serial += 1
        return {"id": f"N{uuid.uuid4().hex}", "tid": f"T{tid_no + 1:07d}", "mid": "000885", "amount": 25_000 + self.serial % 1000,
                "channel": "qris", "status": "approved", "time": datetime.now(UTC).isoformat(), "scheme": "QRIS BCA"}  # fmt: skip

    def send(self, items: list[dict]) -> dict:
        body = json.dumps({"transactions": items}).encode()
        ts = int(time.time())
        answer = self.client.post(self.url, content=body, headers={
            "Content-Type": "application/json", "X-Terminalku-Timestamp": str(ts),
            "X-Terminalku-Signature": signed.sign(self.secret, ts, body)})  # fmt: skip
        answer.raise_for_status()
        return answer.json()


def ingestion(sender: Sender, rng: random.Random) -> dict:
    terminals = MERCHANTS * DEVICES_EACH

    def batch(_: int) -> int:
        return sender.send([sender.item(rng.randrange(terminals)) for _ in range(100)])["accepted"]

    def single(_: int) -> int:
        return sender.send([sender.item(rng.randrange(terminals))])["accepted"]

    out = {}
    for name, fn, n, at_once in (("batches of 100", batch, 100, 4), ("single transactions", single, 2000, 8)):
        t = time.perf_counter()
        with ThreadPoolExecutor(at_once) as pool:
            accepted = sum(pool.map(fn, range(n)))
        out[name] = {"accepted": accepted, "per_s": accepted / (time.perf_counter() - t), "in_flight": at_once}
    return out


async def _watch(merchant: uuid.UUID, seen: dict, stop: asyncio.Event) -> None:
    """One open dashboard, as state/account.py AccountState.watch does it (live.FEED)."""
    marker = await asyncio.to_thread(dashboard.marker, [merchant])
    while not stop.is_set():
        await live.FEED.wait([merchant], 30)
        now = await asyncio.to_thread(dashboard.marker, [merchant])
        if now != marker:
            await asyncio.to_thread(dashboard.for_merchants, [merchant])
            marker = now
            seen[merchant] = time.perf_counter()


async def to_dashboard(sender: Sender, open_tabs: int, probes: int, rng: random.Random) -> dict:
    with get_engine().connect() as c:
        watched = [(r[0], int(r[1][1:]) - 1) for r in c.execute(text(
            "SELECT DISTINCT ON (merchant_id) merchant_id, tid FROM devices ORDER BY merchant_id, tid LIMIT :n"), {"n": open_tabs})]  # fmt: skip
    seen: dict = {}
    stop = asyncio.Event()
    tasks = [asyncio.create_task(_watch(m, seen, stop)) for m, _ in watched]
    await asyncio.sleep(3)  # every tab open and polling
    latencies, polls_started = [], time.perf_counter()
    for merchant, tid_no in rng.sample(watched, probes):
        sent = time.perf_counter()
        await asyncio.to_thread(sender.send, [sender.item(tid_no)])
        while seen.get(merchant, 0) < sent and time.perf_counter() - sent < 10:
            await asyncio.sleep(0.01)
        latencies.append((seen.get(merchant, sent + 10) - sent) * 1000)
    elapsed = time.perf_counter() - polls_started
    stop.set()
    await asyncio.gather(*tasks)
    return {"open": open_tabs, "probes": probes, "p50": pct(latencies, 50), "p95": pct(latencies, 95),
            "seconds": elapsed}  # fmt: skip


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--transactions", type=int, default=10_000_000)
    ap.add_argument("--open", type=int, default=1000)
    ap.add_argument("--json", type=Path)
    args = ap.parse_args()
    rng = random.Random(37)
    with get_engine().begin() as c:
        c.execute(text(f"CREATE SCHEMA {SCHEMA}"))
    proc = None
    try:
        migrate.upgrade()
        seeded = _seed(args.transactions)
        print(
            f"seeded {MERCHANTS:,} merchants, {MERCHANTS * DEVICES_EACH:,} terminals, {args.transactions:,} transactions in {seeded:.0f} s"
        )
        rows = reads(rng)
        for r in rows:
            print(f"{r['call']:<36} p50 {r['p50']:6.1f} ms  p95 {r['p95']:6.1f} ms (target < {r['target']} ms, "
                  f"{'ok' if r['p95'] < r['target'] else 'OVER'})")  # fmt: skip
        port = _free_port()
        proc = _worker(port)
        sender = Sender(port)
        taken = ingestion(sender, rng)
        for name, r in taken.items():
            print(f"webhook, {name}: {r['per_s']:.0f} transactions/s ({r['in_flight']} deliveries in flight)")
        latency = asyncio.run(to_dashboard(sender, args.open, 50, rng))
        print(
            f"delivery -> {latency['open']} open dashboards: p50 {latency['p50']:.0f} ms, p95 {latency['p95']:.0f} ms (target < 1000 ms)"
        )
        with get_engine().connect() as c:
            server = c.execute(text("SELECT version()")).scalar_one().split(" on ")[0]
        result = {"server": server, "transactions": args.transactions, "merchants": MERCHANTS,
                  "devices": MERCHANTS * DEVICES_EACH, "seed_s": seeded, "reads": rows, "ingestion": taken,
                  "latency": latency}  # fmt: skip
        if args.json:
            args.json.write_text(json.dumps(result, indent=1))
    finally:
        if proc is not None:
            proc.terminate()
            proc.wait(10)
        get_engine().dispose()
        with get_engine().begin() as c:
            c.execute(text(f"DROP SCHEMA {SCHEMA} CASCADE"))


if __name__ == "__main__":
    main()
