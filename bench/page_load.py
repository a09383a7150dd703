"""Page load on a simulated phone (Lighthouse, mobile, simulated throttling), median of 3,
for our pages beside a blank Reflex app built with the same toolchain in the same run.

    .venv/bin/python bench/page_load.py        # prints a table; --json PATH saves it

Needs Debian's chromium; installs Lighthouse from the npm registry into .tools/ once.
The site runs on its embedded defaults with a throwaway DATA_DIR; bench/run_all.py
puts these figures in docs/benchmarks.md.
"""

from __future__ import annotations

import argparse
import contextlib
import gzip
import http.server
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import threading
import urllib.error
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import ROOT, TOOLS, floor_dir, machine, serve, site_env

LIGHTHOUSE = TOOLS / "node_modules/.bin/lighthouse"
LIGHTHOUSE_VERSION = "12.8.2"
PAGES = ["/", "/produk/a920", "/produk/d210", "/produk/soundbox", "/checkout/products", "/pendaftaran", "/admin/login"]
RUNS = 3
CHROME_FLAGS = "--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync"


def lighthouse(url: str) -> dict[str, float]:
    out = Path(tempfile.mktemp(suffix=".json"))
    subprocess.run(
        [
            str(LIGHTHOUSE),
            url,
            "--quiet",
            "--only-categories=performance,accessibility,best-practices,seo",
            "--form-factor=mobile",
            f"--chrome-flags={CHROME_FLAGS}",
            "--output=json",
            f"--output-path={out}",
        ],
        env={**os.environ, "CHROME_PATH": "/usr/bin/chromium"},
        check=True,
        timeout=300,
    )
    report = json.loads(out.read_text())
    a = report["audits"]
    js = sum(
        i.get("transferSize", 0) for i in a["network-requests"]["details"]["items"] if i.get("resourceType") == "Script"
    )
    c = report["categories"]
    return {
        "score": c["performance"]["score"] * 100,
        "a11y": c["accessibility"]["score"] * 100,
        "best": c["best-practices"]["score"] * 100,
        "seo": c["seo"]["score"] * 100,
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


def ensure_lighthouse() -> None:
    if not LIGHTHOUSE.exists():
        subprocess.run(
            ["npm", "install", "--prefix", str(TOOLS), "--no-audit", "--no-fund", f"lighthouse@{LIGHTHOUSE_VERSION}"],
            check=True,
        )


SCRIPT = re.compile(rb"<script\b.*?</script>|<link[^>]*modulepreload[^>]*>", re.S)
SCRIPT_FREE_PAGES = ("/", "/produk/a920")


@contextlib.contextmanager
def script_free(site_url: str):
    """The site's pages with every script taken out (HTML and CSS only, gzipped like the
    site's): the floor of what the page's own content costs to paint. Everything else is
    passed on from the site."""

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            req = urllib.request.Request(site_url + self.path, headers={"Accept-Encoding": "identity"})
            try:
                with urllib.request.urlopen(req, timeout=10) as r:
                    body, ctype = r.read(), r.headers.get("Content-Type", "")
            except urllib.error.HTTPError as e:
                body, ctype = e.read(), e.headers.get("Content-Type", "")
            encoding = None
            if "text/html" in ctype:
                body = SCRIPT.sub(b"", body)
                if "gzip" in self.headers.get("Accept-Encoding", ""):  # sent as the site sends its pages
                    body, encoding = gzip.compress(body), "gzip"
            self.send_response(200)
            self.send_header("Content-Type", ctype)
            if encoding:
                self.send_header("Content-Encoding", encoding)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_port}"
    finally:
        server.shutdown()


def repeat_view(site_url: str, path: str = "/") -> dict[str, float]:
    """Requests and bytes that went over the wire when a visitor opens the page again with
    a warm cache (Chromium's network layer: a cached file sends nothing)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
        context = browser.new_context()
        page = context.new_page()
        cdp = context.new_cdp_session(page)
        cdp.send("Network.enable")
        wire, sizes = [], {}
        cdp.on("Network.responseReceivedExtraInfo", lambda e: wire.append(e["statusCode"]))
        cdp.on("Network.loadingFinished", lambda e: sizes.__setitem__(e["requestId"], e["encodedDataLength"]))
        page.goto(site_url + path)
        page.wait_for_load_state("networkidle")
        first = {"requests": len(wire), "kb": sum(sizes.values()) / 1024}
        wire.clear()
        sizes.clear()
        page.goto(site_url + path)
        page.wait_for_load_state("networkidle")
        again = {"requests": len(wire), "kb": sum(sizes.values()) / 1024, "not_modified": wire.count(304)}
        browser.close()
    return {"page": path, "first_requests": first["requests"], "first_kb": first["kb"], **again}


def measure(floor_url: str, site_url: str) -> list[dict]:
    """The blank app's index and script-free copies of the first-paint pages (the two
    floors) beside each of our pages, each the median of RUNS."""
    ensure_lighthouse()
    rows = [{"page": "blank Reflex app", **median_of(floor_url + "/")}]
    with script_free(site_url) as bare_url:
        rows += [{"page": f"{path} without scripts", **median_of(bare_url + path)} for path in SCRIPT_FREE_PAGES]
    rows += [{"page": path, **median_of(site_url + path)} for path in PAGES]
    floor = rows[0]
    for r in rows:
        r["lcp_ratio"], r["js_ratio"] = r["lcp"] / floor["lcp"], r["js_kb"] / max(floor["js_kb"], 1)
    print(
        f"{'page':20} {'score':>5} {'a11y':>4} {'best':>4} {'seo':>4} {'FCP s':>6} {'LCP s':>6} {'TBT ms':>6} {'CLS':>6} {'KB':>5} {'JS KB':>6} {'LCP/blank':>9} {'JS/blank':>8}"
    )
    for r in rows:
        print(
            f"{r['page']:20} {r['score']:5.0f} {r['a11y']:4.0f} {r['best']:4.0f} {r['seo']:4.0f} {r['fcp']:6.2f} {r['lcp']:6.2f} {r['tbt']:6.0f} {r['cls']:6.3f} {r['kb']:5.0f} {r['js_kb']:6.0f} {r['lcp_ratio']:9.2f} {r['js_ratio']:8.2f}"
        )
    return rows


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--json", type=Path)
    args = ap.parse_args()
    with serve(floor_dir()) as floor_url, serve(ROOT, site_env()) as site_url:
        rows = measure(floor_url, site_url)
    if args.json:
        args.json.write_text(json.dumps({**machine(), "lighthouse": LIGHTHOUSE_VERSION, "rows": rows}, indent=1))


if __name__ == "__main__":
    main()
