"""Ending customer sessions: "Keluar", "Keluar dari semua perangkat" and erasure. Each session
remembers the tabs that read the account under it (CustomerTab), so ending it names the tabs
whose stored state the site empties (web/customer_auth.py, issue 46.1)."""

from __future__ import annotations

from collections.abc import Callable

import sqlalchemy as sa
from sqlmodel import Session, col, select

from terminal_shop.infra.db import read_session, write_session
from terminal_shop.infra.models import utcnow
from terminal_shop.services.customers.signin import normal_email, session_customer
from terminal_shop.services.customers.tables import CustomerSession, CustomerTab, SignInCode


def remember_tab(token_hash: str, client_token: str) -> None:
    """A tab read the account under this session: signing out empties its stored state. The tab
    that signed in was remembered then (signin.verify): only another tab of the session (a link
    from an e-mail opened beside it) writes, once."""
    if not token_hash or not client_token:
        return
    key = (token_hash, client_token[:64])
    with read_session() as s:
        if s.get(CustomerTab, key) is not None:
            return
    with write_session() as s:
        if s.get(CustomerTab, key) is None:
            s.add(CustomerTab(token_hash=token_hash, client_token=client_token[:64]))


def address_of(s: Session, token_hash: str) -> str | None:
    """Whose session this is (a sign-in event names only its hash)."""
    session = s.get(CustomerSession, token_hash)
    return session.email if session else None


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


def end_some(s: Session, address: str, pick: Callable[[Session, list[str]], list[str]], note: str = "") -> list[str]:
    """In the caller's transaction: ends the live sessions of this address that `pick` chooses (a
    removed team member's, services/merchant_team), with why (`note`, said on /masuk); the tabs
    that read under them."""
    live = s.exec(select(CustomerSession.token_hash).where(
        col(CustomerSession.email) == normal_email(address), col(CustomerSession.ended_at).is_(None))).all()  # fmt: skip
    picked = pick(s, list(live))
    if picked and note:
        s.exec(sa.update(CustomerSession).where(col(CustomerSession.token_hash).in_(picked))
               .values(ended_note=note[:200]))  # fmt: skip
    return _end(s, picked)


def ended_note(token_hash: str) -> str:
    """Why this browser's session was ended for its person, as its ender wrote it (merchant_team's
    removal: its member); "" when it was not, or they signed out."""
    if not token_hash:
        return ""
    with read_session() as s:
        row = s.get(CustomerSession, token_hash)
    return row.ended_note or "" if row is not None and row.ended_at is not None else ""


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
