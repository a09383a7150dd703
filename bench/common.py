"""What the benchmarks share: starting a Reflex production build, and the floor app.

The floor is a blank Reflex app (the template's index page) plus a one-button counter,
built with the same Reflex, bun and Python as the site in the same run.
"""

from __future__ import annotations

import os
import platform
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from contextlib import contextmanager
from datetime import UTC, datetime
from importlib.metadata import version
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TOOLS = ROOT / ".tools"

FLOOR_APP = """import reflex as rx


class CounterState(rx.State):
    count: int = 0

    @rx.event
    def increment(self):
        self.count += 1


def index() -> rx.Component:
    return rx.container(rx.vstack(rx.heading("Welcome to Reflex!", size="9"), rx.text("Get started by editing your app."), spacing="5"))


def counter() -> rx.Component:
    return rx.container(rx.heading(CounterState.count), rx.button("+1", on_click=CounterState.increment))


app = rx.App()
app.add_page(index)
app.add_page(counter)
"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def reflex_env(extra: dict[str, str] | None = None) -> dict[str, str]:
    return {
        **os.environ,
        **(extra or {}),
        "REFLEX_TELEMETRY_ENABLED": "false",
        "REFLEX_BUN_PATH": str(TOOLS / "node_modules/bun/bin/bun.exe"),
    }


def floor_dir() -> Path:
    path = Path(tempfile.mkdtemp(prefix="floor-reflex-"))
    (path / "blank").mkdir()
    (path / "blank/__init__.py").write_text("")
    (path / "blank/blank.py").write_text(FLOOR_APP)
    (path / "rxconfig.py").write_text(
        'import reflex as rx\n\nconfig = rx.Config(app_name="blank", telemetry_enabled=False)\n'
    )
    return path


@contextmanager
def serve(cwd: Path, env: dict[str, str] | None = None):
    """A production build of the app in `cwd`, on one free port; yields its URL.
    The server's output goes to a log file next to the build (printed if it fails to start)."""
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    # PUBLIC_URL: the site lets the browser's websocket in from there only; PYTHONPATH: a floor's
    # blank app is served by the site's own server module
    env = {**(env or {}), "PUBLIC_URL": url, "PYTHONPATH": str(ROOT)}
    log = (Path(tempfile.gettempdir()) / f"bench-server-{port}.log").open("w")
    proc = subprocess.Popen(
        [  # the site's own server (gunicorn, uvicorn workers), for the floor's blank app too
            sys.executable,
            "-m",
            "terminal_shop.web.serve",
            "run",
            "--env",
            "prod",
            "--frontend-port",
            str(port),
            "--backend-port",
            str(port),
        ],
        cwd=cwd,
        env=reflex_env(env),
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    try:
        for _ in range(600):
            try:
                if (
                    urllib.request.urlopen(url + "/ping", timeout=2).status == 200
                    and urllib.request.urlopen(url + "/", timeout=5).status == 200
                ):
                    break
            except OSError:
                time.sleep(1)
        else:
            raise RuntimeError(f"{cwd} did not start; see {log.name}")
        yield url
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(timeout=30)
        log.close()


def site_env() -> dict[str, str]:
    """The site on its embedded defaults, with a throwaway data folder."""
    return {"DATA_DIR": tempfile.mkdtemp(prefix="bench-site-")}


def machine() -> dict[str, str]:
    cpu = next(
        (
            line.split(":", 1)[1].strip()
            for line in Path("/proc/cpuinfo").read_text().splitlines()
            if line.startswith("model name")
        ),
        platform.processor(),
    )
    return {
        "date": f"{datetime.now(UTC):%Y-%m-%d %H:%M} UTC",
        "machine": f"{os.cpu_count()} cores ({cpu}), {os.sysconf('SC_PAGE_SIZE') * os.sysconf('SC_PHYS_PAGES') / 2**30:.0f} GiB, {platform.system()} {platform.release()}",
        "python": platform.python_version(),
        "reflex": version("reflex"),
        "sqlalchemy": version("sqlalchemy"),
    }
