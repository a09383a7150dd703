"""Periods and limits are stated once (terminal_shop/rules.py): the rule and the sentence
that names it read the same constant, and the words are the ones the SPEC and the pages use."""

from __future__ import annotations

from datetime import timedelta

from terminal_shop import rules
from terminal_shop.infra.uploads import MAX_UPLOAD_BYTES
from terminal_shop.services.orders.transfer_codes import MATCH_WINDOW
from terminal_shop.services.privacy.requests import ANSWER_WITHIN
from terminal_shop.services.registrations.fix_link import LINK_VALID
from terminal_shop.services.registrations.resubmission import FixRefusal
from terminal_shop.services.team.admin_accounts import INVITE_VALID
from terminal_shop.services.whatsapp.inbox import WINDOW as WHATSAPP_WINDOW
from terminal_shop.web.guards import BODY_TOO_LARGE, DEFAULT_BODY_LIMIT, FILE_TOO_LARGE


def test_the_words_for_each_period_and_limit():
    assert rules.days(rules.FIX_LINK_VALID) == "14 hari"
    assert rules.hours(rules.INVITE_VALID) == "48 jam"
    assert rules.working_days(rules.PAYMENT_REVIEW) == "1x24 jam"
    assert rules.working_days(rules.DATA_REQUEST_ANSWER) == "3x24 jam"
    assert rules.working_days(timedelta(days=2)) == "2x24 jam"
    assert FILE_TOO_LARGE == "Ukuran file maksimal 10MB"  # the SPEC's text
    assert rules.REGISTRATION_REVIEW == "1-3 hari kerja"  # the SPEC's promise
    assert (rules.warranty(12), rules.warranty(24), rules.warranty(18)) == ("1 tahun", "2 tahun", "18 bulan")
    assert BODY_TOO_LARGE == "Permintaan terlalu besar (maksimal 1MB)"


def test_the_rules_applied_are_the_rules_told():
    assert (LINK_VALID, INVITE_VALID, ANSWER_WITHIN) == (
        rules.FIX_LINK_VALID, rules.INVITE_VALID, rules.DATA_REQUEST_ANSWER,
    )  # fmt: skip
    assert MAX_UPLOAD_BYTES == rules.UPLOAD_MAX_MB * 1024 * 1024
    assert "sudah lewat 14 hari" in FixRefusal.LINK.label
    assert (MATCH_WINDOW, WHATSAPP_WINDOW) == (rules.PAYMENT_LINE_WINDOW, rules.WHATSAPP_REPLY_WINDOW)
    assert DEFAULT_BODY_LIMIT == 1024 * 1024
