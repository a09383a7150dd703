"""A checkout killed between storing its proof and committing its order leaves a file no
row points to; the sweeper removes it once the grace period is over, and nothing else."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
import uuid
from datetime import timedelta

from sqlalchemy import text
from sqlmodel import select

from terminal_shop.cli import sweep as sweep_cli
from terminal_shop.infra.db import get_engine, read_session
from terminal_shop.infra.settings import get_settings
from terminal_shop.infra.storage import get_storage
from terminal_shop.services import stored_files
from terminal_shop.services.orders import checkout as orders
from terminal_shop.services.orders.tables import Order

from support.environment import ROOT
from support.files import png
from support.storage import stored_keys

BUYER = {
    "buyer_name": "Budi Santoso",
    "buyer_phone": "081234567890",
    "buyer_email": "budi@example.com",
    "shipping_address": "Jl. Merdeka No. 10, Surabaya",
}
# QRIS: a BCA order holds its kode unik in a transaction of its own before the proof is stored.
CHECKOUT = f"""
import sys, uuid
from terminal_shop.services.orders import checkout as orders
orders.create_order(client_ref=uuid.uuid4().hex, buyer={BUYER!r}, lines=[("D210", 1)],
                    payment_method="QRIS", proof_filename="bukti.png", proof_data=open(sys.argv[1], "rb").read())
"""


def _hold_orders(release: threading.Event, held: threading.Event) -> None:
    """Another transaction keeps new orders from committing (reads still pass)."""
    engine = get_engine()
    if engine.dialect.name == "sqlite":
        engine = engine.execution_options(sqlite_immediate=True)
    with engine.begin() as conn:
        if conn.dialect.name == "postgresql":
            conn.execute(text("LOCK TABLE orders IN SHARE MODE"))
        held.set()
        release.wait(30)


def _proofs() -> list[str]:
    settings = get_settings()
    return stored_keys(settings, get_storage(), settings.bucket_order_payments)


def test_a_write_killed_between_store_and_commit_is_swept(clean_db, tmp_path):
    earlier = set(_proofs())  # other tests' files share the bucket
    kept = orders.create_order(
        client_ref=uuid.uuid4().hex,
        buyer=BUYER,
        lines=[("A920", 1)],
        payment_method="QRIS",
        proof_filename="bukti.png",
        proof_data=png(tmp_path / "kept.png").read_bytes(),
    )
    proof = png(tmp_path / "killed.png")
    release, held = threading.Event(), threading.Event()
    holder = threading.Thread(target=_hold_orders, args=(release, held))
    holder.start()
    try:
        assert held.wait(10)
        worker = subprocess.Popen([sys.executable, "-c", CHECKOUT, str(proof)], cwd=ROOT, env=os.environ.copy())
        for _ in range(200):  # the proof is stored; the commit waits for the lock
            if len(set(_proofs()) - earlier) == 2:
                break
            time.sleep(0.05)
        assert len(set(_proofs()) - earlier) == 2
        os.kill(worker.pid, signal.SIGKILL)  # the worker dies before its commit
        worker.wait(10)
    finally:
        release.set()
        holder.join()
    with read_session() as s:
        assert [o.id for o in s.exec(select(Order))] == [kept.id]
    [orphan] = set(_proofs()) - earlier - {kept.payment_proof_path}
    bucket = get_settings().bucket_order_payments

    assert f"{bucket}/{orphan}" not in stored_files.sweep()  # younger than the grace period: it may still commit
    assert orphan in _proofs()
    assert f"{bucket}/{orphan}" in stored_files.sweep(grace=timedelta(0))
    assert orphan not in _proofs()
    assert kept.payment_proof_path in _proofs()  # the order's own proof stays


def test_sweep_command_reports_in_indonesian(clean_db, capsys):
    bucket = get_settings().bucket_merchant_documents
    key = f"{uuid.uuid4()}/ktp/x.jpg"  # a document whose registration was never committed
    get_storage().put(bucket, key, b"\xff\xd8\xff", "image/jpeg")
    sweep_cli.main(["--grace-minutes", "0"])
    lines = capsys.readouterr().out.splitlines()
    assert f"dihapus: {bucket}/{key}" in lines
    assert lines[-1] == f"{len(lines) - 1} file yatim dihapus."
    assert not get_storage().exists(bucket, key)
