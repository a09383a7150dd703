""" "Dana belum masuk?" (issue 47.2): a merchant reports a payout that did not arrive, a working
day past its date; the case keeps every fact the admin needs (amount, account, reference,
transactions) as the merchant saw them, and the time the merchant was promised an answer.
The admin answers on the Transaksi page; the merchant reads it on /akun and by e-mail. Either
may mark the payout Diterima."""

from __future__ import annotations

import uuid
from datetime import date, datetime, time

from sqlmodel import Session, col, select

from terminal_shop import rules
from terminal_shop.formats import WIB, rupiah, wib
from terminal_shop.infra.db import read_session, write_session
from terminal_shop.infra.models import utcnow
from terminal_shop.services import working_days
from terminal_shop.services.events.bus import publish
from terminal_shop.services.merchant_team import activity
from terminal_shop.services.merchant_team.terms import Activity
from terminal_shop.services.payouts.events import PayoutCaseAnswered, PayoutCaseOpened, PayoutReceived
from terminal_shop.services.payouts.tables import Payout, PayoutCase
from terminal_shop.services.payouts.terms import CaseRefusal, CaseStatus, PayoutStatus
from terminal_shop.services.payouts.views import CaseView
from terminal_shop.services.refusals import Refused
from terminal_shop.services.validation import parse_id
from terminal_shop.views import Badge


class CaseError(Refused):
    code: CaseRefusal


def _view(c: PayoutCase) -> CaseView:
    promised = f"Jawaban paling lambat {wib(c.promised_by)}"
    answered = wib(c.answered_at) if c.answered_at else ""
    return CaseView(c.id or 0, str(c.payout_id), Badge.of(CaseStatus, c.status), wib(c.opened_at), promised, c.facts,
                    c.answer or "", answered)  # fmt: skip


def _mine(s: Session, merchant_ids: list[uuid.UUID], payout_id: str, lock: bool = False) -> Payout:
    key = parse_id(payout_id)
    payout = s.get(Payout, key, with_for_update=lock) if key else None
    if payout is None or payout.merchant_id is None or payout.merchant_id not in merchant_ids:
        raise CaseError(CaseRefusal.NOT_FOUND)
    return payout


def reportable(settle_on: date, status: str, today: date) -> bool:
    """A payout not yet received, a working day past its date."""
    return status != PayoutStatus.RECEIVED.value and today >= working_days.add_working_days(settle_on, 1)


def _facts(p: Payout) -> str:
    state = PayoutStatus.label_of(p.status)
    return (f"{rupiah(p.net)} ke {p.account or '-'}, jadwal {working_days.spoken(p.settle_on)}, {p.count} transaksi, "
            f"MID {p.mid} ({p.acquirer.upper()}), status {state}, referensi bank {p.bank_reference or '-'}")  # fmt: skip


def open_case(merchant_ids: list[uuid.UUID], payout_id: str, email: str, today: date | None = None) -> CaseView:
    """The case (a new one, or the one already open for this payout); CaseError otherwise."""
    today = today or working_days.today_wib()
    with write_session() as s:
        payout = _mine(s, merchant_ids, payout_id, lock=True)
        if payout.status == PayoutStatus.RECEIVED.value:
            raise CaseError(CaseRefusal.RECEIVED)
        if not reportable(payout.settle_on, payout.status, today):
            raise CaseError(CaseRefusal.TOO_EARLY, day=working_days.spoken(payout.settle_on))
        open_ = s.exec(select(PayoutCase).where(col(PayoutCase.payout_id) == payout.id,
                                                col(PayoutCase.status) == CaseStatus.OPEN.value)).first()  # fmt: skip
        if open_ is not None:
            return _view(open_)
        due = working_days.add_working_days(today, rules.PAYOUT_CASE_ANSWER_DAYS)
        assert payout.merchant_id is not None  # _mine
        case = PayoutCase(payout_id=payout.id, merchant_id=payout.merchant_id, opened_by=email[:254],
                          promised_by=datetime.combine(due, time(17), WIB), facts=_facts(payout))  # fmt: skip
        s.add(case)
        s.flush()
        publish(s, PayoutCaseOpened(entity_id=str(payout.id), actor=email, detail=case.facts, case_id=case.id or 0))
        activity.record_in(
            s,
            [payout.merchant_id],
            email,
            Activity.REPORTED,
            f"dana belum masuk {working_days.spoken(payout.settle_on)}",
        )
        return _view(case)


def case_of(merchant_ids: list[uuid.UUID], payout_id: str) -> CaseView | None:
    """The newest case of one of these merchants' payouts."""
    key = parse_id(payout_id)
    if key is None or not merchant_ids:
        return None
    with read_session() as s:
        found = s.exec(
            select(PayoutCase)
            .where(col(PayoutCase.payout_id) == key, col(PayoutCase.merchant_id).in_(merchant_ids))
            .order_by(col(PayoutCase.opened_at).desc())
        ).first()
    return _view(found) if found else None


def open_cases(limit: int = 100) -> list[CaseView]:
    """What waits for the admin, the nearest promise first."""
    with read_session() as s:
        rows = s.exec(
            select(PayoutCase).where(col(PayoutCase.status) == CaseStatus.OPEN.value)
            .order_by(col(PayoutCase.promised_by)).limit(limit)
        ).all()  # fmt: skip
    return [_view(c) for c in rows]


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


def mark_received(merchant_ids: list[uuid.UUID], payout_id: str, email: str) -> None:
    """ "Sudah masuk": the merchant says the money arrived; an open case is closed with it."""
    with write_session() as s:
        payout = _mine(s, merchant_ids, payout_id, lock=True)
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
    payout.status, payout.received_at = PayoutStatus.RECEIVED.value, utcnow()
    s.add(payout)
    publish(s, PayoutReceived(entity_id=str(payout.id), actor=who, old_status=old, new_status=payout.status))
