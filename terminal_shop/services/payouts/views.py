"""What the merchant reads of their payouts (issue 47.2)."""

from __future__ import annotations

from dataclasses import dataclass

from terminal_shop.views import Badge


@dataclass(frozen=True)
class PayoutLine:
    id: str
    day: str  # "Senin, 30 Nov 2026"
    net: str
    count: int
    account: str  # "BCA ••7890"
    status: Badge
    said: str  # "Rp 3.408.403 dijadwalkan masuk ke BCA ••7890 pada Senin, 30 Nov 2026, dari 14 transaksi"
    gap: str = ""  # "Acquirer mengirim Rp 1.373.553, hitungan kami Rp 1.378.553 (selisih -Rp 5.000)"
    can_report: bool = False  # "Dana belum masuk?" (or "Selisih?") on its row
    report_label: str = "Dana belum masuk?"
    case_open: str = ""  # "Laporan Anda sedang diperiksa" once reported
    pays: bool = True  # money is to reach the bank (book.Booked.pays): a shortfall is never "Berikutnya"


@dataclass(frozen=True)
class PaidTxn:
    at: str
    what: str  # "QRIS · TID BRI00123"
    amount: str
    fee: str
    refunded: str  # "" when nothing was refunded
    reason: str = ""  # the fee's rule: "Kartu debit A920 s/d Rp 750.000: 1%"
    late: str = ""  # "Transaksi terlambat (jadwal Sabtu, 28 Nov 2026)": it missed its own payout


@dataclass(frozen=True)
class AdjustmentLine:
    """An entry of the payout beyond its sales and their MDR: a refund or void (with the MDR it
    returned), a chargeback, a correction, with what it takes or adds."""

    kind: str
    reason: str
    amount: str  # signed


@dataclass(frozen=True)
class CaseView:
    id: int
    payout_id: str
    status: Badge
    opened: str  # WIB
    promised: str  # "Jawaban paling lambat Selasa, 1 Des 2026 17.00 WIB"
    facts: str
    answer: str  # "" until answered
    answered: str


@dataclass(frozen=True)
class PayoutDetail:
    line: PayoutLine
    gross: str
    mdr: str
    refunds: str
    chargebacks: str
    adjustments: str  # the admin's corrections
    net: str
    reference: str  # the bank's reference once sent, "" before
    transactions: tuple[PaidTxn, ...]
    extra: tuple[AdjustmentLine, ...] = ()
    can_report: bool = False  # "Dana belum masuk?": not received, a working day past its date
    can_confirm: bool = False  # "Sudah masuk": sent, not yet said received
    case: CaseView | None = None  # the newest "Dana belum masuk" case, with its answer
    can_reopen: bool = False  # "Masih belum masuk": the answer said it arrived, the merchant says not
