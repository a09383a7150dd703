"""Ending customer sessions: "Keluar", "Keluar dari semua perangkat" and erasure. Each session
remembers the tabs that read the account under it (CustomerTab), so ending it names the tabs
whose stored state the site empties (web/customer_auth.py, issue 46.1)."""

from __future__ import annotations

from collections.abc import Callable

import sqlalchemy as sa
from sqlmodel import Session, col, select

from terminal_shop.infra.db import write_session
from terminal_shop.infra.models import utcnow
from terminal_shop.services.customers.signin import normal_email, session_customer
from terminal_shop.services.customers.tables import CustomerSession, CustomerTab, SignInCode


def remember_tab(token_hash: str, client_token: str) -> None:
    """A tab read the account under this session: signing out empties its stored state."""
    if not token_hash or not client_token:
        return
    with write_session() as s:
        if s.get(CustomerTab, (token_hash, client_token[:64])) is None:
            s.add(CustomerTab(token_hash=token_hash, client_token=client_token[:64]))


def _end(s: Session, sessions: list[str]) -> list[str]:
    """Ends these sessions; the client tokens of the tabs that read under them (forgotten here)."""
    if not sessions:
        return []
    s.exec(sa.update(CustomerSession).where(col(CustomerSession.token_hash).in_(sessions),
                                            col(CustomerSession.ended_at).is_(None)).values(ended_at=utcnow()))  # fmt: skip
    tabs = list(s.exec(select(CustomerTab.client_token).where(col(CustomerTab.token_hash).in_(sessions))))
    s.exec(sa.delete(CustomerTab).where(col(CustomerTab.token_hash).in_(sessions)))
    return tabs


def end(token_hash: str) -> list[str]:
    """ "Keluar": this session; the tabs that read under it."""
    with write_session() as s:
        return _end(s, [token_hash] if s.get(CustomerSession, token_hash) is not None else [])


def end_all(token_hash: str) -> list[str]:
    """ "Keluar dari semua perangkat": every live session of this session's address; the tabs
    that read under any of them."""
    customer = session_customer(token_hash)
    if customer is None:
        return []
    with write_session() as s:
        live = s.exec(select(CustomerSession.token_hash).where(
            col(CustomerSession.email) == customer.email, col(CustomerSession.ended_at).is_(None))).all()  # fmt: skip
        return _end(s, list(live))


def end_some(address: str, pick: Callable[[Session, list[str]], list[str]]) -> list[str]:
    """Ends the live sessions of this address that `pick` chooses (a removed team member's,
    services/merchant_team); the tabs that read under them."""
    with write_session() as s:
        live = s.exec(select(CustomerSession.token_hash).where(
            col(CustomerSession.email) == normal_email(address), col(CustomerSession.ended_at).is_(None))).all()  # fmt: skip
        return _end(s, pick(s, list(live)))


def forget(s: Session, address: str) -> None:
    """Erasure (privacy/erasure.py): the address's sign-in codes and sessions go, so no tab
    signed in as it answers again (the tabs' stored state is emptied by the site's own
    watcher of erasures, reflex_compat.empty_tabs_mentioning)."""
    address = normal_email(address)
    sessions = list(s.exec(select(CustomerSession.token_hash).where(col(CustomerSession.email) == address)))
    if sessions:
        s.exec(sa.delete(CustomerTab).where(col(CustomerTab.token_hash).in_(sessions)))
        s.exec(sa.delete(CustomerSession).where(col(CustomerSession.token_hash).in_(sessions)))
    s.exec(sa.delete(SignInCode).where(col(SignInCode.email) == address))
