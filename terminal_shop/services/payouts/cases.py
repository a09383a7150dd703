""" "Dana belum masuk?" (issue 47.2): a merchant reports a payout that did not arrive, a working
day past its date (or one the acquirer sent short: "Selisih?"); the case keeps every fact the
admin needs (amount computed and sent, account, reference, transactions) as the merchant saw
them, and the time the merchant was promised an answer. The admin answers on the Transaksi
page; the merchant reads it on /akun and by e-mail. Either may mark the payout Diterima; after
an answer that it arrived, the merchant may still say "Masih belum masuk" and the case opens
again."""

from __future__ import annotations

import uuid
from datetime import date, datetime, time
from typing import Any

from sqlmodel import Session, col, select

from terminal_shop import rules
from terminal_shop.formats import WIB, rupiah, wib
from terminal_shop.infra.db import read_session, write_session
from terminal_shop.infra.models import utcnow
from terminal_shop.refusals import Refused
from terminal_shop.services import working_days
from terminal_shop.services.events.bus import publish
from terminal_shop.services.payouts import book
from terminal_shop.services.payouts.book import Booked
from terminal_shop.services.payouts.events import PayoutCaseAnswered, PayoutCaseOpened, PayoutReceived
from terminal_shop.services.payouts.tables import Payout, PayoutCase
from terminal_shop.services.payouts.terms import CaseRefusal, CaseStatus, PayoutStatus
from terminal_shop.services.payouts.views import CaseView
from terminal_shop.services.transactions import ledger
from terminal_shop.services.transactions.ledger import PayoutKey
from terminal_shop.views import Badge

OPEN_LABEL = "Laporan Anda sedang diperiksa"
STILL_MISSING = "masih belum masuk"  # a case opened again (the event's detail, the log's words)


class CaseError(Refused):
    code: CaseRefusal


def _view(c: PayoutCase, p: Payout) -> CaseView:
    promised = f"Jawaban paling lambat {wib(c.promised_by)}"
    answered = wib(c.answered_at) if c.answered_at else ""
    key = PayoutKey(p.acquirer, p.mid, p.settle_on).text
    return CaseView(c.id or 0, key, Badge.of(CaseStatus, c.status), wib(c.opened_at), promised, c.facts,
                    c.answer or "", answered)  # fmt: skip


def _mine(s: Session, merchant_ids: list[uuid.UUID], payout_key: str, today: date | None) -> tuple[Booked, Payout]:
    key = PayoutKey.parse(payout_key)
    booked = book.one(s, key, merchant_ids, today) if key else None
    if booked is None or booked.sums.merchant_id is None:
        raise CaseError(CaseRefusal.NOT_FOUND)
    return booked, book.row_for(s, booked, lock=True)


def reportable(b: Booked) -> bool:
    """A payout not yet received, past the acquirer's hour of its day, with money to arrive."""
    return b.pays and b.status not in (PayoutStatus.RECEIVED, PayoutStatus.NIL) and b.now >= b.arrives_by


def _facts(b: Booked) -> str:
    sent = f", dikirim acquirer {rupiah(b.reported)}" if b.reported is not None else ""
    return (f"{rupiah(b.sums.net)} ke {b.account or '-'}{sent}, jadwal {working_days.spoken(b.key.day)}, "
            f"{b.sums.count} transaksi, MID {b.key.mid} ({b.key.acquirer.upper()}), status {b.status.label}, "
            f"referensi bank {b.reference or '-'}")  # fmt: skip


def _promise(today: date) -> datetime:
    return datetime.combine(working_days.add_working_days(today, rules.PAYOUT_CASE_ANSWER_DAYS), time(17), WIB)


def open_case(merchant_ids: list[uuid.UUID], payout_key: str, email: str, today: date | None = None) -> CaseView:
    """The case (a new one, or the one already open for this payout); CaseError otherwise."""
    with write_session() as s:
        booked, payout = _mine(s, merchant_ids, payout_key, today)
        today = booked.now.date()
        if booked.status is PayoutStatus.RECEIVED:
            raise CaseError(CaseRefusal.RECEIVED)
        if not reportable(booked):
            raise CaseError(CaseRefusal.TOO_EARLY, day=booked.arrives_text)
        open_ = s.exec(select(PayoutCase).where(col(PayoutCase.payout_id) == payout.id,
                                                col(PayoutCase.status) == CaseStatus.OPEN.value)).first()  # fmt: skip
        if open_ is not None:
            return _view(open_, payout)
        assert booked.sums.merchant_id is not None  # _mine
        case = PayoutCase(payout_id=payout.id, merchant_id=booked.sums.merchant_id, opened_by=email[:254],
                          promised_by=_promise(today), facts=_facts(booked))  # fmt: skip
        s.add(case)
        s.flush()
        publish(s, PayoutCaseOpened(entity_id=str(payout.id), actor=email, detail=case.facts, case_id=case.id or 0))
        return _view(case, payout)


def reported(s: Session, payout_id: str) -> tuple[uuid.UUID, date] | None:
    """(merchant, settlement day) of a payout a case was opened on, for the account's log."""
    payout = s.get(Payout, uuid.UUID(payout_id))
    return (payout.merchant_id, payout.settle_on) if payout and payout.merchant_id else None


def reopenable(case: CaseView) -> bool:
    """Answered "it arrived" (closed by the admin's answer): the merchant may say it did not."""
    return case.status.label == CaseStatus.CLOSED.label and bool(case.answer)


def reopen(merchant_ids: list[uuid.UUID], payout_key: str, email: str, today: date | None = None) -> CaseView:
    """ "Masih belum masuk": the newest case opened again, the payout no longer Diterima."""
    with write_session() as s:
        booked, payout = _mine(s, merchant_ids, payout_key, today)
        today = booked.now.date()
        case = s.exec(select(PayoutCase).where(col(PayoutCase.payout_id) == payout.id)
                      .order_by(col(PayoutCase.opened_at).desc(), col(PayoutCase.id).desc())).first()  # fmt: skip
        if case is None or case.status != CaseStatus.CLOSED.value or not case.answer:
            raise CaseError(CaseRefusal.NOT_FOUND)
        case.status, case.promised_by = CaseStatus.OPEN.value, _promise(today)
        case.facts = (f"Masih belum masuk menurut merchant ({wib(utcnow())}). " + case.facts)[:1000]
        s.add(case)
        if payout.status == PayoutStatus.RECEIVED.value:
            back = PayoutStatus.SENT if payout.sent_at else PayoutStatus.SCHEDULED  # as the acquirer left it
            payout.status, payout.received_at = back.value, None
            s.add(payout)
        publish(s, PayoutCaseOpened(entity_id=str(payout.id), actor=email, detail=STILL_MISSING,
                                    case_id=case.id or 0))  # fmt: skip
        return _view(case, payout)


def newest(s: Session, merchant_ids: list[uuid.UUID], key: PayoutKey) -> CaseView | None:
    """The newest case of one of these merchants' payouts."""
    row: Any = s.exec(
        select(PayoutCase, Payout).join(Payout, col(Payout.id) == col(PayoutCase.payout_id))
        .where(col(Payout.acquirer) == key.acquirer, col(Payout.mid) == key.mid, col(Payout.settle_on) == key.day,
               col(PayoutCase.merchant_id).in_(merchant_ids))
        .order_by(col(PayoutCase.opened_at).desc(), col(PayoutCase.id).desc())
    ).first()  # fmt: skip
    return _view(*row) if row else None


def open_keys(s: Session, merchant_ids: list[uuid.UUID]) -> set[str]:
    """The payouts of these merchants with a case open."""
    rows: Any = s.exec(
        select(col(Payout.acquirer), col(Payout.mid), col(Payout.settle_on))
        .join(PayoutCase, col(Payout.id) == col(PayoutCase.payout_id))
        .where(col(PayoutCase.merchant_id).in_(merchant_ids), col(PayoutCase.status) == CaseStatus.OPEN.value)
    ).all()  # fmt: skip
    return {PayoutKey(a, m, d).text for a, m, d in rows}


def open_cases(limit: int = 100) -> list[CaseView]:
    """What waits for the admin, the nearest promise first."""
    with read_session() as s:
        rows: Any = s.exec(
            select(PayoutCase, Payout).join(Payout, col(Payout.id) == col(PayoutCase.payout_id))
            .where(col(PayoutCase.status) == CaseStatus.OPEN.value)
            .order_by(col(PayoutCase.promised_by)).limit(limit)
        ).all()  # fmt: skip
    return [_view(c, p) for c, p in rows]


def answer(case_id: int, text: str, admin_email: str, received: bool = False) -> None:
    """The admin's answer, told to the merchant; `received`: the money has arrived (checked with
    the bank), the payout is Diterima and the case done."""
    words = " ".join(str(text or "").split())[:1000]
    if not words:
        raise CaseError(CaseRefusal.ANSWER)
    with write_session() as s:
        case = s.get(PayoutCase, int(case_id), with_for_update=True)
        if case is None:
            raise CaseError(CaseRefusal.NOT_FOUND)
        case.answer, case.answered_by, case.answered_at = words, admin_email, utcnow()
        case.status = (CaseStatus.CLOSED if received else CaseStatus.ANSWERED).value
        s.add(case)
        publish(
            s, PayoutCaseAnswered(entity_id=str(case.payout_id), actor=admin_email, detail=words, case_id=case.id or 0)
        )
        if received:
            _received(s, case.payout_id, admin_email)


def mark_received(merchant_ids: list[uuid.UUID], payout_key: str, email: str) -> None:
    """ "Sudah masuk": the merchant says the money arrived; an open case is closed with it."""
    with write_session() as s:
        _, payout = _mine(s, merchant_ids, payout_key, None)
        for case in s.exec(select(PayoutCase).where(col(PayoutCase.payout_id) == payout.id,
                                                    col(PayoutCase.status) != CaseStatus.CLOSED.value)):  # fmt: skip
            case.status = CaseStatus.CLOSED.value
            s.add(case)
        _received(s, payout.id, email)


def _received(s: Session, payout_id: uuid.UUID, who: str) -> None:
    payout = s.get(Payout, payout_id)
    if payout is None or payout.status == PayoutStatus.RECEIVED.value:
        return
    old = payout.status
    ledger.close(s, PayoutKey(payout.acquirer, payout.mid, payout.settle_on))  # received is sent: its entries fixed
    payout.status, payout.received_at = PayoutStatus.RECEIVED.value, utcnow()
    s.add(payout)
    publish(s, PayoutReceived(entity_id=str(payout.id), actor=who, old_status=old, new_status=payout.status))
