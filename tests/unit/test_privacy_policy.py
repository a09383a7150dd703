"""The privacy policy's version follows its text (terminal_shop/privacy_policy.py)."""

from __future__ import annotations

from terminal_shop import privacy_policy


def test_the_recorded_version_is_the_texts_own():
    assert privacy_policy.RECORDED[0] == privacy_policy.VERSION, (
        "The privacy text changed: write its new version "
        f"({privacy_policy.VERSION}) and the day it takes effect into privacy_policy.RECORDED"
    )


def test_the_page_names_this_sites_retention_periods():
    text = " ".join(t for _, t in privacy_policy.sections())
    assert "90 hari setelah penolakan" in text and "5 tahun setelah hubungan usaha" in text
    assert "10 tahun sebagai catatan keuangan" in text and "{" not in text
