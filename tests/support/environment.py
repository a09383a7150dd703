"""The test run's environment, set before anything from terminal_shop is imported:
settings are read from the environment once. Every other support module imports this first.

TEST_MODE=scaleout runs the same suite on PostgreSQL, S3 (moto's server) and Redis.
"""

from __future__ import annotations

import os
import random
import socket
import tempfile
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DATA_DIR = Path(tempfile.mkdtemp(prefix="terminal-shop-test-"))
RUN_ID = uuid.uuid4().hex[:8]
SCALEOUT = os.environ.get("TEST_MODE", "embedded") == "scaleout"
PG_SCHEMA = f"ts_{RUN_ID}"  # scale-out: this run's tables, dropped afterwards
# Debian's headless shell of the same Chromium (what Playwright itself runs headless): no
# browser window layer to draw, a tenth less time and a quarter less CPU on the checkout's tests.
CHROMIUM = "/usr/bin/chromium-headless-shell"
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


for name in ("DATABASE_URL", "STORAGE_BACKEND", "S3_ENDPOINT_URL", "REDIS_URL", "SECRET_KEY"):
    os.environ.pop(name, None)
os.environ["DATA_DIR"] = str(DATA_DIR)
# Tab states on disk in this process's own folder (its sites inherit it): two xdist workers
# purging one shared `.states/` raced on the same expired file (a collection error in make check).
os.environ["REFLEX_STATES_WORKDIR"] = str(DATA_DIR / "states")
os.environ["ADMIN_EMAILS"] = "admin@terminalku.example"
# One address places every order and registration of the run: the limits are the site's
# times this; the limit tests set their own (tests/service/test_rate_limits_services.py).
os.environ["RATE_LIMIT_FACTOR"] = "1000"
# The site requires 2FA of every admin (the default); here the many sign-ins of the browser
# tests' one admin would each wait for a new 30-second code. Accounts with 2FA set up still
# give their code (tests/browser/test_team_browser.py); the requirement itself is tested
# in tests/service/test_admin_team_services.py.
os.environ["ADMIN_2FA_REQUIRED"] = "false"
# argon2 with 1 MiB instead of 64 per password: the same algorithm and code, a quarter of the
# unit and service tiers' time less (the sign-in tests hash and check hundreds of passwords).
os.environ["PASSWORD_HASH_MEMORY_KIB"] = "1024"
# Stock words follow a unit received a moment before (a person waits the few seconds a worker
# keeps its figures; a test would race them). The keeping is tested in test_stock_cache.
os.environ["STOCK_FRESH_SECONDS"] = "0"


def _redis_db() -> int:
    """A Redis database of this process's own: each run's teardown flushes it. Under
    pytest-xdist the workers of one run take neighbouring databases (1-14), never the same."""
    worker = os.environ.get("PYTEST_XDIST_WORKER", "")
    if not worker:
        return random.randint(1, 15)
    pair = int(os.environ.get("PYTEST_XDIST_TESTRUNUID", "0")[:8] or "0", 16) % 7
    return 1 + pair * 2 + int(worker.removeprefix("gw")) % 2


MOTO_PORT = free_port() if SCALEOUT else None
# The scale-out workers sit behind nginx in test_scaleout_browser.py, over HTTPS (its plain
# HTTP port only redirects): one trusted hop, and the proxy's address is an origin they let in.
PROXY_URL = f"https://127.0.0.1:{free_port()}" if SCALEOUT else ""
PROXY_HTTP_PORT = free_port() if SCALEOUT else None
if SCALEOUT:
    os.environ.update(
        DATABASE_URL=f"postgresql+psycopg2://postgres@127.0.0.1:5432/test?options=-csearch_path%3D{PG_SCHEMA}",
        STORAGE_BACKEND="s3",
        S3_ENDPOINT_URL=f"http://127.0.0.1:{MOTO_PORT}",
        S3_REGION="us-east-1",
        S3_ACCESS_KEY_ID="test",
        S3_SECRET_ACCESS_KEY="test",
        BUCKET_ORDER_PAYMENTS=f"order-payments-{RUN_ID}",
        BUCKET_MERCHANT_DOCUMENTS=f"merchant-documents-{RUN_ID}",
        BUCKET_ASSETS=f"assets-{RUN_ID}",
        REDIS_URL=f"redis://127.0.0.1:6379/{_redis_db()}",
        TRUSTED_PROXY_HOPS="1",
    )

# WhatsApp is on in every test run, pointed at the tests' stand-in of the Cloud API
# (support/whatsapp_standin.py, started by the `whatsapp` fixture); only numbers that opted in get messages.
WHATSAPP_PORT = free_port()
os.environ.update(
    WHATSAPP_TOKEN="test-whatsapp-token",
    WHATSAPP_PHONE_NUMBER_ID="109876543210",
    WHATSAPP_APP_SECRET="test-app-secret",
    WHATSAPP_VERIFY_TOKEN="test-verify-token",
    WHATSAPP_API_URL=f"http://127.0.0.1:{WHATSAPP_PORT}/v21.0",
)

SMTP_PORT = free_port()  # the site and the tests send to an SMTP server of the tests' own (aiosmtpd)
os.environ["SMTP_URL"] = f"smtp://127.0.0.1:{SMTP_PORT}"
os.environ["MAIL_FROM"] = "TerminalKu <pesanan@terminalku.example>"
