"""Event round trip over Reflex's websocket: the site's add-to-cart and a wizard field
change, beside a blank app's counter increment, with 1 and with 20 clients at once.

    .venv/bin/python bench/event_roundtrip.py      # prints a table; --json PATH saves it

Each client is what a browser tab is to the server: its own token, the hydrate event
in the connect packet, then one event at a time, each timed from sending it to the last
update it brings back (add-to-cart brings two: the cart's delta, then its toast). Both
apps are production builds on their embedded defaults.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import subprocess
import sys
import time
import uuid
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

import socketio

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import ROOT, floor_dir, machine, serve, site_env

HYDRATE = "reflex___state____state.hydrate"
NAMESPACE = "/_event"  # the browser's io(".../_event") makes the path its namespace too
CLIENTS = (1, 20)
EVENTS = 400  # per run, shared among the clients
ROUNDS = 3
WARMUP = 10  # per client, not timed


@dataclass(frozen=True)
class Scenario:
    name: str
    path: str  # the page the tab is on
    event: str  # full handler name
    payload: object  # a function of the event's index, giving its arguments


def full_name(cwd: Path, module: str, cls: str) -> str:
    """The handler prefix Reflex gives a state class (asked of Reflex, not spelled by hand)."""
    code = f"import {module} as m; print(m.{cls}.get_full_name())"
    out = subprocess.run([sys.executable, "-c", code], cwd=cwd, capture_output=True, text=True, check=True)
    return out.stdout.strip().splitlines()[-1]


async def visitor_tab(
    url: str, scenario: Scenario, count: int, latencies: list[float], window: list[float], gap: float = 0.0
) -> int:
    """One browser tab: connects, hydrates, sends `count` events one after another
    (`gap` seconds apart: a person's clicks rather than a script's)."""
    updates: asyncio.Queue[float] = asyncio.Queue()
    sio = socketio.AsyncClient(reconnection=False)
    sio.on("event", lambda _data: updates.put_nowait(time.perf_counter()), namespace=NAMESPACE)
    router = {"pathname": scenario.path, "query": {}, "asPath": scenario.path}
    await sio.connect(
        f"{url}?token={uuid.uuid4()}",
        socketio_path=NAMESPACE,
        namespaces=[NAMESPACE],
        transports=["websocket"],
        auth={"event": {"name": HYDRATE, "payload": {}, "router_data": router}},
        wait_timeout=30,
    )
    received = 0

    async def send(i: int) -> float:
        await sio.emit(
            "event",
            {"name": scenario.event, "payload": scenario.payload(i), "router_data": router},
            namespace=NAMESPACE,
        )
        return time.perf_counter()

    try:
        await asyncio.wait_for(updates.get(), 30)  # the hydrate's update
        await asyncio.sleep(0.3)
        while not updates.empty():  # anything hydrate started (on_load events)
            updates.get_nowait()
        # How many updates one event brings (add-to-cart: the delta, then its toast).
        await send(-1)
        await asyncio.wait_for(updates.get(), 30)
        await asyncio.sleep(0.3)
        per_event = 1 + updates.qsize()
        while not updates.empty():
            updates.get_nowait()
        for i in range(WARMUP + count):
            sent = await send(i)
            for _ in range(per_event):  # timed to the last of them
                arrived = await asyncio.wait_for(updates.get(), 30)
            received += 1
            if i >= WARMUP:
                latencies.append((arrived - sent) * 1000)
                window.extend((sent, arrived))  # for events/s over the timed part only
            if gap:
                await asyncio.sleep(gap)
        await asyncio.sleep(0.2)
        extra = updates.qsize()  # an event answered more often would skew every later timing
        if extra:
            raise RuntimeError(f"{scenario.name}: {extra} unexpected updates")
    finally:
        await sio.disconnect()
    return received


async def _run(url: str, scenario: Scenario, clients: int) -> tuple[list[float], float]:
    """Latencies (ms) of EVENTS events spread over `clients` tabs, and events per second."""
    latencies: list[float] = []
    window: list[float] = []
    per_client = max(1, EVENTS // clients)
    await asyncio.gather(*[visitor_tab(url, scenario, per_client, latencies, window) for _ in range(clients)])
    return latencies, len(latencies) / max(max(window) - min(window), 1e-9)


def measure(runs: list[tuple[str, Scenario]]) -> list[dict[str, float]]:
    """Every (url, scenario) in turn, ROUNDS times, so a noisy moment hits all of them alike."""
    pooled: dict[tuple[str, int], list[float]] = defaultdict(list)
    rates: dict[tuple[str, int], list[float]] = defaultdict(list)
    for _ in range(ROUNDS):
        for clients in CLIENTS:
            for url, scenario in runs:
                latencies, rate = asyncio.run(_run(url, scenario, clients))
                pooled[scenario.name, clients] += latencies
                rates[scenario.name, clients].append(rate)
    rows = []
    for (name, clients), latencies in pooled.items():
        q = statistics.quantiles(latencies, n=100, method="inclusive")
        rows.append(
            {
                "scenario": name,
                "clients": clients,
                "events": len(latencies),
                "p50": q[49],
                "p95": q[94],
                "p99": q[98],
                "per_s": statistics.median(rates[name, clients]),
            }
        )
    return rows


def floor_scenarios(cwd: Path) -> list[Scenario]:
    counter = full_name(cwd, "blank.blank", "CounterState")
    return [Scenario("counter increment (floor)", "/counter", f"{counter}.increment", lambda i: {})]


def site_scenarios() -> list[Scenario]:
    checkout = full_name(ROOT, "terminal_shop.state.checkout", "CheckoutState")
    wizard = full_name(ROOT, "terminal_shop.state.registration", "RegistrationState")
    skus = ("SOUNDBOX", "D210", "A920")
    return [
        Scenario("add to cart", "/checkout/products", f"{checkout}.add_to_cart", lambda i: {"sku": skus[i % 3]}),
        Scenario(
            "wizard field change",
            "/pendaftaran",
            f"{wizard}.set_field",
            lambda i: {"field": "nama_lengkap", "value": f"Sri Wahyuni {i}"},
        ),
        # The site's lightest event (one bool): what any event of this app costs, handler aside.
        Scenario(
            "wizard agreement tick (reference)",
            "/pendaftaran",
            f"{wizard}.set_agreement",
            lambda i: {"checked": bool(i % 2)},
        ),
    ]


def measure_apps(floor_cwd: Path, floor_url: str, site_url: str) -> list[dict[str, float]]:
    """The floor app's counter and the site's events, turn about; ratios are to the counter."""
    counter = floor_scenarios(floor_cwd)[0]
    rows = measure([(floor_url, counter)] + [(site_url, sc) for sc in site_scenarios()])
    floor = {r["clients"]: r for r in rows if r["scenario"] == counter.name}
    for r in rows:
        base = floor[r["clients"]]
        r["p95_ratio"], r["rate_ratio"] = r["p95"] / base["p95"], r["per_s"] / base["per_s"]
    print(f"{'event':28} {'clients':>7} {'p50':>6} {'p95':>6} {'p99':>6} {'ev/s':>6} {'p95/floor':>9}")
    for r in rows:
        print(
            f"{r['scenario']:28} {r['clients']:7} {r['p50']:6.1f} {r['p95']:6.1f} {r['p99']:6.1f} {r['per_s']:6.0f} {r['p95_ratio']:9.2f}"
        )
    return rows


def run() -> list[dict[str, float]]:
    cwd = floor_dir()
    with serve(cwd) as floor_url, serve(ROOT, site_env()) as site_url:
        return measure_apps(cwd, floor_url, site_url)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--json", type=Path)
    args = ap.parse_args()
    result = {**machine(), "rows": run()}
    if args.json:
        args.json.write_text(json.dumps(result, indent=1))


if __name__ == "__main__":
    main()
