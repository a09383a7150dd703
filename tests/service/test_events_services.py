"""Every status change is an event recorded with it (services/events): one test per area
that its changes publish their events, in order, with the audit entries and e-mails the
subscribers write; and that a subscriber that raises rolls the whole change back
(docs/decisions.md, Events): nothing half done, nothing half told."""

from __future__ import annotations

import pytest
from sqlmodel import col, select

from terminal_shop.infra.db import NestedUnitOfWork, read_session, write_session
from terminal_shop.infra.storage import get_storage
from terminal_shop.services.audit.tables import AuditEvent
from terminal_shop.services.backoffice import admin_merchants
from terminal_shop.services.devices import packing, stock
from terminal_shop.services.events import bus
from terminal_shop.services.events.tables import DomainEventRecord
from terminal_shop.services.notifications.tables import OutboxMessage
from terminal_shop.services.orders import fulfilment, transitions
from terminal_shop.services.orders.events import OrderConfirmed
from terminal_shop.services.orders.tables import Order
from terminal_shop.services.privacy import requests
from terminal_shop.services.privacy.terms import DataRequestKind
from terminal_shop.services.registrations import admin_edit, resubmission
from terminal_shop.services.team import admin_accounts

from support.factories import ADMIN, AGREED, checkout_order, make_merchant, reject_with_link
from support.files import png


def published(entity_id: str) -> list[str]:
    with read_session() as s:
        rows = s.exec(
            select(DomainEventRecord)
            .where(col(DomainEventRecord.entity_id) == str(entity_id))
            .order_by(col(DomainEventRecord.id))
        )
        return [r.name for r in rows]


def audited(entity_id: str) -> list[str]:
    with read_session() as s:
        rows = s.exec(
            select(AuditEvent).where(col(AuditEvent.entity_id) == str(entity_id)).order_by(col(AuditEvent.id))
        )
        return [r.action for r in rows]


def mails(entity_id: str) -> list[str]:
    with read_session() as s:
        rows = s.exec(
            select(OutboxMessage).where(col(OutboxMessage.entity_id) == str(entity_id)).order_by(col(OutboxMessage.id))
        )
        return [r.key.split(":")[2] for r in rows]


def test_an_orders_life_is_published_audited_and_told(clean_db, tmp_path):
    proof = png(tmp_path / "p.png").read_bytes()
    kept, dropped = (checkout_order(get_storage(), proof) for _ in range(2))
    transitions.confirm(str(kept.id), ADMIN)
    stock.receive("A9200001", "A920", ADMIN)
    packing.pack(str(kept.id), ["A9200001"], ADMIN)
    fulfilment.ship(str(kept.id), "jne", "JNE12345678", ADMIN)
    fulfilment.deliver(str(kept.id), ADMIN)
    transitions.reject(str(dropped.id), "Bukti tidak terbaca", ADMIN)
    assert published(str(kept.id)) == [
        "order.placed", "order.confirmed", "order.packed", "order.shipped", "order.delivered",
    ]  # fmt: skip
    assert audited(str(kept.id)) == ["confirm", "fulfil:packed", "fulfil:shipped", "fulfil:delivered"]
    assert mails(str(kept.id)) == ["received", "confirmed", "shipped", "delivered"]
    assert (published(str(dropped.id)), audited(str(dropped.id))) == (["order.placed", "order.cancelled"], ["reject"])
    assert mails(str(dropped.id)) == ["received", "cancelled"]


def test_a_subscriber_that_raises_rolls_the_whole_change_back(clean_db, tmp_path):
    order = checkout_order(get_storage(), png(tmp_path / "p.png").read_bytes())

    def broken(s, event):
        raise RuntimeError("a subscriber failed")

    bus.subscribe(OrderConfirmed)(broken)
    try:
        with pytest.raises(RuntimeError, match="a subscriber failed"):
            transitions.confirm(str(order.id), ADMIN)
    finally:
        bus.unsubscribe(OrderConfirmed, broken)
    with read_session() as s:
        fresh = s.get(Order, order.id)
    assert fresh is not None and (fresh.status, fresh.invoice_number) == ("paid_review", None)
    assert (published(str(order.id)), audited(str(order.id)), mails(str(order.id))) == (
        ["order.placed"],
        [],
        ["received"],
    )
    transitions.confirm(str(order.id), ADMIN)  # nothing was left half done: it confirms as ever
    assert mails(str(order.id)) == ["received", "confirmed"]


def test_a_subscriber_cannot_commit_apart_from_the_change_it_follows(clean_db, tmp_path):
    """Issue 51.5: a use case owns its transaction; a subscriber (or any code under it) that
    opens a write transaction of its own is refused, and the change rolls back with it."""
    order = checkout_order(get_storage(), png(tmp_path / "p.png").read_bytes())

    def commits_alone(s, event):
        with write_session() as own:
            own.add(DomainEventRecord(name="stray", entity_type="order", entity_id=event.entity_id, actor="x"))

    bus.subscribe(OrderConfirmed)(commits_alone)
    try:
        with pytest.raises(NestedUnitOfWork):
            transitions.confirm(str(order.id), ADMIN)
    finally:
        bus.unsubscribe(OrderConfirmed, commits_alone)
    assert published(str(order.id)) == ["order.placed"]  # neither the confirmation nor the stray row
    with read_session() as s:
        assert s.get(Order, order.id).status == "paid_review"


def test_a_registrations_life_is_published_audited_and_told(clean_db, tmp_path, docs):
    mid = make_merchant(tmp_path)
    link = reject_with_link(mid, ["ktp"])
    resubmission.resubmit(str(mid), link.rsplit("?t=", 1)[1], {}, {"ktp": docs["ktp"]}, consent=AGREED)
    form = admin_merchants.detail(str(mid)).form
    admin_edit.save(str(mid), {**form, "status": "approved"}, ADMIN)
    admin_edit.save(str(mid), {**form, "status": "approved", "nama_usaha": "Warung Bu Sri Baru"}, ADMIN)
    assert published(str(mid)) == [
        "registration.submitted", "registration.rejected", "registration.corrected", "registration.approved",
        "registration.edited",
    ]  # fmt: skip
    assert audited(str(mid)) == ["status", "resubmit", "status", "edit"]
    assert mails(str(mid)) == ["received", "rejected", "received", "approved"]


def test_the_teams_changes_are_published_and_audited(clean_db):
    admin_accounts.invite(ADMIN, "kasir@terminalku.example", "keuangan")
    link = admin_accounts.invite(ADMIN, "gudang@terminalku.example", "pengiriman")
    admin_accounts.accept(link.split("token=")[1], "kata-sandi-gudang-1", "kata-sandi-gudang-1", "test", "127.0.0.1")
    [member] = [a for a in admin_accounts.accounts() if a.email == "gudang@terminalku.example"]
    admin_accounts.set_role(ADMIN, member.id, "keuangan")
    admin_accounts.set_active(ADMIN, member.id, False)
    assert published("kasir@terminalku.example") == ["team.invited"]
    assert published(member.id) == ["team.invite_accepted", "team.role_changed", "team.deactivated"]
    assert audited(member.id) == ["invite-accepted", "role", "deactivate"]


def test_a_data_request_is_published_and_its_answer_audited(clean_db, tmp_path):
    mid = make_merchant(tmp_path)
    requests.ask("merchant", str(mid), DataRequestKind.ACCESS, "203.0.113.9")
    requests.archive("merchant", str(mid), ADMIN)
    assert published(str(mid))[-2:] == ["privacy.asked", "privacy.exported"]
    assert audited(str(mid)) == ["export"]
    assert [k for k in mails(str(mid)) if k != "received"]  # the admins who may answer were told
    assert requests.open_requests("merchant", str(mid)) == ()  # answered in the export's transaction
