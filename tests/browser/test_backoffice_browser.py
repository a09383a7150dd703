"""The back office as a daily tool, in real Chromium: sorting, date ranges, lists restored
from their URL (reload, Back), the overview against rows this test wrote, the document
viewer, and every admin page at 360 px."""

from __future__ import annotations

import csv
import io
import re
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from playwright.sync_api import expect

from terminal_shop.formats import WIB
from terminal_shop.services.team import admin_auth

from support.factories import ONE_D210, checkout_order, make_merchant, make_order, merchant_row, wib_midnight
from support.steps import EMAIL, PASSWORD, open_admin_menu, sign_in


@pytest.fixture
def admin(clean_db):
    admin_auth.create_admin(EMAIL, PASSWORD)


def buyers(page) -> list[str]:
    return page.get_by_test_id("order-row").locator("td:nth-child(3) div.font-medium").all_inner_texts()


def header(page, name: str):
    return page.get_by_role("columnheader", name=name)


def test_orders_sort_filter_by_date_and_restore_from_the_url(page, admin):
    make_order("Ayu Lestari", total=150_000, created=wib_midnight(0) + timedelta(minutes=1), method="QRIS")
    make_order(
        "Bagus Wirawan", total=900_000, created=wib_midnight(2) + timedelta(hours=1), status="confirmed", method="QRIS"
    )
    make_order("Citra Dewi", total=450_000, created=wib_midnight(12) + timedelta(hours=1), method="QRIS")
    make_order("Dimas Saputra", total=300_000, created=wib_midnight(60), method="QRIS")
    sign_in(page)
    page.goto(page.base + "/admin/orders")
    expect(page.get_by_test_id("order-row")).to_have_count(4)
    assert buyers(page) == ["Ayu Lestari", "Bagus Wirawan", "Citra Dewi", "Dimas Saputra"]  # newest first
    expect(header(page, "Tanggal")).to_have_attribute("aria-sort", "descending")

    # Sort by total: largest first, then (clicked again) smallest first.
    page.get_by_test_id("sort-total").click()
    page.wait_for_url(re.compile(r"urut=total"))
    expect(header(page, "Total")).to_have_attribute("aria-sort", "descending")
    expect(header(page, "Tanggal")).to_have_attribute("aria-sort", "none")
    expect(page.get_by_test_id("order-row").first).to_contain_text("Bagus Wirawan")
    page.get_by_test_id("sort-total").click()
    page.wait_for_url(re.compile(r"urut=total&arah=naik"))
    expect(header(page, "Total")).to_have_attribute("aria-sort", "ascending")
    expect(page.get_by_test_id("order-row").first).to_contain_text("Ayu Lestari")
    assert buyers(page) == ["Ayu Lestari", "Dimas Saputra", "Citra Dewi", "Bagus Wirawan"]

    # The last 7 days (WIB): the two older orders leave; the sort stays.
    page.get_by_role("combobox", name="periode").select_option("7-hari")
    page.wait_for_url(re.compile(r"periode=7-hari"))
    expect(page.get_by_test_id("order-row")).to_have_count(2)
    assert buyers(page) == ["Ayu Lestari", "Bagus Wirawan"]
    expect(page.get_by_test_id("pager")).to_have_text("Halaman 1 dari 1 (2 total)")
    filtered = page.url

    # A reload, and a shared link in a fresh tab, restore the same list.
    page.reload()
    expect(page.get_by_test_id("order-row")).to_have_count(2)
    expect(page.get_by_role("combobox", name="periode")).to_have_value("7-hari")
    expect(header(page, "Total")).to_have_attribute("aria-sort", "ascending")
    other = page.context.new_page()
    other.goto(filtered)
    expect(other.get_by_test_id("order-row")).to_have_count(2)
    other.close()

    # Back returns to the list before the date filter.
    page.go_back()
    page.wait_for_url(re.compile(r"urut=total&arah=naik$"))
    expect(page.get_by_test_id("order-row")).to_have_count(4)
    expect(page.get_by_role("combobox", name="periode")).to_have_value("")

    # A custom range of WIB days: only the order of 12 days ago.
    day = (datetime.now(UTC).astimezone(WIB).date() - timedelta(days=12)).isoformat()
    page.get_by_role("combobox", name="periode").select_option("pilih")
    page.get_by_label("Dari").fill(day)
    page.get_by_label("Sampai").fill(day)
    page.get_by_role("button", name="Terapkan").click()
    page.wait_for_url(re.compile(rf"periode=pilih&dari={day}&sampai={day}"))
    expect(page.get_by_test_id("order-row")).to_have_count(1)
    assert buyers(page) == ["Citra Dewi"]

    # The export follows the list: the same range, the same order.
    page.get_by_role("combobox", name="periode").select_option("30-hari")
    page.wait_for_url(re.compile(r"periode=30-hari"))
    expect(page.get_by_test_id("order-row")).to_have_count(3)
    with page.expect_download() as dl:
        page.get_by_role("button", name="Export CSV").click()
    rows = list(csv.reader(io.StringIO(Path(dl.value.path()).read_text(encoding="utf-8-sig"))))
    assert [r[2] for r in rows[1:]] == ["Ayu Lestari", "Citra Dewi", "Bagus Wirawan"]

    # Nothing found: the filters that are on, and one click to clear them.
    search = page.get_by_role("searchbox", name="Cari")
    search.fill("tidak ada orang ini")
    search.press("Enter")
    empty = page.get_by_test_id("empty")
    expect(empty).to_contain_text("Tidak ada data")
    expect(empty).to_contain_text("Filter aktif: Pencarian “tidak ada orang ini” · Periode: 30 hari terakhir")
    expect(page.get_by_test_id("list")).to_have_attribute("aria-busy", "false")
    empty.get_by_role("button", name="Hapus semua filter").click()
    page.wait_for_url(re.compile(r"/admin/orders\?urut=total&arah=naik$"))
    expect(page.get_by_test_id("order-row")).to_have_count(4)
    expect(search).to_have_value("")


def test_merchants_sort_by_name_and_page_from_the_url(page, admin):
    start = wib_midnight(1)
    for i in range(23):
        merchant_row(f"Toko {chr(ord('A') + i)}", start + timedelta(minutes=i), n=i)
    sign_in(page)
    page.get_by_test_id("sort-nama").click()
    page.wait_for_url(re.compile(r"urut=nama"))
    rows = page.get_by_test_id("merchant-row")
    expect(rows.first).to_contain_text("Toko A")
    expect(page.get_by_role("columnheader", name="Nama Usaha")).to_have_attribute("aria-sort", "ascending")
    page.get_by_role("button", name="Next").click()
    page.wait_for_url(re.compile(r"urut=nama&hal=2"))
    expect(rows).to_have_count(3)
    expect(rows.first).to_contain_text("Toko U")
    page.reload()
    expect(rows.first).to_contain_text("Toko U")
    page.go_back()
    page.wait_for_url(re.compile(r"urut=nama$"))
    expect(rows).to_have_count(20)
    expect(rows.first).to_contain_text("Toko A")


def test_overview_shows_the_figures_of_the_rows(page, admin):
    yesterday = wib_midnight(1)
    make_order(
        "Satu",
        total=1_000_000,
        created=yesterday + timedelta(hours=2),
        status="confirmed",
        method="QRIS",
        confirmed_after=timedelta(hours=2),
    )
    make_order(
        "Dua",
        total=500_000,
        created=yesterday + timedelta(hours=5),
        status="confirmed",
        method="QRIS",
        confirmed_after=timedelta(hours=4),
    )
    make_order("Tiga", total=250_000, created=wib_midnight(0) + timedelta(minutes=1), method="QRIS")
    make_order("Lama", total=10_000, created=wib_midnight(50) + timedelta(hours=1), status="cancelled", method="QRIS")
    merchant_row("Toko A", datetime.now(UTC) - timedelta(days=3, minutes=1), "pending", n=1)
    merchant_row("Toko B", yesterday, "rejected", n=2)
    sign_in(page)
    page.get_by_role("link", name="Ringkasan").click()
    page.wait_for_url(re.compile(r"/admin/ringkasan"))
    expect(page.get_by_test_id("orders")).to_have_text("3")  # the last 30 days
    expect(page.get_by_test_id("revenue")).to_have_text("Rp 1.500.000")
    expect(page.get_by_test_id("confirmed")).to_have_text("2")
    expect(page.get_by_test_id("average")).to_have_text("3 jam")
    waiting = page.get_by_test_id("waiting")
    expect(waiting.nth(0)).to_contain_text("Pembayaran menunggu review1")
    expect(waiting.nth(1)).to_contain_text("Pendaftaran menunggu review1Terlama menunggu: 3 hari")
    expect(page.get_by_test_id("registrations")).to_contain_text("Pending1")
    expect(page.get_by_test_id("registrations")).to_contain_text("Rejected1")
    expect(page.locator(".recharts-bar-rectangle").first).to_be_attached()
    ticks = page.get_by_test_id("revenue-chart").locator("svg text").filter(has_text="Rp")  # the y axis
    expect(ticks.filter(has_text=re.compile(r"^Rp \d+(,\d)? jt$")).first).to_be_attached()  # issue 39.9: "Rp 1,6 jt"
    assert not [t for t in ticks.all_text_contents() if re.search(r"\d{4}", t)]  # never "1600000"
    # The chart's figures as a table, for screen readers and exact reading.
    table = page.get_by_test_id("revenue-table")
    table.get_by_text("Lihat sebagai tabel").click()
    expect(table.get_by_role("row")).to_have_count(31)
    day = (datetime.now(UTC).astimezone(WIB).date() - timedelta(days=1)).strftime("%d/%m/%Y")
    expect(table.get_by_role("row", name=day)).to_contain_text("Rp 1.500.000")

    page.get_by_role("combobox", name="periode").select_option("hari-ini")
    page.wait_for_url(re.compile(r"periode=hari-ini"))
    expect(page.get_by_test_id("orders")).to_have_text("1")
    expect(page.get_by_test_id("revenue")).to_have_text("Rp 0")
    page.get_by_role("combobox", name="periode").select_option("pilih")
    page.get_by_label("Dari").fill((datetime.now(UTC).astimezone(WIB).date() - timedelta(days=60)).isoformat())
    page.get_by_label("Sampai").fill((datetime.now(UTC).astimezone(WIB).date()).isoformat())
    page.get_by_role("button", name="Terapkan").click()
    expect(page.get_by_test_id("orders")).to_have_text("4")
    # The waiting card opens the list of what waits, oldest first.
    page.get_by_test_id("waiting").nth(0).click()
    page.wait_for_url(re.compile(r"/admin/orders\?status=paid_review"))
    expect(page.get_by_test_id("order-row")).to_have_count(1)


def test_document_viewer_zooms_rotates_and_steps_by_keyboard(page, admin, tmp_path):
    mid = make_merchant(tmp_path)
    sign_in(page)
    page.goto(page.base + f"/admin/merchants/{mid}")
    page.get_by_role("button", name="Lihat Foto KTP").click()
    viewer = page.get_by_role("dialog")
    photo = viewer.locator("[data-viewer-img]")
    page.wait_for_function("[...document.querySelectorAll('[data-viewer-img]')].some(i => i.naturalWidth > 0)")
    expect(viewer.get_by_test_id("viewer-position")).to_have_text("1 / 3")
    expect(viewer.locator("[data-viewer]")).to_be_focused()

    viewer.get_by_role("button", name="Putar").click()
    expect(photo).to_have_attribute("style", re.compile(r"rotate\(90deg\)"))
    viewer.get_by_role("button", name="Perbesar").click()
    expect(viewer.get_by_text("125%")).to_be_visible()
    expect(photo).to_have_attribute("style", re.compile(r"zoom: 1\.25"))
    page.keyboard.press("+")
    expect(viewer.get_by_text("150%")).to_be_visible()
    page.keyboard.press("-")
    page.keyboard.press("-")
    page.keyboard.press("-")
    expect(viewer.get_by_text("75%")).to_be_visible()
    page.keyboard.press("0")  # fit
    expect(viewer.get_by_text("100%")).to_be_visible()
    page.keyboard.press("r")
    expect(photo).to_have_attribute("style", re.compile(r"rotate\(180deg\)"))

    # The next document by arrow key starts upright and unzoomed; the buttons work too.
    page.keyboard.press("ArrowRight")
    expect(viewer.get_by_test_id("viewer-position")).to_have_text("2 / 3")
    expect(viewer.get_by_role("heading")).to_have_text("Foto selfie dengan KTP")
    expect(photo).not_to_have_attribute("style", re.compile(r"rotate"))
    viewer.get_by_role("button", name="Dokumen sebelumnya").click()
    viewer.get_by_role("button", name="Dokumen sebelumnya").click()
    expect(viewer.get_by_test_id("viewer-position")).to_have_text("3 / 3")
    page.keyboard.press("Escape")
    expect(viewer).to_be_hidden()


# What sticks out past the screen's right edge (the innermost elements), to name the culprit.
TOO_WIDE = """[...document.querySelectorAll('body *')]
  .filter(e => e.getBoundingClientRect().right > innerWidth + 1 && ![...e.children].some(
      c => c.getBoundingClientRect().right > innerWidth + 1))
  .slice(0, 5).map(e => e.tagName + '.' + e.className.toString().slice(0, 60))"""


def test_every_admin_page_fits_a_phone(phone, admin, tmp_path):
    mid = make_merchant(tmp_path)
    sold = checkout_order(buyer_name="Sari Pratiwi", lines=ONE_D210)
    sign_in(phone)
    for path, ready in (
        ("/admin", "merchant-row"),
        ("/admin/orders", "order-row"),
        (f"/admin/orders/{sold.id}", "totals"),
        (f"/admin/merchants/{mid}", "doc-ktp"),
        ("/admin/ringkasan", "orders"),
        ("/admin/sesi", "session-row"),
    ):
        phone.goto(phone.base + path)
        expect(phone.get_by_test_id(ready).first).to_be_visible()
        width = phone.evaluate("document.documentElement.scrollWidth")
        assert width <= 360, f"{path} is {width}px wide: {phone.evaluate(TOO_WIDE)}"
    phone.goto(phone.base + "/admin/orders")
    open_admin_menu(phone)
    phone.get_by_role("button", name="Logout").click()
    phone.wait_for_url(re.compile(r"/admin/login"))
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360
