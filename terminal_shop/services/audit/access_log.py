"""Who looked at personal files and data (UU 27/2022 Pasal 31: processing is recorded).

Every opening of a registration's documents or an order's proof, every document replaced
and every CSV export adds an entry; nothing in the site changes or removes one (the
retention job blanks records, never their access history).
"""

from __future__ import annotations

from typing import Any

from sqlmodel import Session, col, select

from terminal_shop.formats import wib
from terminal_shop.infra.db import read_session, write_session
from terminal_shop.services.audit.tables import AccessEvent
from terminal_shop.services.audit.terms import AccessAction
from terminal_shop.views import AccessView

SHOWN = 50  # the newest entries a detail page lists


def record_in(s: Session, admin_email: str, action: AccessAction, entity_type: str, entity_id: str, item: str) -> None:
    s.add(
        AccessEvent(
            admin_email=admin_email,
            action=action.value,
            entity_type=entity_type,
            entity_id=str(entity_id),
            item=item[:500],
        )
    )


def record(admin_email: str, action: AccessAction, entity_type: str, entity_id: str, item: str) -> None:
    """A look or a download on its own (a route's, a page's): its one write."""
    with write_session() as s:
        record_in(s, admin_email, action, entity_type, entity_id, item)


def history(entity_type: str, entity_id: str, limit: int = SHOWN) -> tuple[AccessView, ...]:
    """Newest first, as the detail pages list it."""
    with read_session() as s:
        rows = s.exec(
            select(AccessEvent)
            .where(col(AccessEvent.entity_type) == entity_type, col(AccessEvent.entity_id) == str(entity_id))
            .order_by(col(AccessEvent.at).desc(), col(AccessEvent.id).desc())
            .limit(limit)
        )
        return tuple(AccessView(wib(r.at), r.admin_email, AccessAction.label_of(r.action), r.item) for r in rows)


def entries(entity_type: str, entity_id: str) -> list[dict[str, Any]]:
    """Every entry of a record, oldest first, as a data subject's export holds them."""
    with read_session() as s:
        rows = s.exec(
            select(AccessEvent)
            .where(col(AccessEvent.entity_type) == entity_type, col(AccessEvent.entity_id) == str(entity_id))
            .order_by(col(AccessEvent.at), col(AccessEvent.id))
        )
        return [
            {
                "waktu": r.at.isoformat(),
                "admin": r.admin_email,
                "tindakan": AccessAction.label_of(r.action),
                "data": r.item,
            }
            for r in rows
        ]
