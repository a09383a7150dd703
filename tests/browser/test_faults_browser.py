"""Faults the shop lives through while buyers are on it, each caused for real on a site of
this module's own, counted from the database and the bucket afterwards.

- A worker process killed with SIGKILL (what the kernel's out-of-memory killer does).
- The state store restarted empty with tabs open: in the scale-out pass a private
  redis-server the test stops and starts again; embedded, the tab-state files removed and
  the worker killed so nothing is left in memory either.
- PostgreSQL down 10 s, the object store stalled 15 s, and workers killed in the middle of
  an upload (scale-out: the site reaches both through tests/faultproxy.py).
- A submission whose answer is lost on the way back (the connection cut after the server
  got it): the tab must learn its order was made, not make a second one.

Both the checkout and the registration wizard go through each.
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import socket
import subprocess
import time
import urllib.request
from datetime import timedelta
from pathlib import Path

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect
from sqlmodel import select

from terminal_shop.infra import sweeper
from terminal_shop.infra.db import read_session
from terminal_shop.infra.models import Order
from terminal_shop.infra.settings import get_settings
from terminal_shop.infra.storage import get_storage

from support.environment import DATA_DIR, MOTO_PORT, SCALEOUT, free_port
from support.faultproxy import FaultProxy
from support.files import png
from support.site import start_worker, stop_site
from support.steps import DETAILS, agree, choose, documents, fill_details, next_step, registrations
from support.storage import stored_keys

WORKERS = 2 if SCALEOUT else 1  # embedded tab state lives in one process's files: one worker
STATES = DATA_DIR / "states-faults"
CRASH_LOOP_SECONDS = 6
_last_kill = [0.0]
BUYER = {
    "buyer_name": "Rina Wijaya",
    "buyer_phone": "081234567890",
    "buyer_email": "rina@example.com",
    "shipping_address": "Jl. Braga No. 7, Bandung",
}


def _workers(site_pid: int) -> set[int]:
    """The web server's worker processes: forks of the site's process (same command line)."""
    own = Path(f"/proc/{site_pid}/cmdline").read_bytes()
    found = set()
    for proc in Path("/proc").iterdir():
        try:
            if not proc.name.isdigit():
                continue
            parent = int((proc / "stat").read_text().rsplit(")", 1)[1].split()[1])
            if parent == site_pid and (proc / "cmdline").read_bytes() == own:
                found.add(int(proc.name))
        except (OSError, IndexError, ValueError):
            continue  # gone while looking
    return found


def _serves(url: str) -> bool:
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
    env = {"GRANIAN_WORKERS": str(WORKERS), "REFLEX_STATES_WORKDIR": str(STATES)}
    if state_store:
        env["REDIS_URL"] = state_store.url
    if lines:
        env |= lines.env()
    proc, url = start_worker("web-faults", env=env)
    _wait_for_workers(proc, set())
    yield proc, url
    stop_site(proc)


def _wait_for_workers(proc: subprocess.Popen, gone: set[int], since: float | None = None) -> None:
    since = since or time.monotonic()
    while len(_workers(proc.pid) - gone) < WORKERS:
        assert time.monotonic() - since < 15, "the site's workers did not come (back)"
        time.sleep(0.2)


def _kill_a_worker(proc: subprocess.Popen, url: str, meanwhile=lambda: None) -> float:
    """SIGKILL to one worker (`meanwhile` runs before its replacement is up); returns the
    seconds until the site served again."""
    # granian reads a worker dying again within 5.5 s of its respawn as a crash loop and
    # stops (systemd then restarts the whole site: deploy/); these kills are single faults.
    time.sleep(max(0.0, CRASH_LOOP_SECONDS - (time.monotonic() - _last_kill[0])))
    victim = min(_workers(proc.pid))
    os.kill(victim, signal.SIGKILL)
    killed_at = _last_kill[0] = time.monotonic()
    meanwhile()
    while not _serves(url):
        assert time.monotonic() - killed_at < 5, "the site did not serve again within 5 s of the kill"
        time.sleep(0.05)
    served_after = time.monotonic() - killed_at
    _wait_for_workers(proc, {victim}, killed_at)
    assert proc.poll() is None, "the site stopped with its worker"
    return served_after


def _forget_every_tab(proc: subprocess.Popen, url: str, state_store: PrivateRedis | None) -> None:
    """The state store comes back empty while the tabs stay open."""
    if state_store:
        state_store.stop()
        state_store.start()
        return
    # The worker goes with what it held in memory, and the files with everything else.
    _kill_a_worker(proc, url, meanwhile=lambda: shutil.rmtree(STATES, ignore_errors=True))


@pytest.fixture
def buyer_page(browser, own_site):
    proc, url = own_site
    context = browser.new_context(locale="id-ID", timezone_id="Asia/Jakarta")
    page = context.new_page()
    page.set_default_timeout(15_000)
    yield page, proc, url
    context.close()


def _to_confirm(page, url: str) -> None:
    page.goto(url + "/checkout/products")
    page.locator("[data-sku=SOUNDBOX]").get_by_role("button", name="Tambah ke Keranjang").click()
    expect(page.get_by_test_id("cart-line")).to_have_count(1)
    page.get_by_role("link", name="Lanjut Isi Data").first.click()
    for field, value in BUYER.items():
        page.locator(f"#{field}").fill(value)
    page.get_by_role("button", name="Lanjut ke Pembayaran").click()
    expect(page.get_by_role("heading", name="Metode Pembayaran")).to_be_visible()


def _orders() -> list[Order]:
    with read_session() as s:
        return list(s.exec(select(Order).where(Order.buyer_email == BUYER["buyer_email"])))


def _proofs(orders: list[Order]) -> set[str]:
    keys = set(stored_keys(get_settings(), get_storage(), get_settings().bucket_order_payments))
    return {k for k in keys if any(k.startswith(f"{o.id}/") for o in orders)}


def _cut_answers(page, files: list[Path]) -> None:
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


def test_a_killed_worker_is_replaced_and_the_buyers_cart_survives(buyer_page):
    page, proc, url = buyer_page
    page.goto(url + "/checkout/products")
    page.locator("[data-sku=SOUNDBOX]").get_by_role("button", name="Tambah ke Keranjang").click()
    expect(page.get_by_test_id("cart-line")).to_have_count(1)

    # Killed at once, before the worker could write the tab's state anywhere.
    print(f"\nrecovery, worker killed: serving again after {_kill_a_worker(proc, url):.2f} s")

    page.reload()
    expect(page.get_by_test_id("cart-line")).to_have_count(1)
    expect(page.get_by_test_id("cart-line")).to_contain_text("Soundbox")


def test_a_state_store_restarted_empty_loses_no_buyer_and_makes_no_duplicate(
    buyer_page, state_store, clean_db, tmp_path
):
    page, proc, url = buyer_page
    _to_confirm(page, url)
    page.locator("input[type=file]").set_input_files(str(png(tmp_path / "bukti.png")))

    _forget_every_tab(proc, url, state_store)

    # The buyer sees their filled order and sends it: it is made from what they see.
    page.get_by_role("button", name="Kirim Pesanan").click()
    expect(page.get_by_text("Terima Kasih! Pesanan Anda telah kami terima")).to_be_visible()
    made = _orders()
    assert len(made) == 1
    assert (made[0].buyer_name, made[0].shipping_address) == (BUYER["buyer_name"], BUYER["shipping_address"])
    assert [line["sku"] for line in made[0].items] == ["SOUNDBOX"]
    assert len(_proofs(made)) == 1


def test_a_form_open_while_the_state_store_restarts_stays_filled(buyer_page, state_store):
    page, proc, url = buyer_page
    page.goto(url + "/checkout/products")
    page.locator("[data-sku=A920]").get_by_role("button", name="Tambah ke Keranjang").click()
    expect(page.get_by_test_id("cart-line")).to_have_count(1)
    page.get_by_role("link", name="Lanjut Isi Data").first.click()
    for field, value in {**BUYER, "note": "Kirim sore hari"}.items():
        page.locator(f"#{field}").fill(value)
    expect(page.locator("#note")).to_have_value("Kirim sore hari")

    _forget_every_tab(proc, url, state_store)

    # The buyer's very next act is to go on: no "wajib diisi" for fields they see filled.
    page.get_by_role("button", name="Lanjut ke Pembayaran").click()
    expect(page.get_by_role("heading", name="Metode Pembayaran")).to_be_visible()
    expect(page.get_by_text("wajib diisi")).to_have_count(0)
    expect(page.get_by_text("PAX A920 Pro").first).to_be_visible()
    page.go_back()
    for field, value in {**BUYER, "note": "Kirim sore hari"}.items():
        expect(page.locator(f"#{field}")).to_have_value(value)


def test_an_answer_lost_on_the_way_back_shows_the_order_it_made(buyer_page, clean_db, tmp_path):
    page, _, url = buyer_page
    _to_confirm(page, url)
    proof = png(tmp_path / "bukti.png")
    page.locator("input[type=file]").set_input_files(str(proof))

    _cut_answers(page, [proof])
    page.get_by_role("button", name="Kirim Pesanan").click()
    expect(page.get_by_text("Terima Kasih! Pesanan Anda telah kami terima")).to_be_visible()
    page.unroute("**/api/*")

    made = _orders()
    assert len(made) == 1, "the tab submitted again instead of finding its order"
    assert len(_proofs(made)) == 1

    # The next checkout starts empty, not on the order already made.
    page.goto(url + "/checkout/products")
    expect(page.get_by_text("Keranjang Anda masih kosong")).to_be_visible()


# ----- the registration wizard -----


def _wizard_to_last_step(page, url: str, tmp_path, email: str) -> None:
    page.goto(url + "/pendaftaran")
    fill_details(page, email=email)
    next_step(page)
    for doc, path in documents(tmp_path).items():
        choose(page, doc, path)
    next_step(page)
    agree(page)


def test_a_wizard_sent_after_the_state_store_restarted_is_stored_as_filled(buyer_page, state_store, clean_db, tmp_path):
    page, proc, url = buyer_page
    _wizard_to_last_step(page, url, tmp_path, "lina@example.com")

    _forget_every_tab(proc, url, state_store)

    if not SCALEOUT:
        # Here the fault was a worker restart: the tab reconnected and its wizard came back
        # at the first step, every field filled in from the browser and the documents still
        # chosen. Only the consent is asked again.
        expect(page.locator("#nama_usaha")).to_have_value(DETAILS["nama_usaha"])
        expect(page.get_by_text("Data Diri & Usaha").first).to_be_visible()
        next_step(page)
        next_step(page)
        agree(page)
    page.get_by_role("button", name="Kirim Pendaftaran").click()
    page.wait_for_url(re.compile("/pendaftaran/success"))
    [row] = registrations("lina@example.com")
    assert (row.nama_usaha, row.kabupaten_kota) == (DETAILS["nama_usaha"], DETAILS["kabupaten_kota"])
    assert row.foto_ktp_url and row.foto_barang_url


def test_a_wizard_whose_answer_was_lost_shows_it_was_received(buyer_page, clean_db, tmp_path):
    page, _, url = buyer_page
    _wizard_to_last_step(page, url, tmp_path, "dewi@example.com")

    _cut_answers(page, list(documents(tmp_path).values()))
    page.get_by_role("button", name="Kirim Pendaftaran").click()
    page.wait_for_url(re.compile("/pendaftaran/success"))
    page.unroute("**/api/*")
    assert len(registrations("dewi@example.com")) == 1

    # The wizard starts empty again, not on the registration already sent.
    page.goto(url + "/pendaftaran")
    expect(page.locator("#nama_usaha")).to_have_value("")


# ----- the shared services (scale-out: the embedded site has no connection to lose) -----

NETWORKED = pytest.mark.skipif(
    not SCALEOUT, reason="embedded, the database and files are local to the site's process: no line to cut"
)


@NETWORKED
def test_database_down_ten_seconds_then_exactly_one_order(buyer_page, lines, clean_db, tmp_path):
    page, _, url = buyer_page
    _to_confirm(page, url)
    proof = png(tmp_path / "bukti.png")
    page.locator("input[type=file]").set_input_files(str(proof))

    lines.db.cut()
    down_at = time.monotonic()
    page.get_by_role("button", name="Kirim Pesanan").click()
    page.wait_for_url(re.compile("/checkout/failed"))
    expect(page.get_by_test_id("failed-reason")).to_have_text("Alasan: Terjadi kesalahan yang tidak diketahui")
    time.sleep(max(0.0, 10 - (time.monotonic() - down_at)))
    lines.db.restore()
    back_at = time.monotonic()

    # The buyer tries again at once: cart and form are still there, the proof is picked again.
    page.get_by_role("link", name="Coba Lagi").click()
    expect(page.get_by_role("heading", name="Metode Pembayaran")).to_be_visible()
    page.locator("input[type=file]").set_input_files(str(proof))
    page.get_by_role("button", name="Kirim Pesanan").click()
    expect(page.get_by_text("Terima Kasih! Pesanan Anda telah kami terima")).to_be_visible()
    print(f"\nrecovery, database down 10 s: ordered again {time.monotonic() - back_at:.1f} s after it was back")
    assert time.monotonic() - back_at < 5 + 5, "not serving within 5 s of the database's return (+5 s of clicks)"
    made = _orders()
    assert len(made) == 1
    assert len(_proofs(made)) == 1


@NETWORKED
def test_object_store_stalled_fifteen_seconds_still_tells_the_buyer(buyer_page, lines, clean_db, tmp_path):
    page, _, url = buyer_page
    _to_confirm(page, url)
    page.locator("input[type=file]").set_input_files(str(png(tmp_path / "bukti.png")))

    lines.store.stall()
    stalled_at = time.monotonic()
    page.get_by_role("button", name="Kirim Pesanan").click()
    time.sleep(max(0.0, 15 - (time.monotonic() - stalled_at)))
    lines.store.restore()
    back_at = time.monotonic()

    # Longer than the tab's state lock (10 s): the answer may not come back by itself,
    # but the tab learns what its attempt made.
    expect(page.get_by_text("Terima Kasih! Pesanan Anda telah kami terima")).to_be_visible(timeout=40_000)
    print(f"\nrecovery, object store stalled 15 s: buyer told {time.monotonic() - back_at:.1f} s after it was back")
    made = _orders()
    assert len(made) == 1
    assert len(_proofs(made)) == 1


def _wait_until(page, condition: str, seconds: float) -> None:
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


@NETWORKED
def test_workers_killed_mid_upload_lose_nothing_and_leave_no_orphan(buyer_page, lines, clean_db, tmp_path):
    page, proc, url = buyer_page
    _to_confirm(page, url)
    proof = png(tmp_path / "bukti.png")
    page.locator("input[type=file]").set_input_files(str(proof))

    # The store keeps the file but holds its answer: the upload is caught between storing
    # its file and committing its order.
    page.evaluate("window.beforeTheFault = true")
    lines.store.hold_answers()
    page.get_by_role("button", name="Kirim Pesanan").click()
    time.sleep(2)
    for _ in range(WORKERS):  # whichever worker has it
        _kill_a_worker(proc, url)
    lines.store.restore()

    # Chromium may send a POST cut off this way again, to a worker still alive: then the tab
    # gets its answer. Otherwise the tab reloads itself, finds no order for its attempt and
    # gives the form back, and the buyer sends it again.
    _wait_until(page, "!window.beforeTheFault || location.pathname.includes('success')", 20)
    if "/checkout/success" not in page.url:
        expect(page.get_by_role("heading", name="Metode Pembayaran")).to_be_visible()
        page.locator("input[type=file]").set_input_files(str(proof))
        page.get_by_role("button", name="Kirim Pesanan").click()
    expect(page.get_by_text("Terima Kasih! Pesanan Anda telah kami terima")).to_be_visible()
    made = _orders()
    assert len(made) == 1

    # The killed attempt left its file (Chromium may have sent the cut-off POST again to the
    # other worker, which was killed too: one more file).
    assert len(_proofs(made)) >= 2, "the killed attempt's file is not in the store (the fault was not caught)"
    sweeper.sweep(grace=timedelta(0))
    assert len(_proofs(made)) == 1, "a file of the killed attempt is left beside the order's"
    assert made[0].payment_proof_path in _proofs(made)
