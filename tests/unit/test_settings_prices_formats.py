"""Settings, the price list, Indonesian formats and the body limits per route."""

from __future__ import annotations

import re
from datetime import UTC

import pytest

from terminal_shop import catalogue
from terminal_shop.formats import rupiah, wib
from terminal_shop.infra.settings import get_settings

from support.environment import ROOT


def test_settings_come_from_environment(monkeypatch, tmp_path):
    monkeypatch.setenv("DATA_DIR", str(tmp_path))
    monkeypatch.setenv("BRAND_NAME", "KasirKita")
    monkeypatch.setenv("ADMIN_EMAILS", " Boss@Example.co.id , ops@example.co.id")
    monkeypatch.setenv("STORAGE_BACKEND", "S3")
    for name in ("SECRET_KEY", "DATABASE_URL", "PUBLIC_URL", "CORS_ALLOWED_ORIGINS", "PORT"):
        monkeypatch.delenv(name, raising=False)
    get_settings.cache_clear()
    try:
        s = get_settings()
        assert s.brand_name == "KasirKita"
        assert s.admin_emails == ("boss@example.co.id", "ops@example.co.id")
        assert s.storage_backend == "s3"
        assert s.database_url == f"sqlite:///{tmp_path / 'terminal_shop.db'}"
        assert s.cors_origins == ("http://localhost:3000", "http://127.0.0.1:3000")
        # No secret in the repo: one is generated per machine, kept private, and reused.
        key_file = tmp_path / "secret_key"
        assert key_file.stat().st_mode & 0o077 == 0
        assert len(s.secret_key) >= 40
        get_settings.cache_clear()
        assert get_settings().secret_key == s.secret_key
        assert "secret_key" not in repr(s) or s.secret_key not in repr(s)
    finally:
        get_settings.cache_clear()


def test_the_site_address_follows_port_and_a_local_one_on_another_port_is_told(monkeypatch, tmp_path):
    """Issue 50.2: `PORT=8080 make run` served pages that talked to port 3000."""
    from terminal_shop.web.serve import served_port

    monkeypatch.setenv("DATA_DIR", str(tmp_path))
    monkeypatch.delenv("PUBLIC_URL", raising=False)
    monkeypatch.delenv("CORS_ALLOWED_ORIGINS", raising=False)
    monkeypatch.setenv("PORT", "8080")
    get_settings.cache_clear()
    try:
        s = get_settings()
        assert s.public_url == "http://localhost:8080"
        assert s.cors_origins == ("http://localhost:8080", "http://127.0.0.1:8080")
        assert s.port_mismatch(8080) == ""
        monkeypatch.setenv("PUBLIC_URL", "http://localhost:3000")
        get_settings.cache_clear()
        told = get_settings().port_mismatch(served_port(["run", "--env", "prod", "--frontend-port", "8080"]))
        assert told.startswith("PUBLIC_URL is http://localhost:3000, but the site is served on port 8080")
        assert "http://localhost:8080" in told
        monkeypatch.setenv("PUBLIC_URL", "https://terminalku.example")
        get_settings.cache_clear()
        assert get_settings().port_mismatch(8080) == ""  # a real address: a proxy serves it
    finally:
        get_settings.cache_clear()


def test_only_settings_module_reads_the_environment():
    root = ROOT / "terminal_shop"
    reads = re.compile(r"os\.environ(?!\.update\()|getenv")  # writing a child process's variables is not reading
    readers = [str(p.relative_to(root)) for p in root.rglob("*.py") if reads.search(p.read_text())]
    assert readers == ["infra/settings.py"]


def test_catalogue_is_the_one_price_list():
    prices = {p.sku: p.price for p in catalogue.PRODUCTS}
    assert prices == {"A920": 3_499_000, "D210": 2_499_000, "SOUNDBOX": 349_000}
    assert catalogue.product("A920").price_text == "Rp 3.499.000"
    assert catalogue.product("NOPE") is None
    assert [p.route for p in catalogue.MENU_ORDER] == ["/produk/a920", "/produk/d210", "/produk/soundbox"]
    assert {p.badge for p in catalogue.PRODUCTS} == {"Terlaris", "Populer", ""}


def test_money_and_time_are_indonesian():
    from datetime import datetime

    assert rupiah(349000) == "Rp 349.000"
    assert rupiah(0) == "Rp 0"
    # Written without Babel for speed: the same text as Babel's Indonesian currency format.
    from babel.numbers import format_currency

    for amount in (5, 999, 1000, 3_498_873, 123_456_789_012, -5000, -3_498_873):
        assert rupiah(amount) == format_currency(amount, "IDR", format="¤ #,##0", locale="id_ID", currency_digits=False)
    assert wib(datetime(2026, 1, 31, 20, 5, tzinfo=UTC)) == "1 Feb 2026 03.05 WIB"


def test_body_limits_per_route_refuse_while_the_body_streams_in():
    from starlette.applications import Starlette
    from starlette.responses import PlainTextResponse
    from starlette.routing import Route
    from starlette.testclient import TestClient

    from terminal_shop.routes import API_ORDER as ORDER_ROUTE
    from terminal_shop.routes import API_REGISTRATION as REGISTRATION_ROUTE
    from terminal_shop.state.resubmission import FixState
    from terminal_shop.terminal_shop import ROUTE_LIMITS, UPLOAD_LIMITS
    from terminal_shop.web.guards import MB, BodyLimitMiddleware

    async def echo(request):
        body = await request.body()
        return PlainTextResponse(str(len(body)))

    routes = [Route(path, echo, methods=["POST"]) for path in ("/_upload", "/api/x", ORDER_ROUTE, REGISTRATION_ROUTE)]
    client = TestClient(BodyLimitMiddleware(Starlette(routes=routes), UPLOAD_LIMITS, ROUTE_LIMITS))
    fix = {"reflex-event-handler": f"{FixState.get_full_name()}.submit"}

    assert client.post(ORDER_ROUTE, content=b"x" * (11 * MB)).text == str(11 * MB)
    assert client.post(ORDER_ROUTE, content=b"x" * (11 * MB + 1)).status_code == 413
    assert client.post(REGISTRATION_ROUTE, content=b"x" * (30 * MB)).text == str(30 * MB)
    assert client.post(REGISTRATION_ROUTE, content=b"x" * (51 * MB + 1)).status_code == 413
    assert client.post("/_upload", content=b"x" * (30 * MB), headers=fix).text == str(30 * MB)
    assert client.post("/_upload", content=b"x" * (51 * MB + 1), headers=fix).status_code == 413
    assert client.post("/_upload", content=b"x" * (MB + 1)).status_code == 413  # no known upload handler
    r = client.post("/api/x", content=b"x" * (MB + 1))
    assert (r.status_code, r.text) == (413, "Permintaan terlalu besar (maksimal 1MB)")  # no file here
    assert client.post("/api/x", content=b"x" * 1000).text == "1000"

    def chunks():  # no Content-Length: counted as it streams (the live site's test times it)
        for _ in range(50):
            yield b"x" * MB

    assert client.post(ORDER_ROUTE, content=chunks()).status_code == 413


def test_the_secret_key_is_made_once_whole_even_by_processes_starting_together(tmp_path):
    import multiprocessing

    from terminal_shop.infra.settings import _secret_key

    with multiprocessing.get_context("fork").Pool(8) as pool:
        keys = pool.map(_secret_key, [tmp_path] * 8)
    assert len(set(keys)) == 1 and len(keys[0]) > 40
    assert [p.name for p in tmp_path.iterdir()] == ["secret_key"]  # no temporary file left
    (tmp_path / "secret_key").write_text("")
    with pytest.raises(RuntimeError, match="is empty"):
        _secret_key(tmp_path)


def test_rupiah_with_sen_as_a_statement_has_it():
    from terminal_shop.formats import rupiah_cents

    assert rupiah_cents(349887300) == "Rp 3.498.873"
    assert rupiah_cents(12345) == "Rp 123,45"
    assert rupiah_cents(-500000) == "-Rp 5.000"
    assert rupiah_cents(-12305) == "-Rp 123,05"


def test_an_id_from_outside_is_a_uuid_or_nothing():
    import uuid

    from terminal_shop.services.validation import parse_id

    known = uuid.uuid4()
    assert parse_id(f" {known} ") == known and parse_id(known) == known
    assert [parse_id(v) for v in ("", None, "pending", "1' OR '1'='1", str(known)[:-1])] == [None] * 5


def test_each_whatsapp_template_numbers_its_parameters_once_and_in_order():
    """Meta refuses a template whose {{n}} skip a number; the site's parameter lists follow them."""
    import re

    from terminal_shop.services.whatsapp.templates import TEMPLATES

    for t in TEMPLATES.values():
        numbers = [int(n) for n in re.findall(r"\{\{(\d+)\}\}", t.body)]
        assert numbers == list(range(1, len(t.params) + 1)), t.key
        assert t.text([f"<{p}>" for p in t.params]).count("<") == len(t.params)


def test_every_notice_whatsapp_sends_names_a_template_with_as_many_parameters_as_it_gives():
    """A notice kind whose parameters miss one (or name no template) fails at Meta, not here."""

    from terminal_shop.services.notifications import kinds
    from terminal_shop.services.notifications.channels import Notice
    from terminal_shop.services.whatsapp.channel import WORDS
    from terminal_shop.services.whatsapp.templates import TEMPLATES

    for kind, (template, params) in WORDS.items():
        assert template in TEMPLATES, kind
        if kind in (
            "payout_case_answered",
            "dispute_opened",
            "dispute_due",
            "daily_recap",
            "device_active",
            "device_offline",
        ):
            given = params(Notice(kind, "k", ("merchant", "1"), values=dict.fromkeys(kinds.values_of(kind), "x")))
            assert len(given) == len(TEMPLATES[template].params), kind
