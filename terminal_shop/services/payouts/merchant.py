"""A merchant's payouts as /akun shows them (issue 47.2): the list by day with status, the
next one, and one payout's breakdown. Only the merchant's own: a payout of another merchant
is not found, whoever asks."""

from __future__ import annotations

import uuid
from datetime import date, timedelta

from sqlmodel import Session, col, select

from terminal_shop.formats import rupiah, wib
from terminal_shop.infra.db import read_session
from terminal_shop.services import working_days
from terminal_shop.services.payouts import cases, schedule
from terminal_shop.services.payouts.tables import Payout, PayoutAdjustment
from terminal_shop.services.payouts.terms import AdjustmentKind, PayoutStatus
from terminal_shop.services.payouts.views import AdjustmentLine, PaidTxn, PayoutDetail, PayoutLine
from terminal_shop.services.transactions import payout_figures
from terminal_shop.services.transactions.mdr import CHANNELS
from terminal_shop.services.validation import parse_id
from terminal_shop.views import Badge

SHOWN = 60  # payouts listed, newest first
REFRESHED_DAYS = 7  # a payout older than this is sent, or the admin follows it up


def _line(p: Payout) -> PayoutLine:
    day = working_days.spoken(p.settle_on)
    status = PayoutStatus.parse(p.status) or PayoutStatus.SCHEDULED
    verb = {PayoutStatus.SCHEDULED: "dijadwalkan masuk ke", PayoutStatus.SENT: "dikirim ke"}.get(status, "masuk ke")
    said = f"{rupiah(p.net)} {verb} {p.account or 'rekening Anda'} pada {day}, dari {p.count} transaksi"
    return PayoutLine(str(p.id), day, rupiah(p.net), p.count, p.account, Badge.of(PayoutStatus, p.status), said)


def of_merchants(merchant_ids: list[uuid.UUID], today: date | None = None) -> list[PayoutLine]:
    """Newest first; the ones still Dijadwalkan read again from their transactions first."""
    if not merchant_ids:
        return []
    today = today or working_days.today_wib()
    schedule.refresh_merchant(merchant_ids, today - timedelta(days=REFRESHED_DAYS))
    with read_session() as s:
        rows = s.exec(
            select(Payout)
            .where(col(Payout.merchant_id).in_(merchant_ids))
            .order_by(col(Payout.settle_on).desc(), col(Payout.mid))
            .limit(SHOWN)
        ).all()
    return [_line(p) for p in rows]


def next_of(lines: list[PayoutLine]) -> PayoutLine | None:
    """The soonest payout not yet sent (the list is newest first)."""
    waiting = [x for x in lines if x.status.label == PayoutStatus.SCHEDULED.label]
    return waiting[-1] if waiting else None


def detail(merchant_ids: list[uuid.UUID], payout_id: str) -> PayoutDetail | None:
    """None for a payout that is not one of these merchants'."""
    key = parse_id(payout_id)
    if key is None or not merchant_ids:
        return None
    with read_session() as s:
        p = s.get(Payout, key)
        if p is None or p.merchant_id not in merchant_ids:
            return None
        paid = payout_figures.lines_of(s, p.acquirer, p.mid, p.settle_on)
        extra = s.exec(
            select(PayoutAdjustment).where(col(PayoutAdjustment.acquirer) == p.acquirer, col(PayoutAdjustment.mid) == p.mid,
                                           col(PayoutAdjustment.applies_on) == p.settle_on)
            .order_by(col(PayoutAdjustment.id))
        ).all()  # fmt: skip
    txns = tuple(
        PaidTxn(wib(t.occurred_at), f"{CHANNELS.get(t.channel, t.channel)} · TID {t.tid}", rupiah(t.amount),
                rupiah(t.mdr), rupiah(t.refunded) if t.refunded else "", t.fee_rule)
        for t in paid
    )  # fmt: skip
    adjustments = tuple(AdjustmentLine(AdjustmentKind.label_of(a.kind), a.reason, signed(a.amount)) for a in extra)
    today = working_days.today_wib()
    return PayoutDetail(
        _line(p), rupiah(p.gross), rupiah(p.mdr), rupiah(p.refunds), rupiah(p.chargebacks), rupiah(p.adjustments),
        rupiah(p.net), p.bank_reference or "", txns, adjustments,
        can_report=cases.reportable(p.settle_on, p.status, today), can_confirm=p.status == PayoutStatus.SENT.value,
        case=cases.case_of(merchant_ids, str(p.id)),
    )  # fmt: skip


def signed(amount: int) -> str:
    """'-Rp 29.700', '+Rp 5.000'."""
    return ("-" if amount < 0 else "+") + rupiah(abs(amount))


def merchant_of(s: Session, payout_id: uuid.UUID) -> uuid.UUID | None:
    """Whose payout this is (a message about it), in the caller's transaction."""
    payout = s.get(Payout, payout_id)
    return payout.merchant_id if payout else None
