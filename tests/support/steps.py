"""What a person does in the browser (sign in, fill the checkout, the wizard), shared by browser tests."""

from __future__ import annotations

import re
import time
from pathlib import Path

from playwright.sync_api import expect
from sqlmodel import select

from terminal_shop.infra.db import read_session
from terminal_shop.services.orders.tables import Order
from terminal_shop.services.registrations.tables import MerchantRegistration
from terminal_shop.services.registrations.terms import DocumentKind

from support.environment import DATA_DIR, SCALEOUT
from support.files import jpg, png

EMAIL, PASSWORD = "admin@terminalku.example", "rahasia-admin-123"


def sign_in(pg) -> None:
    pg.goto(pg.base + "/admin/login")
    pg.locator("#email").fill(EMAIL)
    pg.locator("#password").fill(PASSWORD)
    pg.get_by_role("button", name="Masuk sebagai Admin").click()
    pg.wait_for_url(re.compile(r"/admin/ringkasan$"))  # the owner lands on the overview (issue 63.6)
    expect(pg.get_by_test_id("admin-email")).to_have_text(EMAIL)
    pg.goto(pg.base + "/admin")  # the tests start from the registrations, the SPEC's /admin
    expect(pg.get_by_test_id("list")).to_have_attribute("aria-busy", "false")  # loaded, not dimmed


def get_merchant(mid) -> MerchantRegistration | None:
    with read_session() as s:
        return s.get(MerchantRegistration, mid)


BUYER = {
    "buyer_name": "Siti Rahayu",
    "buyer_phone": "0812-3456 7890",
    "buyer_email": "siti@example.com",
    "shipping_address": "Jl. Tunjungan No. 5, Surabaya",
}


def orders_in_db() -> list[Order]:
    with read_session() as s:
        return list(s.exec(select(Order).order_by(Order.created_at)))


def add(pg, sku: str, qty: int = 1) -> None:
    card = pg.locator(f"[data-sku={sku}]")
    if qty != 1:
        card.get_by_role("spinbutton").fill(str(qty))
        expect(card.get_by_role("spinbutton")).to_have_value(str(qty))
    card.get_by_role("button", name="Tambah ke Keranjang").click()


def fill_buyer(pg, **over) -> None:
    for name, value in {**BUYER, **over}.items():
        pg.locator(f"#{name}").fill(value)


def to_confirm(pg, cart=(("A920", 1),)) -> None:
    pg.goto(pg.base + "/checkout/products")
    for sku, qty in cart:
        add(pg, sku, qty)
    pg.get_by_role("link", name="Lanjut Isi Data").first.click()  # a phone also has it in its cart bar
    expect(pg.get_by_role("heading", name="Data Pembeli", level=1)).to_be_visible()
    fill_buyer(pg)
    pg.get_by_role("button", name="Lanjut ke Pembayaran").click()
    expect(pg.get_by_role("heading", name="Metode Pembayaran")).to_be_visible()


def rupiah_value(text: str) -> int:
    """3498873 from 'Rp 3.498.873', as a page shows it."""
    return int(re.sub(r"[^0-9]", "", text))


def choose_proof(pg, path: Path) -> None:
    pg.locator("input[type=file]").set_input_files(str(path))


DETAILS = {
    "nama_lengkap": "Sri Wahyuni",
    "nomor_hp": "0812-3456-7890",
    "email": "sri@example.com",
    "nama_usaha": "Warung Bu Sri",
    "alamat_usaha": "Jl. Kenjeran No. 10",
    "kecamatan": "Bulak",
    "kabupaten_kota": "Surabaya",
    "omzet_bulanan": "15000000",
    "nama_rekening": "Sri Wahyuni",
    "nomor_rekening": "1234567890",
}


DOC_INDEX = {d.value: i for i, d in enumerate(DocumentKind)}


def registrations(email: str | None = None) -> list[MerchantRegistration]:
    with read_session() as s:
        q = select(MerchantRegistration)
        if email:
            q = q.where(MerchantRegistration.email == email)
        return list(s.exec(q))


def fill_details(pg, **over) -> None:
    for name, value in {**DETAILS, **over}.items():
        pg.locator(f"#{name}").fill(value)
    pg.select_option("#jenis_usaha", "fnb")
    pg.select_option("#nama_bank", "Bank BCA")


def choose(pg, doc: str, path) -> None:
    pg.locator("input[type=file]").nth(DOC_INDEX[doc]).set_input_files(str(path))


def agree(pg) -> None:
    box = pg.get_by_role("checkbox", name=re.compile("Saya menyatakan data"))
    box.click()  # a controlled checkbox: its state comes back from the server
    expect(box).to_be_checked()


def next_step(pg) -> None:
    pg.get_by_role("button", name="Lanjutkan").click()


def documents(tmp_path, all_five: bool = True) -> dict:
    out = {
        "ktp": jpg(tmp_path / "ktp.jpg", gps=True),
        "selfie": png(tmp_path / "selfie.png"),
        "usaha": jpg(tmp_path / "toko.jpg"),
    }
    if all_five:
        out |= {"kk": jpg(tmp_path / "kk.jpg"), "barang": png(tmp_path / "barang.png")}
    return out


def wait_for_mail(mailbox, subject_part: str, timeout: float = 30):
    """The site's own sender delivers from the outbox every few seconds."""
    deadline = time.time() + timeout
    while time.time() < deadline:
        found = [m for m in mailbox if subject_part in m["Subject"]]
        if found:
            return found
        time.sleep(0.3)
    raise AssertionError(f"no e-mail with {subject_part!r}: {[m['Subject'] for m in mailbox]}")


def stored_tab_states() -> list[tuple[str, bytes, int]]:
    """(name, content, permission bits or TTL seconds) of every tab the site stores right now
    (Redis in the scale-out pass, this process's states folder embedded)."""
    if SCALEOUT:
        import redis

        from terminal_shop.infra.settings import get_settings

        r = redis.Redis.from_url(get_settings().redis_url)
        return [(k.decode(), r.get(k) or b"", r.ttl(k)) for k in r.scan_iter("*") if r.type(k) == b"string"]
    return [(p.name, p.read_bytes(), p.stat().st_mode & 0o777) for p in (DATA_DIR / "states").glob("*")]


def site_log(page, lines: int = 40) -> str:
    """The end of the log of the site `page` talks to (for a failure's message)."""
    from support.environment import DATA_DIR

    port = page.base.rsplit(":", 1)[-1].split("/")[0]
    log = DATA_DIR / f"site-{port}.log"
    return "\n".join(log.read_text(errors="replace").splitlines()[-lines:]) if log.exists() else "(no log)"


def open_admin_menu(pg) -> None:
    """On a phone (below 768 px) the admin header's links are behind "Menu" (issue 50.8); at a
    desk they are shown."""
    if (pg.viewport_size or {}).get("width", 1280) >= 768:
        return
    menu = pg.locator("[data-admin-menu]")
    menu.locator("summary").wait_for()
    if menu.get_attribute("open") is None:
        menu.locator("summary").click()
    expect(menu).to_have_attribute("open", "")
