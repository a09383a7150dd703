"""The account's own log (issue 49.4): who signed in, downloaded, reported, answered or changed
outlets, with time; the owner reads it on /akun. Written only by this area's subscribers, from
the events of the act (issue 60.4: routes and services wrote it directly, a second audit trail
beside the events), one row per merchant the act concerns."""

from __future__ import annotations

import uuid
from dataclasses import dataclass

from sqlmodel import Session, col, select

from terminal_shop.formats import wib
from terminal_shop.infra.db import read_session, write_session
from terminal_shop.services.events.bus import publish
from terminal_shop.services.merchant_team.events import TeamEvent
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


def acted(merchant_ids: list[uuid.UUID], kind: type[TeamEvent], actor: str, what: str = "") -> None:
    """An act of the account outside any other change (signed in, a download): its event for
    each merchant it concerns, in one unit of work; the subscriber writes the lines."""
    if merchant_ids:
        with write_session() as s:
            for merchant_id in merchant_ids:
                publish(s, kind(entity_id=str(merchant_id), actor=actor[:254], detail=what or None))


def of_merchants(merchant_ids: list[uuid.UUID]) -> list[ActivityLine]:
    if not merchant_ids:
        return []
    with read_session() as s:
        rows = s.exec(
            select(AccountActivity).where(col(AccountActivity.merchant_id).in_(merchant_ids))
            .order_by(col(AccountActivity.at).desc(), col(AccountActivity.id).desc()).limit(SHOWN)
        ).all()  # fmt: skip
    return [ActivityLine(wib(r.at), r.actor, r.what) for r in rows]
