"""Periods and limits are stated once (terminal_shop/rules.py): the rule and the sentence
that names it read the same constant, and the words are the ones the SPEC and the pages use."""

from __future__ import annotations

from datetime import timedelta

from terminal_shop import rules
from terminal_shop.infra.uploads import MAX_UPLOAD_BYTES
from terminal_shop.services.privacy.requests import ANSWER_WITHIN
from terminal_shop.services.registrations.fix_link import LINK_VALID
from terminal_shop.services.registrations.resubmission import FixRefusal
from terminal_shop.services.team.admin_accounts import INVITE_VALID
from terminal_shop.web.guards import FILE_TOO_LARGE


def test_the_words_for_each_period_and_limit():
    assert rules.days(rules.FIX_LINK_VALID) == "14 hari"
    assert rules.hours(rules.INVITE_VALID) == "48 jam"
    assert rules.working_days(rules.PAYMENT_REVIEW) == "1x24 jam"
    assert rules.working_days(rules.DATA_REQUEST_ANSWER) == "3x24 jam"
    assert rules.working_days(timedelta(days=2)) == "2x24 jam"
    assert FILE_TOO_LARGE == "Ukuran file maksimal 10MB"  # the SPEC's text


def test_the_rules_applied_are_the_rules_told():
    assert (LINK_VALID, INVITE_VALID, ANSWER_WITHIN) == (
        rules.FIX_LINK_VALID, rules.INVITE_VALID, rules.DATA_REQUEST_ANSWER,
    )  # fmt: skip
    assert MAX_UPLOAD_BYTES == rules.UPLOAD_MAX_MB * 1024 * 1024
    assert "sudah lewat 14 hari" in FixRefusal.LINK.label
