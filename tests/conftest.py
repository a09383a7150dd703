"""Shared test set-up: a throwaway data directory, migrated database, real storage,
and (for browser tests) the real production build served by `reflex run`.

Settings are read from the environment once, so this file sets the environment
before anything from terminal_shop is imported.
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DATA_DIR = Path(tempfile.mkdtemp(prefix="terminal-shop-test-"))
os.environ["DATA_DIR"] = str(DATA_DIR)
os.environ.setdefault("ADMIN_EMAILS", "admin@terminalku.example")
os.environ.pop("DATABASE_URL", None)
os.environ.pop("STORAGE_BACKEND", None)

from terminal_shop import migrate  # noqa: E402
from terminal_shop.settings import get_settings  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="session", autouse=True)
def database():
    migrate.upgrade()
    yield get_settings().database_url
    shutil.rmtree(DATA_DIR, ignore_errors=True)


@pytest.fixture
def clean_db(database):
    """Empties every table before a test that counts rows."""
    from sqlmodel import SQLModel

    from terminal_shop.db import write_session

    with write_session() as s:
        for table in reversed(SQLModel.metadata.sorted_tables):
            s.exec(table.delete())
    yield


# ---------- storage ----------

@pytest.fixture(scope="session")
def moto_endpoint():
    from moto.server import ThreadedMotoServer

    port = free_port()
    server = ThreadedMotoServer(ip_address="127.0.0.1", port=port, verbose=False)
    server.start()
    yield f"http://127.0.0.1:{port}"
    server.stop()


def s3_settings(endpoint: str):
    import dataclasses

    return dataclasses.replace(
        get_settings(),
        storage_backend="s3",
        s3_endpoint_url=endpoint,
        s3_region="us-east-1",
        s3_access_key_id="test",
        s3_secret_access_key="test",
    )


def reset_s3(endpoint: str, settings) -> None:  # noqa: ANN001
    """Empties moto and creates the three buckets afresh."""
    urllib.request.urlopen(urllib.request.Request(endpoint + "/moto-api/reset", method="POST"))
    from terminal_shop.storage import build_storage

    client = build_storage(settings).client
    for bucket in (settings.bucket_order_payments, settings.bucket_merchant_documents, settings.bucket_assets):
        client.create_bucket(Bucket=bucket)


@pytest.fixture(params=["local", "s3"])
def any_storage(request, tmp_path, moto_endpoint):
    """Each storage backend in turn, with empty buckets."""
    import dataclasses

    from terminal_shop.storage import build_storage

    if request.param == "local":
        settings = dataclasses.replace(get_settings(), storage_dir=tmp_path / "storage")
    else:
        settings = s3_settings(moto_endpoint)
        reset_s3(moto_endpoint, settings)
    return settings, build_storage(settings)


def stored_keys(settings, storage, bucket: str) -> list[str]:  # noqa: ANN001
    """Every key in a bucket, whichever backend holds it."""
    if settings.storage_backend == "s3":
        return [o["Key"] for o in storage.client.list_objects_v2(Bucket=bucket).get("Contents", [])]
    root = settings.storage_dir / bucket
    return sorted(str(p.relative_to(root)) for p in root.rglob("*") if p.is_file()) if root.exists() else []


# ---------- the running site ----------

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


def start_site(port: int, env: dict[str, str] | None = None) -> tuple[subprocess.Popen, str]:
    log = DATA_DIR / f"site-{port}.log"
    full_env = {**os.environ, **(env or {}), "REFLEX_TELEMETRY_ENABLED": "false", "PUBLIC_URL": f"http://127.0.0.1:{port}"}
    full_env.setdefault("REFLEX_BUN_PATH", str(ROOT / ".tools/node_modules/bun/bin/bun.exe"))
    proc = subprocess.Popen(
        [str(Path(sys.executable).parent / "reflex"), "run", "--env", "prod", "--frontend-port", str(port), "--backend-port", str(port)],
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
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass


@pytest.fixture(scope="session")
def site(database):
    proc, url = start_site(free_port())
    yield url
    stop_site(proc)


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield b
        b.close()


class ConsoleLog(list):
    def texts(self) -> list[str]:
        return [m.text for m in self]


@pytest.fixture
def page(browser, site):
    context = browser.new_context(viewport={"width": 1280, "height": 900}, locale="id-ID", timezone_id="Asia/Jakarta")
    pg = context.new_page()
    pg.set_default_timeout(15_000)
    pg.console_log = ConsoleLog()
    pg.on("console", lambda m: pg.console_log.append(m))
    pg.base = site
    yield pg
    context.close()


@pytest.fixture
def phone(browser, site):
    context = browser.new_context(viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True, locale="id-ID")
    pg = context.new_page()
    pg.set_default_timeout(15_000)
    pg.base = site
    yield pg
    context.close()
