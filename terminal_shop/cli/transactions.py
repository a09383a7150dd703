"""Acquirers and demo transactions:

    python -m terminal_shop.cli.transactions add-acquirer bri "Bank BRI"     # prints its secret, once
    python -m terminal_shop.cli.transactions simulate --acquirer bri --secret <secret> --tid BRI00123 \\
        --mid 000885012345678 --count 3 --url http://localhost:3000         # signed demo transactions

`simulate` posts to the site's webhook exactly as an acquirer would (signed, timestamped), for
demos and tests; nothing fake is loaded into a database by default.
"""

from __future__ import annotations

import argparse
import json
import random
import time
import uuid
from datetime import UTC, datetime

import httpx

from terminal_shop import routes
from terminal_shop.infra.settings import private_files
from terminal_shop.intake import signed
from terminal_shop.services.transactions import signers
from terminal_shop.services.transactions.terms import TxnStatus

DEMO_MID = "000885000000001"


def demo(tid: str, rng: random.Random, mid: str = DEMO_MID) -> dict:
    channel = rng.choice(("qris", "qris", "debit", "kredit"))
    return {"id": f"SIM-{uuid.uuid4().hex[:16]}", "tid": tid, "mid": mid, "time": datetime.now(UTC).isoformat(),
            "amount": rng.choice((15_000, 27_500, 48_000, 120_000, 350_000, 650_000)), "channel": channel,
            "scheme": "QRIS" if channel == "qris" else rng.choice(("GPN", "VISA", "MASTERCARD")), "status": TxnStatus.APPROVED.value,
            "rrn": f"{rng.randrange(10**11, 10**12)}", "approval_code": f"{rng.randrange(10**5, 10**6)}"}  # fmt: skip


def simulate(
    url: str, acquirer: str, secret: str, tid: str, count: int, seed: int | None = None, mid: str = DEMO_MID
) -> dict:
    """`mid`: the one the TID was activated with (another is held out of every payout, as the site must)."""
    rng = random.Random(seed)
    body = json.dumps({"transactions": [demo(tid, rng, mid) for _ in range(count)]}).encode()
    ts = int(time.time())
    headers = {"Content-Type": "application/json", "X-Terminalku-Timestamp": str(ts),
               "X-Terminalku-Signature": signed.sign(secret, ts, body)}  # fmt: skip
    response = httpx.post(
        url.rstrip("/") + routes.API_TRANSACTIONS.format(acquirer=acquirer), content=body, headers=headers, timeout=10
    )
    response.raise_for_status()
    return dict(response.json())


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m terminal_shop.cli.transactions")
    sub = parser.add_subparsers(dest="command", required=True)
    add = sub.add_parser("add-acquirer")
    add.add_argument("code")
    add.add_argument("name")
    sim = sub.add_parser("simulate")
    for flag in ("--acquirer", "--secret", "--tid", "--url"):
        sim.add_argument(flag, required=True)
    sim.add_argument("--count", type=int, default=1)
    sim.add_argument("--mid", default=DEMO_MID, help="the MID the TID was activated with")
    args = parser.parse_args(argv)
    private_files()
    if args.command == "add-acquirer":
        print(
            f"Secret for {args.code} (shown once, give it to the acquirer): {signers.add_acquirer(args.code, args.name)}"
        )
    else:
        print(simulate(args.url, args.acquirer, args.secret, args.tid, args.count, mid=args.mid))


if __name__ == "__main__":
    main()
