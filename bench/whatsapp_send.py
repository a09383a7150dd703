"""A thousand WhatsApp notifications queued at once, sent by one site worker to a stand-in of
Meta's Cloud API (tests/support/whatsapp_standin.py), while 20 visitors add to their carts.

    .venv/bin/python bench/whatsapp_send.py        # prints the figures; --json PATH saves them

Floor and targets (issue 38): the sending rate stays within Meta's documented default
throughput (80 messages a second per business number) and a visitor's add-to-cart p95 while
the site sends is at most 1.5x its p95 with the site idle. The site is a production build on
its embedded defaults; the stand-in answers at once, so the rate measured is the site's own.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

BENCH = Path(__file__).resolve().parent
sys.path[:0] = [str(BENCH), str(BENCH.parent), str(BENCH.parent / "tests")]
DATA = tempfile.mkdtemp(prefix="bench-whatsapp-")
os.environ["DATA_DIR"] = DATA  # this process writes the queue into the site's own database

import event_roundtrip  # noqa: E402
from common import ROOT, free_port, serve  # noqa: E402
from support.whatsapp_standin import APP_SECRET, PHONE_NUMBER_ID, TOKEN, VERIFY_TOKEN, StandIn  # noqa: E402

QUEUED = 1000
META_RATE = 80  # messages a second: the Cloud API's default throughput per business phone number


def queue(n: int) -> None:
    from terminal_shop.infra.db import write_session
    from terminal_shop.services.notifications.tables import OutboxMessage
    from terminal_shop.services.whatsapp.templates import TEMPLATES

    body = TEMPLATES["order_delivered"]
    with write_session() as s:
        for i in range(n):
            values = [f"B{i:07d}"]
            s.add(OutboxMessage(key=f"bench:wa:{i}", channel="whatsapp", entity_type="order", entity_id=f"bench-{i}",
                                to_addr=f"62812{i:08d}", subject=body.key,
                                body_text=json.dumps({"template": body.key, "params": values}), body_html=body.text(values)))  # fmt: skip


def p95(values: list[float]) -> float:
    return statistics.quantiles(values, n=100, method="inclusive")[94]


def add_to_cart(url: str, rounds: int) -> list[float]:
    scenario = next(s for s in event_roundtrip.site_scenarios() if s.name == "add to cart")
    latencies: list[float] = []
    for _ in range(rounds):
        latencies += asyncio.run(event_roundtrip._run(url, scenario, 20))[0]
    return latencies


def measure() -> dict:
    standin = StandIn(free_port()).start()
    env = {
        "DATA_DIR": DATA,
        "WHATSAPP_TOKEN": TOKEN,
        "WHATSAPP_PHONE_NUMBER_ID": PHONE_NUMBER_ID,
        "WHATSAPP_APP_SECRET": APP_SECRET,
        "WHATSAPP_VERIFY_TOKEN": VERIFY_TOKEN,
        "WHATSAPP_API_URL": standin.base,
    }
    from terminal_shop.cli import migrate

    migrate.upgrade()  # as `make run` does before it starts the site
    try:
        with serve(ROOT, env) as url:
            idle = add_to_cart(url, 3)
            queue(QUEUED)
            started = time.perf_counter()
            done = threading.Event()

            def watch() -> None:
                standin.wait_for(QUEUED, timeout=600)
                done.set()

            threading.Thread(target=watch, daemon=True).start()
            busy: list[float] = []
            while not done.is_set():
                busy += add_to_cart(url, 1)
            took = time.perf_counter() - started
    finally:
        standin.stop()
    return {
        "queued": QUEUED,
        "seconds": took,
        "per_s": QUEUED / took,
        "meta_rate": META_RATE,
        "idle_p95": p95(idle),
        "busy_p95": p95(busy) if len(busy) > 20 else float("nan"),
        "busy_events": len(busy),
        "ratio": (p95(busy) / p95(idle)) if len(busy) > 20 else float("nan"),
    }


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--json", type=Path)
    args = ap.parse_args()
    r = measure()
    print(
        f"{r['queued']:,} WhatsApp messages sent in {r['seconds']:.1f} s from the moment they were queued:"
        f" {r['per_s']:.0f}/s (Meta's default throughput {r['meta_rate']}/s; the site paces itself below it)\n"
        f"add to cart, 20 visitors: p95 {r['idle_p95']:.1f} ms idle, {r['busy_p95']:.1f} ms while sending"
        f" ({r['busy_events']} events), {r['ratio']:.2f}x (target <= 1.5x)"
    )
    if args.json:
        args.json.write_text(json.dumps(r, indent=1))


if __name__ == "__main__":
    main()
