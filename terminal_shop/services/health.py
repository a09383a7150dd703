"""How the shop is doing, read from the database: the operator's metrics (/metrics) and the
admin overview's warning when e-mails do not go out."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

import sqlalchemy as sa
from sqlmodel import col

from terminal_shop.infra.db import read_rows
from terminal_shop.infra.models import table_of
from terminal_shop.services.backoffice.tables import StatusTally
from terminal_shop.services.notifications.tables import OutboxMessage
from terminal_shop.services.notifications.terms import MailStatus
from terminal_shop.services.orders.tables import Order
from terminal_shop.services.registrations.tables import MerchantRegistration

MAIL_LATE = timedelta(minutes=15)  # a message waiting longer than this is a problem
MAIL_FAILURES_SHOWN = timedelta(hours=24)  # failures this recent keep the warning on

_M = table_of(OutboxMessage).c


@dataclass(frozen=True)
class Health:
    orders: dict[str, int]  # rows per status (trigger-kept tallies)
    registrations: dict[str, int]
    orders_last_hour: int
    registrations_last_hour: int
    mail: dict[str, int]  # messages per outbox status
    oldest_pending_seconds: float  # 0 when nothing waits
    failed_recently: int  # messages that gave up in the last 24 hours

    @property
    def mail_warning(self) -> str:
        """What the overview shows in red ('' when e-mail flows)."""
        problems = []
        if self.failed_recently:
            problems.append(f"{self.failed_recently} e-mail gagal terkirim dalam 24 jam terakhir")
        if self.oldest_pending_seconds > MAIL_LATE.total_seconds():
            minutes = int(self.oldest_pending_seconds // 60)
            problems.append(f"e-mail tertua menunggu {minutes} menit")
        return "; ".join(problems).capitalize() + (". Periksa pengaturan SMTP dan log pengirim." if problems else "")

    def figures(self) -> Iterator[tuple[str, str, dict[str, str], float]]:
        """(name, help, labels, value) for infra/metrics.py."""
        for status, n in self.orders.items():
            yield "orders", "Orders stored, by status", {"status": status}, n
        for status, n in self.registrations.items():
            yield "registrations", "Merchant registrations stored, by status", {"status": status}, n
        yield "orders_last_hour", "Orders placed in the last hour", {}, self.orders_last_hour
        yield "registrations_last_hour", "Registrations sent in the last hour", {}, self.registrations_last_hour
        for status in MailStatus:
            yield "emails", "E-mails in the outbox, by status", {"status": status.value}, self.mail.get(status.value, 0)
        yield (
            "outbox_oldest_pending_seconds",
            "Age of the oldest e-mail waiting to be sent",
            {},
            self.oldest_pending_seconds,
        )


def _per_status(conn: sa.Connection, entity: str) -> dict[str, int]:
    rows = conn.execute(
        sa.select(col(StatusTally.status), sa.func.sum(col(StatusTally.n)))
        .where(col(StatusTally.entity) == entity)
        .group_by(col(StatusTally.status))
    )
    return {status: int(n) for status, n in rows}


def _count_since(conn: sa.Connection, table: sa.Table, since: datetime) -> int:
    return int(
        conn.execute(sa.select(sa.func.count()).select_from(table).where(table.c.created_at >= since)).scalar_one()
    )


def health(now: datetime | None = None) -> Health:
    now = now or datetime.now(UTC)
    with read_rows() as conn:
        mail: dict[str, int] = dict(conn.execute(sa.select(_M.status, sa.func.count()).group_by(_M.status)).all())
        oldest = conn.execute(
            sa.select(sa.func.min(_M.created_at)).where(_M.status == MailStatus.PENDING.value)
        ).scalar()
        failed = conn.execute(
            sa.select(sa.func.count()).where(
                _M.status == MailStatus.FAILED.value, _M.next_attempt_at >= now - MAIL_FAILURES_SHOWN
            )
        ).scalar_one()
        return Health(
            orders=_per_status(conn, "orders"),
            registrations=_per_status(conn, "merchant_registrations"),
            orders_last_hour=_count_since(conn, table_of(Order), now - timedelta(hours=1)),
            registrations_last_hour=_count_since(conn, table_of(MerchantRegistration), now - timedelta(hours=1)),
            mail={k: int(v) for k, v in mail.items()},
            oldest_pending_seconds=max(0.0, (now - _aware(oldest)).total_seconds()) if oldest else 0.0,
            failed_recently=failed,
        )


def _aware(moment: datetime) -> datetime:
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)
