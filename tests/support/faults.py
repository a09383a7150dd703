"""Plugin and helpers for the fault tests (tests/browser/test_faults_browser.py): a site of
their own with a private state store and cuttable lines, and the faults they cause."""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import time
import urllib.request
from pathlib import Path

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect
from sqlmodel import select

from terminal_shop.infra.db import read_session
from terminal_shop.infra.settings import get_settings
from terminal_shop.infra.storage import get_storage
from terminal_shop.services.orders.tables import Order

from support.environment import DATA_DIR, MOTO_PORT, SCALEOUT, free_port
from support.faultproxy import FaultProxy
from support.site import start_worker, stop_site
from support.steps import agree, choose, documents, fill_details, next_step
from support.storage import stored_keys

WORKERS = 2 if SCALEOUT else 1  # embedded tab state lives in one process's files: one worker
STATES = DATA_DIR / "states-faults"
BUYER = {
    "buyer_name": "Rina Wijaya",
    "buyer_phone": "081234567890",
    "buyer_email": "rina@example.com",
    "shipping_address": "Jl. Braga No. 7, Bandung",
}


def _children(pid: int) -> list[int]:
    children = Path(f"/proc/{pid}/task/{pid}/children")
    return [int(c) for c in children.read_text().split()] if children.exists() else []


def site_workers(site_pid: int) -> set[int]:
    """The web server's worker processes: below the site's process, forks of gunicorn's
    master (the same command line as their parent)."""
    found, todo = set(), [site_pid]
    while todo:
        parent = todo.pop()
        try:
            own = Path(f"/proc/{parent}/cmdline").read_bytes()
            for child in _children(parent):
                if Path(f"/proc/{child}/cmdline").read_bytes() == own:
                    found.add(child)
                todo.append(child)
        except OSError:
            continue  # gone while looking
    return found


def serves(url: str) -> bool:
    try:
        with urllib.request.urlopen(url + "/ping", timeout=1) as r:
            return r.status == 200
    except OSError:
        return False


class PrivateRedis:
    """A redis-server of the test's own (the machine's shared one is never touched)."""

    def __init__(self) -> None:
        self.port = free_port()
        self.proc: subprocess.Popen | None = None
        self.start()

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        self.proc = subprocess.Popen(
            ["redis-server", "--port", str(self.port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
            stdout=subprocess.DEVNULL,
        )
        deadline = time.time() + 10
        while time.time() < deadline:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.2):
                    return
            except OSError:
                time.sleep(0.05)
        raise RuntimeError("private redis-server did not start")

    def stop(self) -> None:
        if self.proc:
            self.proc.kill()
            self.proc.wait()


@pytest.fixture(scope="module")
def state_store():
    if not SCALEOUT:
        yield None
        return
    store = PrivateRedis()
    yield store
    store.stop()


class Lines:
    """The module's site reaches PostgreSQL and the object store through these (scale-out)."""

    def __init__(self) -> None:
        self.db = FaultProxy("127.0.0.1", 5432)
        self.store = FaultProxy("127.0.0.1", MOTO_PORT)

    def env(self) -> dict[str, str]:
        return {
            "DATABASE_URL": os.environ["DATABASE_URL"].replace("127.0.0.1:5432", f"127.0.0.1:{self.db.port}"),
            "S3_ENDPOINT_URL": f"http://127.0.0.1:{self.store.port}",
        }


@pytest.fixture(scope="module")
def lines(moto_endpoint):
    return Lines() if SCALEOUT else None


@pytest.fixture(scope="module")
def own_site(site, state_store, lines):
    """A site of this module's own, so killing its workers disturbs no other test."""
    env = {"WEB_CONCURRENCY": str(WORKERS), "REFLEX_STATES_WORKDIR": str(STATES)}
    if state_store:
        env["REDIS_URL"] = state_store.url
    if lines:
        env |= lines.env()
    proc, url = start_worker("web-faults", env=env)
    wait_for_workers(proc, set())
    yield proc, url
    stop_site(proc)


def wait_for_workers(proc: subprocess.Popen, gone: set[int], since: float | None = None) -> None:
    since = since or time.monotonic()
    while len(site_workers(proc.pid) - gone) < WORKERS:
        assert time.monotonic() - since < 15, "the site's workers did not come (back)"
        time.sleep(0.2)


def kill_a_worker(proc: subprocess.Popen, url: str, meanwhile=lambda: None) -> float:
    """SIGKILL to one worker (`meanwhile` runs before its replacement is up); returns the
    seconds until the site served again."""
    victim = min(site_workers(proc.pid))
    os.kill(victim, signal.SIGKILL)
    killed_at = time.monotonic()
    meanwhile()
    while not serves(url):
        assert time.monotonic() - killed_at < 5, "the site did not serve again within 5 s of the kill"
        time.sleep(0.05)
    served_after = time.monotonic() - killed_at
    wait_for_workers(proc, {victim}, killed_at)
    assert proc.poll() is None, "the site stopped with its worker"
    return served_after


def kill_every_worker(proc: subprocess.Popen, url: str) -> None:
    """SIGKILL to every worker serving now, at once (killing them one by one, the lowest PID
    first, could take a fresh replacement and spare the worker the test meant to catch)."""
    victims = site_workers(proc.pid)
    for victim in victims:
        os.kill(victim, signal.SIGKILL)
    killed_at = time.monotonic()
    while not serves(url):
        assert time.monotonic() - killed_at < 10, "the site did not serve again within 10 s of the kill"
        time.sleep(0.05)
    wait_for_workers(proc, victims, killed_at)
    assert proc.poll() is None, "the site stopped with its workers"


def forget_every_tab(proc: subprocess.Popen, url: str, state_store: PrivateRedis | None) -> None:
    """The state store comes back empty while the tabs stay open."""
    if state_store:
        state_store.stop()
        state_store.start()
        return
    # The worker goes with what it held in memory, and the files with everything else.
    kill_a_worker(proc, url, meanwhile=lambda: shutil.rmtree(STATES, ignore_errors=True))


@pytest.fixture
def buyer_page(browser, own_site):
    proc, url = own_site
    context = browser.new_context(locale="id-ID", timezone_id="Asia/Jakarta")
    page = context.new_page()
    page.set_default_timeout(15_000)
    yield page, proc, url
    context.close()


def to_confirm_page(page, url: str) -> None:
    page.goto(url + "/checkout/products")
    page.locator("[data-sku=SOUNDBOX]").get_by_role("button", name="Tambah ke Keranjang").click()
    expect(page.get_by_test_id("cart-line")).to_have_count(1)
    page.get_by_role("link", name="Lanjut Isi Data").first.click()
    for field, value in BUYER.items():
        page.locator(f"#{field}").fill(value)
    page.get_by_role("button", name="Lanjut ke Pembayaran").click()
    expect(page.get_by_role("heading", name="Metode Pembayaran")).to_be_visible()


def choose_proof(page, proof: Path) -> None:
    """The proof chosen, and "Kirim Pesanan" ready as the buyer sees it: the page has its
    attempt's key (a fault struck while the page still loads would catch the page, not the
    submission the test is after)."""
    page.locator("input[type=file]").set_input_files(str(proof))
    expect(page.get_by_role("button", name="Kirim Pesanan")).to_be_enabled()


def all_orders() -> list[Order]:
    with read_session() as s:
        return list(s.exec(select(Order).where(Order.buyer_email == BUYER["buyer_email"])))


def all_stored_proofs() -> set[str]:
    return set(stored_keys(get_settings(), get_storage(), get_settings().bucket_order_payments))


def proofs_of(orders: list[Order]) -> set[str]:
    return {k for k in all_stored_proofs() if any(k.startswith(f"{o.id}/") for o in orders)}


def cut_answers(page, files: list[Path]) -> None:
    """From now on the tab's uploads reach the server whole, and the answer is cut off on
    its way back (connection reset), as a dropped phone connection would. Chromium keeps
    the files' bytes out of what it lets the test see, so they are put back in their parts."""

    def sent_whole_answer_lost(route):
        body = route.request.post_data_buffer or b""
        for path in files:
            marker = f'filename="{path.name}"'.encode()
            at = body.find(marker)
            if at < 0:
                marker = f'{path.name}"'.encode()  # the wizard names each file after its document
                at = body.find(marker)
            assert at >= 0, f"{path.name} is not in the upload"
            start = body.index(b"\r\n\r\n", at) + 4
            if body[start : start + 2] == b"\r\n":  # held back: put it in
                body = body[:start] + path.read_bytes() + body[start:]
        route.fetch(post_data=body, timeout=30_000)  # the server receives and answers...
        route.abort("connectionreset")  # ...and the answer never reaches the buyer

    page.route("**/api/*", sent_whole_answer_lost)


def wizard_to_last_step(page, url: str, tmp_path, email: str) -> None:
    page.goto(url + "/pendaftaran")
    fill_details(page, email=email)
    next_step(page)
    for doc, path in documents(tmp_path).items():
        choose(page, doc, path)
    next_step(page)
    agree(page)


def wait_until(page, condition: str, seconds: float) -> None:
    """Until `condition` holds in the page, across its reloads (which end each evaluation)."""
    deadline = time.monotonic() + seconds
    while True:
        try:
            if page.evaluate(f"() => Boolean({condition})"):
                return
        except PlaywrightError:  # the page was navigating
            pass
        assert time.monotonic() < deadline, f"not within {seconds} s: {condition}"
        time.sleep(0.2)
