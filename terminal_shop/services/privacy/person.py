"""What a signed-in person asks about their own data from /akun: a request for every record
their verified address owns (customers/account.records_of lists them; the state joins the two,
so neither area imports the other)."""

from __future__ import annotations

import sqlalchemy as sa
from sqlmodel import col, select

from terminal_shop.formats import wib
from terminal_shop.infra import rate_limits
from terminal_shop.infra.db import read_session
from terminal_shop.services.privacy import requests
from terminal_shop.services.privacy.tables import DataRequest
from terminal_shop.services.privacy.terms import DataRequestKind, RequestRefusal


def ask_for_records(records: list[tuple[str, str]], kind: DataRequestKind, client: str) -> str:
    """A data request (a copy, or erasure) for every record a verified address owns
    (customers/account.records_of); what the person reads back. Raises requests.RequestError (nothing
    owned, or too many asks)."""
    if not records:
        raise requests.RequestError(RequestRefusal.NOTHING_OWNED)
    try:
        due = max(requests.ask(entity_type, record_id, kind, client) for entity_type, record_id in records)
    except rate_limits.TooMany as exc:
        raise requests.RequestError(RequestRefusal.TOO_MANY, minutes=exc.minutes) from None
    return (f"Permintaan Anda ({kind.label.lower()}) untuk {len(records)} data kami terima. "
            f"Kami menjawab lewat email paling lambat {wib(due)}.")  # fmt: skip


def open_for_records(records: list[tuple[str, str]]) -> list[str]:
    """A person's requests still waiting for an answer, in their words."""
    if not records:
        return []
    with read_session() as s:
        rows = s.exec(
            select(DataRequest)
            .where(
                col(DataRequest.done_at).is_(None),
                sa.tuple_(col(DataRequest.entity_type), col(DataRequest.entity_id)).in_(records),
            )
            .order_by(col(DataRequest.created_at))
        ).all()
    return [
        f"{DataRequestKind.label_of(r.kind)}, diminta {wib(r.created_at)}, dijawab paling lambat {wib(r.due_at)}"
        for r in rows
    ]
