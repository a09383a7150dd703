"""How the shop is doing, read from the database: the operator's metrics (/metrics) and the
admin overview's warning when e-mails do not go out."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

import sqlalchemy as sa

from terminal_shop.infra.db import read_rows
from terminal_shop.services.lists import listing
from terminal_shop.services.notifications import mail_log
from terminal_shop.services.notifications.terms import MailStatus
from terminal_shop.services.orders import checkout
from terminal_shop.services.registrations import submission

MAIL_LATE = timedelta(minutes=15)  # a message waiting longer than this is a problem
MAIL_FAILURES_SHOWN = timedelta(hours=24)  # failures this recent keep the warning on


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
    counts: dict[str, int] = {}
    for status, _method, n in listing.tallies(conn, entity):
        counts[status] = counts.get(status, 0) + n
    return counts


def health(now: datetime | None = None) -> Health:
    """Each area counts its own (its functions, never its tables: issue 51.1), on one connection."""
    now = now or datetime.now(UTC)
    hour_ago = now - timedelta(hours=1)
    with read_rows() as conn:
        mail = mail_log.figures(conn, failed_since=now - MAIL_FAILURES_SHOWN)
        return Health(
            orders=_per_status(conn, "orders"),
            registrations=_per_status(conn, "merchant_registrations"),
            orders_last_hour=checkout.placed_since(conn, hour_ago),
            registrations_last_hour=submission.sent_since(conn, hour_ago),
            mail=mail.per_status,
            oldest_pending_seconds=max(0.0, (now - _aware(mail.oldest_pending)).total_seconds())
            if mail.oldest_pending
            else 0.0,
            failed_recently=mail.failed_since,
        )


def _aware(moment: datetime) -> datetime:
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)
