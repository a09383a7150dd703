"""Backups that restore (infra/backups.py, cli/backup.py), on this pass's real database and
storage (SQLite and local disk, or PostgreSQL and S3): orders and registrations with their
files are backed up, everything is wiped, and the restore brings back every row, every
file and what a signed link serves."""

from __future__ import annotations

import json
import urllib.request
import uuid

import pytest
import sqlalchemy as sa
from sqlmodel import SQLModel
from starlette.testclient import TestClient

from terminal_shop.cli import backup as backup_cli
from terminal_shop.infra import backups
from terminal_shop.infra.db import read_rows, write_session
from terminal_shop.infra.settings import get_settings
from terminal_shop.infra.storage import LocalStorage, get_storage
from terminal_shop.services.health import figures
from terminal_shop.services.notifications import outbox
from terminal_shop.services.orders.tables import Order
from terminal_shop.services.registrations.tables import MerchantRegistration
from terminal_shop.services.team import admin_auth
from terminal_shop.web.api import files_app

from support.factories import ONE_D210, checkout_order, make_merchant


def everything() -> dict[str, list[dict]]:
    with read_rows() as conn:
        return {
            t.name: [dict(r) for r in conn.execute(sa.select(t).order_by(*t.primary_key.columns)).mappings()]
            for t in SQLModel.metadata.sorted_tables
        }


def stored() -> dict[tuple[str, str], bytes]:
    storage, s = get_storage(), get_settings()
    buckets = (s.bucket_order_payments, s.bucket_merchant_documents, s.bucket_assets)
    return {(b, k): storage.get(b, k) for b in buckets for k, _ in storage.list_keys(b)}


def wipe() -> None:
    with write_session() as s:
        children_first = reversed(SQLModel.metadata.sorted_tables)
        for table in sorted(children_first, key=lambda t: t.name == "status_tallies"):  # tallies last: triggers
            s.exec(table.delete())
    storage = get_storage()
    for bucket, key in stored():
        storage.delete(bucket, key)


def served_by_signed_link(bucket: str, key: str) -> bytes:
    storage = get_storage()
    link = storage.signed_url(bucket, key)
    if isinstance(storage, LocalStorage):  # our own /files route checks the signature
        answer = TestClient(files_app()).get(link)
        assert answer.status_code == 200
        return answer.content
    with urllib.request.urlopen(link, timeout=30) as r:  # S3's own presigned link
        return r.read()


@pytest.fixture
def shop(clean_db, tmp_path):
    wipe()
    orders = [checkout_order(buyer_name=name, lines=ONE_D210) for name in ("Budi Santoso", "Siti Rahayu")]
    merchant = make_merchant(tmp_path)
    admin_auth.create_admin("admin@terminalku.example", "rahasia-admin-123")
    return orders, merchant


def test_a_snapshot_restores_every_row_file_and_signed_link_onto_an_empty_site(shop, tmp_path):
    orders, merchant_id = shop
    rows, files = everything(), stored()
    tallies = [f for f in figures() if f[0] == "orders"]
    assert len(rows["orders"]) == 2 and len(rows["merchant_registrations"]) == 1 and len(files) == 2 + 3

    assert backup_cli.main(["create", str(tmp_path / "snap")]) == 0
    assert backup_cli.main(["verify", str(tmp_path / "snap")]) == 0
    wipe()
    assert everything()["orders"] == [] and stored() == {}

    assert backup_cli.main(["restore", str(tmp_path / "snap")]) == 0
    assert everything() == rows
    assert stored() == files
    assert [f for f in figures() if f[0] == "orders"] == tallies  # the triggers counted the restored rows again
    for order in orders:
        proof = (get_settings().bucket_order_payments, order.payment_proof_path)
        assert served_by_signed_link(*proof) == files[proof]
    with write_session() as s:  # new rows take new ids after the restored ones
        merchant = s.get(MerchantRegistration, merchant_id)
        assert merchant is not None
        s.add(Order(**{**rows["orders"][0], "id": uuid.uuid4(), "number": "NEW00001", "client_ref": None}))
        mail = outbox.Mail(to="budi@example.com", subject="Setelah pemulihan", text="isi", html="<p>isi</p>")
        outbox.enqueue(s, "after-restore", "order", "x", mail)  # a serial id, after the restored ones
    assert admin_auth.create_admin("kedua@terminalku.example", "rahasia-admin-456")


def test_a_damaged_snapshot_is_refused_and_a_restore_never_lands_on_a_busy_site(shop, tmp_path, capsys):
    snap = tmp_path / "snap"
    backups.create(snap)
    assert backup_cli.main(["restore", str(snap)]) == 1  # the site still has its rows
    assert "situs tidak kosong (" in capsys.readouterr().err
    [proof] = list((snap / "files" / get_settings().bucket_order_payments).rglob("*.png"))[:1]
    proof.write_bytes(b"changed")
    assert backup_cli.main(["verify", str(snap)]) == 1
    assert "RUSAK: file" in capsys.readouterr().out
    wipe()
    with pytest.raises(backups.BackupError, match="tidak cocok dengan manifest"):
        backups.restore(snap)
    assert everything()["orders"] == []  # nothing half-restored
    with pytest.raises(backups.BackupError, match="tidak kosong"):
        backups.create(snap)


def _tamper(snap, change) -> None:
    """Edits the manifest as an attacker without the site's key would (the signature stays)."""
    manifest = json.loads((snap / "manifest.json").read_text())
    change(manifest)
    (snap / "manifest.json").write_text(json.dumps(manifest))


def _resign(snap) -> None:
    """Signs the manifest again with this site's key: only the site itself can."""
    manifest = json.loads((snap / "manifest.json").read_text())
    manifest["signature"] = backups._signature(manifest)
    (snap / "manifest.json").write_text(json.dumps(manifest))


def test_a_tampered_snapshot_is_refused_before_anything_is_read_or_written(shop, tmp_path):
    """Issue 35.3: a bucket named '../../X' wrote outside the storage folder; a changed manifest
    passed `verify`; table files the manifest did not list were loaded (admin accounts too)."""
    snap = tmp_path / "snap"
    backups.create(snap)
    bucket = get_settings().bucket_order_payments
    wipe()

    def outside(manifest):
        manifest["files"]["../../X"] = manifest["files"][bucket]

    _tamper(snap, outside)
    for check in (backups.verify, backups.restore):
        with pytest.raises(backups.BackupError, match="tidak bertanda tangan"):
            check(snap)
    _resign(snap)  # even signed by the site itself, a bucket of no site is refused
    with pytest.raises(backups.BackupError, match=r"bucket di manifest bukan bucket situs ini: \.\./\.\./X"):
        backups.restore(snap)
    assert not (tmp_path / "X").exists() and not (get_settings().data_dir / "X").exists()

    snap2 = tmp_path / "snap2"
    backups.create(snap2)  # of the empty site
    _tamper(snap2, lambda m: m["files"][bucket].update({"../../../escape.png": {"sha256": "0", "bytes": 1}}))
    _resign(snap2)
    with pytest.raises(backups.BackupError, match="nama file tidak sah"):
        backups.restore(snap2)

    snap3 = tmp_path / "snap3"
    backups.create(snap3)
    (snap3 / "tables" / "admin_sessions_extra.jsonl").write_text('{"token_hash": "x"}\n')
    (snap3 / "files" / bucket / "unlisted.png").parent.mkdir(parents=True, exist_ok=True)
    (snap3 / "files" / bucket / "unlisted.png").write_bytes(b"x")
    problems = backups.verify(snap3).problems
    assert "file tables/admin_sessions_extra.jsonl tidak ada di manifest" in problems
    assert f"file files/{bucket}/unlisted.png tidak ada di manifest" in problems
    with pytest.raises(backups.BackupError, match="tidak cocok dengan manifest"):
        backups.restore(snap3)
    assert everything()["admin_users"] == [] and stored() == {}  # nothing was restored
