"""The merchant's team in Chromium (issue 49, the journey): the owner adds an outlet, places a
terminal there and invites a cashier for it; the cashier opens the e-mailed link on a phone,
signs in with their own code and sees only today's sales of that outlet's terminal, is refused
the CSV and the payouts; the owner removes them and their open tab stops receiving data."""

from __future__ import annotations

import re
from urllib.parse import urlsplit

from playwright.sync_api import expect
from test_account_browser import open_section, sign_in_by_code

from terminal_shop import routes
from terminal_shop.cli.transactions import simulate
from terminal_shop.infra.db import write_session
from terminal_shop.services.devices.tables import Device
from terminal_shop.services.transactions import signers

from support.factories import ADMIN, approved_merchant
from support.steps import wait_for_mail

OWNER, CASHIER = "pemilik.tim@example.com", "kasir.tim@example.com"


def test_a_cashier_sees_only_their_outlet_today_and_loses_access_when_removed(page, phone, tmp_path, mailbox):
    merchant_id = approved_merchant(tmp_path, OWNER, "0857-4949-0149", nama_usaha="Warung Tim Dua")
    with write_session() as s:
        s.add(Device(serial="SBXTIM01", model="SOUNDBOX", status="aktif", received_by=ADMIN, merchant_id=merchant_id,
                     tid="QRS00149", mid="000885000000149"))  # fmt: skip
        s.add(Device(serial="A920TIM02", model="A920", status="aktif", received_by=ADMIN, merchant_id=merchant_id,
                     tid="A9200149", mid="000885000000149"))  # fmt: skip
    secret = signers.add_acquirer("bri", "Bank BRI")
    simulate(
        page.base, "bri", secret, "QRS00149", 2, seed=11, mid="000885000000149"
    )  # the first outlet's sales: not the cashier's

    sign_in_by_code(page, mailbox, OWNER)
    expect(page.get_by_test_id("summary-count")).to_have_text("2")
    open_section(page, "Tim")
    outlet = page.locator("#outlet")
    outlet.get_by_label("Nama outlet").fill("Cabang Pasar")
    outlet.get_by_label("Alamat").fill("Jl. Pasar Baru 7")
    outlet.get_by_label("Kecamatan").fill("Sawah Besar")
    outlet.get_by_label("Kota/kabupaten").fill("Jakarta Pusat")
    outlet.get_by_role("button", name="Tambah outlet").click()
    expect(page.get_by_text("Outlet Cabang Pasar ditambahkan")).to_be_visible()
    outlet.get_by_test_id("placement").filter(has_text="A920TIM02").get_by_role("combobox").select_option(
        "Cabang Pasar"
    )
    expect(page.get_by_text("Perangkat dipindahkan")).to_be_visible()

    team = page.locator("#tim")
    team.get_by_role("button", name="Kirim undangan").click()  # nothing filled: told what is missing
    expect(page.get_by_text("Format email tidak valid")).to_be_visible()
    team.get_by_label("Email").fill(CASHIER)
    team.get_by_label("Peran").select_option("kasir")
    team.locator("form").last.get_by_label("Cabang Pasar").check()
    team.get_by_role("button", name="Kirim undangan").click()
    expect(page.get_by_text(f"Undangan terkirim ke {CASHIER}")).to_be_visible()
    expect(team.get_by_test_id("member")).to_contain_text("Undangan berlaku s/d")

    [mail] = wait_for_mail(mailbox, "Undangan tim Warung Tim Dua")
    body = mail.get_body(("plain",)).get_content()
    assert "sebagai Kasir (outlet: Cabang Pasar)" in body
    link = urlsplit(re.search(r"https?://\S+token=[\w-]+", body).group(0))
    mailbox.clear()  # the cashier's code is the next "Kode masuk"
    phone.goto(phone.base + link.path + "?" + link.query)
    phone.wait_for_url(re.compile(r"/undangan$"))  # who invites, as what, where (issue 63.4)
    expect(phone.get_by_test_id("invitation")).to_have_text(
        f"Warung Tim Dua mengundang {CASHIER} bergabung sebagai Kasir di outlet Cabang Pasar."
    )
    phone.get_by_role("link", name=f"Masuk dengan {CASHIER}").click()
    phone.wait_for_url(re.compile(r"/masuk\?undangan=1"))
    expect(phone.get_by_role("status").filter(has_text="Undangan dari Warung Tim Dua sebagai Kasir")).to_be_visible()
    expect(phone.get_by_label("Email")).to_have_value(CASHIER)  # filled in: nothing to type
    phone.get_by_role("button", name="Kirim Kode").click()
    [code_mail] = wait_for_mail(mailbox, "Kode masuk")
    phone.get_by_label("Kode masuk").fill(
        re.search(r"Kode masuk Anda: (\d{6})", code_mail.get_body(("plain",)).get_content()).group(1)
    )
    phone.get_by_role("button", name="Masuk").click()
    phone.wait_for_url(re.compile(r"/undangan$"))  # signed in: back to the invitation, not joined yet
    phone.get_by_role("button", name="Gabung dengan Warung Tim Dua sebagai Kasir").click()

    phone.wait_for_url(re.compile(r"/akun/transaksi$"))  # a cashier's account opens at the counter (issue 63.4)
    expect(phone.get_by_role("heading", name="Pembayaran masuk", level=1)).to_be_visible()
    simulate(page.base, "bri", secret, "A9200149", 1, seed=12, mid="000885000000149")  # a sale at the cashier's outlet
    expect(phone.get_by_test_id("today-count")).to_have_text("1", timeout=10_000)
    expect(phone.get_by_test_id("history-transaction")).to_have_count(1)
    expect(phone.get_by_test_id("history-transaction")).to_contain_text("A920 Pro · SN A920TIM02")
    expect(phone.get_by_role("heading", name="Daftar transaksi hari ini")).to_be_visible()
    expect(phone.locator("#main")).not_to_contain_text("MDR")  # the owner's money stays the owner's
    expect(phone.locator("#main")).not_to_contain_text("Bersih")
    expect(phone.get_by_test_id("counter-devices")).to_contain_text("PAX A920 Pro · SN A920TIM02")
    expect(phone.get_by_test_id("counter-devices").get_by_role("link", name="Laporkan masalah")).to_be_visible()
    expect(phone.get_by_role("navigation", name="Bagian akun").get_by_role("link")).to_have_text(
        ["Transaksi", "Perangkat", "Servis", "Data pribadi"]
    )  # no payouts, no team, no empty orders
    expect(phone.get_by_test_id("working-as")).to_have_text("Kasir · Warung Tim Dua (Cabang Pasar)")
    sections = phone.get_by_role("navigation", name="Bagian akun")
    expect(sections.get_by_role("link", name="Pencairan")).to_have_count(0)
    expect(phone.get_by_role("link", name="Unduh CSV")).to_have_count(0)
    open_section(phone, "Perangkat")
    expect(phone.locator("#perangkat")).to_contain_text("A920TIM02")
    expect(phone.locator("#perangkat")).not_to_contain_text("SBXTIM01")
    open_section(phone, "Transaksi")  # back at the counter's page, open while the owner removes them
    expect(phone.get_by_test_id("today-count")).to_have_text("1")
    for address in (routes.API_ACCOUNT_TRANSACTIONS_CSV, routes.API_ACCOUNT_PAYOUTS_CSV):  # typed by hand: refused
        refused = phone.request.get(phone.base + address)
        assert refused.status == 403 and "Akses ditolak" in refused.text()

    page.reload()
    member = page.locator("#tim").get_by_test_id("member")
    expect(member).to_contain_text("Aktif")
    member.get_by_text("Keluarkan dari tim").click()  # asked first
    expect(member).to_contain_text(f"Keluarkan {CASHIER}? Akses mereka ke akun ini langsung berakhir.")
    member.get_by_role("button", name="Ya, keluarkan").click()
    expect(page.get_by_text(f"{CASHIER} tidak lagi di tim")).to_be_visible()
    simulate(
        page.base, "bri", secret, "A9200149", 1, seed=13, mid="000885000000149"
    )  # the open tab hears of it, and stops
    phone.wait_for_url(re.compile(r"/masuk"), timeout=15_000)
    expect(phone.get_by_role("status").filter(has_text="Anda tidak lagi di tim Warung Tim Dua.")).to_be_visible()
    expect(phone.get_by_test_id("today-count")).to_have_count(0)
    log = page.locator("#aktivitas").get_by_test_id("activity")
    page.reload()
    expect(log.filter(has_text=f"Mengeluarkan {CASHIER}")).to_have_count(1)
    expect(log.filter(has_text="Bergabung sebagai Kasir")).to_have_count(1)
    expect(log.filter(has_text=CASHIER).filter(has_text="Masuk ke akun")).not_to_have_count(0)  # issue 63.7


def test_an_owner_invited_to_another_team_picks_which_one_the_browser_works_for(page, tmp_path, mailbox):
    """Issue 49.2: one address, two merchants: its own and a team it joined as manager."""
    other = approved_merchant(tmp_path, "dua.usaha@example.com", "0857-4949-0249", nama_usaha="Kopi Dua Usaha")
    mine = approved_merchant(tmp_path, "pemilik.satu@example.com", "0857-4949-0349", nama_usaha="Toko Satu")
    with write_session() as s:
        s.add(Device(serial="SBXDUA01", model="SOUNDBOX", status="aktif", received_by=ADMIN, merchant_id=other,
                     tid="QRS00249", mid="000885000000249"))  # fmt: skip
        s.add(Device(serial="SBXSATU1", model="SOUNDBOX", status="aktif", received_by=ADMIN, merchant_id=mine,
                     tid="QRS00349", mid="000885000000349"))  # fmt: skip
    secret = signers.add_acquirer("bri", "Bank BRI")
    simulate(page.base, "bri", secret, "QRS00349", 3, seed=21, mid="000885000000349")  # Toko Satu's sales

    sign_in_by_code(page, mailbox, "pemilik.satu@example.com")  # Toko Satu's owner invites a manager
    open_section(page, "Tim")
    team = page.locator("#tim")
    team.get_by_label("Email").fill("dua.usaha@example.com")
    team.get_by_label("Peran").select_option("manajer")
    team.locator("form").last.get_by_role("checkbox", name="Toko Satu").check()
    team.get_by_role("button", name="Kirim undangan").click()
    expect(page.get_by_text("Undangan terkirim ke dua.usaha@example.com")).to_be_visible()
    [mail] = wait_for_mail(mailbox, "Undangan tim Toko Satu")
    link = urlsplit(re.search(r"https?://\S+token=[\w-]+", mail.get_body(("plain",)).get_content()).group(0))
    page.get_by_role("button", name="Keluar", exact=True).click()
    page.wait_for_url(re.compile(r"/masuk\?keluar=1"))
    mailbox.clear()

    sign_in_by_code(page, mailbox, "dua.usaha@example.com")  # signed in first, then the link: one click to join
    expect(page.get_by_test_id("summary-count")).to_have_text("0")  # Kopi Dua Usaha: its own, no sale yet
    page.goto(page.base + link.path + "?" + link.query)
    page.wait_for_url(re.compile(r"/undangan$"))
    expect(page.get_by_test_id("working-as")).to_have_count(0)  # the GET joined nothing
    page.get_by_role("button", name="Gabung dengan Toko Satu sebagai Manajer").click()
    page.wait_for_url(re.compile(r"/akun$"))
    picker = page.get_by_test_id("work-as")
    expect(picker).to_have_value(re.compile(r"^[0-9a-f-]{36}$"))  # the team just joined
    expect(page.get_by_test_id("summary-count")).to_have_text("3")  # Toko Satu's
    expect(page.get_by_role("navigation", name="Bagian akun").get_by_role("link", name="Pencairan")).to_have_count(0)
    picker.select_option(label="Pemilik · Kopi Dua Usaha")
    expect(page.get_by_test_id("summary-count")).to_have_text("0")
    expect(page.get_by_role("navigation", name="Bagian akun").get_by_role("link", name="Pencairan")).to_be_visible()
    page.goto(page.base + link.path + "?" + link.query)  # the link again: used, it opens nothing
    page.wait_for_url(re.compile(r"/undangan$"))
    expect(page.get_by_role("alert").filter(has_text="Undangan tidak berlaku lagi")).to_be_visible()
    expect(page.get_by_role("button", name=re.compile("^Gabung"))).to_have_count(0)
