"""Issue 60.3: one list of notice kinds (read from the areas' declarations: issue 60), each
channel saying which it offers, and no notice made of a kind no area declares (a typo reached
no channel, silently)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from terminal_shop import areas
from terminal_shop.services.notifications import channels, kinds
from terminal_shop.services.notifications.channels import Notice

PACKAGE = Path(__file__).resolve().parents[2] / "terminal_shop"
KINDS = kinds.names()
# What each channel deliberately leaves to the other (decided, not forgotten): the admins'
# notices and the long service and device texts are e-mail's; WhatsApp's approved templates
# cover the buyer's and the merchant's everyday moments, and the proof a buyer sent by chat.
EMAIL_ONLY = {"data_request", "device_status", "payout_case", "service_case", "service_case_opened", "return_opened"}
WHATSAPP_ONLY = {"proof_received"}


def test_every_channel_offers_only_listed_kinds_and_every_kind_has_a_channel():
    offered = {c.name: c.offers for c in channels.registered()}
    assert set(offered) == {"email", "whatsapp"}
    assert all(kinds <= KINDS for kinds in offered.values())
    assert set().union(*offered.values()) == KINDS
    assert (offered["email"] - offered["whatsapp"], offered["whatsapp"] - offered["email"]) == (
        EMAIL_ONLY,
        WHATSAPP_ONLY,
    )


def test_every_kind_has_its_words_in_the_area_that_declares_it():
    """Issue 60.3: each kind's words are built once, channel-neutral, where its area says; a
    channel renders that content, so a kind whose words are missing would reach no channel."""
    for kind in KINDS:
        words = kinds.words_of(kind)
        assert callable(words), kind
        declaring = areas.notice_kinds()[kind][0]
        assert words.__module__.startswith(declaring + "."), (kind, words.__module__)


def test_a_notice_of_an_unlisted_kind_is_refused_where_it_is_made():
    with pytest.raises(ValueError, match="unknown notice kind"):
        Notice("order_recieved", "k", ("order", "1"))
    assert Notice("order_received", "k", ("order", "1")).kind == "order_received"


def test_every_kind_named_in_the_code_is_listed():
    named = {
        node.args[0].value
        for path in PACKAGE.rglob("*.py")
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "Notice"
        and node.args and isinstance(node.args[0], ast.Constant)
    }  # fmt: skip
    assert named and named <= KINDS
