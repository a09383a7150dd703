"""Personal data as UU 27/2022 expects (docs/decisions.md, Personal data), on this pass's
real database and storage: every look at personal files logged, and shown on the record."""

from __future__ import annotations

import uuid

from sqlmodel import select
from starlette.testclient import TestClient

from terminal_shop import routes
from terminal_shop.infra.db import read_session
from terminal_shop.infra.models import AccessEvent
from terminal_shop.services.backoffice import admin_auth, admin_merchants, admin_orders
from terminal_shop.web import api

from support.factories import ADMIN, make_merchant, make_order
from support.files import png


def access_rows(entity_id="") -> list[tuple[str, str, str, str]]:
    with read_session() as s:
        rows = s.exec(select(AccessEvent).order_by(AccessEvent.id)).all()
    return [(r.admin_email, r.action, r.entity_type, r.item) for r in rows if entity_id in ("", r.entity_id)]


def test_opening_a_registration_logs_a_look_at_its_documents_and_the_page_shows_it(clean_db, tmp_path):
    mid = make_merchant(tmp_path)
    admin_merchants.detail(str(mid))  # a refresh after a save: no new look
    assert access_rows() == []
    view = admin_merchants.detail(str(mid), viewer=ADMIN).view
    assert access_rows() == [(ADMIN, "lihat", "merchant", "Foto KTP, Foto selfie dengan KTP, Foto usaha/toko")]
    [seen] = view.access
    assert (seen.who, seen.action, seen.item) == (ADMIN, "Dilihat", "Foto KTP, Foto selfie dengan KTP, Foto usaha/toko")

    admin_merchants.replace_document(
        str(mid), "ktp", "ktp-baru.png", png(tmp_path / "n.png").read_bytes(), "sri@tim.example"
    )
    assert access_rows()[-1] == ("sri@tim.example", "ganti", "merchant", "Foto KTP")
    assert [a.action for a in admin_merchants.detail(str(mid)).view.access] == ["Diganti", "Dilihat"]  # newest first


def test_opening_an_order_logs_a_look_at_its_proof(clean_db):
    order = make_order(proof=f"{uuid.uuid4()}/bukti.png")
    no_proof = make_order(name="Ani")
    admin_orders.detail(str(order.id), viewer=ADMIN)
    admin_orders.detail(str(no_proof.id), viewer=ADMIN)  # nothing personal to look at
    assert access_rows() == [(ADMIN, "lihat", "order", "Bukti pembayaran")]
    assert [a.item for a in admin_orders.detail(str(order.id)).view.access] == ["Bukti pembayaran"]


def test_a_csv_export_is_logged_with_its_filters(clean_db):
    admin_auth.create_admin(ADMIN, "rahasia-admin-123")
    token = admin_auth.login(ADMIN, "rahasia-admin-123", "127.0.0.1")
    client = TestClient(api.files_app())
    client.cookies.set(admin_auth.SESSION_COOKIE, token)
    answer = client.get(routes.export("orders") + "?status=confirmed&q=Budi")
    assert answer.status_code == 200
    assert access_rows() == [(ADMIN, "ekspor", "orders", "CSV: q=Budi&status=confirmed")]
    assert client.get(routes.export("merchants")).status_code == 200
    assert access_rows()[-1] == (ADMIN, "ekspor", "merchants", "CSV: semua data")
