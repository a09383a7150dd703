"""Every public action that writes or sends e-mail has a limit per client address, and
per address written to: bursts from one client and floods to one inbox are refused in
Indonesian, with nothing stored and nothing sent past the limit."""

from __future__ import annotations

import json
import os
import uuid
from concurrent.futures import ThreadPoolExecutor

import pytest
from sqlmodel import select
from starlette.testclient import TestClient

from terminal_shop import routes, rules
from terminal_shop.infra import rate_limits
from terminal_shop.infra.db import read_session
from terminal_shop.infra.rate_limits import Action
from terminal_shop.infra.settings import get_settings
from terminal_shop.infra.storage import get_storage
from terminal_shop.services.backoffice import admin_merchants
from terminal_shop.services.notifications.tables import OutboxMessage
from terminal_shop.services.orders import checkout_rules, order_status, transfer_codes
from terminal_shop.services.orders.tables import Order, TransferCode
from terminal_shop.services.orders.terms import OrderRefusal
from terminal_shop.services.registrations import admin_edit, details, registration_status
from terminal_shop.services.registrations import submission as reg
from terminal_shop.web import api

from support.factories import ADMIN, AGREED, FORM, checkout_order, make_merchant, make_order, stored_orders
from support.files import png
from support.refusals import refused
from support.storage import stored_keys

BUYER = {
    "buyer_name": "Budi Santoso",
    "buyer_phone": "081234567890",
    "shipping_address": "Jl. Darmo No. 12, Surabaya",
}


@pytest.fixture(autouse=True)
def site_limits():
    """The site's own limits (the suite's environment raises them for the browser tests),
    counted where the run keeps them: Redis in the scale-out pass, memory embedded."""
    rate_limits.configure(factor=1)
    yield
    rate_limits.configure()


def client_at(address: str) -> TestClient:
    return TestClient(
        api.files_app(), raise_server_exceptions=False, client=(address, 50000), headers={"x-forwarded-for": address}
    )


def order_from(address: str, email: str, tmp_path) -> dict:
    draft = checkout_rules.CheckoutDraft(
        (("SOUNDBOX", 1),), {**BUYER, "buyer_email": email}, "TRANSFER_BCA", uuid.uuid4().hex
    )
    proof = {"files": ("bukti.png", png(tmp_path / f"{uuid.uuid4().hex}.png").read_bytes(), "image/png")}
    answer = client_at(address).post(routes.API_ORDER, data={"draft": draft.to_json()}, files=proof)
    return {"status": answer.status_code, **answer.json()}


def unique_address() -> str:
    n = uuid.uuid4().int
    return f"10.{n % 250}.{n // 250 % 250}.{n // 62500 % 250 + 1}"


def orders_to(email: str) -> int:
    with read_session() as s:
        return len(s.exec(select(Order).where(Order.buyer_email == email)).all())


def mails_to(email: str, subject: str = "") -> int:
    with read_session() as s:
        rows = s.exec(select(OutboxMessage).where(OutboxMessage.to_addr == email)).all()
    return sum(subject in m.subject for m in rows)


def order_as(address: str, email: str, phone: str, tmp_path, proof: bytes | None = None) -> dict:
    draft = checkout_rules.CheckoutDraft(
        (("SOUNDBOX", 1),), {**BUYER, "buyer_email": email, "buyer_phone": phone}, "TRANSFER_BCA", uuid.uuid4().hex
    )
    data = proof if proof is not None else png(tmp_path / f"{uuid.uuid4().hex}.png").read_bytes()
    answer = client_at(address).post(
        routes.API_ORDER, data={"draft": draft.to_json()}, files={"files": ("bukti.png", data, "image/png")}
    )
    return {"status": answer.status_code, **answer.json()}  # fmt: skip


def test_thirty_buyers_behind_one_address_each_place_an_order(clean_db, tmp_path):
    """Issue 35.12: a mobile network's shared address (carrier-grade NAT) during a promotion."""
    shared = unique_address()
    answers = [order_as(shared, f"pembeli{i}@example.com", f"08123400{i:04d}", tmp_path) for i in range(30)]
    assert [a["status"] for a in answers] == [200] * 30
    with read_session() as s:
        assert len(s.exec(select(Order)).all()) == 30


def test_one_buyer_cannot_place_thirty_not_even_in_a_parallel_burst(clean_db, tmp_path):
    """Forty orders at once by one buyer, from many addresses: the buyer's limit is counted
    from the orders stored, under the buyer's lock, so no more than it is stored."""
    proof = png(tmp_path / "b.png").read_bytes()
    with ThreadPoolExecutor(max_workers=8) as pool:
        answers = list(
            pool.map(
                lambda _: order_as(unique_address(), "borong@example.com", "0812-9999-0000", tmp_path, proof), range(40)
            )
        )
    assert sorted(a["status"] for a in answers) == [200] * rules.ORDERS_PER_BUYER + [422] * (
        40 - rules.ORDERS_PER_BUYER
    )
    refused = next(a for a in answers if a["status"] == 422)
    assert (refused["code"], refused["message"]) == (OrderRefusal.TOO_MANY.value, OrderRefusal.TOO_MANY.label)
    assert orders_to("borong@example.com") == rules.ORDERS_PER_BUYER
    # The same phone typed another way, with another e-mail, is the same buyer.
    assert order_as(unique_address(), "lain@example.com", "+62 812 9999 0000", tmp_path)["status"] == 422


def test_refused_forms_and_files_do_not_count_against_the_address(clean_db, tmp_path):
    address = unique_address()
    for _ in range(12):  # a photo the site cannot read, sent again and again
        assert order_as(address, "budi@example.com", "081234567890", tmp_path, proof=b"bukan gambar")["status"] == 422
    assert rate_limits.counted(Action.ORDER, address) == 0
    assert order_as(address, "budi@example.com", "081234567890", tmp_path)["status"] == 200
    assert rate_limits.counted(Action.ORDER, address) == 1


def test_an_inbox_gets_at_most_five_orders_an_hour_from_strangers(clean_db, tmp_path):
    victim = f"korban.{uuid.uuid4().hex[:6]}@example.com"
    answers = [order_as(unique_address(), victim, f"0813555500{i:02d}", tmp_path) for i in range(6)]
    assert [a["status"] for a in answers] == [200] * 5 + [422]
    assert orders_to(victim) == 5
    assert mails_to(victim, "diterima") == 5


def test_registrations_per_address_and_the_correction_mail_once_a_day(clean_db, tmp_path, docs):
    address = unique_address()
    files = [("files", (f"{doc}__foto.jpg", data, "image/jpeg")) for doc, data in docs.items()]
    statuses = []
    for _ in range(28):  # the address's earlier registrations (30 an hour: a shared address)
        rate_limits.hit(Action.REGISTRATION, address)
    for i in range(3):
        draft = details.WizardDraft({**FORM, "email": f"usaha{i}@example.com"}, uuid.uuid4().hex, agreed=True).to_json()
        statuses.append(
            client_at(address).post(routes.API_REGISTRATION, data={"draft": draft}, files=files).status_code
        )
    assert statuses == [200] * 2 + [429]

    mid = make_merchant(tmp_path, email="ditolak@example.com")
    form = admin_merchants.detail(str(mid)).form
    admin_edit.save(str(mid), {**form, "status": "rejected", "rejection_reason": "KTP buram"}, ADMIN)
    for _ in range(3):  # the same pair sent again and again
        with pytest.raises(reg.RejectedRegistration):
            reg.submit({**FORM, "email": "ditolak@example.com"}, docs, client_ref=uuid.uuid4().hex, consent=AGREED)
    assert mails_to("ditolak@example.com", "Pendaftaran baru dengan data Anda") == 1


def test_lookups_are_limited_per_client_and_per_order_number(clean_db):
    order = make_order(email="siti@example.com")
    number = str(order.id)[:8]
    address = unique_address()
    for _ in range(59):  # a shared address's earlier lookups (60 in 15 minutes)
        rate_limits.hit(Action.LOOKUP, address)
    assert order_status.track(number, "siti@example.com", address)  # the 60th still answers
    with pytest.raises(order_status.LookupRefused) as refused:
        order_status.track(number, "siti@example.com", address)
    assert (refused.value.code, refused.value.text) == (
        order_status.LookupRefusal.TOO_MANY,
        "Terlalu banyak percobaan, coba lagi dalam 15 menit",
    )
    for i in range(8):  # guessing the e-mail of one order, from ever new addresses
        with pytest.raises(order_status.LookupRefused) as refused:
            order_status.track(number, f"tebak{i}@example.com", unique_address())
        assert refused.value.code is order_status.LookupRefusal.NOT_FOUND
    assert order_status.track(number, "siti@example.com", unique_address())  # the number's 10th
    with pytest.raises(order_status.LookupRefused) as refused:
        order_status.track(number, "siti@example.com", unique_address())
    assert refused.value.code is order_status.LookupRefusal.TOO_MANY
    other = make_order(email="rina@example.com")
    assert order_status.track(str(other.id)[:8], "rina@example.com", unique_address())  # another order


def test_status_links_stop_at_the_inbox_limit_and_answer_the_same(clean_db, tmp_path):
    make_merchant(tmp_path, email="sri.limit@example.com", hp="0812-1111-2222")
    answers = {
        registration_status.request_link("sri.limit@example.com", "0812-1111-2222", unique_address()) for _ in range(5)
    }
    assert answers == {registration_status.ANSWER}
    assert mails_to("sri.limit@example.com", "Status pendaftaran") == 3


def test_workers_sharing_redis_count_alike():
    """Two workers (two limiters) on one Redis: the limit is the site's, not each worker's."""
    url = os.environ.get("REDIS_URL") or "redis://127.0.0.1:6379/0"
    one, two = rate_limits.Limiter(url), rate_limits.Limiter(url)
    address = f"shared-{uuid.uuid4().hex}"
    for limiter in (one, two, one):
        limiter.hit(Action.MAIL_TO, address)
    with pytest.raises(rate_limits.TooMany):
        two.hit(Action.MAIL_TO, address)


def test_a_refused_answer_is_json_the_page_can_show(tmp_path):
    address = unique_address()
    for _ in range(100):  # the address's hundred orders this hour
        rate_limits.hit(Action.ORDER, address)
    answer = order_from(address, f"x{uuid.uuid4().hex[:4]}@example.com", tmp_path)
    assert (answer["status"], answer["kind"]) == (429, "limit")
    assert json.dumps(answer["message"]).startswith('"Terlalu banyak percobaan')


def test_confirm_pages_hold_at_most_a_hundred_new_amounts_an_hour_per_client(clean_db):
    address = unique_address()
    for _ in range(98):  # the address's earlier holds (a hundred an hour: a shared address)
        rate_limits.hit(Action.TRANSFER_HOLD, address)
    codes = [transfer_codes.for_page(f"attempt-{i}", 3_499_000, address) for i in range(3)]
    assert all(codes[:2]) and codes[2] == 0  # past the limit: the plain total, nothing held
    assert transfer_codes.for_page("attempt-0", 3_499_000, address) == codes[0]  # shown again: no new hold
    with read_session() as s:
        assert len(s.exec(select(TransferCode)).all()) == 2


def test_a_resend_of_the_buyers_last_allowed_order_is_that_order_not_a_refusal(clean_db, tmp_path):
    """The attempt is looked up in the transaction that would store it, before the buyer's
    hourly count: a lost answer's resend of the fifth order is the fifth order."""
    settings, storage = get_settings(), get_storage()
    data = png(tmp_path / "b.png").read_bytes()
    kept = len(stored_keys(settings, storage, settings.bucket_order_payments))
    placed = [checkout_order(storage, data, ref=f"attempt-{i}") for i in range(rules.ORDERS_PER_BUYER)]
    again = checkout_order(storage, data, ref=f"attempt-{rules.ORDERS_PER_BUYER - 1}")
    assert again.id == placed[-1].id
    with refused(OrderRefusal.TOO_MANY):
        checkout_order(storage, data, ref="attempt-new")
    assert len(stored_orders()) == rules.ORDERS_PER_BUYER
    assert len(stored_keys(settings, storage, settings.bucket_order_payments)) == kept + rules.ORDERS_PER_BUYER
