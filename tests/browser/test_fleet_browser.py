"""The fleet in Chromium (issue 63.6, the journey): the owner of an all-night shop sets its
hours, its unit goes silent at night and they are told at 02.00; staff on a phone find that
unit (weak battery too) and one that never spoke, call or WhatsApp the merchant, and go from
the row to the unit's open case."""

from __future__ import annotations

import json
import re
import time
from datetime import UTC, datetime, timedelta
from datetime import time as clock

import httpx
from playwright.sync_api import expect
from sqlmodel import select
from test_account_browser import open_section, sign_in_by_code

from terminal_shop.formats import WIB
from terminal_shop.infra.db import read_session, write_session
from terminal_shop.services import working_days
from terminal_shop.services.devices.tables import Device
from terminal_shop.services.fleet import alerts, heartbeat
from terminal_shop.services.servicing import cases
from terminal_shop.services.team import admin_auth

from support.factories import ADMIN, approved_merchant
from support.steps import EMAIL, PASSWORD, open_admin_menu, sign_in, wait_for_mail

OWNER = "warung.malam@example.com"


def _beat(base_url: str, serial: str, hours_ago: int, battery: int) -> None:
    """The unit's heartbeat, posted signed as its management server posts it."""
    at = datetime.now(UTC) - timedelta(hours=hours_ago)
    body = json.dumps({"heartbeats": [{"sn": serial, "at": at.isoformat(), "app_version": "2.1.0", "firmware": "SBX-3",
                                       "battery": battery, "signal": 70, "paper": "none"}]}).encode()  # fmt: skip
    ts = int(time.time())
    answer = httpx.post(base_url + "/api/detak", content=body, headers={
        "X-Terminalku-Timestamp": str(ts), "X-Terminalku-Signature": heartbeat.sign(heartbeat.secret(), ts, body)})  # fmt: skip
    assert answer.status_code == 200 and answer.json()["accepted"] == 1


def _units(merchant_id) -> None:
    with write_session() as s:
        for serial, tid in (("SBXNIGHT066", "QRS00066"), ("SBXNEVER066", "QRS00067")):
            s.add(Device(serial=serial, model="SOUNDBOX", status="aktif", received_by=ADMIN, merchant_id=merchant_id, tid=tid,
                         mid="000885000000066", acquirer="BRI", activated_at=datetime.now(UTC) - timedelta(days=2),
                         warranty_until=working_days.today_wib() + timedelta(days=200)))  # fmt: skip


def _owner_sets_all_night_hours(page, mailbox) -> None:
    sign_in_by_code(page, mailbox, OWNER)
    open_section(page, "Tim")
    outlet = page.get_by_test_id("outlet")
    expect(outlet.get_by_test_id("outlet-hours")).to_contain_text("07.00-21.00 WIB")
    outlet.get_by_label("Jam buka").select_option("00.00")
    outlet.get_by_label("Jam tutup").select_option("24.00")
    outlet.get_by_role("button", name="Simpan jam").click()
    expect(page.get_by_text("Jam outlet disimpan")).to_be_visible()
    expect(outlet.get_by_test_id("outlet-hours")).to_contain_text("00.00-24.00 WIB")


def test_a_unit_silent_at_night_and_one_that_never_spoke_as_staff_see_them_on_a_phone(phone, page, tmp_path, mailbox):
    admin_auth.create_admin(EMAIL, PASSWORD)
    merchant_id = approved_merchant(tmp_path, email=OWNER, hp="0857-4848-0066")
    _units(merchant_id)
    _owner_sets_all_night_hours(page, mailbox)
    # The unit's last beat comes just before the round at 02.00 on a working day: this shop is open
    # then, so it is told. Posted before the owner's walk, the site's own round (every 5 minutes,
    # real time) could tell it first and leave the 02.00 round nothing (a fresh-clone run, 2026-12-07).
    _beat(page.base, "SBXNIGHT066", hours_ago=3, battery=12)
    night = datetime.combine(working_days.add_working_days(working_days.today_wib(), 1), clock(2), WIB)
    assert alerts.queue_offline(night) == 1
    [told] = wait_for_mail(mailbox, "SN SBXNIGHT066 tidak terhubung")  # once
    assert "Laporkan masalah" in told.get_body(("plain",)).get_content()

    sign_in(phone)  # staff on a phone
    open_admin_menu(phone)
    phone.get_by_role("link", name="Armada").click()
    filters = phone.get_by_role("group", name="Saring armada")
    expect(filters.get_by_role("button", name=re.compile("^Belum pernah terhubung"))).to_contain_text("(1)")
    filters.get_by_role("button", name=re.compile("^Offline")).click()
    row = phone.get_by_test_id("fleet-line").filter(has_text="SBXNIGHT066")
    expect(row).to_contain_text("12%")
    expect(row.get_by_role("link", name="Telepon")).to_have_attribute("href", "tel:085748480066")
    expect(row.get_by_role("link", name="WhatsApp")).to_have_attribute("href", "https://wa.me/6285748480066")
    filters.get_by_role("button", name=re.compile("^Baterai lemah")).click()
    expect(phone.get_by_test_id("fleet-line").filter(has_text="SBXNIGHT066")).to_have_count(1)
    filters.get_by_role("button", name=re.compile("^Belum pernah terhubung")).click()
    never = phone.get_by_test_id("fleet-line")
    expect(never).to_have_count(1)
    expect(never).to_contain_text("SBXNEVER066")
    expect(never).to_contain_text("belum pernah")

    with read_session() as s:
        night_unit = s.exec(select(Device).where(Device.serial == "SBXNIGHT066")).one()
    number = cases.report([merchant_id], str(night_unit.id), "tidak-terhubung", "Mati lampu semalam", OWNER)
    phone.reload()
    filters.get_by_role("button", name=re.compile("^Offline")).click()
    phone.get_by_test_id("fleet-case").click()  # from the row to its case
    phone.wait_for_url(re.compile(rf"/admin/servis#{number}$"))
    expect(phone.locator(f"[id='{number}']")).to_contain_text("Mati lampu semalam")
