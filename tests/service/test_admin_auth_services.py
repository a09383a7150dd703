"""Admin sign-in: sessions, throttling of guesses, one-time passwords, the allow-list."""

from __future__ import annotations

import threading
from datetime import timedelta

import pytest
from sqlmodel import select

from terminal_shop.infra.db import read_session, write_session
from terminal_shop.infra.models import utcnow
from terminal_shop.services.team import admin_auth, passwords
from terminal_shop.services.team.admin_auth import LoginRefusal
from terminal_shop.services.team.passwords import PasswordRefusal
from terminal_shop.services.team.tables import AdminSession

from support.factories import ADMIN, audit_rows
from support.refusals import refused


def test_login_logout_and_session(clean_db):
    admin_auth.create_admin(ADMIN, "rahasia-123")
    token = admin_auth.login(" Admin@TerminalKu.example ", "rahasia-123", "1.2.3.4")
    assert admin_auth.session_admin(token).email == ADMIN
    with read_session() as s:
        stored = s.exec(select(AdminSession)).one()
    assert stored.token_hash != token and len(stored.token_hash) == 64  # only a hash is kept
    admin_auth.logout(token)
    assert admin_auth.session_admin(token) is None


def test_wrong_password_and_unknown_email_read_the_same(clean_db):
    admin_auth.create_admin(ADMIN, "rahasia-123")
    with refused(LoginRefusal.BAD_LOGIN):
        admin_auth.login(ADMIN, "salah", "c1")
    with refused(LoginRefusal.BAD_LOGIN):
        admin_auth.login("nobody@example.com", "salah", "c1")
    with refused(LoginRefusal.REQUIRED):
        admin_auth.login("", "", "c1")


def test_a_strangers_failures_slow_the_account_but_never_lock_out_its_password(clean_db):
    admin_auth.create_admin(ADMIN, "rahasia-123")
    delays = []
    for _ in range(7):  # a stranger guessing from another address
        attempt = admin_auth.start_attempt(ADMIN, "salah", "stranger")
        delays.append(attempt.delay)
        with refused(LoginRefusal.BAD_LOGIN):
            admin_auth.finish_attempt(attempt, "salah")
    assert delays == [0, 0, 0, 0, 0, 1, 2]  # free at first, then doubling
    attempt = admin_auth.start_attempt(ADMIN, "rahasia-123", "office")
    assert attempt.delay == 4  # the real admin waits a little...
    token, must_change = admin_auth.finish_attempt(attempt, "rahasia-123")  # ...and is let in
    assert admin_auth.session_admin(token).email == ADMIN and not must_change
    assert admin_auth.start_attempt(ADMIN, "x", "stranger").delay == 0  # success cleared the account
    assert admin_auth.account_delay(50) == admin_auth.MAX_DELAY_SECONDS


def test_a_client_is_refused_after_its_failures_whatever_the_account(clean_db):
    admin_auth.create_admin(ADMIN, "rahasia-456")
    for i in range(admin_auth.MAX_FAILURES_PER_CLIENT):
        with refused(LoginRefusal.BAD_LOGIN):
            admin_auth.finish_attempt(admin_auth.start_attempt(f"guess{i}@example.com", "x", "attacker"), "x")
    with refused(LoginRefusal.LOCKED):
        admin_auth.start_attempt(ADMIN, "rahasia-456", "attacker")
    # Another address is not touched by the attacker's failures.
    assert admin_auth.login(ADMIN, "rahasia-456", "office")


def test_parallel_guesses_never_pass_the_client_limit(clean_db):
    """Attempts are counted before any password is checked: 30 at once, 20 get a check."""
    admin_auth.create_admin(ADMIN, "rahasia-123")
    results, barrier = [], threading.Barrier(30)

    def guess(i: int) -> None:
        barrier.wait()
        try:
            admin_auth.start_attempt(ADMIN, f"tebakan-{i}", "botnet-node")
            results.append("checked")
        except admin_auth.LoginError as exc:
            results.append(exc.code)

    threads = [threading.Thread(target=guess, args=(i,)) for i in range(30)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    checked = results.count("checked")
    # Each attempt is committed, then counted: when every insert lands before any count (a busy
    # machine), all 30 are refused. Racing attempts may refuse more than the limit, never pass it.
    assert checked <= admin_auth.MAX_FAILURES_PER_CLIENT
    assert results.count(LoginRefusal.LOCKED) == 30 - checked
    with refused(LoginRefusal.LOCKED):  # and the client stays locked after the burst
        admin_auth.start_attempt(ADMIN, "tebakan-lagi", "botnet-node")
    admin_auth.start_attempt(ADMIN, "tebakan-lain", "tetangga-lain")  # another client is still checked


def test_one_time_password_must_be_changed(clean_db):
    email, one_time = admin_auth.create_admin(ADMIN)  # what `make run` does for the first admin
    token = admin_auth.login(email, one_time, "c")
    admin = admin_auth.session_admin(token)
    assert admin.must_change_password
    mine = admin_auth.hash_token(token)
    for (current, new, repeat), code in (
        ((one_time, "pendek", "pendek"), PasswordRefusal.SHORT),
        ((one_time, "panjang-sekali-1", "panjang-sekali-2"), PasswordRefusal.MISMATCH),
        ((one_time, one_time, one_time), PasswordRefusal.SAME),
        (("tebakan-salah-1", "panjang-sekali-1", "panjang-sekali-1"), PasswordRefusal.CURRENT),
    ):
        with pytest.raises(passwords.PasswordRefused) as refused:
            passwords.change(admin.id, current, new, repeat, mine)
        assert refused.value.code is code
    passwords.change(admin.id, one_time, "panjang-sekali-1", "panjang-sekali-1", mine)
    assert not admin_auth.session_admin(token).must_change_password
    assert admin_auth.login(email, "panjang-sekali-1", "c")


def test_a_changed_password_ends_every_other_session_of_the_account(clean_db):
    admin_auth.create_admin(ADMIN, "password-lama-123")
    here, left_open = (
        admin_auth.login(ADMIN, "password-lama-123", "c"),
        admin_auth.login(ADMIN, "password-lama-123", "d"),
    )
    me = admin_auth.session_admin(here)
    passwords.change(me.id, "password-lama-123", "password-baru-123", "password-baru-123", admin_auth.hash_token(here))
    assert admin_auth.session_admin(here) is not None  # the tab that changed it stays signed in
    assert admin_auth.session_admin(left_open) is None  # the tab left open elsewhere is out
    [entry] = [a for a in audit_rows() if a.action == "password"]
    assert (entry.admin_email, entry.detail) == (ADMIN, "Password diganti; sesi lain diakhiri")


def test_guessing_the_current_password_is_throttled_like_a_sign_in(clean_db):
    admin_auth.create_admin(ADMIN, "password-lama-123")
    token = admin_auth.login(ADMIN, "password-lama-123", "c")
    me, mine = admin_auth.session_admin(token), admin_auth.hash_token(token)
    answers = []
    for i in range(25):
        with pytest.raises(passwords.PasswordRefused) as refused:
            passwords.change(me.id, f"tebakan-{i:03d}", "password-baru-123", "password-baru-123", mine)
        answers.append(refused.value.code)
    assert answers[0] is PasswordRefusal.CURRENT and answers[-1] is PasswordRefusal.LOCKED
    with pytest.raises(passwords.PasswordRefused) as refused:  # the right one too, while locked
        passwords.change(me.id, "password-lama-123", "password-baru-123", "password-baru-123", mine)
    assert refused.value.code is PasswordRefusal.LOCKED


def test_account_not_on_allow_list_is_denied(clean_db):
    admin_auth.create_admin("stranger@example.com", "rahasia-123")
    with refused(LoginRefusal.DENIED):
        admin_auth.login("stranger@example.com", "rahasia-123", "c1")


def test_sessions_expire_idle_and_absolute(clean_db):
    admin_auth.create_admin(ADMIN, "rahasia-123")
    idle = admin_auth.login(ADMIN, "rahasia-123", "c")
    old = admin_auth.login(ADMIN, "rahasia-123", "c")
    with write_session() as s:
        a = s.get(AdminSession, admin_auth.hash_token(idle))
        a.last_seen_at = utcnow() - admin_auth.SESSION_IDLE - timedelta(minutes=1)
        b = s.get(AdminSession, admin_auth.hash_token(old))
        b.expires_at = utcnow() - timedelta(seconds=1)
        s.add(a)
        s.add(b)
    assert admin_auth.session_admin(idle) is None
    assert admin_auth.session_admin(old) is None


def test_password_reset_ends_sessions(clean_db):
    admin_auth.create_admin(ADMIN, "lama-123")
    token = admin_auth.login(ADMIN, "lama-123", "c")
    admin_auth.create_admin(ADMIN, "baru-456")
    assert admin_auth.session_admin(token) is None
    assert admin_auth.session_admin(admin_auth.login(ADMIN, "baru-456", "c"))


def test_old_sign_in_attempts_are_purged(clean_db):
    from terminal_shop.services.team.tables import LoginAttempt

    with write_session() as s:
        s.add(LoginAttempt(email="a@x.id", client="c", created_at=utcnow() - timedelta(hours=2)))
        s.add(LoginAttempt(email="a@x.id", client="c", created_at=utcnow() - timedelta(minutes=1)))
    assert admin_auth.purge_attempts() == 1
    with read_session() as s:
        [kept] = s.exec(select(LoginAttempt)).all()
    assert kept.created_at > utcnow() - timedelta(minutes=5)  # a recent one still counts for throttling


def test_an_admin_sees_and_ends_their_own_sessions(clean_db, monkeypatch):
    from terminal_shop.services.team import admin_sessions

    admin_auth.create_admin(ADMIN, "password-lama-123")
    chrome = (
        "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36"
    )
    phone = "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36"
    here = admin_auth.finish_attempt(
        admin_auth.start_attempt(ADMIN, "password-lama-123", "10.0.0.1"), "password-lama-123", chrome
    )[0]
    there = admin_auth.finish_attempt(
        admin_auth.start_attempt(ADMIN, "password-lama-123", "10.0.0.2"), "password-lama-123", phone
    )[0]
    third = admin_auth.login(ADMIN, "password-lama-123", "10.0.0.3")
    me, mine = admin_auth.session_admin(here), admin_auth.hash_token(here)
    listed = admin_sessions.of_admin(me.id, mine)
    assert {(v.device, v.address, v.this_one) for v in listed} == {
        ("Chrome di Windows", "10.0.0.1", True), ("Chrome di Android", "10.0.0.2", False), ("Perangkat tidak dikenal", "10.0.0.3", False)
    }  # fmt: skip
    phone_key = next(v.key for v in listed if v.address == "10.0.0.2")
    assert admin_sessions.end(me.id, ADMIN, phone_key) and admin_auth.session_admin(there) is None
    assert not admin_sessions.end(me.id, ADMIN, "not-a-key")
    assert admin_sessions.end_others(me.id, ADMIN, mine) == 1
    assert admin_auth.session_admin(third) is None and admin_auth.session_admin(here) is not None
    assert [v.address for v in admin_sessions.of_admin(me.id, mine)] == ["10.0.0.1"]
    assert [a.action for a in audit_rows()].count("session-end") == 2
