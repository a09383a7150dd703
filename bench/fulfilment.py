"""Invoices and bulk shipping (services/orders/invoice.py, fulfilment.py), each beside a floor.

    .venv/bin/python bench/fulfilment.py        # prints the figures; --json PATH saves them

Invoice: render() of one confirmed order, p50/p95 over 300 renders (target p95 < 50 ms),
beside fpdf2 writing a one-line page (the library's own cost). Bulk: a 1,000-line CSV of
resi numbers shipped line by line (each its own transaction, audit entry and e-mail),
beside the floor: the same 1,000 orders updated by one UPDATE per row in one transaction.
On the embedded SQLite, in a throwaway DATA_DIR.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
import uuid
from pathlib import Path

os.environ["DATA_DIR"] = tempfile.mkdtemp(prefix="bench-fulfilment-")
for name in ("DATABASE_URL", "STORAGE_BACKEND", "REDIS_URL"):
    os.environ.pop(name, None)
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import sqlalchemy as sa  # noqa: E402
from fpdf import FPDF  # noqa: E402

from terminal_shop.cli import migrate  # noqa: E402
from terminal_shop.infra.db import write_session  # noqa: E402
from terminal_shop.infra.models import utcnow  # noqa: E402
from terminal_shop.services.orders import fulfilment, invoice, transitions  # noqa: E402
from terminal_shop.services.orders.tables import Order  # noqa: E402
from terminal_shop.services.orders.views import order_number  # noqa: E402

ADMIN = "admin@terminalku.example"
LINES = 1000


def _orders(n: int, status: str) -> list[Order]:
    made = []
    with write_session() as s:
        for i in range(n):
            oid = uuid.uuid4()
            item = {"sku": "A920", "name": "PAX A920 Pro", "qty": 2, "unit_price": 3_499_000}
            order = Order(
                id=oid, number=order_number(oid), buyer_name=f"Pembeli {i}", buyer_email=f"p{i}@example.com",
                buyer_phone="081234567890", shipping_address="Jl. Darmo No. 12, Surabaya", items=[item],
                subtotal=6_998_000, total=6_998_000, payment_method="TRANSFER_BCA", status=status,
            )  # fmt: skip
            s.add(order)
            made.append(order)
    return made


def percentile(values: list[float], p: float) -> float:
    return sorted(values)[min(len(values) - 1, int(len(values) * p))]


def time_each(fn, runs: int) -> list[float]:
    out = []
    for _ in range(runs):
        started = time.perf_counter()
        fn()
        out.append((time.perf_counter() - started) * 1000)
    return out


def floor_pdf() -> bytes:
    pdf = FPDF()
    pdf.add_page()
    pdf.set_font("Helvetica", "", 10)
    pdf.cell(0, 10, "LUNAS")
    return bytes(pdf.output())


def measure() -> dict:
    migrate.upgrade()
    [one] = _orders(1, "paid_review")
    transitions.confirm(str(one.id), ADMIN)
    with write_session() as s:
        confirmed = s.get(Order, one.id)
    renders = time_each(lambda: invoice.render(confirmed), 300)
    floors = time_each(floor_pdf, 300)

    shipped = _orders(LINES, "confirmed")
    csv = "\n".join(f"{o.number},JNE,CGK{i:010d}" for i, o in enumerate(shipped)).encode()
    started = time.perf_counter()
    results = fulfilment.ship_from_csv(csv, ADMIN)
    bulk_s = time.perf_counter() - started
    assert sum(r.ok for r in results) == LINES, [r for r in results if not r.ok][:3]

    plain = _orders(LINES, "confirmed")
    started = time.perf_counter()
    with write_session() as s:
        for i, o in enumerate(plain):
            s.exec(
                sa.update(Order)
                .where(Order.id == o.id, Order.fulfilment == "")
                .values(fulfilment="shipped", courier="jne", resi=f"TKP{i:010d}", shipped_at=utcnow())
            )
    floor_s = time.perf_counter() - started
    return {
        "invoice_p50": statistics.median(renders),
        "invoice_p95": percentile(renders, 0.95),
        "floor_pdf_p95": percentile(floors, 0.95),
        "invoice_kb": len(invoice.render(confirmed)) / 1024,
        "bulk_lines": LINES,
        "bulk_s": bulk_s,
        "bulk_floor_s": floor_s,
    }


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--json", type=Path)
    args = ap.parse_args()
    r = measure()
    print(
        f"invoice PDF p50 {r['invoice_p50']:.1f} ms, p95 {r['invoice_p95']:.1f} ms (target < 50; fpdf2's one-line page"
        f" p95 {r['floor_pdf_p95']:.1f} ms), {r['invoice_kb']:.1f} KB\n"
        f"bulk CSV of {r['bulk_lines']} lines: {r['bulk_s']:.2f} s ({r['bulk_s'] / r['bulk_lines'] * 1000:.1f} ms a line);"
        f" floor (the same updates in one transaction) {r['bulk_floor_s']:.2f} s"
    )
    if args.json:
        args.json.write_text(json.dumps(r, indent=1))


if __name__ == "__main__":
    main()
