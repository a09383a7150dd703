"""A merchant's payouts as /akun shows them (issue 47.2, 59): the list by day with status, what
the acquirer sent beside what the ledger says, the next one, and one payout's breakdown listing
exactly its entries. Only the merchant's own: another merchant's payout is not found, whoever
asks."""

from __future__ import annotations

import uuid
from datetime import date

from sqlmodel import Session

from terminal_shop.formats import day_text, rupiah, wib
from terminal_shop.infra.db import read_session
from terminal_shop.services import working_days
from terminal_shop.services.payouts import book, cases
from terminal_shop.services.payouts.book import Booked
from terminal_shop.services.payouts.tables import Payout
from terminal_shop.services.payouts.terms import PayoutStatus
from terminal_shop.services.payouts.views import AdjustmentLine, PaidTxn, PayoutDetail, PayoutLine
from terminal_shop.services.transactions import ledger_reads
from terminal_shop.services.transactions.ledger import PayoutKey
from terminal_shop.services.transactions.terms import CHANNELS, EntryKind
from terminal_shop.views import Badge

SHOWN = 60  # payouts listed, newest first
_VERB = {PayoutStatus.SCHEDULED: "dijadwalkan masuk ke", PayoutStatus.SENT: "dikirim ke",
         PayoutStatus.RECEIVED: "masuk ke", PayoutStatus.LATE: "belum dikirim ke",
         PayoutStatus.NIL: "tidak dikirim ke"}  # fmt: skip


def signed(amount: int) -> str:
    """'-Rp 29.700', '+Rp 5.000'."""
    return ("-" if amount < 0 else "+") + rupiah(abs(amount))


def gap_text(b: Booked) -> str:
    """What the acquirer sent beside the ledger's figure, when they differ."""
    if b.reported is None or not b.gap:
        return ""
    return (f"Acquirer mengirim {rupiah(b.reported)}, hitungan kami {rupiah(b.sums.net)} "
            f"(selisih {signed(b.gap)})")  # fmt: skip


def line_of(b: Booked, open_cases: set[str] | None = None) -> PayoutLine:
    day = working_days.spoken(b.key.day)
    shown = b.reported if b.reported is not None else b.sums.net  # what reached, or will reach, the bank
    when = f"paling lambat {b.arrives_text}" if b.status is PayoutStatus.SCHEDULED else f"pada {day}"
    said = f"{rupiah(shown)} {_VERB[b.status]} {b.account or 'rekening Anda'} {when}, dari {b.sums.count} transaksi"
    if b.status is PayoutStatus.LATE:
        said = (f"{rupiah(shown)} seharusnya masuk ke {b.account or 'rekening Anda'} paling lambat {b.arrives_text}: "
                "belum dikirim acquirer")  # fmt: skip
    if b.status is PayoutStatus.NIL:
        said = f"Tidak ada yang dicairkan pada {day}: potongan melebihi penjualan, kekurangannya dipotong dari pencairan berikutnya"
    elif b.sums.net < 0 and b.reported is None:
        said = (f"Potongan melebihi penjualan untuk {day} sebesar {rupiah(-b.sums.net)}: tidak ada yang dicairkan, "
                "kekurangannya dipotong dari pencairan berikutnya")  # fmt: skip
    gap = gap_text(b)
    reported = b.key.text in (open_cases or set())
    return PayoutLine(b.key.text, day, rupiah(shown), b.sums.count, b.account, Badge.of(PayoutStatus, b.status), said,
                      gap, cases.reportable(b) and not reported,
                      "Selisih?" if gap else "Dana belum masuk?", cases.OPEN_LABEL if reported else "", b.pays)  # fmt: skip


def _lines(s: Session, merchant_ids: list[uuid.UUID], today: date | None) -> list[PayoutLine]:
    booked = book.of_merchants(s, merchant_ids, SHOWN, today)
    reported = cases.open_keys(s, merchant_ids)
    return [line_of(b, reported) for b in booked]


def of_merchants(merchant_ids: list[uuid.UUID], today: date | None = None) -> list[PayoutLine]:
    """Newest first, read from the ledger as it stands (nothing is written to show them)."""
    if not merchant_ids:
        return []
    with read_session() as s:
        return _lines(s, merchant_ids, today)


def next_of(lines: list[PayoutLine]) -> PayoutLine | None:
    """The oldest payout not yet sent, late or still to come (the list is newest first)."""
    waiting = [x for x in lines if x.pays and x.status.label in (PayoutStatus.SCHEDULED.label, PayoutStatus.LATE.label)]
    return waiting[-1] if waiting else None


def _sale(x: ledger_reads.Line, fee: int, refunded: int, key: PayoutKey) -> PaidTxn:
    late = f"Transaksi terlambat (jadwal {working_days.spoken(x.due_on)})" if x.due_on < key.day else ""
    return PaidTxn(wib(x.occurred_at), f"{CHANNELS.get(x.channel, x.channel)} · TID {x.tid}", rupiah(x.amount),
                   rupiah(fee), rupiah(refunded) if refunded else "", x.fee_rule, late)  # fmt: skip


def _other(x: ledger_reads.Line) -> AdjustmentLine:
    what = x.note or (f"transaksi {x.txn_id} · {wib(x.occurred_at)}" if x.txn_id else wib(x.occurred_at))
    return AdjustmentLine(EntryKind.label_of(x.kind), what, signed(x.amount))


def detail(merchant_ids: list[uuid.UUID], payout_key: str, today: date | None = None) -> PayoutDetail | None:
    """The payout's figures and exactly its entries; None for one that is not these merchants'."""
    key = PayoutKey.parse(payout_key)
    if key is None or not merchant_ids:
        return None
    with read_session() as s:
        b = book.one(s, key, merchant_ids, today)
        if b is None:
            return None
        held = ledger_reads.entries(s, key)
        case = cases.newest(s, merchant_ids, key)
        reported = cases.open_keys(s, merchant_ids)
    sales = {x.txn_id for x in held if x.kind == EntryKind.SALE.value}
    fee = {x.txn_id: -x.amount for x in held if x.kind == EntryKind.MDR.value and x.txn_id in sales}
    refunded: dict[str, int] = {}
    for x in held:
        if x.kind in (EntryKind.REFUND.value, EntryKind.VOID.value) and x.txn_id in sales:
            refunded[x.txn_id] = refunded.get(x.txn_id, 0) - x.amount
    txns = tuple(
        _sale(x, fee.get(x.txn_id, 0), refunded.get(x.txn_id, 0), key) for x in held if x.kind == EntryKind.SALE.value
    )
    extra = tuple(_other(x) for x in held if x.kind != EntryKind.SALE.value
                  and not (x.kind == EntryKind.MDR.value and x.txn_id in sales))  # fmt: skip
    f = b.sums
    late = [AdjustmentLine(f"Transaksi terlambat {day_text(x.due_on)}", f"transaksi {x.txn_id} · {wib(x.occurred_at)}",
                           signed(x.amount)) for x in held if x.kind == EntryKind.SALE.value and x.due_on < key.day]  # fmt: skip
    return PayoutDetail(
        line_of(b, reported), rupiah(f.gross), rupiah(f.mdr), rupiah(f.refunds), rupiah(-f.chargebacks),
        signed(f.corrections) if f.corrections else rupiah(0), rupiah(f.net), b.reference, txns, (*late, *extra),
        can_report=cases.reportable(b) and key.text not in reported,
        can_confirm=b.status == PayoutStatus.SENT, case=case,
        can_reopen=case is not None and cases.reopenable(case),
    )  # fmt: skip


def merchant_of(s: Session, payout_id: uuid.UUID) -> uuid.UUID | None:
    """Whose payout this is (a message about it, whose event names its row), in the caller's transaction."""
    payout = s.get(Payout, payout_id)
    return payout.merchant_id if payout else None
