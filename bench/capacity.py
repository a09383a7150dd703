"""Capacity: many open tabs on the production configuration (issue 51.8), per core (issue 62.1).

    .venv/bin/python bench/capacity.py --tabs 10000 --units 5     # prints a table; --json PATH saves it
    .venv/bin/python bench/capacity.py --pin --units 1 --workers 6 --step 1000 --tabs 8000 --server granian

With --pin the site (its units and nginx) runs on one core and this script's tabs and probe on
the other (`taskset`); the machine's PostgreSQL and Redis are shared, not this benchmark's own,
so they are not pinned and their CPU is reported beside the site's. With --step the tabs are
added that many at a time, the probe after each step, until its p95 misses the target: the last
step within it, with workers within 200 MB, is what one core holds.

Five site units as deploy/terminal-shop@.service runs them (PostgreSQL, Redis), behind
Debian's nginx with deploy/nginx.conf (its upstream pointed at them, HTTPS with a
certificate of this script's own). Each tab is what a browser tab is to the server: its own
token, a websocket through nginx, the hydrate of a product page in the connect packet with
that page's on_load event. The script opens `--tabs` of them (`--at-once` connecting at a
time) and keeps them open; then a second process (so the held tabs' pings do not delay what
it reads) opens `--senders` fresh tabs and times add-to-cart on them, each event from
sending it to the last update it brings back; then each unit's worker processes' resident
memory is read. Figures only: it never fails a build.

The probe's tabs send back to back by default, which keeps the core saturated: its timings are
then the queue of `--senders` events (docs/benchmarks.md section 15, 2026-12-07). With
`--act-every S` they offer the events the held tabs would send if each acted every S seconds.
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import json
import os
import random
import re
import resource
import shlex
import shutil
import signal
import ssl
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
import uuid
from contextlib import ExitStack, contextmanager, suppress
from pathlib import Path

import redis
import socketio
import sqlalchemy

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from common import ROOT, free_port, machine, reflex_env
from event_roundtrip import HYDRATE, NAMESPACE, full_name
from support import tls

PRODUCT_PAGE = "/produk/a920"  # routes.product("a920"): its on_load reads the stock and the settlement day
SKUS = ("SOUNDBOX", "D210", "A920")


def _rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def _shares_mb(pid: int) -> tuple[float, float]:
    """(PSS, private) MB: resident size counts the pages a forked worker still shares with its
    unit's server in full; PSS counts each shared page divided among the processes sharing it
    (the unit's PSS add up to what it costs the machine), private what is the worker's alone."""
    rollup = {}
    for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines()[1:]:
        key, value = line.split(":", 1)
        rollup[key] = int(value.split()[0]) / 1024
    return rollup["Pss"], rollup["Private_Clean"] + rollup["Private_Dirty"]


def _children(pid: int) -> list[int]:
    children = Path(f"/proc/{pid}/task/{pid}/children")
    return [int(c) for c in children.read_text().split()] if children.exists() else []


def _tree(pid: int) -> list[int]:
    """The process and every descendant (a unit: its server and its worker processes)."""
    found, todo = [], [pid]
    while todo:
        p = todo.pop()
        found.append(p)
        todo += _children(p)
    return found


def _cpu_s(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")  # utime + stime


def workers_cpu_s(units: list[subprocess.Popen]) -> float:
    """CPU seconds the units' processes have used so far (what serving the tabs cost the machine)."""
    total = 0.0
    for unit in units:
        for pid in _tree(unit.pid):
            with suppress(FileNotFoundError):
                total += _cpu_s(pid)
    return total


def unit_memory(units: list[subprocess.Popen]) -> tuple[list[tuple[float, float, float]], list[float]]:
    """((resident, PSS, private) MB of every worker: the unit's processes with no child, the ones
    holding the tabs; resident MB of each supervisor above them: the command that built and
    started the unit, and the web server's master where it runs in a process of its own)."""
    workers, supervisors = [], []
    for unit in units:
        for pid in _tree(unit.pid):
            try:
                if "python" not in Path(f"/proc/{pid}/comm").read_text():  # gunicorn's too
                    continue
                if _children(pid):
                    supervisors.append(_rss_mb(pid))
                else:
                    workers.append((_rss_mb(pid), *_shares_mb(pid)))
            except FileNotFoundError:
                continue
    return workers, supervisors


SITE_CORE, TAB_CORE = 1, 0  # --pin: the site on one core, the tabs' side on the other (issue 62.1)


def _pinned(command: list[str], pin: bool) -> list[str]:
    return ["taskset", "-c", str(SITE_CORE), *command] if pin else command


def _unit_command(port: int, server: str = "gunicorn") -> list[str]:
    """deploy/terminal-shop@.service's command; `granian`: the same through Reflex's own server."""
    unit = (ROOT / "deploy/terminal-shop@.service").read_text()
    [line] = [line for line in unit.splitlines() if line.startswith("ExecStart=")]
    args = shlex.split(line.removeprefix("ExecStart=").replace("%i", str(port)))[1:]
    if server == "granian":
        args[args.index("terminal_shop.web.serve")] = "reflex"
    return [sys.executable, *args]


def services_cpu_s() -> float:
    """CPU seconds of the machine's PostgreSQL and Redis (shared, never this benchmark's own:
    not pinned, their figure reported beside the site's)."""
    total = 0.0
    for stat in Path("/proc").glob("[0-9]*/comm"):
        with suppress(OSError):
            if stat.read_text().strip() in ("postgres", "redis-server"):
                total += _cpu_s(int(stat.parent.name))
    return total


def _wait_up(
    url: str, proc: subprocess.Popen, log: Path, timeout: float = 600, context: ssl.SSLContext | None = None
) -> None:
    deadline = time.time() + timeout
    while time.time() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"exited early:\n{log.read_text()[-3000:]}")
        try:
            if urllib.request.urlopen(url + "/ping", timeout=2, context=context).status == 200:
                return
        except OSError:
            time.sleep(1)
    raise RuntimeError(f"not up in time:\n{log.read_text()[-3000:]}")


def _sql(statement: str) -> None:
    engine = sqlalchemy.create_engine("postgresql+psycopg2://postgres@127.0.0.1:5432/test")
    with engine.begin() as conn:
        conn.execute(sqlalchemy.text(statement))
    engine.dispose()


@contextmanager
def production(units: int, work: Path, server: str = "gunicorn", workers: int = 0, pin: bool = False):
    """`units` site units on PostgreSQL + Redis behind nginx; yields (proxy URL, units, TLS context).
    `workers` a unit (0: the site's rule); `pin`: the units and nginx on SITE_CORE."""
    schema = f"capacity_{uuid.uuid4().hex[:8]}"
    proxy_port = free_port()
    public = f"https://127.0.0.1:{proxy_port}"
    env = {
        "DATA_DIR": str(work / "data"),
        "DATABASE_URL": f"postgresql+psycopg2://postgres@127.0.0.1:5432/test?options=-csearch_path%3D{schema}",
        "REDIS_URL": "redis://127.0.0.1:6379/13",
        "PUBLIC_URL": public,
        "TRUSTED_PROXY_HOPS": "1",
        "LOG_FORMAT": "json",
        "REFLEX_WEB_WORKDIR": str(work / "web"),
        **({"WEB_CONCURRENCY": str(workers), "GRANIAN_WORKERS": str(workers)} if workers else {}),
        # `reflex run` takes gunicorn with its own uvicorn worker when both are installed: granian only when asked
        **({"REFLEX_USE_GRANIAN": "true"} if server == "granian" else {}),
    }
    _sql(f"CREATE SCHEMA {schema}")
    redis.Redis.from_url(env["REDIS_URL"]).flushdb()
    shutil.copytree(
        ROOT / ".web", work / "web", symlinks=True, ignore=lambda d, n: ["build"] if d == str(ROOT / ".web") else []
    )
    procs: list[subprocess.Popen] = []
    try:
        subprocess.run([sys.executable, "-m", "terminal_shop.cli.migrate"], cwd=ROOT, env=reflex_env(env), check=True)
        ports = [free_port() for _ in range(units)]
        for i, port in enumerate(ports):
            log = work / f"unit-{port}.log"
            unit_env = env | {"PROMETHEUS_MULTIPROC_DIR": str(work / f"metrics-{port}")}
            (work / f"metrics-{port}").mkdir(parents=True)
            procs.append(subprocess.Popen(_pinned(_unit_command(port, server), pin), cwd=ROOT, env=reflex_env(unit_env), stdout=log.open("w"),
                                          stderr=subprocess.STDOUT, start_new_session=True))  # fmt: skip
            if i == 0:  # the first builds; the others serve the same build
                _wait_up(f"http://127.0.0.1:{port}", procs[0], log)
        for port, proc in zip(ports, procs, strict=True):
            _wait_up(f"http://127.0.0.1:{port}", proc, work / f"unit-{port}.log")
        nginx, trusted = _nginx(work, ports, proxy_port, pin)
        try:
            _wait_up(public, nginx, work / "nginx" / "error.log", 30, trusted)
            yield public, procs, trusted
        finally:
            nginx.terminate()
            nginx.wait(10)
    finally:
        for proc in procs:
            with suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGTERM)
        for proc in procs:
            try:
                proc.wait(30)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
        _sql(f"DROP SCHEMA {schema} CASCADE")


def _nginx(work: Path, ports: list[int], proxy_port: int, pin: bool = False) -> tuple[subprocess.Popen, ssl.SSLContext]:
    """deploy/nginx.conf as written: only its ports, upstreams, paths and certificate changed,
    and enough connections for the tabs (two a tab: the browser's and the upstream's)."""
    folder = work / "nginx"
    cert, key = tls.self_signed(folder / "tls")
    upstreams = "".join(f"    server 127.0.0.1:{p} max_fails=1 fail_timeout=5s;\n" for p in ports)
    conf = (ROOT / "deploy/nginx.conf").read_text()
    conf = re.sub(r"(upstream terminal_shop_workers \{\n)(?:    server .*\n)+", lambda m: m[1] + upstreams, conf)
    for written, here in {
        "listen 80;": f"listen 127.0.0.1:{free_port()};",
        "listen 443 ssl http2;": f"listen 127.0.0.1:{proxy_port} ssl http2;",
        "/etc/letsencrypt/live/shop.example.co.id/fullchain.pem": str(cert),
        "/etc/letsencrypt/live/shop.example.co.id/privkey.pem": str(key),
        "/srv/terminal_shop/.web": str(work / "web"),
    }.items():
        conf = conf.replace(written, here)
    temp = " ".join(
        f"{name}_temp_path {folder}/{name};" for name in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
    )
    (folder / "nginx.conf").write_text(
        f"user root;\nworker_processes {1 if pin else 2};\nworker_rlimit_nofile 20000;\ndaemon off;\npid {folder}/nginx.pid;\n"
        f"error_log {folder}/error.log;\nevents {{ worker_connections 16000; }}\nhttp {{\ninclude /etc/nginx/mime.types;\n"
        f"access_log off;\n{temp}\n{conf}\n}}\n"
    )
    proc = subprocess.Popen(
        _pinned(["/usr/sbin/nginx", "-c", str(folder / "nginx.conf"), "-p", str(folder)], pin), start_new_session=True
    )
    return proc, tls.trusting(cert)


class Tab:
    """One open tab: its socket, its router data and the updates it receives."""

    def __init__(self) -> None:
        self.sio = socketio.AsyncClient(reconnection=False, ssl_verify=False)
        self.updates: asyncio.Queue[float] = asyncio.Queue()
        self.sio.on("event", lambda _data: self.updates.put_nowait(time.perf_counter()), namespace=NAMESPACE)
        self.router = {"pathname": PRODUCT_PAGE, "query": {}, "asPath": PRODUCT_PAGE}

    async def open(self, url: str) -> None:
        await self.sio.connect(
            f"{url}?token={uuid.uuid4()}",
            socketio_path=NAMESPACE,
            namespaces=[NAMESPACE],
            transports=["websocket"],
            auth={"event": {"name": HYDRATE, "payload": {}, "router_data": self.router}},
            wait_timeout=120,
        )
        await asyncio.wait_for(self.updates.get(), 120)  # the hydrate's update

    async def send(self, event: str, payload: dict) -> None:
        await self.sio.emit(
            "event", {"name": event, "payload": payload, "router_data": self.router}, namespace=NAMESPACE
        )

    def drain(self) -> None:
        while not self.updates.empty():
            self.updates.get_nowait()


async def open_tabs(url: str, count: int, at_once: int) -> tuple[list[Tab], float, int]:
    """(tabs open, seconds to connect and hydrate them all, tabs that failed)."""
    gate = asyncio.Semaphore(at_once)
    tabs: list[Tab] = []
    failed = 0

    async def one() -> None:
        nonlocal failed
        async with gate:
            tab = Tab()
            try:
                await tab.open(url)
                tabs.append(tab)
            except (OSError, TimeoutError, socketio.exceptions.ConnectionError):  # counted, not fatal
                failed += 1

    started = time.perf_counter()
    await asyncio.gather(*(one() for _ in range(count)))
    return tabs, time.perf_counter() - started, failed


async def add_to_cart(url: str, senders: int, events: int, rate: float = 0) -> list[float]:
    """Milliseconds per add-to-cart on `senders` fresh tabs, to the last update it brings
    (the cart's, then its toast's). With `rate`, the tabs together offer that many events a
    second, each waiting a random pause (exponential, as people's clicks arrive) before its
    next; without, each sends its next as soon as the last is answered, which keeps the core
    saturated, so the timings are the queue of `senders` events, not one event's answer."""
    event = f"{full_name(ROOT, 'terminal_shop.state.checkout', 'CheckoutState')}.add_to_cart"
    tabs, _, failed = await open_tabs(url, senders, senders)
    if failed:
        raise RuntimeError(f"{failed} probe tabs could not connect")
    await asyncio.sleep(2)  # the hydrates' on_load events settle
    for tab in tabs:
        tab.drain()
    probe = tabs[0]
    await probe.send(event, {"sku": "SOUNDBOX"})  # how many updates one add-to-cart brings
    await asyncio.wait_for(probe.updates.get(), 60)
    await asyncio.sleep(0.5)
    per_event = 1 + probe.updates.qsize()
    probe.drain()
    latencies: list[float] = []

    async def sender(tab: Tab, n: int) -> None:
        for i in range(n):
            if rate:
                await asyncio.sleep(random.expovariate(rate / senders))
            sent = time.perf_counter()
            await tab.send(event, {"sku": SKUS[i % 3]})
            for _ in range(per_event):
                arrived = await asyncio.wait_for(tab.updates.get(), 60)
            latencies.append((arrived - sent) * 1000)

    await asyncio.gather(*(sender(tab, events // senders) for tab in tabs))
    await asyncio.gather(*(t.sio.disconnect() for t in tabs), return_exceptions=True)
    return latencies


def probe(url: str, senders: int, events: int, rate: float = 0) -> dict:
    """Run in its own process (`--probe URL`): the add-to-cart timings beside the held tabs."""
    latencies = asyncio.run(add_to_cart(url, senders, events, rate))
    q = statistics.quantiles(latencies, n=100, method="inclusive")
    return {"p50": q[49], "p95": q[94], "events": len(latencies)}


def _cpu_seconds() -> float:
    """This process's CPU seconds (the tabs' side; its probe runs in a child process)."""
    used = resource.getrusage(resource.RUSAGE_SELF)
    return used.ru_utime + used.ru_stime


async def _probe(url: str, senders: int, events: int, runs: int = 1, rate: float = 0) -> dict:
    """The add-to-cart probe in a process of its own, `runs` times: the run of median p95 (one
    run's p95 of 400 events scatters by half on this machine)."""
    results = []
    for _ in range(runs):
        out = Path(tempfile.mkdtemp(prefix="capacity-probe-")) / "probe.json"
        command = [sys.executable, __file__, "--probe", url, "--senders", str(senders), "--events", str(events),
                   "--rate", str(rate), "--json", str(out)]  # fmt: skip
        done = await asyncio.create_subprocess_exec(*command)  # this loop keeps answering the held tabs' pings
        await done.wait()
        results.append(dict(json.loads(out.read_text())))
    results.sort(key=lambda r: r["p95"])
    return results[len(results) // 2] | {"p95_runs": [r["p95"] for r in results], "rate": rate}


def _load(result: dict) -> str:
    return f"{result['rate']:.0f} events a second offered" if result["rate"] else "back to back"


def _offered(tabs: int, args: argparse.Namespace) -> float:
    """With --act-every S, the events a second the held tabs would send if each acted every S
    seconds (the probe's tabs send them on their behalf; with none held yet, the first
    step's); without, 0: the probe's tabs send back to back."""
    return max(tabs, args.step or args.tabs) / args.act_every if args.act_every else 0


async def _measure(url: str, units: list[subprocess.Popen], args: argparse.Namespace) -> list[dict]:
    """Tabs added `--step` at a time up to `--tabs` (all at once without a step); after each
    step the add-to-cart probe, both sides' CPU and the workers' memory. With steps, the probe
    first runs with no tab held; the steps stop once p95 is past twice the target."""
    held: list[Tab] = []
    steps: list[dict] = []
    step = args.step or args.tabs
    if args.step:  # the probe with no tab held: what one core answers at all, the steps' floor
        steps.append({"tabs": 0, "failed": 0, "connect_s": 0.0, "client_cpu_s": 0.0,
                      **await _probe(url, args.senders, args.events, args.probes, _offered(0, args)),
                      **_memory(units)})  # fmt: skip
        print(
            f"no tab held: add to cart p50 {steps[0]['p50']:.1f} ms, p95 {steps[0]['p95']:.1f} ms ({_load(steps[0])})",
            flush=True,
        )
    while len(held) < args.tabs:
        client_before, site_before, services_before = _cpu_seconds(), workers_cpu_s(units), services_cpu_s()
        tabs, seconds, failed = await open_tabs(url, min(step, args.tabs - len(held)), args.at_once)
        held += tabs
        client_cpu = _cpu_seconds() - client_before  # what the tabs' own side took to connect them
        await asyncio.sleep(5)
        result = {"tabs": len(held), "failed": failed, "connect_s": seconds, "client_cpu_s": client_cpu}
        result |= await _probe(url, args.senders, args.events, args.probes, _offered(len(held), args))
        result |= {
            "site_cpu_s": workers_cpu_s(units) - site_before,
            "services_cpu_s": services_cpu_s() - services_before,
        }
        result |= _memory(units)
        steps.append(result)
        print(f"{result['tabs']} tabs ({failed} failed this step, {seconds:.0f} s to connect; the tabs' side "
              f"{client_cpu:.0f} s CPU): add to cart p50 {result['p50']:.1f} ms, p95 {result['p95']:.1f} ms "
              f"({_load(result)}); the site "
              f"{result['site_cpu_s']:.0f} s CPU, PostgreSQL and Redis {result['services_cpu_s']:.0f} s; workers "
              f"{result['rss_median_mb']:.0f} MB median, {result['rss_max_mb']:.0f} MB largest (PSS "
              f"{result['pss_median_mb']:.0f}/{result['pss_max_mb']:.0f})", flush=True)  # fmt: skip
        if result["p95"] > 2 * TARGET_P95_MS:  # well past the target: the curve is drawn
            break
    await asyncio.gather(*(t.sio.disconnect() for t in held), return_exceptions=True)
    return steps


TARGET_P95_MS, TARGET_WORKER_MB = 50, 200


def _memory(units: list[subprocess.Popen]) -> dict:
    loaded, supervisors = unit_memory(units)
    return {
        "rss_max_mb": max(r for r, _, _ in loaded),
        "rss_median_mb": statistics.median(r for r, _, _ in loaded),
        "pss_max_mb": max(p for _, p, _ in loaded),
        "pss_median_mb": statistics.median(p for _, p, _ in loaded),
        "private_median_mb": statistics.median(v for _, _, v in loaded),
        "workers": len(loaded),
        "supervisor_rss_max_mb": max(supervisors),
    }


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--tabs", type=int, default=10_000)
    ap.add_argument("--units", type=int, default=5)
    ap.add_argument("--workers", type=int, default=0, help="a unit's worker processes (0: the site's rule)")
    ap.add_argument("--server", choices=("gunicorn", "granian"), default="gunicorn")
    ap.add_argument("--pin", action="store_true", help="the site on one core, the tabs' side on the other")
    ap.add_argument("--step", type=int, default=0, help="add tabs this many at a time, probing after each")
    ap.add_argument("--at-once", type=int, default=200)
    ap.add_argument("--senders", type=int, default=20)
    ap.add_argument("--events", type=int, default=400)
    ap.add_argument("--probes", type=int, default=1, help="probe runs a step; the median p95 is kept")
    ap.add_argument(
        "--act-every",
        type=float,
        default=0,
        help="seconds between a held tab's actions: the probe offers tabs/S events a second (0: back to back)",
    )
    ap.add_argument("--rate", type=float, default=0, help="internal: the probe's offered events a second")
    ap.add_argument("--json", type=Path)
    ap.add_argument("--probe", help="internal: time add-to-cart against this URL and write --json")
    args = ap.parse_args()
    if args.probe:
        args.json.write_text(json.dumps(probe(args.probe, args.senders, args.events, args.rate)))
        return
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))  # stopped: the units, nginx and the schema still go
    if args.pin:
        os.sched_setaffinity(0, {TAB_CORE})  # this process and its probe; the site is started on SITE_CORE
    with ExitStack() as stack:
        work = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="capacity-")))
        url, units, _ = stack.enter_context(production(args.units, work, args.server, args.workers, args.pin))
        idle, _ = unit_memory(units)
        steps = asyncio.run(_measure(url, units, args))
    held = list(itertools.takewhile(lambda s: s["p95"] <= TARGET_P95_MS and s["rss_max_mb"] <= TARGET_WORKER_MB,
                                    (s for s in steps if s["tabs"])))  # up to the first step that misses  # fmt: skip
    summary = {
        **steps[-1],  # the last step's figures at the top, as one run without --step has them (bench/report.py)
        "server": args.server, "units": args.units, "pinned": args.pin, "steps": steps,
        "rss_idle_mb": max(r for r, _, _ in idle), "pss_idle_median_mb": statistics.median(p for _, p, _ in idle),
        "tabs_at_target": held[-1]["tabs"] if held else 0, **machine(),
    }  # fmt: skip
    where = f"one core ({'pinned' if args.pin else 'not pinned'})"
    print(f"{args.server}: {summary['tabs_at_target']} tabs held on {where} at add to cart p95 <= {TARGET_P95_MS} ms "
          f"with workers <= {TARGET_WORKER_MB} MB ({args.units} units; workers {summary['rss_idle_mb']:.0f} MB before "
          "the tabs)")  # fmt: skip
    if args.json:
        args.json.write_text(json.dumps(summary, indent=1))


if __name__ == "__main__":
    os.environ.setdefault("PYTHONUNBUFFERED", "1")
    main()
