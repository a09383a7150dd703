"""The owner's outlets and the account's activity log (issue 49.1, 49.4, services/merchant_team)
on this pass's real database: the first outlet from the registration, outlets added and devices
placed only within the owner's own merchants, the log of what the account did, and erasure
reaching the outlets' addresses and the log's names."""

from __future__ import annotations

import uuid

import pytest
import sqlalchemy as sa
from sqlmodel import select
from starlette.testclient import TestClient
from test_customer_sign_in_services import last_code
from test_transactions_services import _two_approved_merchants, signed_in

from terminal_shop import routes
from terminal_shop.infra.db import get_engine, read_session
from terminal_shop.services.customers import signin
from terminal_shop.services.customers.tables import CustomerTab
from terminal_shop.services.merchant_team import activity, members, outlets
from terminal_shop.services.merchant_team.tables import AccountActivity, Outlet, TeamMember
from terminal_shop.services.privacy import erasure
from terminal_shop.web.api import files_app

from support.account_tab import AccountTab
from support.factories import ADMIN, approved_merchant

OWNER = "bri00123@example.com"


def test_outlets_start_at_the_business_address_and_devices_move_only_within_the_owners_own(clean_db, tmp_path):
    approved = approved_merchant(tmp_path, "toko.baru@example.com", "081234500001")
    with read_session() as s:  # made when an admin approves it: the team's page only reads (issue 60.4)
        assert [(o.merchant_id, o.created_by) for o in s.exec(select(Outlet))] == [(approved, ADMIN)]
    _, mine, theirs = _two_approved_merchants(tmp_path)  # approved straight in the table: made when first read
    [first], [placed] = outlets.of_merchants([mine], OWNER)
    assert first.merchant_id == str(mine) and first.address and placed.outlet_id == first.id
    assert first.devices == [placed.device]  # a device with no choice made stands at the first outlet

    with pytest.raises(outlets.OutletError) as short:
        outlets.add(
            [mine], str(mine), {"nama": "C", "alamat": "Jl. Dua 2", "kecamatan": "Tebet", "kota": "Jakarta"}, OWNER
        )
    with pytest.raises(outlets.OutletError) as not_theirs:
        outlets.add([mine], str(theirs), {"nama": "Cabang", "alamat": "x", "kecamatan": "y", "kota": "z"}, OWNER)
    assert (
        short.value.text == "Nama outlet 2-80 karakter"
        and not_theirs.value.text == "Outlet atau perangkat tidak ditemukan"
    )
    outlets.add(
        [mine],
        str(mine),
        {"nama": "Cabang Tebet", "alamat": "Jl. Dua 2", "kecamatan": "Tebet", "kota": "Jakarta"},
        OWNER,
    )
    with pytest.raises(outlets.OutletError) as twice:
        outlets.add(
            [mine],
            str(mine),
            {"nama": "Cabang Tebet", "alamat": "Jl. Tiga", "kecamatan": "Tebet", "kota": "Jakarta"},
            OWNER,
        )
    assert twice.value.text == "Outlet bernama Cabang Tebet sudah ada"

    shown, _ = outlets.of_merchants([mine], OWNER)
    branch = next(o for o in shown if o.name == "Cabang Tebet")
    [their_outlet], [their_device] = outlets.of_merchants([theirs], "bri00999@example.com")
    with pytest.raises(outlets.OutletError):  # another merchant's device, or outlet: nothing moves
        outlets.assign([mine], their_device.device_id, branch.id, OWNER)
    with pytest.raises(outlets.OutletError):
        outlets.assign([mine], placed.device_id, their_outlet.id, OWNER)
    outlets.assign([mine], placed.device_id, branch.id, OWNER)
    shown, [moved] = outlets.of_merchants([mine], OWNER)
    assert moved.outlet_id == branch.id and next(o for o in shown if o.name == "Cabang Tebet").devices == [
        placed.device
    ]
    whats = [a.what for a in activity.of_merchants([mine])]
    assert whats[0].startswith("Mengubah outlet: SN ") and "Mengubah outlet: Cabang Tebet ditambahkan" in whats


def test_the_account_log_says_who_signed_in_and_downloaded_and_erasure_reaches_it(clean_db, tmp_path):
    _, mine, theirs = _two_approved_merchants(tmp_path)
    client = TestClient(files_app())
    client.cookies.set(signin.SESSION_COOKIE, signed_in(OWNER))
    assert client.get(routes.API_ACCOUNT_TRANSACTIONS_CSV).status_code == 200
    assert client.get(routes.API_ACCOUNT_PAYOUTS_CSV).status_code == 200
    lines = activity.of_merchants([mine])
    assert [a.what for a in lines][:2] == ["Mengunduh CSV pencairan", "Mengunduh CSV transaksi"]
    assert {a.who for a in lines} == {OWNER} and activity.of_merchants([theirs]) == []
    [first], _ = outlets.of_merchants([mine], OWNER)
    members.invite([mine], str(mine), "kasir.hapus@example.com", "kasir", [first.id], OWNER)

    # the merchant's record erased: its outlets' addresses, its log's and team's names go too
    erasure.erase_merchant(mine, erasure.SYSTEM, "permintaan pemilik")
    with read_session() as s:
        assert {o.address for o in s.exec(select(Outlet).where(Outlet.merchant_id == mine))} == {"(dihapus)"}
        assert {m.email for m in s.exec(select(TeamMember).where(TeamMember.merchant_id == mine))} == {"(dihapus)"}
        assert {a.actor for a in s.exec(select(AccountActivity).where(AccountActivity.merchant_id == mine))} == {
            "(dihapus)"
        }


def test_signing_in_logs_it_and_remembers_the_tab_with_the_session_in_one_transaction(clean_db, tmp_path):
    """Issue 60.4: the route wrote the log line in a second transaction, and /akun's load wrote
    the tab. Now the code's transaction holds the session, the tab that typed it (what "Keluar"
    empties) and, from its event, the owner's log line."""
    _, mine, theirs = _two_approved_merchants(tmp_path)
    client = TestClient(files_app(), base_url="http://127.0.0.1")
    client.post(routes.API_SIGN_IN_CODE, data={"email": OWNER}, follow_redirects=False)
    tab = str(uuid.uuid4())
    signed = client.post(routes.API_SIGN_IN, data={"code": last_code(OWNER), "tab": tab}, follow_redirects=False)
    assert signed.headers["location"] == routes.ACCOUNT
    assert [(a.who, a.what) for a in activity.of_merchants([mine])] == [(OWNER, "Masuk ke akun")]
    assert activity.of_merchants([theirs]) == []
    with read_session() as s:
        assert [t.client_token for t in s.exec(select(CustomerTab))] == [tab]
    out = client.post(routes.API_SIGN_OUT, follow_redirects=False)
    assert out.headers["location"].startswith(routes.SIGN_IN)
    with read_session() as s:  # its tab named for emptying, then forgotten with the session
        assert list(s.exec(select(CustomerTab))) == []

    client.post(routes.API_SIGN_IN_CODE, data={"email": OWNER}, follow_redirects=False)
    client.post(routes.API_SIGN_IN, data={"code": last_code(OWNER), "tab": "../../etc"}, follow_redirects=False)
    with read_session() as s:  # not a tab's token: signed in, nothing remembered
        assert list(s.exec(select(CustomerTab))) == []
    assert [a.what for a in activity.of_merchants([mine])] == ["Masuk ke akun"] * 2


def test_an_invitations_link_joins_nothing_until_the_invited_address_clicks_gabung(clean_db, tmp_path):
    """Issue 63.4: the link's GET switched a signed-in person to the inviting team at once, and the
    landing named no business; issue 63.7: the owner's log missed the session that joined."""
    from terminal_shop.services.merchant_team import invitations

    _, mine, _ = _two_approved_merchants(tmp_path)
    [first], _ = outlets.of_merchants([mine], OWNER)
    link = members.invite([mine], str(mine), "kasir.gabung@example.com", "kasir", [first.id], OWNER)
    token = link.split("token=")[1]
    client = TestClient(files_app())
    client.cookies.set(signin.SESSION_COOKIE, signed_in("kasir.gabung@example.com"))
    opened = client.get(routes.API_TEAM_INVITE, params={"token": token}, follow_redirects=False)
    assert opened.status_code == 303 and opened.headers["location"] == routes.TEAM_INVITATION
    assert "httponly" in opened.headers["set-cookie"].lower() and token not in opened.headers["location"]
    with read_session() as s:
        assert s.exec(select(TeamMember.joined_at).where(TeamMember.email == "kasir.gabung@example.com")).one() is None
    shown = invitations.of_hash(members.token_hash(token))
    assert (shown.role, shown.email, shown.gone) == ("Kasir", "kasir.gabung@example.com", "")
    assert (
        shown.business
        and shown.outlets == first.name
        and shown.join_label == f"Gabung dengan {shown.business} sebagai Kasir"
    )

    stranger = TestClient(files_app())  # another address, signed in, with the same cookie: joins nothing
    stranger.cookies.set(signin.SESSION_COOKIE, signed_in("orang.lain@example.com"))
    stranger.cookies.set(invitations.COOKIE, token)
    refused = stranger.post(routes.API_TEAM_INVITE, follow_redirects=False)
    assert refused.status_code == 303 and refused.headers["location"] == routes.TEAM_INVITATION

    client.cookies.set(invitations.COOKIE, token)
    joined = client.post(routes.API_TEAM_INVITE, follow_redirects=False)
    assert joined.status_code == 303 and joined.headers["location"] == routes.ACCOUNT
    with read_session() as s:
        assert s.exec(select(TeamMember.joined_at).where(TeamMember.email == "kasir.gabung@example.com")).one()
    said = [(a.who, a.what) for a in activity.of_merchants([mine])]
    assert ("kasir.gabung@example.com", "Masuk ke akun") in said and (
        "kasir.gabung@example.com",
        "Bergabung sebagai Kasir",
    ) in said
    assert invitations.of_hash(members.token_hash(token)).gone.startswith("Undangan tidak berlaku lagi")


def test_opening_every_account_page_writes_nothing(clean_db, tmp_path):
    """Issue 60.4: /akun's load wrote the tab and the first outlet (the writer's lock, on SQLite
    every other writer waiting). A merchant approved by an admin signs in from a tab and goes
    through every page: no INSERT, UPDATE or DELETE reaches the database."""
    approved_merchant(tmp_path, "toko.baca@example.com", "081234500002")
    client, tab_token = TestClient(files_app(), base_url="http://127.0.0.1"), str(uuid.uuid4())
    client.post(routes.API_SIGN_IN_CODE, data={"email": "toko.baca@example.com"}, follow_redirects=False)
    client.post(routes.API_SIGN_IN, data={"code": last_code("toko.baca@example.com"), "tab": tab_token})
    tab = AccountTab(signin.hash_token(client.cookies[signin.SESSION_COOKIE]), tab_token)
    writes: list[str] = []

    def seen(_conn, _cursor, statement, *_rest) -> None:
        if statement.lstrip().split()[0].upper() in ("INSERT", "UPDATE", "DELETE"):
            writes.append(statement)

    sa.event.listen(get_engine(), "before_cursor_execute", seen)
    try:
        tab.call("load")
    finally:
        sa.event.remove(get_engine(), "before_cursor_execute", seen)
    assert tab.email == "toko.baca@example.com" and [o.name for o in tab.outlets] == ["Warung Bu Sri"]
    assert writes == []
