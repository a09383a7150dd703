"""Does admin work stall other visitors? A visitor's add-to-cart while admins search.

    .venv/bin/python bench/admin_contention.py                                   # SQLite, 100k orders
    .venv/bin/python bench/admin_contention.py --backend postgres --orders 1000000

One production build, one worker, on a freshly seeded database. A visitor tab sends
add-to-cart one event at a time and times each round trip while 3 signed-in admin tabs on
the orders list are idle, search a common word once a second each (a busy back office), or
search it back to back as fast as the server answers (about 60 searches a second each:
no person does that, it shows the ceiling). A handler that ran its database work on the
event loop would make the visitor wait for every search; the target is a p95 of at most
1.5x the idle one and at most 5 ms. Figures only: nothing here asserts a timing.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Callable
from pathlib import Path

import socketio

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import ROOT, machine, serve
from event_roundtrip import NAMESPACE, full_name, site_scenarios, visitor_tab

ADMIN = "admin@terminalku.example"
ADMIN_TABS = 3
VISITOR_EVENTS = 300
# The visitor clicks every 30 ms, so its 300 timed events span about 10 s of the admins'
# searching (back to back, 300 events took well under a second: too few searches to meet).
VISITOR_GAP_SECONDS = 0.03
PACES = {"idle": None, "searching 1/s": 1.0, "back to back": 0.0}  # seconds between an admin's searches


def _python(code: str, env: dict[str, str]) -> str:
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env={**os.environ, **env}, capture_output=True, text=True, check=True
    )
    return out.stdout.strip().splitlines()[-1] if out.stdout.strip() else ""


def prepare(backend: str, orders: int) -> tuple[dict[str, str], str, Callable[[], None]]:
    """A seeded database of its own, an admin and a live session token; and its clean-up."""
    env = {"DATA_DIR": tempfile.mkdtemp(prefix="bench-contention-")}

    def cleanup() -> None:  # a throwaway SQLite file: nothing to drop
        pass

    if backend == "postgres":
        from sqlalchemy import create_engine, text

        schema = f"bench_contention_{uuid.uuid4().hex[:8]}"
        server = create_engine("postgresql+psycopg2://postgres@127.0.0.1:5432/test", isolation_level="AUTOCOMMIT")
        with server.connect() as c:
            c.execute(text(f"CREATE SCHEMA {schema}"))
        env["DATABASE_URL"] = f"postgresql+psycopg2://postgres@127.0.0.1:5432/test?options=-csearch_path%3D{schema}"

        def cleanup() -> None:
            with server.connect() as c:
                c.execute(text(f"DROP SCHEMA {schema} CASCADE"))

    subprocess.run([sys.executable, "-m", "terminal_shop.cli.migrate"], cwd=ROOT, env={**os.environ, **env}, check=True)
    t = time.perf_counter()
    subprocess.run(
        [sys.executable, "-m", "terminal_shop.cli.seed", "--orders", str(orders), "--merchants", "1000"],
        cwd=ROOT,
        env={**os.environ, **env},
        check=True,
        stdout=subprocess.DEVNULL,
    )
    print(f"seeded {orders} orders in {time.perf_counter() - t:.0f} s")
    token = _python(
        "from terminal_shop.services.team import admin_auth as a;"
        f"a.create_admin('{ADMIN}', 'bench-password-1');"
        f"print(a.login('{ADMIN}', 'bench-password-1', 'bench'))",
        env,
    )
    return env, token, cleanup


# The browser's first event: hydrates the tab and runs the page's on_load.
HYDRATE_AND_LOAD = "reflex___state____state.hydrate_and_load"
ORDER_LIST = full_name(ROOT, "terminal_shop.state.admin", "OrderListState")


async def _admin_tab(url: str, token: str, word: str, pace: float, stop: asyncio.Event, done: list[int]) -> None:
    """A signed-in admin on the orders list searched for `word` (the list's URL carries the
    search), reloading it again and again until `stop`."""
    router = {"pathname": "/admin/orders", "query": {"q": word}, "asPath": f"/admin/orders?q={word}"}
    updates: asyncio.Queue[object] = asyncio.Queue()
    sio = socketio.AsyncClient(reconnection=False)
    sio.on("event", lambda data: updates.put_nowait(data), namespace=NAMESPACE)
    await sio.connect(
        f"{url}?token={uuid.uuid4()}",
        socketio_path=NAMESPACE,
        namespaces=[NAMESPACE],
        transports=["websocket"],
        headers={"Cookie": f"admin_session={token}"},  # what the browser sends once signed in
        auth={"event": {"name": HYDRATE_AND_LOAD, "payload": {}, "router_data": router}},
        wait_timeout=30,
    )

    async def call(handler: str, payload: dict, answers: int) -> None:
        """Sends one event and waits for the `answers` updates it brings."""
        await sio.emit(
            "event", {"name": f"{ORDER_LIST}.{handler}", "payload": payload, "router_data": router}, namespace=NAMESPACE
        )
        for _ in range(answers):
            await asyncio.wait_for(updates.get(), 60)

    try:
        await asyncio.sleep(3)  # the page's own load, then what it sent
        while not updates.empty():
            updates.get_nowait()
        # How many updates one search brings (the list's delta, then its toast).
        await call("refresh", {}, 1)
        await asyncio.sleep(0.5)
        per_search = 1 + updates.qsize()
        while not updates.empty():
            updates.get_nowait()
        while not stop.is_set():
            await call("refresh", {}, per_search)
            done[0] += 1
            if pace:
                await asyncio.sleep(pace)
    finally:
        await sio.disconnect()


async def _phase(url: str, token: str, word: str, pace: float | None) -> tuple[list[float], float]:
    """The visitor's latencies (ms) with the admin tabs idle (pace None) or searching; searches per second."""
    add_to_cart = site_scenarios()[0]
    stop, done = asyncio.Event(), [0]
    busy = pace is not None
    admins = (
        [asyncio.create_task(_admin_tab(url, token, word, pace, stop, done)) for _ in range(ADMIN_TABS)] if busy else []
    )
    await asyncio.sleep(3 if busy else 0)  # the admins are under way before the visitor starts
    latencies: list[float] = []
    before, t = done[0], time.perf_counter()
    await visitor_tab(url, add_to_cart, VISITOR_EVENTS, latencies, [], gap=VISITOR_GAP_SECONDS)
    rate = (done[0] - before) / (time.perf_counter() - t)  # while the visitor's tab was open
    stop.set()
    await asyncio.gather(*admins)
    return latencies, rate


def measure(url: str, token: str, word: str) -> list[dict[str, float]]:
    rows = []
    for _ in range(2):  # twice, interleaved: a noisy moment hits every kind
        for admins, pace in PACES.items():
            latencies, searches = asyncio.run(_phase(url, token, word, pace))
            q = statistics.quantiles(latencies, n=100, method="inclusive")
            rows.append({"admins": admins, "p50": q[49], "p95": q[94], "searches_per_s": searches})
    return rows


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--backend", choices=("sqlite", "postgres"), default="sqlite")
    ap.add_argument("--orders", type=int, default=100_000)
    ap.add_argument("--word", default="budi", help="the common word the admins search")
    ap.add_argument("--json", type=Path)
    args = ap.parse_args()
    env, token, cleanup = prepare(args.backend, args.orders)
    try:
        with serve(ROOT, env) as url:
            rows = measure(url, token, args.word)
    finally:
        cleanup()
    p95 = {kind: statistics.median(r["p95"] for r in rows if r["admins"] == kind) for kind in PACES}
    rate = {kind: max(r["searches_per_s"] for r in rows if r["admins"] == kind) for kind in PACES}
    print(
        f"\nvisitor add-to-cart, {args.backend}, {args.orders} orders, {ADMIN_TABS} admin tabs searching '{args.word}'"
    )
    print(f"{'admins':14} {'p50 ms':>7} {'p95 ms':>7} {'searches/s':>10}")
    for r in rows:
        print(f"{r['admins']:14} {r['p50']:7.1f} {r['p95']:7.1f} {r['searches_per_s']:10.1f}")
    for kind in list(PACES)[1:]:
        print(f"{kind} / idle p95: {p95[kind] / p95['idle']:.2f} (target <= 1.5, p95 <= 5 ms)")
    if args.json:
        result = {**machine(), "backend": args.backend, "orders": args.orders, "word": args.word, "rows": rows}
        result |= {"p95": p95, "searches_per_s": rate}
        args.json.write_text(json.dumps(result, indent=1))


if __name__ == "__main__":
    main()
