"""The two submissions that carry files, posted as the browser (or anyone) posts them to
our routes: what each answers, what it stores, and that a bad request is refused with a
message the page shows, never a 500. Real database and real storage of the test mode."""

from __future__ import annotations

import json
import uuid

from sqlmodel import select
from starlette.testclient import TestClient

from terminal_shop import privacy_policy, routes
from terminal_shop.infra.db import read_session
from terminal_shop.infra.settings import get_settings
from terminal_shop.infra.storage import get_storage
from terminal_shop.services.orders import checkout as orders
from terminal_shop.services.orders import checkout_rules
from terminal_shop.services.orders.tables import Order
from terminal_shop.services.orders.terms import OrderRefusal
from terminal_shop.services.registrations import details
from terminal_shop.services.registrations import submission as reg
from terminal_shop.services.registrations.tables import MerchantRegistration
from terminal_shop.services.registrations.terms import RegistrationRefusal
from terminal_shop.web import api

from support.factories import BUYER, FORM, docs  # noqa: F401  (docs is a fixture)
from support.files import png
from support.storage import stored_keys


def _client() -> TestClient:
    return TestClient(api.files_app(), raise_server_exceptions=False)


def _checkout(ref: str, **buyer: str) -> str:
    return checkout_rules.CheckoutDraft((("SOUNDBOX", 2),), {**BUYER, **buyer}, "TRANSFER_BCA", ref).to_json()


def _orders() -> list[Order]:
    with read_session() as s:
        return list(s.exec(select(Order)))


def _proofs() -> list[str]:
    return stored_keys(get_settings(), get_storage(), get_settings().bucket_order_payments)


def test_an_order_sent_twice_makes_one_order_with_one_proof(clean_db, tmp_path):
    ref = uuid.uuid4().hex
    order_id = str(orders.order_id_for_attempt(ref))
    proof = {"files": ("bukti.png", png(tmp_path / "bukti.png").read_bytes(), "image/png")}
    client = _client()

    first = client.post(routes.API_ORDER, data={"draft": _checkout(ref)}, files=proof)
    assert first.status_code == 200
    assert first.json() == {"order_id": order_id, "next": f"/checkout/success?order_id={order_id}"}
    # Its answer was lost; the tab sends the same attempt again.
    again = client.post(routes.API_ORDER, data={"draft": _checkout(ref)}, files=proof)
    assert again.json()["order_id"] == order_id

    [order] = _orders()
    assert (str(order.id), order.client_ref, order.buyer_name, order.total) == (
        order_id,
        ref,
        "Budi Santoso",
        checkout_rules.price_cart([("SOUNDBOX", 2)]).total - order.unique_code,
    )
    assert [k for k in _proofs() if k.startswith(f"{order_id}/")] == [order.payment_proof_path]


def test_bad_order_posts_get_a_message_and_store_nothing(clean_db, tmp_path):
    client = _client()
    stored_before = _proofs()  # the storage outlives clean_db
    draft = _checkout(uuid.uuid4().hex)
    proof = {"files": ("bukti.png", png(tmp_path / "bukti.png").read_bytes(), "image/png")}

    not_a_form = client.post(routes.API_ORDER, content=b"\x00" * 100, headers={"content-type": "text/plain"})
    assert (not_a_form.status_code, not_a_form.json()["message"]) == (400, OrderRefusal.GENERIC.label)
    no_draft = client.post(routes.API_ORDER, data={"draft": "{not json"}, files=proof)
    assert (no_draft.status_code, no_draft.json()["message"]) == (400, OrderRefusal.GENERIC.label)
    no_file = client.post(routes.API_ORDER, data={"draft": draft})
    assert (no_file.status_code, no_file.json()["message"]) == (422, OrderRefusal.PROOF_MISSING.label)
    # No attempt key yet (sent before the confirm page had loaded): a key made here would
    # make a resend a second order; the page keeps the form and says to wait.
    keyless = client.post(routes.API_ORDER, data={"draft": _checkout("")}, files=proof)
    assert (keyless.status_code, keyless.json()["kind"]) == (409, "wait")
    assert keyless.json()["message"] == OrderRefusal.NOT_READY.label
    html = client.post(routes.API_ORDER, data={"draft": draft}, files={"files": ("bukti.png", b"<html>", "image/png")})
    assert (html.status_code, html.json()["kind"]) == (422, "file")
    assert html.json()["title"] and html.json()["message"]
    nameless = _checkout(uuid.uuid4().hex, buyer_name="")
    refused = client.post(routes.API_ORDER, data={"draft": nameless}, files=proof)
    assert (refused.status_code, refused.json()["message"]) == (422, "Nama lengkap wajib diisi")
    too_long = client.post(
        routes.API_ORDER, data={"draft": _checkout(uuid.uuid4().hex, buyer_name="N" * 201)}, files=proof
    )
    assert (too_long.status_code, too_long.json()["message"]) == (422, "Nama lengkap maksimal 200 karakter")
    other_site = client.post(
        routes.API_ORDER, data={"draft": draft}, files=proof, headers={"origin": "https://jahat.example"}
    )
    assert other_site.status_code == 403

    assert _orders() == []
    assert _proofs() == stored_before


def test_a_registration_sent_twice_is_stored_once(clean_db, docs):  # noqa: F811
    client = _client()
    ref = uuid.uuid4().hex
    draft = details.WizardDraft(FORM, ref, 3, agreed=True).to_json()
    files = [("files", (f"{doc}__foto.jpg", data, "image/jpeg")) for doc, data in docs.items()]

    first = client.post(routes.API_REGISTRATION, data={"draft": draft}, files=files)
    assert first.status_code == 200 and first.json()["next"] == "/pendaftaran/success"
    again = client.post(routes.API_REGISTRATION, data={"draft": draft}, files=files)
    assert again.json()["registration_id"] == first.json()["registration_id"]

    with read_session() as s:
        [row] = s.exec(select(MerchantRegistration)).all()
    assert (str(row.id), row.client_ref, row.nama_usaha) == (first.json()["registration_id"], ref, "Warung Bu Sri")
    assert row.foto_ktp_url and row.foto_barang_url
    # The consent on record: when, from which address, to which privacy text.
    assert (row.consent_address, row.consent_version) == ("testclient", privacy_policy.VERSION)
    assert abs((row.consent_at - row.created_at).total_seconds()) < 5


def test_a_registration_without_the_agreement_is_refused_and_nothing_stored(clean_db, docs):  # noqa: F811
    settings = get_settings()
    before = set(stored_keys(settings, get_storage(), settings.bucket_merchant_documents))  # other tests' files
    files = [("files", (f"{doc}__foto.jpg", data, "image/jpeg")) for doc, data in docs.items()]
    for draft in (
        details.WizardDraft(FORM, uuid.uuid4().hex),
        {**json.loads(details.WizardDraft(FORM).to_json()), "_setuju": "ya"},
    ):
        text = draft.to_json() if isinstance(draft, details.WizardDraft) else json.dumps(draft)
        refused = _client().post(routes.API_REGISTRATION, data={"draft": text}, files=files)
        assert (refused.status_code, refused.json()["message"]) == (422, RegistrationRefusal.NO_CONSENT.label)
        assert refused.json()["code"] == "persetujuan"
    with read_session() as s:
        assert s.exec(select(MerchantRegistration)).all() == []
    assert set(stored_keys(settings, get_storage(), settings.bucket_merchant_documents)) == before


def test_bad_registration_posts_get_a_message(clean_db, docs):  # noqa: F811
    client = _client()
    files = [("files", (f"{doc}__foto.jpg", data, "image/jpeg")) for doc, data in docs.items()]

    not_a_form = client.post(routes.API_REGISTRATION, content=b"x", headers={"content-type": "multipart/form-data"})
    assert (not_a_form.status_code, not_a_form.json()["message"]) == (400, reg.FAILED_REASON)
    nameless = details.WizardDraft({**FORM, "nama_lengkap": ""}, uuid.uuid4().hex, agreed=True).to_json()
    refused = client.post(routes.API_REGISTRATION, data={"draft": nameless}, files=files)
    assert (refused.status_code, refused.json()["message"]) == (422, "Nama lengkap wajib diisi")
    long_name = details.WizardDraft({**FORM, "nama_lengkap": "N" * 201}, uuid.uuid4().hex, agreed=True).to_json()
    too_long = client.post(routes.API_REGISTRATION, data={"draft": long_name}, files=files)
    assert (too_long.status_code, too_long.json()["message"]) == (422, "Nama lengkap maksimal 200 karakter")
    garbage = client.post(routes.API_REGISTRATION, data={"draft": "[]"}, files=files)
    assert garbage.status_code == 422 and garbage.json()["message"]

    with read_session() as s:
        assert s.exec(select(MerchantRegistration)).all() == []


def test_an_order_id_chosen_by_the_client_is_not_taken(clean_db, tmp_path):
    """The probe of the hardening issue: a draft naming its own id (BA5297AB) and a malformed one."""
    proof = {"files": ("bukti.png", png(tmp_path / "bukti.png").read_bytes(), "image/png")}
    chosen = "ba5297ab-0000-4000-8000-000000000001"
    for ref, forged in ((uuid.uuid4().hex, chosen), (uuid.uuid4().hex, "bukan-uuid")):
        draft = json.loads(_checkout(ref)) | {"o": forged}
        answer = _client().post(routes.API_ORDER, data={"draft": json.dumps(draft)}, files=proof)
        assert answer.json()["order_id"] == str(orders.order_id_for_attempt(ref))
    numbers = sorted(o.number for o in _orders())
    assert "BA5297AB" not in numbers and len(set(numbers)) == 2
    again = json.loads(_checkout(ref)) | {"o": chosen}  # the malformed one's retry key still finds its order
    assert _client().post(routes.API_ORDER, data={"draft": json.dumps(again)}, files=proof).json()["order_id"] == str(
        orders.order_id_for_attempt(ref)
    )
    assert len(_orders()) == 2
