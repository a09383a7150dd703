"""Buyers and merchants sign in with a code by e-mail (services/customers, issue 37 points 1-2),
on this pass's real database: the code's life (expiry, tries, one use, replaced by a newer
one), the limits per address and per client, the same answer for any address, sessions
ended one or all, the cookies our routes set, and an account that shows only its own."""

from __future__ import annotations

import json
import re
from datetime import timedelta

import pytest
from sqlmodel import col, select, update
from starlette.testclient import TestClient

from terminal_shop.infra import rate_limits
from terminal_shop.infra.db import read_session, write_session
from terminal_shop.infra.models import utcnow
from terminal_shop.infra.storage import get_storage
from terminal_shop.privacy_policy import Consent
from terminal_shop.services.backoffice import admin_merchants
from terminal_shop.services.customers import account, signin
from terminal_shop.services.customers.signin import SignInError, SignInRefusal
from terminal_shop.services.customers.tables import SignInCode
from terminal_shop.services.notifications.tables import OutboxMessage
from terminal_shop.services.privacy import requests
from terminal_shop.services.privacy.tables import DataRequest
from terminal_shop.services.privacy.terms import DataRequestKind
from terminal_shop.web.api import files_app

from support.factories import BUYER_TYPED, checkout_order, make_merchant
from support.files import png

EMAIL = "budi@example.com"


def last_code(email: str = EMAIL) -> str:
    with read_session() as s:
        mail = s.exec(
            select(OutboxMessage).where(col(OutboxMessage.to_addr) == email).order_by(col(OutboxMessage.id).desc())
        ).first()
    assert mail is not None and mail.subject.endswith(re.search(r"Kode masuk Anda: (\d{6})", mail.body_text).group(1))
    return re.search(r"Kode masuk Anda: (\d{6})", mail.body_text).group(1)


def refusal(call) -> SignInRefusal:
    with pytest.raises(SignInError) as refused:
        call()
    return refused.value.code


@pytest.fixture
def strict_limits():
    rate_limits.configure(factor=1)
    yield
    rate_limits.configure()


def test_a_code_signs_in_once_and_a_wrong_one_counts(clean_db):
    signin.request_code(" Budi@Example.com ", "203.0.113.7")
    code = last_code()
    wrong = f"{(int(code) + 1) % 10**6:06d}"
    assert refusal(lambda: signin.verify(EMAIL, wrong)) is SignInRefusal.CODE_WRONG
    assert refusal(lambda: signin.verify(EMAIL, "12ab56")) is SignInRefusal.CODE_FORMAT
    token = signin.verify(EMAIL, f" {code[:3]} {code[3:]} ")  # typed with spaces
    assert signin.session_customer(signin.hash_token(token)).email == EMAIL
    assert refusal(lambda: signin.verify(EMAIL, code)) is SignInRefusal.CODE_WRONG  # used once
    with read_session() as s:
        [row] = s.exec(select(SignInCode)).all()
    assert row.tries == 1 and row.used_at is not None and code not in row.code_hash


def test_a_code_expires_allows_five_tries_and_a_newer_one_replaces_it(clean_db):
    signin.request_code(EMAIL, "203.0.113.7")
    first = last_code()
    signin.request_code(EMAIL, "203.0.113.7")
    second = last_code()
    if first != second:
        assert refusal(lambda: signin.verify(EMAIL, first)) is SignInRefusal.CODE_WRONG  # replaced
    for _ in range(signin.CODE_TRIES - 1):
        refusal(lambda: signin.verify(EMAIL, "000000" if second != "000000" else "111111"))
    assert refusal(lambda: signin.verify(EMAIL, "000000" if second != "000000" else "111111")) is SignInRefusal.TRIES
    assert refusal(lambda: signin.verify(EMAIL, second)) is SignInRefusal.TRIES  # even the right one now
    signin.request_code(EMAIL, "203.0.113.7")
    third = last_code()
    with write_session() as s:
        s.exec(update(SignInCode).values(expires_at=utcnow() - timedelta(seconds=1)))
    assert refusal(lambda: signin.verify(EMAIL, third)) is SignInRefusal.CODE_WRONG  # ten minutes passed


def test_codes_are_limited_per_address_and_per_client_and_any_address_gets_the_same_answer(clean_db, strict_limits):
    for _ in range(signin.CODES_PER_HOUR):
        signin.request_code("orang.baru@example.com", "203.0.113.7")  # no order, no account: the same answer
    assert (
        refusal(lambda: signin.request_code("orang.baru@example.com", "198.51.100.9")) is SignInRefusal.TOO_MANY_CODES
    )
    for i in range(30 - signin.CODES_PER_HOUR):  # 30 an hour from one client address
        signin.request_code(f"tamu{i}@example.com", "203.0.113.7")
    assert refusal(lambda: signin.request_code("lain@example.com", "203.0.113.7")) is SignInRefusal.TOO_MANY_CODES
    signin.request_code("lain@example.com", "198.51.100.9")  # another client is not refused for it
    assert refusal(lambda: signin.request_code("bukan-email", "198.51.100.9")) is SignInRefusal.EMAIL


def test_keluar_ends_one_session_and_keluar_semua_ends_them_all(clean_db):
    tokens = []
    for _ in range(3):
        signin.request_code(EMAIL, "203.0.113.7")
        tokens.append(signin.hash_token(signin.verify(EMAIL, last_code())))
    signin.end(tokens[0])
    assert signin.session_customer(tokens[0]) is None and signin.session_customer(tokens[1]) is not None
    assert signin.end_all(tokens[1]) == 2
    assert all(signin.session_customer(t) is None for t in tokens)


def test_the_routes_set_httponly_cookies_and_never_show_the_token(clean_db):
    client = TestClient(files_app(), base_url="http://127.0.0.1")
    sent = client.post("/api/masuk/kode", data={"email": EMAIL}, follow_redirects=False)
    assert (sent.status_code, sent.headers["location"]) == (303, "/masuk?langkah=kode")
    assert "HttpOnly" in sent.headers["set-cookie"] and 'ts_masuk="budi@example.com"' in sent.headers["set-cookie"]
    wrong = client.post(
        "/api/masuk", data={"code": "000000" if last_code() != "000000" else "111111"}, follow_redirects=False
    )
    assert wrong.headers["location"] == "/masuk?langkah=kode&gagal=kode"
    signed = client.post("/api/masuk", data={"code": last_code()}, follow_redirects=False)
    assert (signed.status_code, signed.headers["location"]) == (303, "/akun")
    cookie = signed.headers["set-cookie"]
    assert "ts_akun=" in cookie and "HttpOnly" in cookie and "SameSite=lax" in cookie and "Max-Age=2592000" in cookie
    other_site = client.post("/api/masuk/kode", data={"email": EMAIL}, headers={"Origin": "https://jahat.example"})
    assert other_site.status_code == 403
    out = client.post("/api/keluar", data={"semua": "1"}, follow_redirects=False)
    assert out.headers["location"] == "/masuk?keluar=1"


def test_an_account_shows_only_what_its_address_owns(clean_db, tmp_path):
    proof = png(tmp_path / "p.png").read_bytes()
    mine = checkout_order(get_storage(), proof, buyer={**BUYER_TYPED, "buyer_email": "Budi@Example.com"})
    checkout_order(get_storage(), proof, buyer={**BUYER_TYPED, "buyer_email": "orang.lain@example.com"})
    shop = make_merchant(tmp_path, email="budi@example.com")
    make_merchant(tmp_path, email="sri.lain@example.com", hp="0813-4444-5555")
    seen = account.of(EMAIL)
    assert [o.number for o in seen.orders] == [mine.number] and f"/pesanan/{mine.id}?t=" in seen.orders[0].link
    assert [(r.id, r.status) for r in seen.registrations] == [(str(shop), "Sedang diverifikasi")]
    assert account.of("siapa@example.com").orders == []
    theirs = checkout_order(get_storage(), proof, buyer={**BUYER_TYPED, "buyer_email": "orang.lain@example.com"})
    assert account.lines_of(EMAIL, str(mine.id)) == [(i["sku"], i["qty"]) for i in mine.items]  # "Pesan lagi"
    assert account.lines_of(EMAIL, str(theirs.id)) is None and account.lines_of(EMAIL, "bukan-id") is None

    answer = account.ask_about_me(EMAIL, DataRequestKind.ACCESS, "203.0.113.7")  # the order and the registration
    assert answer.startswith("Permintaan Anda (minta salinan data) untuk 2 data kami terima.")
    with read_session() as s:
        asked = {(r.entity_type, r.entity_id) for r in s.exec(select(DataRequest))}
    assert asked == {("order", str(mine.id)), ("merchant", str(shop))}  # nothing of another address
    assert len(account.open_requests(EMAIL)) == 2 and account.open_requests("orang.lain@example.com") == []
    with pytest.raises(requests.RequestError) as refused:
        account.ask_about_me("siapa@example.com", DataRequestKind.ERASURE, "203.0.113.7")
    assert refused.value.code is requests.RequestRefusal.NOTHING_OWNED


def test_an_approved_merchant_who_allowed_whatsapp_signs_in_with_a_code_by_whatsapp(clean_db, tmp_path):
    merchant_id = make_merchant(
        tmp_path, email="sri@example.com", hp="0857-0000-1111", consent=Consent("203.0.113.7", whatsapp=True)
    )
    quiet = make_merchant(tmp_path, email="diam@example.com", hp="0857-2222-3333")  # never allowed WhatsApp
    for mid in (merchant_id, quiet):
        form = admin_merchants.detail(str(mid)).form
        admin_merchants.save(str(mid), {**form, "status": "approved"}, "admin@terminalku.example")
    for typed in ("0813 9999 8888", "0857-2222-3333", "0857 0000 1111"):  # a stranger's, a quiet one's, hers
        signin.request_code(typed, "203.0.113.7")  # the same answer for each
    with read_session() as s:
        codes = s.exec(select(OutboxMessage).where(col(OutboxMessage.subject) == "sign_in_code")).all()
    [sent] = codes
    assert sent.channel == "whatsapp" and sent.to_addr == "6285700001111"
    code = json.loads(sent.body_text)["params"][0]
    token = signin.verify("+62 857-0000-1111", code)
    assert signin.session_customer(signin.hash_token(token)).email == "sri@example.com"
    assert refusal(lambda: signin.verify("0813 9999 8888", "123456")) is SignInRefusal.CODE_WRONG
