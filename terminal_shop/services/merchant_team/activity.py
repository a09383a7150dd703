"""The account's own log (issue 49.4): who signed in, downloaded, reported, answered or changed
outlets, with time; the owner reads it on /akun. Written where the act happens (a route, a
service, a subscriber), one row per merchant the act concerns."""

from __future__ import annotations

import uuid
from dataclasses import dataclass

from sqlmodel import Session, col, select

from terminal_shop.formats import wib
from terminal_shop.infra.db import read_session, write_session
from terminal_shop.services.merchant_team.tables import AccountActivity
from terminal_shop.services.merchant_team.terms import Activity

SHOWN = 50


@dataclass(frozen=True)
class ActivityLine:
    at: str
    who: str
    what: str


def record_in(s: Session, merchant_ids: list[uuid.UUID], actor: str, act: Activity, what: str = "") -> None:
    text = (act.label.format(what=what) if "{what}" in act.label else act.label)[:300]
    s.add_all(AccountActivity(merchant_id=m, actor=actor[:254], what=text) for m in merchant_ids)


def record(merchant_ids: list[uuid.UUID], actor: str, act: Activity, what: str = "") -> None:
    if merchant_ids:
        with write_session() as s:
            record_in(s, merchant_ids, actor, act, what)


def of_merchants(merchant_ids: list[uuid.UUID]) -> list[ActivityLine]:
    if not merchant_ids:
        return []
    with read_session() as s:
        rows = s.exec(
            select(AccountActivity).where(col(AccountActivity.merchant_id).in_(merchant_ids))
            .order_by(col(AccountActivity.at).desc(), col(AccountActivity.id).desc()).limit(SHOWN)
        ).all()  # fmt: skip
    return [ActivityLine(wib(r.at), r.actor, r.what) for r in rows]
