"""A breach of personal data handled in Chromium (issue 61.5, UU 27/2022 Ps 46): the owner records
what happened and which orders it touched, watches the 3x24-hour clock on the overview, tells
the buyer, downloads the letter to the authority and closes the incident; the privacy page names
the data protection officer."""

from __future__ import annotations

import io
import re
from datetime import datetime, timedelta

from playwright.sync_api import expect
from pypdf import PdfReader

from terminal_shop.formats import WIB

from support.factories import make_order, wib_midnight
from support.steps import open_admin_menu, sign_in, wait_for_mail


def test_the_owner_records_an_incident_tells_the_people_and_the_authority_and_closes_it(page, admin, mailbox):
    make_order("Rina", created=wib_midnight(0) + timedelta(minutes=30))
    sign_in(page)
    open_admin_menu(page)
    page.get_by_role("navigation", name="Menu admin").get_by_role("link", name="Insiden").click()
    page.wait_for_url(re.compile(r"/admin/insiden$"))
    today = datetime.now(WIB)
    page.get_by_label("Apa yang terjadi, kapan dan bagaimana data terungkap").fill(
        "Ekspor pesanan terkirim ke alamat email yang salah pukul 09.00 WIB."
    )
    page.get_by_label("Kapan diketahui (WIB)").fill((today - timedelta(hours=1)).strftime("%Y-%m-%dT%H:%M"))
    page.get_by_label("Catatan yang tersentuh").select_option("order")
    page.get_by_label("Dibuat dari tanggal").fill("2020-01-01")
    page.get_by_label("sampai tanggal").fill("2020-01-31")
    page.get_by_label("Upaya penanganan dan pemulihan (dibaca orang yang terdampak)").fill(
        "Penerima diminta menghapus file; akses ekspor kami batasi."
    )
    page.get_by_role("button", name="Catat insiden").click()
    expect(page.get_by_text("Pilih data pribadi yang terungkap").first).to_be_visible()
    page.get_by_label("Nama", exact=True).check()
    page.get_by_label("Alamat email").check()
    page.get_by_role("button", name="Catat insiden").click()
    expect(page.get_by_text("Tidak ada catatan pada rentang itu").first).to_be_visible()  # nobody: not recorded
    page.get_by_label("Dibuat dari tanggal").fill(today.date().isoformat())
    page.get_by_label("sampai tanggal").fill(today.date().isoformat())
    page.get_by_role("button", name="Catat insiden").click()
    expect(page.get_by_text("Insiden dicatat", exact=True)).to_be_visible()
    incident = page.get_by_test_id("incident")
    expect(incident).to_have_count(1)
    expect(incident).to_contain_text("1 orang terdampak")
    expect(incident.get_by_test_id("incident-left")).to_have_text(re.compile(r"sisa (70|71) jam"))

    page.get_by_role("navigation", name="Menu admin").get_by_role("link", name="Ringkasan").click()
    expect(page.get_by_test_id("overview-incident")).to_contain_text(
        re.compile(r"1 orang · batas .*\(sisa (70|71) jam\)")
    )
    page.get_by_role("link", name="Buka Insiden").click()
    incident = page.get_by_test_id("incident")
    incident.get_by_role("button", name="Beri tahu orang yang terdampak").click()
    expect(page.get_by_text("Pemberitahuan terkirim ke 1 orang")).to_be_visible()
    expect(incident).to_contain_text("Orang terdampak diberi tahu")
    [mail] = wait_for_mail(mailbox, "Pemberitahuan insiden data pribadi")
    assert mail["To"] == "rina@example.com"
    assert "Data yang terungkap: Nama, Alamat email." in mail.get_body(("plain",)).get_content()

    with page.expect_download() as download:
        incident.get_by_role("link", name="Unduh surat untuk otoritas (PDF)").click()
    text = "\n".join(p.extract_text() for p in PdfReader(io.BytesIO(download.value.path().read_bytes())).pages)
    assert "Pasal 46" in text and "alamat email yang salah" in text

    incident.get_by_label("Apa yang sudah dilakukan").fill("Penerima menghapus file; Komdigi diberi tahu.")
    incident.get_by_role("button", name="Tutup insiden").click()
    expect(page.get_by_text("Insiden ditutup")).to_be_visible()
    expect(incident).to_contain_text("Ditutup ")
    expect(incident.get_by_test_id("incident-left")).to_have_count(0)

    page.goto(page.base + "/privacy")
    expect(page.get_by_text(re.compile("petugas pelindungan data kami: .*privasi@terminalku.example"))).to_be_visible()
