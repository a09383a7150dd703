"""The merchant's offline alert (issue 48.3): an active unit whose latest heartbeat is older
than the setting, on a working day within its outlet's shop hours (merchant_team/hours.py, else
rules.SHOP_HOURS: a warung that unplugs at night was told at 02.20 WIB every working night, issue
63.6; a unit silent at night is told of when its shop opens), is told once per episode (its next
heartbeat ends the episode: heartbeat.py clears `alerted_at`); by e-mail, and WhatsApp where the
number agreed. The words follow the unit's warranty."""

from __future__ import annotations

from datetime import date, datetime, timedelta
from typing import Any

import sqlalchemy as sa
from sqlmodel import Session, col

from terminal_shop import catalogue, routes, rules
from terminal_shop.formats import day_text, wib
from terminal_shop.infra.db import write_session
from terminal_shop.infra.models import table_of, utcnow
from terminal_shop.infra.settings import get_settings
from terminal_shop.services import working_days
from terminal_shop.services.devices import units
from terminal_shop.services.fleet.tables import DeviceHeartbeat
from terminal_shop.services.merchant_team import hours as shop_hours
from terminal_shop.services.merchant_team import outlets
from terminal_shop.services.notifications.channels import Notice, tell
from terminal_shop.services.registrations import owners as registrations

ROUND = 500  # alerts a round at most: the next round takes the rest
SCANNED = 20 * ROUND  # silent units read a round at most, most of them in shops closed now


def queue_offline(now: datetime | None = None) -> int:
    now = now or utcnow()
    if not working_days.is_working_day(working_days.today_wib(now)):
        return 0  # told on the next working day, if still silent then
    settings = get_settings()
    cutoff = now - timedelta(minutes=settings.device_offline_minutes)
    h, told = table_of(DeviceHeartbeat), 0
    with write_session() as s:
        for device_id, seen, serial, model, merchant_id, warranty_until in _open_now(s, cutoff, now):
            merchant = registrations.record(s, merchant_id) if merchant_id else None
            s.execute(sa.update(h).where(h.c.device_id == device_id).values(alerted_at=now))
            if merchant is None or merchant.purged_at is not None:
                continue
            product = catalogue.product(model)
            values = {"model": product.short_name if product else model, "serial": serial, "seen": wib(seen),
                      "link": settings.public_url + routes.ACCOUNT_DEVICES, "warranty": _warranty_words(warranty_until, now)}  # fmt: skip
            told += bool(tell(s, Notice("device_offline", f"offline:{device_id}:{seen.isoformat()}", ("merchant", str(merchant.id)),
                                        merchant.email, merchant.nomor_hp, merchant, values)))  # fmt: skip
    return told


def _open_now(s: Session, cutoff: datetime, now: datetime) -> list[Any]:
    """Up to ROUND silent units not told of yet whose shop is open now, the longest silent first,
    read in pages: units in shops closed now (most of them, at night) are passed over and wait
    for their shop's hours, without keeping an open shop's unit out of the round (they did when
    one page of ROUND was read, and more than ROUND were closed)."""
    h, unit = table_of(DeviceHeartbeat), units.units()
    due: list[Any] = []
    after: tuple[Any, ...] | None = None
    for _ in range(SCANNED // ROUND):
        query = (
            sa.select(h.c.device_id, h.c.seen_at, unit.c.serial, unit.c.model, unit.c.merchant_id, unit.c.warranty_until)
            .join(unit, unit.c.id == h.c.device_id)
            .where(h.c.active, h.c.seen_at < cutoff, col(h.c.alerted_at).is_(None))
            .order_by(h.c.seen_at, h.c.device_id)
            .limit(ROUND)
        )  # fmt: skip
        if after is not None:
            query = query.where(sa.tuple_(h.c.seen_at, h.c.device_id) > sa.tuple_(*after))
        rows = s.execute(query).all()
        kept = outlets.hours_of(s, [row[0] for row in rows])
        due += [row for row in rows if shop_hours.open_at(kept.get(row[0], rules.SHOP_HOURS), now)]
        if len(due) >= ROUND or len(rows) < ROUND:
            break
        after = (rows[-1][1], rows[-1][0])
    return due[:ROUND]


def _warranty_words(until: date | None, now: datetime) -> str:
    """What happens if it stays dead, as the unit's warranty has it (issue 63.6: an out-of-warranty
    unit was promised a free replacement)."""
    if until is not None and until >= working_days.today_wib(now):
        return "Dalam garansi (s.d. " + day_text(until) + "): unit pengganti kami kirim hari kerja berikutnya."
    ended = f" (berakhir {day_text(until)})" if until else ""
    return f"Di luar garansi{ended}: kami periksa dulu dan sebutkan biayanya sebelum perbaikan."
