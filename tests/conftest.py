"""Shared test set-up: a throwaway data directory, migrated database, real storage,
and (for browser tests) the real production build served by `reflex run` (terminal_shop.web.serve).

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
import uuid
from contextlib import contextmanager, suppress
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DATA_DIR = Path(tempfile.mkdtemp(prefix="terminal-shop-test-"))
RUN_ID = uuid.uuid4().hex[:8]
# TEST_MODE=scaleout runs the same suite on PostgreSQL, S3 (moto's server) and Redis.
SCALEOUT = os.environ.get("TEST_MODE", "embedded") == "scaleout"
MOTO_PORT = None
PROXY_URL = ""

for name in ("DATABASE_URL", "STORAGE_BACKEND", "S3_ENDPOINT_URL", "REDIS_URL", "SECRET_KEY"):
    os.environ.pop(name, None)
os.environ["DATA_DIR"] = str(DATA_DIR)
os.environ["ADMIN_EMAILS"] = "admin@terminalku.example"
if SCALEOUT:
    import random

    MOTO_PORT = None  # chosen below, once free_port exists
    PG_SCHEMA = f"ts_{RUN_ID}"
    REDIS_DB = random.randint(1, 15)
    os.environ.update(
        DATABASE_URL=f"postgresql+psycopg2://postgres@127.0.0.1:5432/test?options=-csearch_path%3D{PG_SCHEMA}",
        STORAGE_BACKEND="s3",
        S3_REGION="us-east-1",
        S3_ACCESS_KEY_ID="test",
        S3_SECRET_ACCESS_KEY="test",
        BUCKET_ORDER_PAYMENTS=f"order-payments-{RUN_ID}",
        BUCKET_MERCHANT_DOCUMENTS=f"merchant-documents-{RUN_ID}",
        BUCKET_ASSETS=f"assets-{RUN_ID}",
        REDIS_URL=f"redis://127.0.0.1:6379/{REDIS_DB}",
    )

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


if SCALEOUT:
    MOTO_PORT = free_port()
    os.environ["S3_ENDPOINT_URL"] = f"http://127.0.0.1:{MOTO_PORT}"
    # The workers sit behind nginx in test_scaleout_browser.py: one trusted hop, and the
    # proxy's address is an origin they let in.
    PROXY_URL = f"http://127.0.0.1:{free_port()}"
    os.environ["TRUSTED_PROXY_HOPS"] = "1"
else:
    collect_ignore = ["test_scaleout_browser.py"]  # two workers need shared state: scale-out pass only

SMTP_PORT = free_port()  # the site and the tests send to an SMTP server of the tests' own (aiosmtpd)
os.environ["SMTP_URL"] = f"smtp://127.0.0.1:{SMTP_PORT}"
os.environ["MAIL_FROM"] = "TerminalKu <pesanan@terminalku.example>"

from terminal_shop.cli import migrate
from terminal_shop.infra.settings import get_settings


@pytest.fixture(scope="session")
def moto_endpoint():
    from moto.server import ThreadedMotoServer

    port = MOTO_PORT or free_port()
    server = ThreadedMotoServer(ip_address="127.0.0.1", port=port, verbose=False)
    server.start()
    yield f"http://127.0.0.1:{port}"
    server.stop()


@pytest.fixture(scope="session", autouse=True)
def database(request):
    """Migrated database (and, in scale-out mode, the run's schema, buckets and Redis db)."""
    if SCALEOUT:
        import redis
        from sqlalchemy import create_engine, text

        endpoint = request.getfixturevalue("moto_endpoint")
        admin_engine = create_engine("postgresql+psycopg2://postgres@127.0.0.1:5432/test", isolation_level="AUTOCOMMIT")
        with admin_engine.connect() as c:
            c.execute(text(f"CREATE SCHEMA {PG_SCHEMA}"))
        create_buckets(endpoint, get_settings())
    migrate.upgrade()
    yield get_settings().database_url
    if SCALEOUT:
        from terminal_shop.infra.db import get_engine

        get_engine().dispose()
        with admin_engine.connect() as c:
            c.execute(text(f"DROP SCHEMA {PG_SCHEMA} CASCADE"))
        redis.Redis.from_url(os.environ["REDIS_URL"]).flushdb()
    shutil.rmtree(DATA_DIR, ignore_errors=True)


@pytest.fixture
def clean_db(database):
    """Empties every table before a test that counts rows."""
    from sqlmodel import SQLModel

    from terminal_shop.infra.db import write_session

    with write_session() as s:
        tables = reversed(SQLModel.metadata.sorted_tables)
        for table in sorted(tables, key=lambda t: t.name == "status_tallies"):  # tallies last: triggers update them
            s.exec(table.delete())
    yield


# ---------- storage ----------


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


def create_buckets(endpoint: str, settings) -> None:
    from terminal_shop.infra.storage import build_storage

    client = build_storage(s3_settings(endpoint)).client
    for bucket in (settings.bucket_order_payments, settings.bucket_merchant_documents, settings.bucket_assets):
        client.create_bucket(Bucket=bucket)


def reset_s3(endpoint: str, settings=None) -> None:
    """Empties moto and creates the site's three buckets afresh."""
    urllib.request.urlopen(urllib.request.Request(endpoint + "/moto-api/reset", method="POST"))
    create_buckets(endpoint, settings or get_settings())


@contextmanager
def no_buckets(endpoint: str):
    """The store answers, but every bucket is gone; they come back (empty) afterwards."""
    urllib.request.urlopen(urllib.request.Request(endpoint + "/moto-api/reset", method="POST"))
    try:
        yield
    finally:
        reset_s3(endpoint)


def publish_asset(key: str, data: bytes, content_type: str) -> None:
    """What an operator does to put the QRIS image in the public assets bucket."""
    from terminal_shop.infra.storage import get_storage

    settings, storage = get_settings(), get_storage()
    if settings.storage_backend == "s3":
        storage.client.put_object(
            Bucket=settings.bucket_assets, Key=key, Body=data, ContentType=content_type, ACL="public-read"
        )
    else:
        storage.put(settings.bucket_assets, key, data, content_type)


@contextmanager
def bucket_unavailable(bucket: str):
    """Makes the running site's store refuse writes to one bucket, then restores it."""
    settings = get_settings()
    if settings.storage_backend == "s3":
        from terminal_shop.infra.storage import get_storage

        client = get_storage().client
        kept = {
            o["Key"]: client.get_object(Bucket=bucket, Key=o["Key"])["Body"].read()
            for o in client.list_objects_v2(Bucket=bucket).get("Contents", [])
        }
        for key in kept:
            client.delete_object(Bucket=bucket, Key=key)
        client.delete_bucket(Bucket=bucket)
        try:
            yield
        finally:
            client.create_bucket(Bucket=bucket)
            for key, data in kept.items():
                client.put_object(Bucket=bucket, Key=key, Body=data)
        return
    folder = settings.storage_dir / bucket
    moved = folder.with_name(folder.name + "-moved-away")
    if folder.exists():
        folder.rename(moved)
    folder.parent.mkdir(parents=True, exist_ok=True)
    folder.write_text("not a folder: the disk refuses writes here")
    try:
        yield
    finally:
        folder.unlink()
        if moved.exists():
            moved.rename(folder)


@pytest.fixture(params=["local", "s3"])
def any_storage(request, tmp_path, moto_endpoint):
    """Each storage backend in turn, with empty buckets."""
    import dataclasses

    from terminal_shop.infra.storage import build_storage

    if request.param == "local":
        settings = dataclasses.replace(get_settings(), storage_backend="local", storage_dir=tmp_path / "storage")
    else:
        settings = s3_settings(moto_endpoint)
        reset_s3(moto_endpoint)
    return settings, build_storage(settings)


def stored_keys(settings, storage, bucket: str) -> list[str]:
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


def start_site(port: int, env: dict[str, str] | None = None, public_url: str = "") -> tuple[subprocess.Popen, str]:
    """A production build on `port`; `public_url` is where browsers reach it (itself, or a proxy)."""
    log = DATA_DIR / f"site-{port}.log"
    full_env = {
        **os.environ,
        **(env or {}),
        "REFLEX_TELEMETRY_ENABLED": "false",
        "PUBLIC_URL": public_url or f"http://127.0.0.1:{port}",
        "CORS_ALLOWED_ORIGINS": ",".join(filter(None, [f"http://127.0.0.1:{port}", PROXY_URL])),
    }
    full_env.setdefault("REFLEX_BUN_PATH", str(ROOT / ".tools/node_modules/bun/bin/bun.exe"))
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "terminal_shop.web.serve",  # `reflex` whose server replaces a worker that dies
            "run",
            "--env",
            "prod",
            "--frontend-port",
            str(port),
            "--backend-port",
            str(port),
        ],
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
    web_folder: str, public_url: str = "", env: dict[str, str] | None = None
) -> tuple[subprocess.Popen, str]:
    """Another site process on its own port, serving the build in `web_folder`. Sites
    sharing a folder serve one build (as workers sharing a checkout do); the first one to
    start makes it, under Reflex's lock on the folder."""
    web = DATA_DIR / web_folder
    top = ROOT / ".web"
    if not web.exists():
        shutil.copytree(top, web, symlinks=True, ignore=lambda folder, names: ["build"] if folder == str(top) else [])
    return start_site(free_port(), env={**(env or {}), "REFLEX_WEB_WORKDIR": str(web)}, public_url=public_url)


@pytest.fixture(scope="session")
def site(database):
    proc, url = start_site(free_port())
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

    expect.set_options(timeout=10_000)  # a loaded CI machine answers slower than a quiet one
    for name in ("goto", "reload", "go_back", "go_forward"):
        if not getattr(getattr(Page, name), "waits_for_live", False):
            opened = _then_live(getattr(Page, name))
            opened.waits_for_live = True
            setattr(Page, name, opened)


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright

    _act_when_live()
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
    context = browser.new_context(
        viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True, locale="id-ID"
    )
    pg = context.new_page()
    pg.set_default_timeout(15_000)
    pg.base = site
    yield pg
    context.close()


# ---------- e-mail ----------


class Mailbox(list):
    """Every message a real SMTP server (aiosmtpd on 127.0.0.1) accepted, as email objects."""

    refuse: set[str]

    def to(self, address: str) -> list:
        return [m for m in self if address in m["To"]]


class SmtpServer:
    """A real SMTP server on SMTP_PORT that can be stopped and started again."""

    def __init__(self, box: Mailbox):
        self.box = box
        self.controller = None

    def start(self) -> None:
        from aiosmtpd.controller import Controller

        if self.controller is None:
            self.controller = Controller(_SmtpHandler(self.box), hostname="127.0.0.1", port=SMTP_PORT)
            self.controller.start()

    def stop(self) -> None:
        if self.controller is not None:
            self.controller.stop()
            self.controller = None


class _SmtpHandler:
    def __init__(self, box: Mailbox):
        self.box = box

    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        if address in self.box.refuse:
            return "550 5.1.1 Mailbox does not exist"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server, session, envelope):
        from email import message_from_bytes, policy

        self.box.append(message_from_bytes(envelope.content, policy=policy.default))
        return "250 Message accepted"


@pytest.fixture(scope="session")
def smtp_server():
    box = Mailbox()
    box.refuse = set()
    server = SmtpServer(box)
    server.start()
    yield server, box
    server.stop()


@pytest.fixture
def mailbox(smtp_server, clean_db):
    """An empty mailbox and an empty outbox; the server is up."""
    server, box = smtp_server
    server.start()
    box.clear()
    box.refuse.clear()
    return box
