"""The account's summary painted into its HTML (issue 60.5, web/account_first_paint.py), on this
pass's real database: today's takings for a live session whose role sees them, nothing for
anyone else, and a page that names money kept by no browser or proxy."""

from __future__ import annotations

import gzip

from starlette.applications import Starlette
from starlette.responses import Response
from starlette.routing import Route
from starlette.testclient import TestClient
from test_merchant_team_services import OWNER
from test_team_scope_services import CASHIER, MANAGER
from test_team_scope_services import team as team
from test_transactions_services import _two_approved_merchants, account_tab, signed_in

from terminal_shop import routes
from terminal_shop.services.customers import signin
from terminal_shop.web.account_first_paint import AccountFirstPaint

SHELL = b'<html><body><main><div class="rx-Html" id="akun-awal"></div><p class="akun-memuat">Memuat akun...</p></main></body></html>'


def _site(zipped: bool = False) -> TestClient:
    async def page(request):
        if zipped:
            return Response(
                gzip.compress(SHELL), media_type="text/html", headers={"content-encoding": "gzip", "etag": '"x"'}
            )
        return Response(SHELL, media_type="text/html", headers={"etag": '"x"', "cache-control": "no-cache"})

    return TestClient(AccountFirstPaint(Starlette(routes=[Route(routes.ACCOUNT, page)])))


def test_the_summary_carries_todays_takings_for_its_own_session_only(clean_db, tmp_path):
    _two_approved_merchants(tmp_path)  # the owner's sale of Rp 111.000 today; another merchant's of Rp 999.000
    for zipped in (False, True):
        client = _site(zipped)
        client.cookies.set(signin.SESSION_COOKIE, signed_in(OWNER))
        answer = client.get(routes.ACCOUNT, headers={"If-None-Match": '"x"'})  # a copy kept before: sent whole
        assert answer.status_code == 200 and answer.headers["cache-control"] == "private, no-store"
        assert "etag" not in answer.headers and "content-encoding" not in answer.headers
        painted = answer.text
        assert 'data-testid="summary-sales">Rp 111.000</p>' in painted and "Rp 999.000" not in painted
        assert '<span data-testid="summary-count">1</span> transaksi · bersih Rp' in painted
        assert painted.index('id="akun-awal"') < painted.index("Hari ini") < painted.index("Memuat akun...")

    unsigned = _site().get(routes.ACCOUNT)  # no session, an ended one, a buyer with no takings: the page as built
    ended = _site()
    ended.cookies.set(signin.SESSION_COOKIE, "bukan-sesi")
    buyer = _site()
    buyer.cookies.set(signin.SESSION_COOKIE, signed_in("pembeli.saja@example.com"))
    for answer in (unsigned, ended.get(routes.ACCOUNT), buyer.get(routes.ACCOUNT)):
        assert answer.content == SHELL and answer.headers["cache-control"] == "no-cache"


def test_a_cashier_gets_the_page_as_built_and_a_manager_the_figures_their_summary_shows(team):
    """A cashier's summary is the counter's page (no takings in its HTML); a manager of Cabang
    Tebet gets what the page's own summary shows them: that outlet's sale B."""
    cashier, manager = _site(), _site()
    cashier.cookies.set(signin.SESSION_COOKIE, signed_in(CASHIER))
    manager.cookies.set(signin.SESSION_COOKIE, signed_in(MANAGER))
    assert cashier.get(routes.ACCOUNT).content == SHELL
    painted = manager.get(routes.ACCOUNT).text
    _, tab, call = account_tab(MANAGER)
    call("load")
    assert tab.today.sales == "Rp 222.000" and f'data-testid="summary-sales">{tab.today.sales}</p>' in painted
    assert (f" · bersih {tab.today.net}</p>" in painted) == tab.fees_shown
