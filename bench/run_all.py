"""Every benchmark in one run, each figure beside its floor: `make bench`.

    .venv/bin/python bench/run_all.py                 # the full run, about 25 minutes on 2 cores
    .venv/bin/python bench/run_all.py --pg-orders 100000 --out /tmp/bench.md   # a quick look

1. Page load: Lighthouse on five pages beside a blank Reflex app (bench/page_load.py).
2. Websocket round trip: add-to-cart and a wizard field change beside a counter
   increment, 1 and 20 clients (bench/event_roundtrip.py).
3. Admin lists on SQLite (100k) and PostgreSQL (1M orders), beside their own SQL run raw,
   with the CSV export at 100k and 1M orders (bench/admin_queries.py).
4. Checkout under load on PostgreSQL + S3, beside a bare S3 put + INSERT (bench/checkout_load.py).
5. A visitor's add-to-cart while 3 admin tabs search a common word, beside the same with the
   admins idle, on SQLite (100k) and PostgreSQL (1M orders) (bench/admin_contention.py).
9. Invoices and bulk shipping (bench/fulfilment.py).
10. A 10,000-line bank statement imported against 1M orders on PostgreSQL (bench/reconcile.py).
12. Devices: lookups, stock counts and the Perangkat list at 1M devices and orders (bench/devices.py).
13. 1,000 WhatsApp notifications sent while visitors shop (bench/whatsapp_send.py).
14. The merchant's dashboard and the acquirers' webhook at 10M transactions (bench/transactions.py).
Section 11 (a worker's memory, bench/worker_memory.py) is written by hand and kept.

Prints each table as it goes and writes docs/benchmarks.md (figures, machine, date,
versions) and docs/explain-*.txt. Nothing here fails a build: targets are reported, not asserted.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import page_load

import event_roundtrip
from common import ROOT, floor_dir, machine, serve, site_env
from report import (
    capacity_section,
    checkout_section,
    contention_section,
    devices_section,
    event_section,
    fleet_section,
    fulfilment_section,
    page_section,
    payouts_section,
    query_section,
    reconcile_section,
    transactions_section,
    upload_section,
    whatsapp_section,
)

BENCH = Path(__file__).resolve().parent


def _script(name: str, *args: str, env: dict[str, str] | None = None) -> dict:
    out = Path(tempfile.mkdtemp(prefix="bench-")) / "result.json"
    subprocess.run(
        [sys.executable, str(BENCH / name), *args, "--json", str(out)], check=True, env={**os.environ, **(env or {})}
    )
    return json.loads(out.read_text())


def query_results(args, docs: Path) -> tuple[dict, dict]:
    sqlite = _script(
        "admin_queries.py",
        "--backend",
        "sqlite",
        "--orders",
        "100000",
        "--merchants",
        "100000",
        "--explain",
        str(docs / "explain-sqlite.txt"),
        env={"DATA_DIR": tempfile.mkdtemp(prefix="bench-sqlite-")},
    )
    if args.pg_json:
        return sqlite, json.loads(args.pg_json.read_text())
    pg = _script(
        "admin_queries.py",
        "--backend",
        "postgres",
        "--orders",
        str(args.pg_orders),
        "--merchants",
        "100000",
        "--csv-first",
        str(min(100_000, args.pg_orders // 2)),
        "--explain",
        str(docs / "explain-postgresql.txt"),
    )
    return sqlite, pg


def rewrite_queries_only(args, docs: Path) -> None:
    """Sections 3-4 measured again, the rest of the file kept as it was."""
    sqlite, pg = query_results(args, docs)
    text = args.out.read_text()
    start, end = text.index("## 3. "), text.index("## 5. ")
    note = f"_Sections 3 and 4 measured again on {machine()['date']} (`bench/run_all.py --only queries`)._\n\n"
    args.out.write_text(text[:start] + query_section(sqlite, pg).replace("\n\n", "\n\n" + note, 1) + "\n" + text[end:])
    print(f"wrote sections 3-4 of {args.out}")


def rewrite_pages_only(args) -> None:
    """Section 1 measured again (Lighthouse), the rest of the file kept as it was."""
    with serve(floor_dir()) as floor_url, serve(ROOT, site_env()) as site_url:
        pages = page_load.measure(floor_url, site_url)
        repeats = [page_load.repeat_view(site_url, path) for path in ("/", "/produk/a920")]
        repeats = [page_load.repeat_view(site_url, path) for path in ("/", "/produk/a920")]
    text = args.out.read_text()
    start, end = text.index("## 1. "), text.index("## 2. ")
    note = f"_Section 1 measured again on {machine()['date']} (`bench/run_all.py --only pages`)._\n\n"
    args.out.write_text(
        text[:start] + page_section(pages, repeats).replace("\n\n", "\n\n" + note, 1) + "\n" + text[end:]
    )
    print(f"wrote section 1 of {args.out}")


def rewrite_contention_only(args) -> None:
    """Section 6 measured again (or added), the rest of the file kept as it was."""
    results = [_script("admin_contention.py", "--backend", "sqlite", "--orders", "100000")]
    if not args.skip_postgres:
        results.append(_script("admin_contention.py", "--backend", "postgres", "--orders", str(args.pg_orders)))
    text = args.out.read_text()
    before, after = text.rstrip() + "\n\n", ""
    if "## 6. " in text:  # replaced in place; the sections after it stay
        start = text.index("## 6. ")
        end = text.find("\n## ", start)
        before, after = text[:start], (text[end + 1 :] if end >= 0 else "")
    note = f"_Section 6 measured on {machine()['date']} (`bench/run_all.py --only contention`)._\n\n"
    section = contention_section(results)
    head, _, rest = section.partition("\n")
    args.out.write_text(before + head + "\n\n" + note + rest.lstrip("\n") + ("\n" + after if after else ""))
    print(f"wrote section 6 of {args.out}")


def _replace_section(text: str, number: int, section: str, note: str) -> str:
    """`section` in place of section `number` (or added at the end), the others kept."""
    head, _, rest = section.partition("\n")
    new = head + "\n\n" + note + rest.lstrip("\n")
    marker = f"## {number}. "
    if marker not in text:
        return text.rstrip() + "\n\n" + new
    start = text.index(marker)
    end = text.find("\n## ", start)
    return text[:start] + new + ("\n" + text[end + 1 :] if end >= 0 else "")


def rewrite_uploads_only(args) -> None:
    """Sections 5 (checkout under load) and 8 (hostile uploads) measured again."""
    checkout = _script("checkout_load.py", "--orders", "200", "--workers", "32")
    uploads = _script("hostile_uploads.py")
    note = f"_Measured on {machine()['date']} (`bench/run_all.py --only uploads`)._\n\n"
    text = _replace_section(args.out.read_text(), 5, checkout_section(checkout), note)
    args.out.write_text(_replace_section(text, 8, upload_section(uploads), note))
    print(f"wrote sections 5 and 8 of {args.out}")


def rewrite_fulfilment_only(args) -> None:
    """Section 9 (invoices and bulk shipping) measured again."""
    result = _script("fulfilment.py")
    note = f"_Measured on {machine()['date']} (`bench/run_all.py --only fulfilment`)._\n\n"
    args.out.write_text(_replace_section(args.out.read_text(), 9, fulfilment_section(result), note))
    print(f"wrote section 9 of {args.out}")


def rewrite_reconcile_only(args) -> None:
    """Section 10 (a bank statement imported) measured again."""
    result = _script("reconcile.py", "--orders", str(args.pg_orders))
    note = f"_Measured on {machine()['date']} (`bench/run_all.py --only reconcile`)._\n\n"
    args.out.write_text(_replace_section(args.out.read_text(), 10, reconcile_section(result), note))
    print(f"wrote section 10 of {args.out}")


def rewrite_devices_only(args) -> None:
    """Section 12 (devices at scale) measured again."""
    result = _script("devices.py", "--devices", str(args.pg_orders))
    note = f"_Measured on {machine()['date']} (`bench/run_all.py --only devices`)._\n\n"
    args.out.write_text(_replace_section(args.out.read_text(), 12, devices_section(result), note))
    print(f"wrote section 12 of {args.out}")


def rewrite_whatsapp_only(args) -> None:
    """Section 13 (WhatsApp notifications in bulk) measured again."""
    result = _script("whatsapp_send.py")
    note = f"_Measured on {machine()['date']} (`bench/run_all.py --only whatsapp`)._\n\n"
    args.out.write_text(_replace_section(args.out.read_text(), 13, whatsapp_section(result), note))
    print(f"wrote section 13 of {args.out}")


def rewrite_transactions_only(args) -> None:
    """Section 14 (transactions at scale) measured again."""
    result = _script("transactions.py", "--transactions", str(args.pg_orders * 10))
    note = f"_Measured on {machine()['date']} (`bench/run_all.py --only transactions`)._\n\n"
    args.out.write_text(_replace_section(args.out.read_text(), 14, transactions_section(result), note))
    print(f"wrote section 14 of {args.out}")


def rewrite_capacity_only(args) -> None:
    """Section 15 (many open tabs) measured again."""
    result = _script("capacity.py", "--tabs", str(args.tabs))
    note = f"_Measured on {machine()['date']} (`bench/run_all.py --only capacity`)._\n\n"
    args.out.write_text(_replace_section(args.out.read_text(), 15, capacity_section(result), note))
    print(f"wrote section 15 of {args.out}")


def rewrite_payouts_only(args) -> None:
    """Section 16 (payouts at scale) measured again."""
    result = _script("payouts.py", "--transactions", str(args.pg_orders * 10))
    note = f"_Measured on {machine()['date']} (`bench/run_all.py --only payouts`)._\n\n"
    args.out.write_text(_replace_section(args.out.read_text(), 16, payouts_section(result), note))
    print(f"wrote section 16 of {args.out}")


def rewrite_fleet_only(args) -> None:
    """Section 17 (the fleet's heartbeats and view) measured again."""
    result = _script("fleet.py", "--devices", str(args.pg_orders // 10))
    note = f"_Measured on {machine()['date']} (`bench/run_all.py --only fleet`)._\n\n"
    args.out.write_text(_replace_section(args.out.read_text(), 17, fleet_section(result), note))
    print(f"wrote section 17 of {args.out}")


ONLY = {
    "queries": rewrite_queries_only,
    "pages": lambda args, docs: rewrite_pages_only(args),
    "contention": lambda args, docs: rewrite_contention_only(args),
    "uploads": lambda args, docs: rewrite_uploads_only(args),
    "fulfilment": lambda args, docs: rewrite_fulfilment_only(args),
    "reconcile": lambda args, docs: rewrite_reconcile_only(args),
    "devices": lambda args, docs: rewrite_devices_only(args),
    "whatsapp": lambda args, docs: rewrite_whatsapp_only(args),
    "transactions": lambda args, docs: rewrite_transactions_only(args),
    "capacity": lambda args, docs: rewrite_capacity_only(args),
    "payouts": lambda args, docs: rewrite_payouts_only(args),
    "fleet": lambda args, docs: rewrite_fleet_only(args),
}


def _kept_section(text: str, number: int) -> str:
    """Section `number` of the file as it was (a section this run does not measure)."""
    marker = f"## {number}. "
    if marker not in text:
        return ""
    start = text.index(marker)
    end = text.find("\n## ", start)
    return text[start : end + 1 if end >= 0 else len(text)].rstrip() + "\n\n"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--pg-orders", type=int, default=1_000_000)
    ap.add_argument("--out", type=Path, default=ROOT / "docs/benchmarks.md")
    ap.add_argument("--tabs", type=int, default=10_000, help="section 15's open tabs")
    ap.add_argument(
        "--only",
        choices=tuple(ONLY),
        help="measure one part again and rewrite its sections",
    )
    ap.add_argument("--skip-postgres", action="store_true", help="with --only contention: SQLite only")
    ap.add_argument("--pg-json", type=Path, help="PostgreSQL figures of an earlier admin_queries.py --json run")
    args = ap.parse_args()
    docs = args.out.parent
    docs.mkdir(parents=True, exist_ok=True)
    if args.only:
        return ONLY[args.only](args, docs)
    about = machine()

    print("== 1-2. page load and websocket round trip")
    cwd = floor_dir()
    with serve(cwd) as floor_url, serve(ROOT, site_env()) as site_url:
        pages = page_load.measure(floor_url, site_url)
        repeats = [page_load.repeat_view(site_url, path) for path in ("/", "/produk/a920")]
        events = event_roundtrip.measure_apps(cwd, floor_url, site_url)
    print("== 3-4. admin lists and CSV export")
    sqlite, pg = query_results(args, docs)
    print("== 5. checkout under load")
    checkout = _script("checkout_load.py", "--orders", "200", "--workers", "32")
    print("== 8. hostile uploads")
    uploads = _script("hostile_uploads.py")
    print("== 9. invoices and bulk shipping")
    fulfilment = _script("fulfilment.py")
    print("== 10. a bank statement imported")
    reconciled = _script("reconcile.py", "--orders", str(args.pg_orders))
    print("== 12. devices at scale")
    devices = _script("devices.py", "--devices", str(args.pg_orders))
    print("== 13. WhatsApp notifications in bulk")
    whatsapp = _script("whatsapp_send.py")
    print("== 14. transactions at scale")
    transactions = _script("transactions.py", "--transactions", str(args.pg_orders * 10))
    print("== 16. payouts at scale")
    payouts = _script("payouts.py", "--transactions", str(args.pg_orders * 10))
    print("== 17. the fleet reporting itself")
    fleet = _script("fleet.py", "--devices", str(args.pg_orders // 10))
    print("== 15. many open tabs")
    capacity = _script("capacity.py", "--tabs", str(args.tabs))
    print("== 6. a visitor while admins search")
    contention = [
        _script("admin_contention.py", "--backend", "sqlite", "--orders", "100000"),
        _script("admin_contention.py", "--backend", "postgres", "--orders", str(args.pg_orders)),
    ]

    kept = args.out.read_text() if args.out.exists() else ""
    faults = _kept_section(kept, 7)  # measured by the fault suite itself
    memory = _kept_section(kept, 11)  # written by hand (bench/worker_memory.py)
    args.out.write_text(
        "# Benchmarks\n\n"
        f"Written by `make bench` (bench/run_all.py) on {about['date']}: {about['machine']}; Python {about['python']}, "
        f"Reflex {about['reflex']}, SQLAlchemy {about['sqlalchemy']}, Lighthouse {page_load.LIGHTHOUSE_VERSION}, Debian chromium; "
        f"{pg['server'].split(',')[0]}, {sqlite['server']}. Every figure was measured in this run beside its floor; "
        "the machine is shared and noisy, so read ratios, not single milliseconds.\n\n"
        + page_section(pages, repeats)
        + "\n"
        + event_section(events)
        + "\n"
        + query_section(sqlite, pg)
        + "\n"
        + checkout_section(checkout)
        + "\n"
        + contention_section(contention)
        + "\n"
        + faults
        + upload_section(uploads)
        + "\n"
        + fulfilment_section(fulfilment)
        + "\n"
        + reconcile_section(reconciled)
        + "\n"
        + memory
        + devices_section(devices)
        + "\n"
        + whatsapp_section(whatsapp)
        + "\n"
        + transactions_section(transactions)
        + "\n"
        + capacity_section(capacity)
        + "\n"
        + payouts_section(payouts)
        + "\n"
        + fleet_section(fleet)
    )
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
