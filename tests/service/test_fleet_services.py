"""The fleet reports itself (issue 48.3, services/fleet) on this pass's real database: signed
heartbeats kept per unit (the newest), refused when forged, stale or of an unknown SN (counted,
not stored); the admin's fleet view and counts; the merchant's offline alert once per episode."""

from __future__ import annotations

import json
import time
import uuid
from datetime import UTC, datetime, timedelta

import pytest
from sqlmodel import select
from starlette.testclient import TestClient
from test_transactions_services import active_device

from terminal_shop import routes
from terminal_shop.infra.db import read_session, write_session
from terminal_shop.intake.tables import RefusedDelivery
from terminal_shop.services.devices import lifecycle, owned
from terminal_shop.services.devices.tables import Device
from terminal_shop.services.devices.terms import DeviceStatus
from terminal_shop.services.fleet import alerts, heartbeat, view
from terminal_shop.services.fleet.tables import DeviceHeartbeat
from terminal_shop.services.fleet.terms import FleetFilter
from terminal_shop.services.merchant_team import outlets
from terminal_shop.services.notifications.tables import OutboxMessage
from terminal_shop.services.servicing import cases
from terminal_shop.web.api import files_app

NOW = time.time()


def _beat(sn: str = "SBRI00123", minutes_ago: int = 0, base: float = NOW, **over) -> dict:
    at = datetime.fromtimestamp(base, UTC) - timedelta(minutes=minutes_ago)
    return {"sn": sn, "at": at.isoformat(), "app_version": "1.4.2", "firmware": "PAX-9.1", "battery": 80, "signal": 60,
            "paper": "ok", **over}  # fmt: skip


def _send(beats: list[dict], timestamp: int | None = None, key: str | None = None, now: float = NOW):
    body = json.dumps({"heartbeats": beats}).encode()
    ts = int(now if timestamp is None else timestamp)
    return heartbeat.accept(body, heartbeat.sign(key or heartbeat.secret(), ts, body), str(ts), now=now)


def _kept() -> list[DeviceHeartbeat]:
    with read_session() as s:
        return list(s.exec(select(DeviceHeartbeat)))


def test_signed_heartbeats_keep_each_units_newest_and_refuse_the_rest(clean_db, tmp_path):
    active_device(tmp_path)
    with pytest.raises(heartbeat.HeartbeatRefused) as forged:
        _send([_beat()], key="bukan-rahasianya")
    with pytest.raises(heartbeat.HeartbeatRefused) as stale:
        _send([_beat()], timestamp=int(NOW) - 301)
    assert (forged.value.status, stale.value.status, _kept()) == (401, 401, [])

    taken = _send([_beat(minutes_ago=5), _beat(minutes_ago=1, paper="low"), _beat(sn="TIDAKADA"),
                   _beat(minutes_ago=60 * 25), _beat(battery=140)])  # fmt: skip
    assert taken.accepted == 2
    assert [r["reason"] for r in taken.refused] == [
        "unknown sn", "at more than 10 minutes ahead or older than a day",
        "sn and at (ISO 8601 with offset) required; battery, signal 0-100; paper ok, low, out or none"]  # fmt: skip
    [row] = _kept()
    assert (row.paper, row.app_key) == ("low", "0001.0004.0002.0000")  # the newest of the batch
    _send([_beat(minutes_ago=3, paper="out")])  # older than the one kept: changes nothing
    assert _kept()[0].paper == "low"
    with read_session() as s:
        tallies = {(r.acquirer, r.reason) for r in s.exec(select(RefusedDelivery))}
    assert ("detak", "unknown sn") in tallies and ("detak", "signature does not match") in tallies

    body = json.dumps({"heartbeats": [_beat()]}).encode()
    ts = int(time.time())
    client = TestClient(files_app(), client=("198.18.48.3", 50000))
    ok = client.post(routes.API_HEARTBEATS, content=body, headers={
        "X-Terminalku-Timestamp": str(ts), "X-Terminalku-Signature": heartbeat.sign(heartbeat.secret(), ts, body)})  # fmt: skip
    assert ok.status_code == 200 and ok.json()["accepted"] == 1
    assert (
        client.post(routes.API_HEARTBEATS, content=body, headers={"X-Terminalku-Timestamp": str(ts)}).status_code == 401
    )


def test_the_fleet_view_lists_offline_paper_out_and_old_apps_and_the_merchant_sees_last_seen(clean_db, tmp_path):
    merchant_id = active_device(tmp_path)
    active_device(tmp_path, tid="BRI00999")
    _send([_beat(minutes_ago=90), _beat(sn="SBRI00999", paper="out", app_version="0.9")])
    counts = view.counts(datetime.fromtimestamp(NOW, UTC))
    assert (counts.offline, counts.paper_out, counts.old_app) == (1, 1, 1)
    now = datetime.fromtimestamp(NOW, UTC)
    assert [(x.serial, x.case) for x in view.lines(FleetFilter.OFFLINE, now)] == [("SBRI00123", "")]
    with read_session() as s:
        offline = s.exec(select(Device.id).where(Device.serial == "SBRI00123")).one()
    number = cases.report([merchant_id], str(offline), "tidak-terhubung", "Tidak konek", "bri00123@example.com")
    [line] = view.lines(FleetFilter.OFFLINE, now)  # the row leads to its open case (issue 63.6)
    assert (line.case, line.case_link) == (number, f"/admin/servis#{number}")
    assert [(x.serial, x.paper.label, x.app) for x in view.lines(FleetFilter.PAPER, now)] == [
        ("SBRI00999", "Habis", "0.9")
    ]
    assert [x.serial for x in view.lines(FleetFilter.OLD_APP, now)] == ["SBRI00999"]
    [card] = view.with_last_seen(owned.of_merchant(merchant_id))
    assert card.last_seen.endswith("WIB") and card.serviceable
    with read_session() as s:
        theirs = s.exec(select(Device.id).where(Device.serial == "SBRI00999")).one()
    lifecycle.change(str(theirs), DeviceStatus.SUSPENDED, "tunggakan", "verifikasi@terminalku.example")
    assert view.counts(now).paper_out == 0 and view.lines(FleetFilter.PAPER, now) == []  # no longer aktif: not listed
    lifecycle.change(str(theirs), DeviceStatus.ACTIVE, "lunas", "verifikasi@terminalku.example")
    assert view.counts(now).paper_out == 1


def test_an_offline_unit_is_told_to_its_merchant_once_per_episode_on_a_working_day(clean_db, tmp_path):
    active_device(tmp_path)
    monday_noon = datetime(2026, 11, 30, 5, 0, tzinfo=UTC)  # 12.00 WIB, a working day
    sent_at = monday_noon.timestamp() - 90 * 60  # its last beat, an hour and a half before
    assert _send([_beat(base=sent_at)], now=sent_at).accepted == 1
    assert alerts.queue_offline(datetime(2026, 11, 29, 5, 0, tzinfo=UTC)) == 0  # Sunday: not a working day
    assert alerts.queue_offline(datetime(2026, 11, 29, 19, 20, tzinfo=UTC)) == 0  # Monday 02.20 WIB: the shop is shut
    assert alerts.queue_offline(datetime(2026, 11, 30, 14, 30, tzinfo=UTC)) == 0  # Monday 21.30 WIB: shut again
    assert alerts.queue_offline(monday_noon) == 1
    assert alerts.queue_offline(monday_noon + timedelta(minutes=10)) == 0  # once this episode
    with read_session() as s:
        subjects = [
            m.subject for m in s.exec(select(OutboxMessage).where(OutboxMessage.to_addr == "bri00123@example.com"))
        ]
    assert len([x for x in subjects if "tidak terhubung" in x]) == 1
    with read_session() as s:
        [told] = s.exec(select(OutboxMessage.body_text).where(OutboxMessage.subject.contains("tidak terhubung"))).all()
    assert (
        "Di luar garansi" in told and "pengganti kami kirim" not in told
    )  # no warranty on record: no free unit promised
    with write_session() as s:  # it beats again: the episode ends; silent again, a new alert
        row = s.exec(select(DeviceHeartbeat)).one()
        row.seen_at, row.alerted_at = monday_noon + timedelta(minutes=20), None
    assert alerts.queue_offline(monday_noon + timedelta(minutes=120)) == 1


def test_a_silent_unit_is_told_of_within_its_outlets_own_hours(clean_db, tmp_path):
    """Issue 63.6: an outlet says when it is open (a 24-hour shop, a market stall); its unit is
    told of only then, the rest keep 07.00 to 21.00 WIB."""
    merchant_id = active_device(tmp_path)
    owner = "bri00123@example.com"
    [first], _ = outlets.of_merchants([merchant_id], owner)
    assert first.hours == "07.00-21.00 WIB"
    for opens, closes in (("21", "7"), ("8", "8"), ("x", "9"), ("0", "25")):
        with pytest.raises(outlets.OutletError) as wrong:
            outlets.set_hours([merchant_id], first.id, opens, closes, owner)
        assert wrong.value.text == "Jam buka harus lebih awal dari jam tutup"
    with pytest.raises(outlets.OutletError):
        outlets.set_hours([uuid.uuid4()], first.id, "0", "24", "orang@example.com")  # not their outlet
    outlets.set_hours([merchant_id], first.id, "0", "24", owner)  # open all night
    assert outlets.of_merchants([merchant_id], owner)[0][0].hours == "00.00-24.00 WIB"
    monday_2am = datetime(2026, 11, 29, 19, 0, tzinfo=UTC)  # 02.00 WIB, Monday
    _send([_beat(base=monday_2am.timestamp() - 90 * 60)], now=monday_2am.timestamp() - 90 * 60)
    assert alerts.queue_offline(monday_2am) == 1  # its shop is open: told at 02.00
    with write_session() as s:  # it beat again in the night, then fell silent: a new episode
        row = s.exec(select(DeviceHeartbeat)).one()
        row.seen_at, row.alerted_at = monday_2am + timedelta(hours=1), None
    outlets.set_hours([merchant_id], first.id, "9", "17", owner)  # a market stall
    assert alerts.queue_offline(datetime(2026, 11, 30, 1, 30, tzinfo=UTC)) == 0  # 08.30 WIB: not yet open
    assert alerts.queue_offline(datetime(2026, 11, 30, 2, 30, tzinfo=UTC)) == 1  # 09.30 WIB: open, told


def test_units_in_closed_shops_do_not_keep_an_open_shops_unit_out_of_the_round(clean_db, tmp_path, monkeypatch):
    """A round read one page of silent units and passed over those whose shop was closed: on a
    night with more of them than a round, a 24-hour shop's unit was not told of at all."""
    monkeypatch.setattr(alerts, "ROUND", 2)
    monday_2am = datetime(2026, 11, 29, 19, 0, tzinfo=UTC)  # 02.00 WIB: the default hours are closed
    stalls = [active_device(tmp_path, tid=f"BRI0070{i}") for i in range(5)]  # 07.00-21.00, silent longest
    all_night = active_device(tmp_path, tid="BRI00999")
    owner = "bri00999@example.com"
    [outlet], _ = outlets.of_merchants([all_night], owner)
    outlets.set_hours([all_night], outlet.id, "0", "24", owner)
    silent_since = monday_2am.timestamp() - 3 * 3600
    _send([_beat(sn=f"SBRI0070{i}", base=silent_since - 60 * (5 - i)) for i in range(len(stalls))]
          + [_beat(sn="SBRI00999", base=silent_since)], now=silent_since)  # fmt: skip
    assert alerts.queue_offline(monday_2am) == 1  # the all-night shop's unit, behind five closed shops'
    told = {row.device_id for row in _kept() if row.alerted_at is not None}
    assert len(told) == 1 and all(row.alerted_at is None for row in _kept() if row.device_id not in told)
    morning = datetime(2026, 11, 30, 0, 30, tzinfo=UTC)  # 07.30 WIB: the stalls open, two a round
    assert (alerts.queue_offline(morning), alerts.queue_offline(morning), alerts.queue_offline(morning)) == (2, 2, 1)


def test_every_active_unit_is_watched_even_one_that_never_spoke_and_weak_ones_are_flagged(clean_db, tmp_path):
    """Issue 63.6: an active replacement that never sent a heartbeat was neither counted nor
    listed; 12% battery and 20% signal were not flagged; a row offered nothing to do."""
    active_device(tmp_path)
    active_device(tmp_path, tid="BRI00999")
    active_device(tmp_path, tid="BRI00555")  # switched on never
    _send([_beat(battery=12), _beat(sn="SBRI00999", signal=20)])
    now = datetime.fromtimestamp(NOW, UTC)
    counts = view.counts(now)
    assert (counts.never, counts.battery, counts.signal, counts.offline) == (1, 1, 1, 0)
    [never] = view.lines(FleetFilter.NEVER, now)
    assert (never.serial, never.seen) == ("SBRI00555", "belum pernah")
    [low] = view.lines(FleetFilter.BATTERY, now)
    [weak] = view.lines(FleetFilter.SIGNAL, now)
    assert (low.serial, low.battery, weak.serial, weak.signal) == ("SBRI00123", "12%", "SBRI00999", "20%")
    assert low.merchant_link.startswith("/admin/merchants/") and low.phone.startswith("08")  # open it, call it
