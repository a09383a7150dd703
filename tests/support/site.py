"""Plugin: the real production build served by `terminal_shop.web.serve`, and Chromium."""

from __future__ import annotations

import collections
import fcntl
import os
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import urllib.request
from contextlib import suppress
from pathlib import Path

import pytest

from support.environment import CHROMIUM, CHROMIUM_ARGS, DATA_DIR, PROXY_URL, ROOT, free_port


def _wait_until_up(url: str, proc: subprocess.Popen, log: Path, timeout: float = 420) -> None:
    deadline = time.time() + timeout
    while time.time() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"site exited early:\n{log.read_text()[-4000:]}")
        try:
            with urllib.request.urlopen(url + "/ping", timeout=2) as r:
                if r.status == 200:
                    with urllib.request.urlopen(url + "/", timeout=5) as r2:
                        if r2.status == 200:
                            return
        except OSError:
            pass
        time.sleep(1)
    raise RuntimeError(f"site did not start in time:\n{log.read_text()[-4000:]}")


def deployed_command(port: int) -> list[str]:
    """A worker's command line as deploy/terminal-shop@.service writes it (bound to
    127.0.0.1, `reflex` whose server replaces a worker that dies), with this checkout's Python."""
    unit = (ROOT / "deploy/terminal-shop@.service").read_text()
    [line] = [line for line in unit.splitlines() if line.startswith("ExecStart=")]
    return [sys.executable, *shlex.split(line.removeprefix("ExecStart=").replace("%i", str(port)))[1:]]


def start_site(
    port: int, env: dict[str, str] | None = None, public_url: str | None = ""
) -> tuple[subprocess.Popen, str]:
    """A production build on `port`; `public_url` is where browsers reach it (itself, or a proxy;
    None: unset, as `make run` leaves it, so it follows PORT)."""
    log = DATA_DIR / f"site-{port}.log"
    full_env = {**os.environ, **(env or {}), "REFLEX_TELEMETRY_ENABLED": "false"}
    if public_url is None:
        full_env.pop("PUBLIC_URL", None)
        full_env.pop("CORS_ALLOWED_ORIGINS", None)
    else:
        full_env["PUBLIC_URL"] = public_url or f"http://127.0.0.1:{port}"
        full_env["CORS_ALLOWED_ORIGINS"] = ",".join(filter(None, [f"http://127.0.0.1:{port}", PROXY_URL]))
    full_env.setdefault("REFLEX_BUN_PATH", str(ROOT / ".tools/node_modules/bun/bin/bun.exe"))
    # As deploy/terminal-shop@.service runs a worker: its processes' metrics in a fresh
    # folder of its own, and (LOG_FORMAT=json) one JSON object a log line.
    metrics_dir = DATA_DIR / f"metrics-{port}"
    shutil.rmtree(metrics_dir, ignore_errors=True)
    metrics_dir.mkdir()
    full_env.setdefault("PROMETHEUS_MULTIPROC_DIR", str(metrics_dir))
    full_env.setdefault("LOG_FORMAT", "json")
    proc = subprocess.Popen(
        deployed_command(port),
        cwd=ROOT,
        env=full_env,
        stdout=log.open("w"),
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        _wait_until_up(url, proc, log)
    except Exception:
        stop_site(proc)
        raise
    return proc, url


def stop_site(proc: subprocess.Popen) -> None:
    try:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(timeout=20)
    except (ProcessLookupError, subprocess.TimeoutExpired):
        with suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)


def start_worker(
    web_folder: str, public_url: str | None = "", env: dict[str, str] | None = None, port: int | None = None
) -> tuple[subprocess.Popen, str]:
    """Another site process on its own port, serving the build in `web_folder`. Sites
    sharing a folder serve one build (as workers sharing a checkout do); the first one to
    start makes it, under Reflex's lock on the folder."""
    web = DATA_DIR / web_folder
    top = ROOT / ".web"
    if not web.exists():
        shutil.copytree(top, web, symlinks=True, ignore=lambda folder, names: ["build"] if folder == str(top) else [])
    return start_site(port or free_port(), env={**(env or {}), "REFLEX_WEB_WORKDIR": str(web)}, public_url=public_url)


def _first_site_of_run() -> tuple[subprocess.Popen, str]:
    """Under pytest-xdist each process has its own site, and a build folder is one site's (a
    second build in it would replace the files the first one serves): the first process to
    get here builds and serves the checkout's (on a fresh clone, making .web and its packages),
    the others wait for that and each serve a copy of their own."""
    run = os.environ.get("PYTEST_XDIST_TESTRUNUID")
    if run is None:
        return start_site(free_port())
    shared = Path(tempfile.gettempdir()) / f"terminal-shop-web-{run}"
    with Path(f"{shared}.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file closes
        claimed = Path(f"{shared}.claimed")
        if not claimed.exists():
            claimed.touch()
            return start_site(free_port())
    return start_worker(f"web-{os.environ['PYTEST_XDIST_WORKER']}")


@pytest.fixture(scope="session")
def site(database):
    proc, url = _first_site_of_run()
    yield url
    stop_site(proc)


# Public pages start the framework's scripts after their first paint (paint_first.py): a
# person who opens a page acts once it is live, and so does every test that opens one.
LIVE = """() => !window.__reactRouterContext
    || Object.keys(document.body || {}).some(k => k.startsWith('__reactFiber'))"""


def _then_live(navigate):
    def opened(self, *args, live: bool = True, **kwargs):
        response = navigate(self, *args, **kwargs)
        if live:  # live=False: a test of the page before its scripts run
            self.wait_for_function(LIVE)
        return response

    return opened


def _act_when_live() -> None:
    from playwright.sync_api import Page, expect

    # How long a step may take to show, not a speed check (bench/ measures speed): on this 2-core
    # machine, busy with two sites and two browsers, answers took over 10 s at times on
    # 2026-12-02 evening, in different tests each run and on the session's starting commit too.
    expect.set_options(timeout=20_000)
    for name in ("goto", "reload", "go_back", "go_forward"):
        if not getattr(getattr(Page, name), "waits_for_live", False):
            opened = _then_live(getattr(Page, name))
            opened.waits_for_live = True
            setattr(Page, name, opened)


@pytest.fixture(scope="session")
def playwright_driver():
    from playwright.sync_api import sync_playwright

    _act_when_live()
    with sync_playwright() as p:
        yield p


@pytest.fixture(scope="session")
def browser(playwright_driver):
    b = playwright_driver.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    yield b
    b.close()


class ConsoleLog(list):
    def texts(self) -> list[str]:
        return [m.text for m in self]


# The site scrolls smoothly (html { scroll-behavior: smooth }) except for people who ask for less
# motion; a test's click is instant, and one sent while the page still glided (a breakdown's
# scroll_to) landed beside its link (CI: "Sengketa" tapped, /akun/pencairan stayed). The tests
# browse as a person who asked for less motion; test_public_browser checks the smooth scroll.
CALM = "reduce"


@pytest.fixture
def page(browser, site):
    context = browser.new_context(viewport={"width": 1280, "height": 900}, locale="id-ID", timezone_id="Asia/Jakarta",
                                  reduced_motion=CALM)  # fmt: skip
    pg = context.new_page()
    pg.set_default_timeout(20_000)
    pg.console_log = ConsoleLog()
    pg.on("console", lambda m: pg.console_log.append(m))
    pg.base = site
    _keep_what_tabs_log(context)
    yield pg
    context.close()


def _keep_what_tabs_log(context) -> None:
    """Every tab's last console lines and the closing of its sockets, which a failed walk's
    report carries (browser/conftest.py): a flake in CI is read, not guessed at."""
    lines = context.console_lines = collections.deque(maxlen=80)
    context.on("console", lambda m: lines.append(f"{m.page.url if m.page else '?'} {m.type}: {m.text}"))

    def watch(tab) -> None:
        tab.on("websocket", lambda socket: socket.on("close", lambda _: lines.append(f"{tab.url} socket closed")))

    for tab in context.pages:
        watch(tab)
    context.on("page", watch)


@pytest.fixture
def phone(browser, site):
    context = browser.new_context(
        viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True, locale="id-ID", reduced_motion=CALM
    )
    pg = context.new_page()
    pg.set_default_timeout(20_000)
    pg.base = site
    _keep_what_tabs_log(context)
    yield pg
    context.close()
