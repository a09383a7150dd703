"""The admin's reconciliation (issue 47.6, 59): per acquirer, MID and day, the ledger's net of
that payout, what the acquirer's payout delivery says it sent and what its settlement report
said of the transactions due that day. A payout not sent by its day is "Belum dikirim", never
"Cocok"; unequal amounts are a "Selisih" with its sign; each MID is compared on its own, so a
difference on one cannot hide another's."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, timedelta

from terminal_shop import rules
from terminal_shop.formats import rupiah, wib
from terminal_shop.infra.db import read_session
from terminal_shop.infra.models import utcnow
from terminal_shop.services import working_days
from terminal_shop.services.payouts import book
from terminal_shop.services.payouts.merchant import signed
from terminal_shop.services.payouts.terms import PayoutStatus
from terminal_shop.services.registrations import payout_account
from terminal_shop.services.transactions import ledger_reads, report_checks

DAYS_SHOWN = 14
AHEAD_SHOWN = 4  # days: the ones coming, "Dijadwalkan"
MATCHED = "Cocok"
NOT_SENT = "Belum dikirim"
SCHEDULED = "Dijadwalkan"
SENT_NO_AMOUNT = "Dikirim, tanpa jumlah"


@dataclass(frozen=True)
class ReconLine:
    day: str
    acquirer: str
    mid: str
    count: int
    computed: str  # the payout's net, as the ledger sums it
    reported: str  # the settlement report's, "-" before any report
    paid: str  # what the payout delivery says was sent, "-" before
    state: str  # "Cocok", "Selisih -Rp 5.000", "Belum dikirim", "Dijadwalkan"
    differences: list[str] = field(default_factory=list)
    account: str = ""  # where it went (or goes): "BNI ••1234"
    account_changed: str = ""  # "Rekening diganti 3 Des 2026": within rules.ACCOUNT_CHANGE_MARKED (issue 61.4)

    @property
    def differs(self) -> bool:
        return self.state not in (MATCHED, SCHEDULED)


def _state(b: book.Booked, report: report_checks.ReportCheck | None) -> str:
    if b.status in (PayoutStatus.SCHEDULED, PayoutStatus.LATE):
        return NOT_SENT if b.status is PayoutStatus.LATE else SCHEDULED
    if b.reported is not None:
        return MATCHED if b.gap == 0 and (report is None or report.reported == report.ours) else (
            f"Selisih {signed(b.gap)}" if b.gap else "Selisih di laporan")  # fmt: skip
    if report is not None and report.reported != report.ours:
        return f"Selisih {signed(report.reported - report.ours)}"
    return SENT_NO_AMOUNT


def lines(today: date | None = None, differences_only: bool = False) -> list[ReconLine]:
    today = today or working_days.today_wib()
    since, until = today - timedelta(days=DAYS_SHOWN), today + timedelta(days=AHEAD_SHOWN)
    with read_session() as s:
        booked = book.read(s, ledger_reads.in_days(s, since, until), today)
        reports = report_checks.checks(s, since, until)
    merchants = list({b.sums.merchant_id for b in booked if b.sums.merchant_id is not None})
    changed = payout_account.changed_since(merchants, utcnow() - rules.ACCOUNT_CHANGE_MARKED)
    out = []
    for b in booked:
        report = reports.get((b.key.acquirer, b.key.mid, b.key.day))
        at = changed.get(b.sums.merchant_id) if b.sums.merchant_id is not None else None
        extra = (
            [f"Dikirim {rupiah(b.reported)}, ledger {rupiah(b.sums.net)}"] if b.reported is not None and b.gap else []
        )
        line = ReconLine(working_days.spoken(b.key.day), b.key.acquirer.upper(), b.key.mid, b.sums.count,
                         rupiah(b.sums.net), rupiah(report.reported) if report else "-",
                         rupiah(b.reported) if b.reported is not None else "-", _state(b, report),
                         [*extra, *(report.mismatched if report else ())], b.account,
                         f"Rekening diganti {wib(at, with_time=False)}" if at else "")  # fmt: skip
        if line.differs or not differences_only:
            out.append(line)
    return out
