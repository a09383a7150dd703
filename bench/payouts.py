"""The merchant's money at scale (issue 47), on PostgreSQL.

    .venv/bin/python bench/payouts.py                          # 10,000,000 transactions
    .venv/bin/python bench/payouts.py --transactions 1000000   # a quick look

Seeds as bench/transactions.py does (10,000 approved merchants, 20,000 terminals each with its
own MID, N transactions over 90 days), then measures:
1. a day's payouts for every merchant account summed from the ledger (ledger_reads.in_days, as the
   reconciliation reads them), target < 60 s; the ledger is posted from the seeded rows first, by
   the statements migration 0043 runs (timed: the migration of today's rows);
2. a merchant's payouts list as /akun reads it and one payout's breakdown, each for 200 random
   merchants, p95 against 50 ms;
3. the daily recap for 10,000 merchants who asked for it, queued at 07.00 WIB, target < 30 s.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from datetime import datetime, timedelta
from datetime import time as clock
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import transactions as seeded
from sqlalchemy import text

from terminal_shop.cli import migrate
from terminal_shop.formats import WIB
from terminal_shop.infra.db import get_engine, read_session
from terminal_shop.services import working_days
from terminal_shop.services.payouts import merchant, recap
from terminal_shop.services.transactions import ledger_reads

from sql_timing import pct

TARGET_MS, DAY_TARGET_S, RECAP_TARGET_S = 50, 60, 30


def _timed(call) -> float:
    started = time.perf_counter()
    call()
    return time.perf_counter() - started


def _post_seeded() -> None:
    """The seeded sales and their MDR as ledger entries, as migration 0043 posts stored rows."""
    common = "acquirer, mid, merchant_id, kind, amount, txn_id, source, occurred_at, due_on, payout_on, note, posted_by, posted_at"
    with get_engine().begin() as c:
        for kind, amount, extra in (("sale", "amount", ""), ("mdr", "-fee", " WHERE fee <> 0")):
            c.execute(text(f"INSERT INTO ledger_entries ({common}) SELECT acquirer, mid, merchant_id, '{kind}', {amount}, "
                           f"txn_id, acquirer || '\\:' || txn_id || '\\:{kind}', occurred_at, settle_on, settle_on, '', '', "
                           f"now() FROM transactions{extra} ON CONFLICT DO NOTHING"))  # fmt: skip


def _day(day) -> int:
    with read_session() as s:
        return len(ledger_reads.in_days(s, day, day))


def measure(transactions: int) -> dict:
    seed_s = seeded._seed(transactions)
    posted_s = _timed(_post_seeded)
    today = working_days.today_wib()
    days = [today - timedelta(days=d) for d in range(7, -2, -1)]  # the week the lists read, and tomorrow
    per_day = [_timed(lambda day=day: _day(day)) for day in days]
    rng = random.Random(47)
    ids = seeded._merchants(seeded.RUNS, rng)
    listed, opened = [], []
    for m in ids:
        started = time.perf_counter()
        lines = merchant.of_merchants([m])
        listed.append((time.perf_counter() - started) * 1000)
        if lines:
            started = time.perf_counter()
            merchant.detail([m], lines[0].id)
            opened.append((time.perf_counter() - started) * 1000)
    with get_engine().begin() as c:
        c.execute(text("INSERT INTO recap_choices (merchant_id, channel, changed_by, changed_at) "
                       "SELECT id, 'email', 'bench', now() FROM merchant_registrations"))  # fmt: skip
    queued_at = datetime.combine(today, clock(7, 0), WIB)
    started = time.perf_counter()
    queued = recap.queue_due(queued_at)
    recap_s = time.perf_counter() - started
    with get_engine().connect() as c:
        server = c.execute(text("SELECT version()")).scalar_one().split(" on ")[0]
        payouts = c.execute(text("SELECT count(DISTINCT (acquirer, mid, payout_on)) FROM ledger_entries")).scalar_one()
    return {
        "server": server, "transactions": transactions, "merchants": seeded.MERCHANTS, "seed_s": seed_s, "posted_s": posted_s,
        "day_s_max": max(per_day), "day_s_median": sorted(per_day)[len(per_day) // 2], "payouts": payouts,
        "list_p50": pct(listed, 50), "list_p95": pct(listed, 95), "detail_p50": pct(opened, 50),
        "detail_p95": pct(opened, 95), "recap_s": recap_s, "recap_queued": queued,
    }  # fmt: skip


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--transactions", type=int, default=10_000_000)
    ap.add_argument("--json", type=Path)
    args = ap.parse_args()
    with get_engine().begin() as c:
        c.execute(text(f"CREATE SCHEMA {seeded.SCHEMA}"))
    try:
        migrate.upgrade()
        r = measure(args.transactions)
        print(
            f"seeded {r['transactions']:,} transactions in {r['seed_s']:.0f} s, posted to the ledger in {r['posted_s']:.0f} s; {r['payouts']:,} payouts"
        )
        print(f"a day's payouts for every merchant: {r['day_s_max']:.1f} s at most, {r['day_s_median']:.1f} s median "
              f"(target < {DAY_TARGET_S} s)")  # fmt: skip
        print(f"payouts list p50 {r['list_p50']:.1f} ms, p95 {r['list_p95']:.1f} ms; breakdown p50 {r['detail_p50']:.1f} ms, "
              f"p95 {r['detail_p95']:.1f} ms (target < {TARGET_MS} ms)")  # fmt: skip
        print(f"daily recap: {r['recap_queued']:,} queued in {r['recap_s']:.1f} s (target < {RECAP_TARGET_S} s)")
        if args.json:
            args.json.write_text(json.dumps(r, indent=1))
    finally:
        get_engine().dispose()
        with get_engine().begin() as c:
            c.execute(text(f"DROP SCHEMA {seeded.SCHEMA} CASCADE"))


if __name__ == "__main__":
    main()
