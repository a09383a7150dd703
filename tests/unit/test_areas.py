"""A new area is its folder plus one line (issue 60.1): the registries that must see every area
read the areas' declarations (terminal_shop/areas.py), shown with a test-only area."""

from __future__ import annotations

import sys
import uuid

import pytest

from terminal_shop import areas, background

SAMPLE = "support.sample_area"


@pytest.fixture
def with_sample_area(monkeypatch):
    monkeypatch.setattr(areas, "AREAS", [*areas.AREAS, SAMPLE])


def test_every_registry_sees_a_new_area_from_its_declaration(with_sample_area):
    assert f"{SAMPLE}.tables" in areas.table_modules()
    assert areas.subscriber_modules()[-1] == f"{SAMPLE}.reactions"  # after every area before it
    [(task, work)] = [(t, w) for t, w in areas.tasks() if t.name == "sample"]
    assert (task.seconds, work()) == (60, "ticked")
    assert background._round(task, work).__name__ == "round_sample"  # a lifespan task of its own name
    its_keys = sys.modules[f"{SAMPLE}.rounds"].keys
    assert its_keys in areas.file_owners()["bucket_order_payments"]
    some = uuid.uuid4()
    assert its_keys([some]) == {f"{some}/sample.png"}
    assert areas.figure_readers()[-1] is sys.modules[f"{SAMPLE}.rounds"].figures  # on /metrics (services/health.py)
    parts = areas.parts("merchant")
    assert sys.modules[f"{SAMPLE}.personal"].erase_of_merchant in parts


def test_a_new_areas_notice_reaches_the_channels_from_its_declaration(with_sample_area):
    """Issue 60: an area's notice is its declaration and its words, in its own folder: a notice
    of the kind may be made, its content is the area's words, the e-mail channel (one template
    for any content) offers it; WhatsApp does not until a template of Meta's is mapped to it."""
    from terminal_shop.services.notifications import channels, kinds
    from terminal_shop.services.notifications.channels import Notice

    assert "sample_ticked" in kinds.names() and kinds.label_of("sample_ticked") == "Putaran contoh selesai"
    with pytest.raises(ValueError, match=r"without \['when'\]"):
        Notice("sample_ticked", "k", ("sample", "1"), "a@b.example")
    notice = Notice("sample_ticked", "k", ("sample", "1"), "a@b.example", values={"when": "07.00 WIB"})
    content = channels.content(None, notice)
    assert content.title == "Putaran contoh selesai" and "Putaran selesai 07.00 WIB." in content.plain()
    offering = {c.name for c in channels.registered() if "sample_ticked" in c.offers}
    assert offering == {"email"}


def test_a_notice_kind_two_areas_declare_is_refused(monkeypatch):
    monkeypatch.setattr(areas, "AREAS", [*areas.AREAS, SAMPLE, SAMPLE])
    with pytest.raises(RuntimeError, match="notice kind 'sample_ticked' declared by"):
        areas.notice_kinds()


def test_the_registries_keep_what_the_areas_declared_before():
    """The order the bus hands an event on in (the audit trail first, devices before the
    messages) and the rounds every worker runs, as they were listed by hand before."""
    assert areas.subscriber_modules() == [
        "terminal_shop.services.audit.trail",
        "terminal_shop.services.devices.subscribers",
        "terminal_shop.services.messages.subscribers",
        "terminal_shop.services.orders.proof_prints",
        "terminal_shop.services.payouts.subscribers",
        "terminal_shop.services.fleet.subscribers",
        "terminal_shop.services.merchant_team.subscribers",
        "terminal_shop.services.returns.notices",
    ]
    assert {t.name: t.seconds for t, _ in areas.tasks()} == {
        "sender": 5, "later": 1, "recap": 300, "ledger": 300, "fleet": 300, "servicing": 300, "disputes": 300,
        "statement_imports": 3600, "payout_accounts": 300, "fee_invoices": 3600,
    }  # fmt: skip
    assert set(areas.holders()) == {"order", "merchant"}
    assert [f.__module__.rsplit(".", 2)[-2] for f in areas.figure_readers()] == [
        "orders",
        "registrations",
        "notifications",
    ]


def test_an_area_without_a_declaration_is_refused(monkeypatch):
    monkeypatch.setattr(areas, "AREAS", ["support.storage"])  # a module declaring no AREA
    with pytest.raises(RuntimeError, match="declares no AREA"):
        list(areas.declared())
