"""Migration 0043 puts today's rows in the ledger once (issue 59.1): every stored transaction,
refund, void and payout adjustment becomes its entries on the payout it was in, a sent payout is
closed, and the money before and after is the same, on this pass's database."""

from __future__ import annotations

import uuid

from sqlalchemy import create_engine, inspect, text

from alembic import command
from terminal_shop.cli.migrate import alembic_config

BEFORE = "d9f3b7c5a260"  # 0042
MID = "000885012345678"


def _id(engine, value: uuid.UUID) -> str:
    return value.hex if engine.dialect.name == "sqlite" else str(value)


def _txn(c, engine, txn_id, amount, fee, status, refunded, net, day, device=True, merchant=None) -> None:
    c.execute(text(
        "INSERT INTO transactions (id, acquirer, txn_id, tid, mid, device_id, merchant_id, occurred_at, received_at, "
        "changed_at, amount, channel, status, fee, fee_rule, mdr, net, refunded, settle_on) VALUES (:id, 'bri', :t, "
        "'BRI00123', :mid, :dev, :m, :at, :at, :at, :amount, 'debit', :status, :fee, '', :mdr, :net, :refunded, :day)"
    ), {"id": _id(engine, uuid.uuid4()), "t": txn_id, "mid": MID, "dev": _id(engine, uuid.uuid4()) if device else None,
        "m": _id(engine, merchant) if merchant else None, "at": f"{day} 03:00:00", "amount": amount, "status": status,
        "fee": fee, "mdr": fee if status == "approved" else (0 if status == "void" else fee - fee * refunded // amount),
        "net": net, "refunded": refunded, "day": day})  # fmt: skip


def test_the_ledger_holds_every_stored_rupiah_once_and_the_totals_are_equal(empty_database):
    config = alembic_config(empty_database)
    command.upgrade(config, BEFORE)
    engine = create_engine(empty_database)
    merchant = uuid.uuid4()
    with engine.begin() as c:
        _txn(c, engine, "A", 500_000, 5_000, "approved", 0, 495_000, "2026-11-27", merchant=merchant)
        _txn(c, engine, "B", 400_000, 4_000, "refund", 100_000, 297_000, "2026-11-27", merchant=merchant)  # kept 3.000
        _txn(c, engine, "C", 200_000, 2_000, "void", 0, 0, "2026-11-27", merchant=merchant)
        _txn(c, engine, "U", 90_000, 900, "approved", 0, 89_100, "2026-11-27", device=False)  # an unknown TID
        c.execute(text("INSERT INTO refunds (acquirer, txn_id, refund_id, amount, occurred_at, received_at, taken_on) "
                       "VALUES ('bri', 'B', 'R1', 100000, '2026-11-28 03:00:00', '2026-11-28 03:00:00', '2026-11-30')"))  # fmt: skip
        for kind, amount, source in (("refund", -99_000, "bri:B:refund:R1"), ("refund", -198_000, "bri:C:void:"),
                                     ("chargeback", -50_000, "dispute:bri:CB-1"), ("koreksi", 5_000, "koreksi:1")):  # fmt: skip
            c.execute(text("INSERT INTO payout_adjustments (acquirer, mid, merchant_id, applies_on, kind, amount, reason, "
                           "source, created_at) VALUES ('bri', :mid, :m, '2026-11-30', :k, :a, 'x', :s, '2026-11-28 03:00:00')"),
                      {"mid": MID, "m": _id(engine, merchant), "k": kind, "a": amount, "s": source})  # fmt: skip
        c.execute(text("INSERT INTO payouts (id, acquirer, mid, merchant_id, settle_on, status, count, gross, mdr, refunds, "
                       "chargebacks, adjustments, net, account, computed_at, sent_at) VALUES (:id, 'bri', :mid, :m, "
                       "'2026-11-27', 'dikirim', 3, 1100000, 8000, 100000, 0, 0, 881100, '', '2026-11-27 03:00:00', "
                       "'2026-11-27 04:00:00')"), {"id": _id(engine, uuid.uuid4()), "mid": MID, "m": _id(engine, merchant)})  # fmt: skip
        before = c.execute(text("SELECT (SELECT SUM(net) FROM transactions) + (SELECT SUM(amount) FROM payout_adjustments "
                                "WHERE kind <> 'refund')")).scalar()  # fmt: skip

    command.upgrade(config, "head")
    with engine.connect() as c:
        after = c.execute(text("SELECT SUM(amount) FROM ledger_entries")).scalar()
        per_txn = dict(c.execute(text("SELECT txn_id, SUM(amount) FROM ledger_entries WHERE kind <> 'chargeback' "
                                      "AND kind <> 'koreksi' GROUP BY txn_id")).all())  # fmt: skip
        landed = {(k, str(d)) for k, d in c.execute(text("SELECT kind, payout_on FROM ledger_entries WHERE txn_id IN ('B', 'C') "
                                                         "AND kind IN ('refund', 'void')")).all()}  # fmt: skip
        held = c.execute(text("SELECT COUNT(*) FROM ledger_entries WHERE txn_id = 'U' AND payout_on IS NULL")).scalar()
        closed = c.execute(text("SELECT mid, payout_on FROM ledger_closings")).all()
        flags = dict(c.execute(text("SELECT txn_id, held FROM transactions")).all())
    assert int(after) == int(before) == 495_000 + 297_000 + 0 + 89_100 - 50_000 + 5_000
    assert per_txn == {"A": 495_000, "B": 297_000, "C": 0, "U": 89_100}  # each sale's entries are its net
    assert landed == {("refund", "2026-11-30"), ("void", "2026-11-30")}  # each after its payout: where it was taken
    assert held == 2 and flags["U"] == "tid"  # the unknown TID's sale and MDR: in no payout
    assert [(m, str(d)) for m, d in closed] == [(MID, "2026-11-27")]
    columns = {c["name"] for c in inspect(engine).get_columns("payouts")}
    assert (
        "net" not in columns
        and "gross" not in columns
        and "payout_adjustments" not in inspect(engine).get_table_names()
    )
    engine.dispose()
