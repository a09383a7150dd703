"""The admin's reconciliation (issue 47.6): per acquirer and settlement day, what the site
computed from the transactions, what the acquirer's settlement report said, and what its payout
deliveries say it paid out; each difference listed with its transactions or MID. And the
workers' job that makes each day's payouts (one worker at a time, by lease)."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, timedelta
from typing import Any

import sqlalchemy as sa
from sqlmodel import col, func

from terminal_shop.formats import rupiah
from terminal_shop.infra.db import read_session
from terminal_shop.services import working_days
from terminal_shop.services.events import leases
from terminal_shop.services.payouts import schedule
from terminal_shop.services.payouts.tables import Payout
from terminal_shop.services.payouts.terms import PayoutStatus
from terminal_shop.services.transactions import payout_figures

DAYS_SHOWN = 14
AHEAD_SHOWN = 4  # days: the ones coming, still "Belum dilaporkan"
LEASE_SECONDS = 600
AHEAD_DAYS = 2  # working days after today whose payouts are made already (the merchant sees them coming)
BEHIND_DAYS = 7


@dataclass(frozen=True)
class ReconLine:
    day: str
    acquirer: str
    count: int
    computed: str  # the transactions' net, as the site computes it
    reported: str  # the settlement report's, "-" before any report
    paid: str  # the payout deliveries', "-" before any
    state: str  # "Cocok", "Selisih Rp 1.500", "Belum dilaporkan"
    differences: list[str] = field(default_factory=list)


def _state(gaps: list[int | None]) -> str:
    """Each gap: the acquirer's figure less the site's over the same things (None: not said yet)."""
    known = [abs(g) for g in gaps if g is not None]
    if not known:
        return "Belum dilaporkan"
    return "Cocok" if max(known) == 0 else f"Selisih {rupiah(max(known))}"


def lines(today: date | None = None) -> list[ReconLine]:
    today = today or working_days.today_wib()
    since, until = today - timedelta(days=DAYS_SHOWN), today + timedelta(days=AHEAD_SHOWN)
    with read_session() as s:
        checks = payout_figures.checks(s, since, until)
        p = Payout
        sent = col(p.status) != PayoutStatus.SCHEDULED.value
        paid: Any = s.execute(
            sa.select(col(p.acquirer), col(p.settle_on), func.count().filter(sent, col(p.reported_net).is_not(None)),
                      func.coalesce(func.sum(p.reported_net), 0), func.coalesce(func.sum(p.net).filter(col(p.reported_net).is_not(None)), 0))
            .where(col(p.settle_on) >= since, col(p.settle_on) <= until).group_by(col(p.acquirer), col(p.settle_on))
        ).all()  # fmt: skip
        odd: Any = s.execute(
            sa.select(col(p.acquirer), col(p.settle_on), col(p.mid), col(p.net), col(p.reported_net))
            .where(col(p.settle_on) >= since, col(p.reported_net).is_not(None), col(p.reported_net) != col(p.net))
        ).all()  # fmt: skip
    sent_by = {(a, d): (int(n), int(v), int(ours)) for a, d, n, v, ours in paid}
    payout_gaps: dict[tuple[str, date], list[str]] = {}
    for a, d, mid, net, theirs in odd:
        payout_gaps.setdefault((a, d), []).append(
            f"Pencairan MID {mid}: situs {rupiah(int(net))}, dikirim {rupiah(int(theirs))}"
        )
    out = []
    for c in checks:
        n_sent, paid_net, payouts_net = sent_by.get((c.acquirer, c.day), (0, 0, 0))
        report_gap = c.reported - c.computed_of_reported if c.reported_count else None
        paid_gap = paid_net - payouts_net if n_sent else None  # the payouts carry adjustments too
        out.append(ReconLine(working_days.spoken(c.day), c.acquirer.upper(), c.count, rupiah(c.computed),
                             rupiah(c.reported) if c.reported_count else "-", rupiah(paid_net) if n_sent else "-",
                             _state([report_gap, paid_gap]), [*c.mismatched, *payout_gaps.get((c.acquirer, c.day), [])]))  # fmt: skip
    return out


def make_due(today: date | None = None) -> int:
    """The workers' round: the payouts of the last week's and the next days' settlement days
    made or read again, by the worker holding the lease; how many days."""
    if not leases.claim("payouts.make", LEASE_SECONDS):
        return 0
    today = today or working_days.today_wib()
    days = [today - timedelta(days=i) for i in range(BEHIND_DAYS, 0, -1)] + [today]
    days += [working_days.add_working_days(today, i) for i in range(1, AHEAD_DAYS + 1)]
    for day in days:
        schedule.refresh_day(day)
    return len(days)
