"""Page load on a simulated phone (Lighthouse, mobile, simulated throttling), median of 3,
for our pages beside a blank Reflex app built with the same toolchain in the same run.

    .venv/bin/python bench/page_load.py        # prints a table, writes docs/benchmarks.md

Needs Debian's chromium; installs Lighthouse from the npm registry into .tools/ once.
The site is started on the embedded defaults with a throwaway DATA_DIR.
"""

from __future__ import annotations

import json
import os
import platform
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from datetime import datetime, timezone
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TOOLS = ROOT / ".tools"
LIGHTHOUSE = TOOLS / "node_modules/.bin/lighthouse"
LIGHTHOUSE_VERSION = "12.8.2"
PAGES = ["/", "/produk/a920", "/checkout/products", "/pendaftaran", "/admin/login"]
RUNS = 3
CHROME_FLAGS = "--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync"
BLANK_APP = '''import reflex as rx


def index() -> rx.Component:
    return rx.container(rx.vstack(rx.heading("Welcome to Reflex!", size="9"), rx.text("Get started by editing your app."), spacing="5"))


app = rx.App()
app.add_page(index)
'''


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start(cwd: Path, env: dict[str, str]) -> tuple[subprocess.Popen, str]:
    port = free_port()
    full = {**os.environ, **env, "REFLEX_TELEMETRY_ENABLED": "false", "REFLEX_BUN_PATH": str(TOOLS / "node_modules/bun/bin/bun.exe")}
    proc = subprocess.Popen(
        [str(Path(sys.executable).parent / "reflex"), "run", "--env", "prod", "--frontend-port", str(port), "--backend-port", str(port)],
        cwd=cwd, env=full, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True,
    )
    url = f"http://127.0.0.1:{port}"
    for _ in range(600):
        try:
            if urllib.request.urlopen(url + "/", timeout=2).status == 200:
                return proc, url
        except OSError:
            time.sleep(1)
    raise RuntimeError(f"{cwd} did not start")


def stop(proc: subprocess.Popen) -> None:
    os.killpg(proc.pid, signal.SIGTERM)
    proc.wait(timeout=30)


def lighthouse(url: str) -> dict[str, float]:
    out = Path(tempfile.mktemp(suffix=".json"))
    subprocess.run(
        [str(LIGHTHOUSE), url, "--quiet", "--only-categories=performance", "--form-factor=mobile", f"--chrome-flags={CHROME_FLAGS}", "--output=json", f"--output-path={out}"],
        env={**os.environ, "CHROME_PATH": "/usr/bin/chromium"}, check=True, timeout=300,
    )
    report = json.loads(out.read_text())
    a = report["audits"]
    js = sum(i.get("transferSize", 0) for i in a["network-requests"]["details"]["items"] if i.get("resourceType") == "Script")
    return {
        "score": report["categories"]["performance"]["score"] * 100,
        "fcp": a["first-contentful-paint"]["numericValue"] / 1000,
        "lcp": a["largest-contentful-paint"]["numericValue"] / 1000,
        "tbt": a["total-blocking-time"]["numericValue"],
        "cls": a["cumulative-layout-shift"]["numericValue"],
        "kb": a["total-byte-weight"]["numericValue"] / 1024,
        "js_kb": js / 1024,
    }


def median_of(url: str) -> dict[str, float]:
    runs = [lighthouse(url) for _ in range(RUNS)]
    return {k: statistics.median(r[k] for r in runs) for k in runs[0]}


def main() -> None:
    if not LIGHTHOUSE.exists():
        subprocess.run(["npm", "install", "--prefix", str(TOOLS), "--no-audit", "--no-fund", f"lighthouse@{LIGHTHOUSE_VERSION}"], check=True)
    blank_dir = Path(tempfile.mkdtemp(prefix="blank-reflex-"))
    (blank_dir / "blank").mkdir()
    (blank_dir / "blank/__init__.py").write_text("")
    (blank_dir / "blank/blank.py").write_text(BLANK_APP)
    (blank_dir / "rxconfig.py").write_text('import reflex as rx\n\nconfig = rx.Config(app_name="blank", telemetry_enabled=False)\n')
    blank, blank_url = start(blank_dir, {})
    try:
        floor = median_of(blank_url + "/")
    finally:
        stop(blank)
        shutil.rmtree(blank_dir, ignore_errors=True)
    site, url = start(ROOT, {"DATA_DIR": tempfile.mkdtemp(prefix="bench-site-")})
    try:
        results = {path: median_of(url + path) for path in PAGES}
    finally:
        stop(site)

    head = "| page | score | FCP s | LCP s | TBT ms | CLS | total KB | JS KB | LCP / blank | JS / blank |"
    lines = [head, "|" + "---|" * 10]
    for name, r in [("blank Reflex app", floor), *results.items()]:
        lines.append(
            f"| {name} | {r['score']:.0f} | {r['fcp']:.2f} | {r['lcp']:.2f} | {r['tbt']:.0f} | {r['cls']:.3f} | {r['kb']:.0f} | {r['js_kb']:.0f} "
            f"| {r['lcp'] / floor['lcp']:.2f} | {r['js_kb'] / max(floor['js_kb'], 1):.2f} |"
        )
    table = "\n".join(lines)
    print(table)
    from importlib.metadata import version

    doc = ROOT / "docs/benchmarks.md"
    doc.write_text(
        "# Benchmarks\n\n"
        f"Measured {datetime.now(timezone.utc):%Y-%m-%d %H:%M} UTC on {platform.node()} ({os.cpu_count()} cores, {platform.machine()}), "
        f"Python {platform.python_version()}, Reflex {version('reflex')}, Lighthouse {LIGHTHOUSE_VERSION}, Debian chromium.\n\n"
        "## Page load (Lighthouse mobile, simulated throttling, median of 3)\n\n" + table + "\n\n"
        "Targets: LCP at most 2.5 s and score at least 90 on home and product pages; JS at most 1.5x the blank app.\n"
    )


if __name__ == "__main__":
    main()
