"""Hostile uploads against the site: what they cost a worker, and what a visitor feels.

    .venv/bin/python bench/hostile_uploads.py      # prints a table; --json PATH saves it

The site (production build, embedded defaults) gets bursts of 16 uploads at once to the
checkout's route (`/api/pesanan`), one kind of file per run: a 1 MB phone photo (the
floor: what real buyers send), a 175 KB PNG of 7745 x 7745 pixels (60 megapixels, a
decompression bomb), and a 50-megapixel JPEG. A burst follows a second after the last
answer of the one before, while a visitor opens a product page and adds to cart. Reported: the most memory any worker process
added over its idle size, and the visitor's p95 page load and add-to-cart beside idle.
Targets (issue: hardening, round two): at most 600 MB added per worker; the visitor's
p95 at most 2x idle.
"""

from __future__ import annotations

import argparse
import asyncio
import io
import json
import multiprocessing
import os
import statistics
import subprocess
import sys
import threading
import time
import urllib.request
import uuid
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))  # the test suite's file makers
from PIL import Image

from common import ROOT, machine, serve, site_env
from event_roundtrip import Scenario, full_name, visitor_tab
from support.files import huge_png, photo_jpg

BURST = 16
BURST_PAUSE_SECONDS = 1.0
VISITOR_EVENTS = 150
BUYER = {
    "buyer_name": "Beban Uji",
    "buyer_phone": "081234567890",
    "buyer_email": "beban@example.com",
    "shipping_address": "Jl. Pengujian No. 1, Surabaya",
}
MEGABYTE = 1024 * 1024


def phone_photo() -> bytes:
    """A 12-megapixel phone photo (noise: 2-3 MB, a busy scene's size)."""
    img = Image.effect_noise((4000, 3000), 40).convert("RGB")
    buf = io.BytesIO()
    img.save(buf, "JPEG", quality=30)
    return buf.getvalue()


FILES = {
    "12 MP phone photo (floor)": ("foto.jpg", phone_photo),
    "PNG 7745 x 7745 (60 MP)": ("bom.png", lambda: huge_png(7745, 7745)),
    "JPEG 8160 x 6120 (50 MP)": ("besar.jpg", lambda: photo_jpg(8160, 6120)),
}


# ----- the site's processes and their memory -----


def site_pids(data_dir: str) -> list[int]:
    """Every process of the site: they all carry its DATA_DIR in their environment."""
    marker = f"DATA_DIR={data_dir}".encode()
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if marker in (entry / "environ").read_bytes().split(b"\0"):
                    found.append(int(entry.name))
            except OSError:
                continue
    return found


def rss_mb(pid: int) -> float:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


class MemoryWatch:
    """Samples every site process's RSS every 10 ms; `added` is the most any one process
    grew over its size when the watch started."""

    def __init__(self, pids: list[int]):
        self.pids = pids
        self.base = {p: rss_mb(p) for p in pids}
        self.peak = dict(self.base)
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def _run(self) -> None:
        while not self._stop.is_set():
            for p in self.pids:
                self.peak[p] = max(self.peak[p], rss_mb(p))
            time.sleep(0.01)

    def __enter__(self) -> MemoryWatch:
        self._thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self._stop.set()
        self._thread.join()

    @property
    def added(self) -> float:
        return max(self.peak[p] - self.base[p] for p in self.pids)


# ----- the uploads -----


def _multipart(fields: dict[str, str], filename: str, data: bytes) -> tuple[bytes, str]:
    boundary = uuid.uuid4().hex
    parts = [
        f'--{boundary}\r\nContent-Disposition: form-data; name="{k}"\r\n\r\n{v}\r\n'.encode() for k, v in fields.items()
    ]
    parts.append(
        f'--{boundary}\r\nContent-Disposition: form-data; name="files"; filename="{filename}"\r\n'
        "Content-Type: application/octet-stream\r\n\r\n".encode()
        + data
        + f"\r\n--{boundary}--\r\n".encode()
    )
    return b"".join(parts), f"multipart/form-data; boundary={boundary}"


def upload(url: str, filename: str, data: bytes) -> int:
    draft = {
        "c": [["SOUNDBOX", 1]],
        "b": {**BUYER, "buyer_email": f"beban.{uuid.uuid4().hex[:8]}@example.com"},
        "m": "TRANSFER_BCA",
        "r": uuid.uuid4().hex,
        "o": str(uuid.uuid4()),
        "v": 0,
    }
    body, content_type = _multipart({"draft": json.dumps(draft)}, filename, data)
    request = urllib.request.Request(
        url + "/api/pesanan", data=body, method="POST", headers={"Content-Type": content_type, "Origin": url}
    )
    try:
        with urllib.request.urlopen(request, timeout=120) as r:
            return r.status
    except urllib.error.HTTPError as refused:
        return refused.code


def bursts(url: str, filename: str, data: bytes, until, answers) -> None:
    """BURST uploads at once, then again a second after the last was answered, until told
    to stop. Runs in a process of its own, so the visitor's timings share no GIL with it."""
    statuses: list[int] = []
    with ThreadPoolExecutor(BURST) as pool:
        while not until.is_set():
            statuses += list(pool.map(lambda _: upload(url, filename, data), range(BURST)))
            until.wait(BURST_PAUSE_SECONDS)
    answers.put(statuses)


# ----- the visitor -----


def page_times(url: str, until: threading.Event, out: list[float]) -> None:
    while not until.is_set():
        t = time.perf_counter()
        with urllib.request.urlopen(url + "/produk/a920", timeout=60) as r:
            r.read()
        out.append((time.perf_counter() - t) * 1000)
        time.sleep(0.05)


def visit(url: str, scenario: Scenario) -> tuple[list[float], list[float]]:
    """A visitor adds to cart VISITOR_EVENTS times (one click every 30 ms) while another
    of their tabs loads a product page: both latencies in ms."""
    done = threading.Event()
    pages: list[float] = []
    reader = threading.Thread(target=page_times, args=(url, done, pages))
    reader.start()
    events: list[float] = []
    try:
        asyncio.run(visitor_tab(url, scenario, VISITOR_EVENTS, events, [], gap=0.03))
    finally:
        done.set()
        reader.join()
    return pages, events


def p95(values: list[float]) -> float:
    return statistics.quantiles(values, n=100, method="inclusive")[94] if len(values) > 1 else float("nan")


def measure(url: str, data_dir: str) -> list[dict]:
    checkout = full_name(ROOT, "terminal_shop.state.checkout", "CheckoutState")
    scenario = Scenario("add to cart", "/checkout/products", f"{checkout}.add_to_cart", lambda i: {"sku": "A920"})
    pids = site_pids(data_dir)
    upload(url, "foto.jpg", phone_photo())  # warm: the first order's imports and connections
    idle_pages, idle_events = visit(url, scenario)
    rows = [{"file": "none (idle)", "pages_p95": p95(idle_pages), "events_p95": p95(idle_events)}]
    for name, (filename, make) in FILES.items():
        data = make()
        spawn = multiprocessing.get_context("spawn")
        done, answers = spawn.Event(), spawn.Queue()
        sender = spawn.Process(target=bursts, args=(url, filename, data, done, answers))
        with MemoryWatch(pids) as watch:
            sender.start()
            pages, events = visit(url, scenario)
            done.set()
            statuses = answers.get(timeout=300)
            sender.join()
        rows.append(
            {
                "file": name,
                "bytes": len(data),
                "uploads": len(statuses),
                "answers": {str(s): statuses.count(s) for s in sorted(set(statuses))},
                "added_mb": watch.added,
                "pages_p95": p95(pages),
                "events_p95": p95(events),
            }
        )
    idle = rows[0]
    for r in rows[1:]:
        r["pages_ratio"] = r["pages_p95"] / idle["pages_p95"]
        r["events_ratio"] = r["events_p95"] / idle["events_p95"]
    return rows


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--json", type=Path)
    args = ap.parse_args()
    # What an upload costs, not what the limits refuse (infra/rate_limits.py stops a burst from
    # one address after 10 orders): the limits are lifted for this site.
    env = {**site_env(), "RATE_LIMIT_FACTOR": "100000"}
    migrate = [sys.executable, "-m", "terminal_shop.cli.migrate"]
    subprocess.run(migrate, cwd=ROOT, env={**os.environ, **env}, check=True, capture_output=True)
    with serve(ROOT, env) as url:
        rows = measure(url, env["DATA_DIR"])
    print(
        f"{'upload (16 at once)':28} {'sent':>5} {'answers':>18} {'MB added':>9} {'page p95':>9} {'x':>5} {'event p95':>9} {'x':>5}"
    )
    for r in rows:
        print(
            f"{r['file']:28} {r.get('uploads', ''):>5} {json.dumps(r.get('answers', '')):>18} "
            f"{r.get('added_mb', 0):9.0f} {r['pages_p95']:9.1f} {r.get('pages_ratio', 1):5.2f} "
            f"{r['events_p95']:9.1f} {r.get('events_ratio', 1):5.2f}"
        )
    if args.json:
        args.json.write_text(json.dumps({**machine(), "workers": os.cpu_count(), "rows": rows}, indent=1))


if __name__ == "__main__":
    main()
