"""Operations without a server: the settings the site refuses, the proxy warning, log lines."""

from __future__ import annotations

import json
import logging

import pytest
from starlette.datastructures import Headers

from terminal_shop.infra import logs
from terminal_shop.infra.settings import get_settings
from terminal_shop.services.health import mail_warning
from terminal_shop.web.operations import ProxySettingCheck, kind_of


@pytest.fixture
def settings(monkeypatch, tmp_path):
    monkeypatch.setenv("DATA_DIR", str(tmp_path))

    def with_env(**env: str):
        for name, value in env.items():
            monkeypatch.setenv(name, value)
        get_settings.cache_clear()
        return get_settings()

    yield with_env
    get_settings.cache_clear()


def test_https_without_secure_cookies_is_refused_and_cookies_follow_the_public_url(settings):
    refused = settings(PUBLIC_URL="https://shop.example.co.id", SECURE_COOKIES="false").unsafe()
    assert refused and "SECURE_COOKIES" in refused[0]
    assert settings(SECURE_COOKIES="").secure_cookies is True  # https: Secure without being asked
    assert settings(PUBLIC_URL="http://localhost:3000").secure_cookies is False
    assert settings().unsafe() == []


def test_a_proxy_mismatch_is_told_once_each_way(settings, caplog):
    check = ProxySettingCheck()
    settings(TRUSTED_PROXY_HOPS="0")
    for _ in range(3):
        check.look(Headers({"x-forwarded-for": "203.0.113.9"}), "/")
    settings(TRUSTED_PROXY_HOPS="1")
    check.look(Headers({}), "/ping")  # a health check from the machine itself is fine
    check.look(Headers({}), "/")
    check.look(Headers({}), "/produk/a920")
    warnings = [r.getMessage() for r in caplog.records if r.levelno == logging.WARNING]
    assert len(warnings) == 2
    assert "TRUSTED_PROXY_HOPS=0" in warnings[0] and "127.0.0.1" in warnings[1]


def test_json_log_lines_carry_the_request_id():
    record = logging.LogRecord("terminal_shop.x", logging.INFO, __file__, 1, "order %s placed", ("AB12CD34",), None)
    with logs.request_context("0123456789abcdef"):
        logs._WithRequestId().filter(record)
    line = json.loads(logs.JsonLines().format(record))
    assert (line["message"], line["request_id"], line["level"]) == ("order AB12CD34 placed", "0123456789abcdef", "info")


def test_requests_are_timed_by_kind_not_by_address():
    assert [kind_of(p) for p in ("/", "/produk/a920", "/api/pesanan", "/assets/x-1.js", "/admin/orders", "/metrics")] == [
        "page", "page", "api", "assets", "admin_page", "metrics",
    ]  # fmt: skip


def test_the_overview_warns_when_mail_fails_or_waits_over_15_minutes():
    assert mail_warning(failed_recently=0, oldest_pending_seconds=600) == ""
    assert "menunggu 20 menit" in mail_warning(failed_recently=0, oldest_pending_seconds=20 * 60)
    assert mail_warning(failed_recently=2, oldest_pending_seconds=0).startswith("2 e-mail gagal terkirim")
