"""How the shop is doing, read from the database: the operator's figures (/metrics), each
area's own as it declares them (terminal_shop/areas.py `figures`), and the admin overview's
warning when e-mails do not go out."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from terminal_shop import areas
from terminal_shop.infra.db import read_rows
from terminal_shop.infra.metrics import Figure
from terminal_shop.services.notifications import mail_log

MAIL_LATE = timedelta(minutes=15)  # a message waiting longer than this is a problem
MAIL_FAILURES_SHOWN = timedelta(hours=24)  # failures this recent keep the warning on


def figures(now: datetime | None = None) -> list[Figure]:
    """Every area's figures, on one connection (each counts its own: issue 51.1)."""
    now = now or datetime.now(UTC)
    with read_rows() as conn:
        return [figure for read in areas.figure_readers() for figure in read(conn, now)]


def mail_warning(failed_recently: int, oldest_pending_seconds: float) -> str:
    """What the overview shows in red ('' when e-mail flows)."""
    problems = []
    if failed_recently:
        problems.append(f"{failed_recently} e-mail gagal terkirim dalam 24 jam terakhir")
    if oldest_pending_seconds > MAIL_LATE.total_seconds():
        problems.append(f"e-mail tertua menunggu {int(oldest_pending_seconds // 60)} menit")
    return "; ".join(problems).capitalize() + (". Periksa pengaturan SMTP dan log pengirim." if problems else "")


def overview_warning(now: datetime | None = None) -> str:
    now = now or datetime.now(UTC)
    with read_rows() as conn:
        outbox = mail_log.figures(conn, failed_since=now - MAIL_FAILURES_SHOWN)
    return mail_warning(outbox.failed_since, mail_log.waited(outbox, now))
