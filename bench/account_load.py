"""The merchant's account on a phone, cold (issue 60.5): time from navigation to the first useful
content of /akun (today's takings on the summary) and of /akun/transaksi, on Lighthouse's mobile
throttling (Slow 4G: 150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up; 4x CPU slowdown), each
run a new browser context (no cache, no tab state), median of 5.

    .venv/bin/python bench/account_load.py        # prints a table; --json PATH saves it

The site runs on its embedded defaults with a throwaway DATA_DIR; an approved merchant with
three devices and a day's sales is made through the site's own services, and signed in as
/masuk signs in (a code from the outbox). Target: 1.5 s for the summary (docs/benchmarks.md).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import sys
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the site's own services seed it
from common import ROOT, machine, serve, site_env

RUNS = 5
TARGET_S = 1.5
EMAIL = "bench.akun@example.com"
PAGES = {"/akun": "summary-today", "/akun/transaksi": "today-sales"}  # the page, its first useful content
SLOW_4G = {"offline": False, "latency": 150, "downloadThroughput": 1.6 * 1024 * 1024 / 8,
           "uploadThroughput": 750 * 1024 / 8}  # fmt: skip


def _merchant() -> None:
    """An approved merchant with three active devices and 40 of today's sales, as the services make them."""
    from terminal_shop.infra.db import write_session
    from terminal_shop.intake import signed
    from terminal_shop.services.devices.tables import Device
    from terminal_shop.services.registrations.tables import MerchantRegistration
    from terminal_shop.services.transactions import ingest, signers

    now = datetime.now(UTC)
    with write_session() as s:
        m = MerchantRegistration(nama_lengkap="Sri Wahyuni", nomor_hp="081234560001", email=EMAIL,
                                 nama_usaha="Warung Bench", jenis_usaha="retail", alamat_usaha="Jl. Merdeka 1",
                                 omzet_bulanan=10_000_000, tempat_usaha="sewa", kecamatan="Tegalsari",
                                 kabupaten_kota="Surabaya", nama_bank="Bank BCA", nama_rekening="Sri Wahyuni",
                                 nomor_rekening="1234567890", status="approved", created_at=now, updated_at=now)  # fmt: skip
        s.add(m)
        s.flush()
        for i in range(3):
            s.add(Device(serial=f"SBXBENCH{i}", model="SOUNDBOX", status="aktif", received_by="bench@terminalku.example",
                         merchant_id=m.id, tid=f"QRS0900{i}", mid="000885000009000"))  # fmt: skip
    secret = signers.add_acquirer("bri", "Bank BRI")
    sales = [{"id": f"B{i}", "tid": f"QRS0900{i % 3}", "mid": "000885000009000", "channel": "qris",
              "scheme": "QRIS BCA", "status": "approved", "amount": 10_000 + 1_000 * i,
              "time": (now - timedelta(minutes=i)).isoformat()} for i in range(40)]  # fmt: skip
    body = json.dumps({"transactions": sales}).encode()
    ts = int(time.time())
    ingest.accept("bri", body, signed.sign(secret, ts, body), str(ts))


def _session() -> str:
    """A session token, as /masuk makes one: a code asked, read from the outbox, typed."""
    from sqlmodel import col, select

    from terminal_shop.infra.db import read_session
    from terminal_shop.services.customers import signin
    from terminal_shop.services.notifications.tables import OutboxMessage

    signin.request_code(EMAIL, "203.0.113.9", "bench")
    with read_session() as s:
        mail = s.exec(select(OutboxMessage).where(col(OutboxMessage.to_addr) == EMAIL)
                      .order_by(col(OutboxMessage.id).desc())).first()  # fmt: skip
    code = re.search(r"Kode masuk Anda: (\d{6})", mail.body_text).group(1)
    return signin.verify(EMAIL, code, "bench")


def _cold(browser, url: str, path: str, testid: str, token: str) -> tuple[float, float, float]:
    """(seconds to the content, seconds to the framework's first event answered, script kB over the wire)."""
    from terminal_shop.services.customers import signin

    context = browser.new_context(viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True)
    context.add_cookies([{"name": signin.SESSION_COOKIE, "value": token, "url": url}])
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.setCacheDisabled", {"cacheDisabled": True})
    cdp.send("Network.emulateNetworkConditions", SLOW_4G)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": 4})
    started = time.perf_counter()
    page.goto(url + path, wait_until="commit")
    page.get_by_test_id(testid).wait_for(state="visible", timeout=60_000)
    seconds = time.perf_counter() - started
    timing = page.evaluate("""() => {
        const scripts = performance.getEntriesByType('resource').filter(r => r.initiatorType === 'script' || r.name.endsWith('.js'));
        const socket = performance.getEntriesByType('resource').find(r => r.name.includes('/_event'));
        return {kb: scripts.reduce((a, r) => a + (r.transferSize || r.encodedBodySize || 0), 0) / 1024,
                scriptsDone: Math.max(0, ...scripts.map(r => r.responseEnd)) / 1000};
    }""")
    context.close()
    return seconds, timing["scriptsDone"], timing["kb"]


def measure(url: str, token: str) -> list[dict]:
    from playwright.sync_api import sync_playwright

    rows = []
    with sync_playwright() as p:
        found = next((b for b in ("/usr/bin/chromium", "/usr/bin/chromium-headless-shell") if Path(b).exists()), "")
        browser = p.chromium.launch(executable_path=found, args=["--no-sandbox"])  # either of Debian's, as the tests
        _cold(browser, url, "/akun", "summary-today", token)  # the workers' first compile of each state: not counted
        for path, testid in PAGES.items():
            runs = [_cold(browser, url, path, testid, token) for _ in range(RUNS)]
            times = [r[0] for r in runs]
            rows.append({"page": path, "median_s": round(statistics.median(times), 2), "worst_s": round(max(times), 2),
                         "scripts_loaded_s": round(statistics.median(r[1] for r in runs), 2),
                         "script_kb": round(statistics.median(r[2] for r in runs)),
                         "target_s": TARGET_S if path == "/akun" else None})  # fmt: skip
        browser.close()
    return rows


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()
    env = site_env()
    os.environ.update(env)  # this process seeds the site's own database
    from terminal_shop.cli import migrate

    migrate.upgrade()
    with serve(ROOT, env) as url:
        _merchant()
        rows = measure(url, _session())
    print(
        f"{'page':<18} {'median':>8} {'worst':>8} {'scripts in':>11} {'script kB':>10}  target (first useful content, cold, Slow 4G, 4x CPU)"
    )
    for r in rows:
        target = f"{r['target_s']} s" if r["target_s"] else "-"
        print(
            f"{r['page']:<18} {r['median_s']:>7.2f}s {r['worst_s']:>7.2f}s {r['scripts_loaded_s']:>10.2f}s {r['script_kb']:>10}  {target}"
        )
    if args.json:
        args.json.write_text(json.dumps({"machine": machine(), "rows": rows}, indent=2))


if __name__ == "__main__":
    main()
