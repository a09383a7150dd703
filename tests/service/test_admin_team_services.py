"""The admin team: two-factor sign-in, invitations, roles changed by the owner, the last owner,
deactivation (issue 26, points 2, 3 and 5)."""

from __future__ import annotations

import asyncio
import concurrent.futures
import dataclasses
import hashlib
import re
from datetime import timedelta

import pyotp
import pytest
from sqlalchemy import update
from sqlmodel import select

import terminal_shop.terminal_shop  # noqa: F401  (registers every page and state)
from terminal_shop import routes
from terminal_shop.infra.db import read_session, write_session
from terminal_shop.infra.models import utcnow
from terminal_shop.infra.settings import get_settings
from terminal_shop.reflex_compat import detached_root_state, router_with_headers
from terminal_shop.services.notifications import mail_log, sender
from terminal_shop.services.notifications.tables import OutboxMessage
from terminal_shop.services.registrations.tables import MerchantRegistration
from terminal_shop.services.team import admin_accounts, admin_auth, invite_links, two_factor
from terminal_shop.services.team.admin_accounts import AccountRefusal
from terminal_shop.services.team.tables import AdminInvite, AdminSession, AdminUser, RecoveryCode
from terminal_shop.services.team.terms import AdminRole
from terminal_shop.services.team.two_factor import CodeRefusal
from terminal_shop.state.admin import OrderListState

from support.factories import ADMIN, audit_rows
from support.refusals import refused

PASSWORD = "rahasia-admin-123"


def _user(email: str) -> AdminUser:
    with read_session() as s:
        return s.exec(select(AdminUser).where(AdminUser.email == email)).one()


def _session_hash(token: str) -> str:
    return admin_auth.hash_token(token)


def _enrolled(email: str = ADMIN) -> tuple[str, str, str, list[str]]:
    """An admin (invited: no ADMIN_EMAILS entry needed) with 2FA set up through the service,
    as the setup page does it. Returns (admin id, the secret, a session token whose second
    factor is still to come, the recovery codes)."""
    admin_auth.create_admin(email, PASSWORD)
    with write_session() as s:
        s.exec(update(AdminUser).where(AdminUser.email == email).values(invited=True))
    admin_id = str(_user(email).id)
    secret = two_factor.begin_setup(admin_id)
    setup_token = admin_auth.login(email, PASSWORD, "setup")
    codes = two_factor.confirm_setup(admin_id, _code(secret, 0), _session_hash(setup_token))
    assert len(codes) == 10 and len(set(codes)) == 10
    return admin_id, secret, admin_auth.login(email, PASSWORD, "office"), codes


def _code(secret: str, offset: int) -> str:
    return pyotp.TOTP(secret).generate_otp(two_factor.now_step() + offset)


# ----- TOTP -----


def test_the_secret_is_stored_encrypted_and_the_setup_needs_a_right_first_code(clean_db):
    admin_auth.create_admin(ADMIN, PASSWORD)
    admin_id = str(_user(ADMIN).id)
    secret = two_factor.begin_setup(admin_id)
    assert secret not in (_user(ADMIN).totp_pending or "") and _user(ADMIN).totp_pending
    token = admin_auth.login(ADMIN, PASSWORD, "c")
    with refused(CodeRefusal.WRONG):
        two_factor.confirm_setup(admin_id, _code(secret, -3), _session_hash(token))
    assert _user(ADMIN).totp_secret is None  # not on until a right code
    assert "otpauth://totp/" in two_factor.provisioning_uri(ADMIN, secret)
    drawn = two_factor.setup_qr_svg(admin_id, ADMIN)
    assert drawn.startswith("<svg") and 'xmlns="http://www.w3.org/2000/svg"' in drawn  # an <img> shows it
    two_factor.confirm_setup(admin_id, _code(secret, 0), _session_hash(token))
    user = _user(ADMIN)
    assert user.totp_secret and secret not in user.totp_secret and user.totp_pending is None
    assert admin_auth.session_admin(token).verified  # the session that set it up is through
    assert "2fa-on" in [a.action for a in audit_rows()]


def test_a_session_needs_its_code_right_wrong_reused_and_the_next_step(clean_db):
    admin_id, secret, token, _ = _enrolled()
    signed = admin_auth.session_admin(token)
    assert signed.two_factor and not signed.verified and signed.next_step == routes.ADMIN_2FA
    with refused(CodeRefusal.WRONG):
        two_factor.verify_sign_in(
            admin_id, "000000" if _code(secret, 0) != "000000" else "111111", _session_hash(token)
        )
    with refused(CodeRefusal.WRONG):  # two steps back: outside the window
        two_factor.verify_sign_in(admin_id, _code(secret, -2), _session_hash(token))
    assert not admin_auth.session_admin(token).verified
    next_code = _code(secret, 1)  # a phone's clock a step ahead is still accepted
    two_factor.verify_sign_in(admin_id, next_code, _session_hash(token))
    assert admin_auth.session_admin(token).verified and admin_auth.session_admin(token).next_step == ""
    other = admin_auth.login(ADMIN, PASSWORD, "elsewhere")
    with refused(CodeRefusal.WRONG):  # the same code once more
        two_factor.verify_sign_in(admin_id, next_code, _session_hash(other))
    with refused(CodeRefusal.WRONG):  # nor an earlier step's
        two_factor.verify_sign_in(admin_id, _code(secret, 0), _session_hash(other))
    assert not admin_auth.session_admin(other).verified


def test_a_recovery_code_signs_in_once_and_is_audited(clean_db):
    admin_id, _, token, codes = _enrolled()
    passed = two_factor.verify_sign_in(admin_id, codes[3].upper(), _session_hash(token))
    assert passed.recovery and passed.recovery_left == 9
    assert admin_auth.session_admin(token).verified
    again = admin_auth.login(ADMIN, PASSWORD, "c2")
    with pytest.raises(two_factor.CodeRefused):
        two_factor.verify_sign_in(admin_id, codes[3], _session_hash(again))
    with read_session() as s:
        stored = [r.code_hash for r in s.exec(select(RecoveryCode))]
    assert codes[0] not in str(stored) and len(stored) == 10  # kept as hashes only
    assert [a.detail for a in audit_rows() if a.action == "2fa-recovery"] == ["Masuk dengan kode pemulihan; sisa 9"]


def test_recovery_codes_carry_80_bits_or_more_and_are_hashed_with_a_key(clean_db):
    """Issue 35.7: they were 48 bits under unsalted SHA-256, which a copy of the database
    alone gives back with a GPU."""
    _, _, _, codes = _enrolled()
    assert len(set(codes)) == 10
    assert all(re.fullmatch(r"([a-z2-7]{5}-){3}[a-z2-7]{5}", c) for c in codes)  # 20 base32 characters: 100 bits
    with read_session() as s:
        stored = {r.code_hash for r in s.exec(select(RecoveryCode))}
    plain = {hashlib.sha256(c.replace("-", "").encode()).hexdigest() for c in codes}
    assert len(stored) == 10 and not stored & plain  # not a bare hash of the code


def test_wrong_codes_are_throttled_like_passwords(clean_db):
    admin_id, secret, token, _ = _enrolled()
    for _ in range(two_factor.MAX_FAILURES):
        with refused(CodeRefusal.WRONG):
            two_factor.verify_sign_in(admin_id, "zzzz-zzzz", _session_hash(token))
    with refused(CodeRefusal.LOCKED):  # even the right code now waits
        two_factor.verify_sign_in(admin_id, _code(secret, 1), _session_hash(token))


def _call(handler, token: str):
    root = detached_root_state()
    state = root.get_substate(OrderListState.get_full_name().split(".")[1:])
    root.router = router_with_headers({admin_auth.SESSION_HASH_HEADER: admin_auth.hash_token(token)})
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, handler.fn(state)).result()


def test_no_admin_page_opens_before_the_second_factor(clean_db, monkeypatch):
    _, secret, token, _ = _enrolled()
    load = OrderListState.event_handlers["load"]
    assert "/admin/2fa" in str(_call(load, token))  # enrolled, code not yet given
    admin_auth.create_admin("kedua@terminalku.example", PASSWORD)
    with write_session() as s:
        s.exec(update(AdminUser).values(invited=True))
    plain = admin_auth.login("kedua@terminalku.example", PASSWORD, "c")
    assert "/admin/2fa" not in str(_call(load, plain))  # not required (the test site's setting): it opens
    required = dataclasses.replace(get_settings(), admin_2fa_required=True)
    monkeypatch.setattr(admin_auth, "get_settings", lambda: required)
    assert routes.ADMIN_2FA_SETUP in str(_call(load, plain))  # required: sent to set it up first


# ----- invitations -----


def _invite(email: str = "keuangan@terminalku.example", role: str = "keuangan") -> str:
    link = admin_accounts.invite(ADMIN, email, role)
    return re.search(r"token=([\w-]+)", link)[1]


def test_an_invitation_is_e_mailed_and_makes_the_account_once(clean_db):
    admin_auth.create_admin(ADMIN, PASSWORD)
    token = _invite()
    with read_session() as s:
        mail = s.exec(select(OutboxMessage)).one()
        stored = s.exec(select(AdminInvite)).one()
    assert mail.to_addr == "keuangan@terminalku.example" and "Undangan akun admin" in mail.subject
    assert token in mail.body_text and "Keuangan" in mail.body_text
    assert stored.token_hash != token  # the table keeps the hash only
    assert admin_accounts.invitation(token).role_label == "Keuangan"
    with refused(AccountRefusal.SHORT):
        admin_accounts.accept(token, "pendek", "pendek", "", "c")
    session = admin_accounts.accept(token, "password-keuangan-1", "password-keuangan-1", "Firefox/1", "c")
    admin = admin_auth.session_admin(session)
    assert admin.email == "keuangan@terminalku.example" and admin.role == "keuangan"
    assert _user(admin.email).invited  # no ADMIN_EMAILS entry needed
    with refused(AccountRefusal.INVITE_GONE):  # used twice
        admin_accounts.accept(token, "password-lain-123", "password-lain-123", "", "c")
    assert admin_accounts.invitation(token) is None
    assert {"invite", "invite-accepted"} <= {a.action for a in audit_rows()}


def test_an_invitation_says_whether_its_mail_went_and_is_resent_copied_and_withdrawn(mailbox):
    """Issue 39.7: "sent" only when the mail server took it; Kirim ulang, Salin tautan, Batalkan."""
    clerk = "keuangan@terminalku.example"
    admin_auth.create_admin(ADMIN, PASSWORD)
    mailbox.refuse.add(clerk)
    _invite(clerk)
    failed = mail_log.failure_words(invite_links.send_now(clerk))
    assert failed == "Gagal terkirim: alamat penerima ditolak server e-mail; tidak dicoba lagi"
    [line] = invite_links.open_invites()
    assert (line.email, line.mail, line.mail_sent) == (clerk, failed, False)
    with refused(AccountRefusal.INVITE_CLOSED):  # nobody invited at that address
        invite_links.send_now("tidak.diundang@terminalku.example")

    mailbox.refuse.clear()
    assert invite_links.resend(ADMIN, clerk).status == "sent"  # a new e-mail, taken by the server
    [line] = invite_links.open_invites()
    assert line.mail_sent and line.mail.startswith("Email terkirim ")
    [mail] = mailbox.to(clerk)
    mailed = re.search(r"token=([\w-]+)", mail.get_body(("plain",)).get_content())[1]

    copied = invite_links.copy_link(ADMIN, clerk).split("token=")[1]
    assert copied != mailed
    assert admin_accounts.invitation(copied).role_label == "Keuangan"
    assert admin_accounts.invitation(mailed) is not None  # the e-mailed link still works beside it
    assert [i.email for i in invite_links.open_invites()] == [clerk]  # one line per address
    assert len(mailbox.to(clerk)) == 1  # copying sends nothing
    assert "invite-link-copied" in {a.action for a in audit_rows()}

    assert admin_accounts.withdraw(ADMIN, clerk)  # "Batalkan" closes every link
    assert admin_accounts.invitation(copied) is None and admin_accounts.invitation(mailed) is None
    with refused(AccountRefusal.INVITE_CLOSED):
        invite_links.copy_link(ADMIN, clerk)


def test_an_invitation_is_withdrawn_by_batalkan_by_a_new_one_and_with_its_inviter(clean_db):
    """Issue 35.4: a pending invitation stayed valid 48 hours after its inviter was
    deactivated, and could not be withdrawn."""
    admin_auth.create_admin(ADMIN, PASSWORD)
    first = _invite()
    second = _invite()  # the same address invited again: the earlier link is dead
    assert admin_accounts.invitation(first) is None and admin_accounts.invitation(second) is not None
    assert admin_accounts.withdraw(ADMIN, "Keuangan@terminalku.example")  # "Batalkan"
    assert admin_accounts.invitation(second) is None and invite_links.open_invites() == ()
    with refused(AccountRefusal.INVITE_GONE):
        admin_accounts.accept(second, "password-keuangan-1", "password-keuangan-1", "", "c")
    assert not admin_accounts.withdraw(ADMIN, "keuangan@terminalku.example")  # nothing open any more

    inviter = "pemilik2@terminalku.example"
    admin_auth.create_admin(inviter, PASSWORD)
    link = admin_accounts.invite(inviter, "gudang@terminalku.example", "pengiriman")
    admin_accounts.set_active(ADMIN, str(_user(inviter).id), False)
    assert admin_accounts.invitation(link.split("token=")[1]) is None
    assert [(a.action, a.detail) for a in audit_rows() if a.entity_id == "gudang@terminalku.example"][-1] == (
        "invite-withdrawn", f"Pengundang {inviter} dinonaktifkan",
    )  # fmt: skip


def test_parallel_wrong_codes_are_counted_one_at_a_time(clean_db):
    """Issue 35.11: the throttle counted, then added; parallel events of one account all
    passed the count. With the account's row locked, exactly MAX_FAILURES are tried."""
    admin_id, secret, token, _ = _enrolled()
    wrong = "000000" if _code(secret, 0) != "000000" else "111111"

    def guess(_: int) -> object:
        try:
            two_factor.verify_sign_in(admin_id, wrong, _session_hash(token))
        except two_factor.CodeRefused as exc:
            return exc.code
        return "passed"

    with concurrent.futures.ThreadPoolExecutor(max_workers=8) as pool:
        answers = list(pool.map(guess, range(two_factor.MAX_FAILURES + 10)))
    assert answers.count(CodeRefusal.WRONG) == two_factor.MAX_FAILURES
    assert answers.count(CodeRefusal.LOCKED) == 10


def test_a_one_time_password_changes_nothing_before_the_second_factor(clean_db):
    """Issue 35.6: the password step came before 2FA, so a one-time password alone changed
    the password and ended the owner's other sessions."""
    admin_id, secret, _, _ = _enrolled()
    _, one_time = admin_auth.create_admin(ADMIN)  # reset from the command line: a one-time password
    token = admin_auth.login(ADMIN, one_time, "c")
    admin = admin_auth.session_admin(token)
    assert admin.must_change_password and admin.next_step == routes.ADMIN_2FA  # the code first
    two_factor.verify_sign_in(admin_id, _code(secret, 1), _session_hash(token))
    assert admin_auth.session_admin(token).next_step == routes.ADMIN_PASSWORD  # then the new password


def test_the_invitation_link_puts_its_token_in_an_httponly_cookie_never_in_an_address(clean_db):
    """Issue 35.9: the token sat in the invitation page's address, which a tab's stored state
    keeps in plain text. Now the link sets a cookie, the tab sees only its hash, and the
    form's POST reads the cookie."""
    from starlette.testclient import TestClient

    from terminal_shop.web import api
    from terminal_shop.web.guards import CookieToTabStateGuard

    admin_auth.create_admin(ADMIN, PASSWORD)
    link = admin_accounts.invite(ADMIN, "keuangan@terminalku.example", "keuangan")
    token = re.search(r"token=([\w-]+)", link)[1]
    assert routes.API_ADMIN_INVITE_OPEN in link
    client = TestClient(api.files_app(), follow_redirects=False)
    opened = client.get(f"{routes.API_ADMIN_INVITE_OPEN}?token={token}")
    assert (opened.status_code, opened.headers["location"]) == (303, routes.ADMIN_INVITE)  # no token
    assert token in opened.headers["set-cookie"] and "httponly" in opened.headers["set-cookie"].lower()

    seen = {}

    async def tab(scope, receive, send):  # what Reflex would store with the tab
        seen.update({k.decode(): v.decode() for k, v in scope["headers"]})

    cookie = f"{admin_auth.INVITE_COOKIE}={token}"
    asyncio.run(
        CookieToTabStateGuard(tab)(
            {"type": "http", "path": "/_event", "headers": [(b"cookie", cookie.encode())]}, None, None
        )
    )
    assert "cookie" not in seen and token not in str(seen)
    assert admin_accounts.invitation_by_hash(seen[admin_auth.INVITE_HASH_HEADER]).email == "keuangan@terminalku.example"

    form = {"password": "password-keuangan-1", "repeat_password": "password-keuangan-1"}
    accepted = client.post(routes.API_ADMIN_INVITE, data=form, cookies={admin_auth.INVITE_COOKIE: token})
    assert (accepted.status_code, accepted.headers["location"]) == (303, routes.ADMIN_2FA_SETUP)
    assert _user("keuangan@terminalku.example").invited
    refused = client.post(routes.API_ADMIN_INVITE, data=form, cookies={admin_auth.INVITE_COOKIE: token})
    assert refused.headers["location"] == f"{routes.ADMIN_INVITE}?gagal=tidak-berlaku"  # used: and no token


def test_an_expired_invitation_opens_nothing(clean_db):
    admin_auth.create_admin(ADMIN, PASSWORD)
    token = _invite()
    with write_session() as s:
        s.exec(update(AdminInvite).values(expires_at=utcnow() - timedelta(seconds=1)))
    assert admin_accounts.invitation(token) is None
    with refused(AccountRefusal.INVITE_GONE):
        admin_accounts.accept(token, "password-keuangan-1", "password-keuangan-1", "", "c")
    with read_session() as s:
        assert s.exec(select(AdminUser).where(AdminUser.email == "keuangan@terminalku.example")).first() is None


def test_an_invitation_is_refused_for_a_bad_address_or_an_active_admin(clean_db):
    admin_auth.create_admin(ADMIN, PASSWORD)
    with refused(AccountRefusal.EMAIL):
        admin_accounts.invite(ADMIN, "bukan-email", "keuangan")
    with refused(AccountRefusal.EXISTS):
        admin_accounts.invite(ADMIN, ADMIN, "keuangan")
    with refused(AccountRefusal.ROLE):
        admin_accounts.invite(ADMIN, "x@terminalku.example", "raja")


# ----- the owner's changes -----


def test_the_last_active_owner_cannot_be_demoted_or_deactivated(clean_db):
    admin_auth.create_admin(ADMIN, PASSWORD)
    owner = str(_user(ADMIN).id)
    session = admin_accounts.accept(_invite("kedua@terminalku.example", "pemilik"), PASSWORD, PASSWORD, "", "c")
    second = admin_auth.session_admin(session)
    with refused(AccountRefusal.SELF):
        admin_accounts.set_active(ADMIN, owner, False)
    assert admin_accounts.set_role(second.email, owner, "keuangan") == "Keuangan"  # another owner is left
    with refused(AccountRefusal.LAST_OWNER):
        admin_accounts.set_role(ADMIN, second.id, "verifikator")
    with refused(AccountRefusal.LAST_OWNER):
        admin_accounts.set_active(ADMIN, second.id, False)
    assert _user(second.email).role == "pemilik" and _user(second.email).active
    assert sum(a.role == "pemilik" and a.active for a in admin_accounts.accounts()) == 1  # one active owner
    changed = [a for a in audit_rows() if a.action == "role"]
    assert [(c.old_status, c.new_status) for c in changed] == [("Pemilik", "Keuangan")]


def test_deactivation_ends_the_sessions_at_once_and_reactivation_lets_back_in(clean_db):
    admin_auth.create_admin(ADMIN, PASSWORD)
    session = admin_accounts.accept(_invite(), "password-keuangan-1", "password-keuangan-1", "", "c")
    clerk = admin_auth.session_admin(session)
    admin_accounts.set_active(ADMIN, clerk.id, False)
    assert admin_auth.session_admin(session) is None
    with read_session() as s:
        assert all(
            r.revoked_at for r in s.exec(select(AdminSession).where(AdminSession.admin_id == _user(clerk.email).id))
        )
    with refused(admin_auth.LoginRefusal.DENIED):
        admin_auth.login(clerk.email, "password-keuangan-1", "c")
    admin_accounts.set_active(ADMIN, clerk.id, True)
    assert admin_auth.session_admin(admin_auth.login(clerk.email, "password-keuangan-1", "c")).role == "keuangan"
    assert [a.action for a in audit_rows() if a.action in ("deactivate", "reactivate")] == ["deactivate", "reactivate"]


def test_the_owner_ends_another_admins_sessions(clean_db):
    from terminal_shop.services.team import admin_sessions

    admin_auth.create_admin(ADMIN, PASSWORD)
    owner_token = admin_auth.login(ADMIN, PASSWORD, "c")
    owner = admin_auth.session_admin(owner_token)
    clerk_sessions = [admin_accounts.accept(_invite(), "password-keuangan-1", "password-keuangan-1", "", "c")]
    clerk_sessions.append(admin_auth.login("keuangan@terminalku.example", "password-keuangan-1", "c"))
    clerk_id = admin_auth.session_admin(clerk_sessions[0]).id
    assert admin_sessions.end_others(owner.id, ADMIN, _session_hash(owner_token), clerk_id) == 2
    assert [admin_auth.session_admin(t) for t in clerk_sessions] == [None, None]
    assert admin_auth.session_admin(owner_token) is not None
    assert admin_sessions.end_others(owner.id, ADMIN, _session_hash(owner_token), "bukan-id") == 0
    assert [a.detail for a in audit_rows() if a.action == "session-end"] == ["2 sesi diakhiri"]


def test_the_owner_resets_a_lost_phone(clean_db):
    admin_id, _, token, _ = _enrolled("hilang@terminalku.example")
    with write_session() as s:
        s.exec(
            update(AdminUser).where(AdminUser.email == "hilang@terminalku.example").values(role=AdminRole.FINANCE.value)
        )
    two_factor.turn_off(admin_id, ADMIN, "2FA direset oleh Pemilik")
    assert admin_auth.session_admin(token) is None  # its sessions ended
    assert _user("hilang@terminalku.example").totp_secret is None and two_factor.recovery_left(admin_id) == 0
    assert [a.detail for a in audit_rows() if a.action == "2fa-off"] == ["2FA direset oleh Pemilik"]


def test_the_only_owner_resets_a_lost_phone_from_the_server(clean_db, capsys):
    from terminal_shop.cli import admin as cli

    admin_id, _, token, _ = _enrolled()
    cli.main(["reset-2fa", ADMIN.upper()])
    assert "2FA admin@terminalku.example dimatikan" in capsys.readouterr().out
    assert admin_auth.session_admin(token) is None and _user(ADMIN).totp_secret is None
    fresh = admin_auth.login(ADMIN, PASSWORD, "c")
    assert admin_auth.session_admin(fresh).next_step == ""  # not required here: in, without a code
    with pytest.raises(SystemExit, match="Tidak ada admin"):
        cli.main(["reset-2fa", "nobody@example.com"])


def test_a_data_request_is_e_mailed_to_the_admins_who_may_answer_it(clean_db, tmp_path):
    from terminal_shop.services.privacy import requests
    from terminal_shop.services.privacy.terms import DataRequestKind
    from terminal_shop.services.registrations import registration_status

    from support.factories import make_merchant

    admin_auth.create_admin(ADMIN, PASSWORD)
    admin_accounts.accept(_invite("pemilik2@terminalku.example", "pemilik"), PASSWORD, PASSWORD, "", "c")
    admin_accounts.accept(_invite("kasir@terminalku.example", "keuangan"), PASSWORD, PASSWORD, "", "c")
    mid = make_merchant(tmp_path)
    requests.ask_by_link(str(mid), registration_status.status_token(mid), DataRequestKind.ERASURE, "203.0.113.9")
    with read_session() as s:
        told = s.exec(select(OutboxMessage).where(OutboxMessage.subject.contains("Minta penghapusan"))).all()
    assert sorted(m.to_addr for m in told) == [ADMIN, "pemilik2@terminalku.example"]  # owners, not the clerk


def _open_page(state_class, token: str, record_id: str):
    root = detached_root_state()
    state = root.get_substate(state_class.get_full_name().split(".")[1:])
    root.router = router_with_headers({admin_auth.SESSION_HASH_HEADER: admin_auth.hash_token(token)}, {"id": record_id})
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        pool.submit(asyncio.run, state_class.event_handlers["load"].fn(state)).result()
    return state


def test_a_restricted_registrations_documents_open_for_the_owner_only(clean_db, tmp_path):
    from terminal_shop.services.privacy import requests
    from terminal_shop.state.admin import MerchantDetailState

    from support.factories import make_merchant

    admin_auth.create_admin(ADMIN, PASSWORD)
    owner = admin_auth.login(ADMIN, PASSWORD, "c")
    reviewer = admin_accounts.accept(_invite("verif@terminalku.example", "verifikator"), PASSWORD, PASSWORD, "", "c")
    mid = str(make_merchant(tmp_path))
    with write_session() as s:  # an approved merchant asked for erasure: kept, restricted
        s.exec(update(MerchantRegistration).values(status="approved"))
    assert requests.erase_or_restrict("merchant", mid, ADMIN).startswith("Masih wajib disimpan")
    page = _open_page(MerchantDetailState, reviewer, mid)
    seen = page.merchant
    assert seen.restricted and not [d for d in seen.documents if d.url]  # the verifier gets no link
    assert (page.form["nama_lengkap"], page.form["nomor_hp"], page.form["status"]) == (
        "Dibatasi",
        "Dibatasi",
        "approved",
    )
    assert seen.mails and {m.recipient for m in seen.mails} == {"Dibatasi"}
    assert "Sri Wahyuni" not in repr(page.dict())  # nothing of the person reaches the verifier's tab
    page = _open_page(MerchantDetailState, owner, mid)
    assert "ktp" in [d.key for d in page.merchant.documents if d.url]  # the owner does
    assert page.form["nama_lengkap"] == "Sri Wahyuni"
    assert {m.recipient for m in page.merchant.mails} == {"sri@example.com"}


def test_a_restricted_records_messages_are_held_and_its_conversation_closed(clean_db, tmp_path):
    from terminal_shop.services.privacy import requests
    from terminal_shop.services.whatsapp import inbox

    from support.factories import make_merchant

    mid = str(make_merchant(tmp_path))
    with write_session() as s:
        s.exec(update(MerchantRegistration).values(status="approved"))
    assert inbox.phone_of("merchant", mid) == "+6281234567890"
    requests.erase_or_restrict("merchant", mid, ADMIN)
    with read_session() as s:
        mails = s.exec(select(OutboxMessage).where(OutboxMessage.entity_id == mid)).all()
    assert mails and {(m.status, m.last_error) for m in mails} == {
        ("held", "Tidak dikirim: data dibatasi atas permintaan pemilik data")
    }
    sender.drain()  # a held message is never sent
    with read_session() as s:
        after = s.exec(select(OutboxMessage).where(OutboxMessage.entity_id == mid)).all()
    assert {(m.status, m.sent_at) for m in after} == {("held", None)}
    assert not mail_log.resend(mails[0].id, "merchant", mid)  # "Kirim ulang" refused
    assert inbox.phone_of("merchant", mid) is None  # no WhatsApp thread shown, no reply possible
