"""The daily recap (issue 47.5): an approved merchant who asked for it gets yesterday's sales,
fees and net and the next payout each morning from 07.00 WIB, by e-mail or WhatsApp (their
choice; WhatsApp only to a number that agreed to it). Yesterday's figures are those its Hari ini
and Riwayat show (transactions/days.py: the day's sales as they stand); the next payout is
the ledger's soonest not yet sent, with a word on why the two differ (a payout holds the sales
of its own day, and refunds, chargebacks and corrections that land on it). One message per merchant per day (its
outbox key), none after a day without transactions. The workers look every few minutes; the
first one past 07.00 queues them all, the others find them queued."""

from __future__ import annotations

import uuid
from datetime import date, datetime, time, timedelta

from sqlmodel import Session, col, select

from terminal_shop import routes, rules
from terminal_shop.formats import WIB, rupiah
from terminal_shop.infra.db import read_session, write_session
from terminal_shop.infra.models import utcnow
from terminal_shop.infra.settings import get_settings
from terminal_shop.services import working_days
from terminal_shop.services.notifications import channels, kinds
from terminal_shop.services.notifications.channels import Notice, tell
from terminal_shop.services.payouts.tables import RecapChoice
from terminal_shop.services.registrations import owners as registrations
from terminal_shop.services.transactions import days, ledger_reads, settlement

CHANNELS = {"email": "Email", "whatsapp": "WhatsApp"}  # what the merchant may choose ("" is off)
_queued_on: dict[str, date] = {}  # the day this process last queued the recaps (not read again all day)


def choice_of(merchant_ids: list[uuid.UUID]) -> str:
    """The channel these merchants' recap goes by ("" when none was asked for)."""
    if not merchant_ids:
        return ""
    with read_session() as s:
        found = s.exec(select(RecapChoice.channel).where(col(RecapChoice.merchant_id).in_(merchant_ids))).first()
    return found or ""


def offered(merchant_ids: list[uuid.UUID]) -> dict[str, str]:
    """The channels that would deliver these merchants' recap: e-mail always, WhatsApp only where
    it is switched on and the merchant's number agreed to it (the channel's own check)."""
    found = {"email": CHANNELS["email"]}
    whatsapp = channels.channel("whatsapp")
    if whatsapp is None or not merchant_ids:
        return found
    with read_session() as s:
        merchant = registrations.record(s, merchant_ids[0])
        if merchant is None or merchant.purged_at is not None:
            return found
        probe = dict.fromkeys(kinds.values_of("daily_recap"), "")  # where a recap would go: never sent
        address = whatsapp.address(
            Notice("daily_recap", "", ("merchant", str(merchant.id)), None, merchant.nomor_hp, merchant, probe)
        )
        if address and whatsapp.consents(s, address):
            found["whatsapp"] = CHANNELS["whatsapp"]
    return found


def choose(merchant_ids: list[uuid.UUID], channel: str, by: str) -> str:
    """Sets (or, with "", stops) the recap for these merchants; the channel kept (one that would
    not deliver is not kept)."""
    wanted = channel if channel in offered(merchant_ids) else ""
    with write_session() as s:
        for merchant_id in merchant_ids:
            row = s.get(RecapChoice, merchant_id) or RecapChoice(merchant_id=merchant_id, changed_by=by)
            row.channel, row.changed_by, row.changed_at = wanted, by[:254], utcnow()
            s.add(row)
    return wanted


def queue_due(now: datetime | None = None) -> int:
    """From 07.00 WIB: each asking merchant's recap of yesterday (once a day: the outbox key),
    skipped after a day without transactions. How many were queued this round."""
    local = (now or utcnow()).astimezone(WIB)
    if local.hour < rules.DAILY_RECAP_HOUR:
        return 0
    today = local.date()
    if _queued_on.get("day") == today:  # this worker queued today's round already
        return 0
    start = datetime.combine(today - timedelta(days=1), time(), WIB)
    with write_session() as s:
        chosen = select(RecapChoice.merchant_id, RecapChoice.channel).where(col(RecapChoice.channel) != "")
        asked: dict[uuid.UUID, str] = dict(s.exec(chosen).all())
        figures = day_of(s, list(asked), start.date()) if asked else {}
        upcoming = _next_payouts(s, [m for m, f in figures.items() if f[0]], today)
        why = why_text(start.date(), today)
        queued = 0
        for merchant_id, (count, sales, fees, _, net) in figures.items():
            merchant = registrations.record(s, merchant_id)
            if not count or merchant is None or merchant.purged_at is not None:
                continue
            by_whatsapp = asked[merchant_id] == "whatsapp"
            values = {"day": working_days.spoken(start.date()), "count": str(count), "sales": rupiah(sales),
                      "fees": rupiah(fees), "net": rupiah(net), "next": upcoming.get(merchant_id, "-"), "why": why,
                      "link": get_settings().public_url + routes.ACCOUNT_PAYOUTS}  # fmt: skip
            notice = Notice("daily_recap", f"recap:{merchant_id}:{today.isoformat()}", ("merchant", str(merchant_id)),
                            None if by_whatsapp else merchant.email, merchant.nomor_hp if by_whatsapp else None,
                            merchant, values)  # fmt: skip
            queued += bool(tell(s, notice))
    _queued_on["day"] = today  # once the round committed: every worker looks every 5 minutes
    return queued


day_of = days.days_of  # the recap's figures of a day: what Hari ini showed that day


def why_text(day: date, today: date) -> str:
    """Why yesterday's net and the next payout are two figures."""
    paid_on = settlement.settle_on(datetime.combine(day, time(12), WIB))
    return (f"Bersih {working_days.spoken(day)} dijadwalkan cair {working_days.spoken(paid_on)}; pencairan berikutnya "
            "berisi transaksi yang jadwalnya hari itu, ditambah refund, chargeback atau koreksi yang jatuh padanya.")  # fmt: skip


def _next_payouts(s: Session, merchant_ids: list[uuid.UUID], today: date) -> dict[uuid.UUID, str]:
    """The soonest payout day not yet sent of each merchant (all its MIDs of that day), in words."""
    if not merchant_ids:
        return {}
    found: dict[uuid.UUID, tuple[date, int]] = {}
    for p in ledger_reads.of_merchants(s, merchant_ids, 0, since=today, newest_first=False):
        if p.closed or p.merchant_id is None or p.net <= 0:
            continue
        day, net = found.get(p.merchant_id, (p.key.day, 0))
        if p.key.day == day:
            found[p.merchant_id] = (day, net + p.net)
    return {m: f"{rupiah(net)} pada {working_days.spoken(day)}" for m, (day, net) in found.items()}
