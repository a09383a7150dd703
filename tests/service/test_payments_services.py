"""Payments matched against the money that arrived (services/orders/payments), on this pass's real
database and storage: the kode unik held from the confirm page and freed at the end, bank
statements and QRIS reports matched and confirmed once, and proofs used twice found."""

from __future__ import annotations

import uuid
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime, timedelta

import pytest
from sqlmodel import select

from terminal_shop import rules
from terminal_shop.formats import WIB, rupiah
from terminal_shop.infra.db import read_session, write_session
from terminal_shop.infra.models import utcnow
from terminal_shop.infra.settings import get_settings
from terminal_shop.infra.storage import get_storage
from terminal_shop.services.audit.tables import AuditEvent
from terminal_shop.services.backoffice import admin_orders, admin_overview
from terminal_shop.services.events import later
from terminal_shop.services.events.tables import PendingWork
from terminal_shop.services.notifications.tables import OutboxMessage
from terminal_shop.services.orders import order_list, proof_prints, transfer_codes, transitions
from terminal_shop.services.orders.payments import manual_match, matching, reconcile
from terminal_shop.services.orders.payments.statement import Columns, ColumnsMissing, StatementRefusal
from terminal_shop.services.orders.payments.tables import StatementImport, StatementLine
from terminal_shop.services.orders.payments.terms import MatchKind, MatchRefusal
from terminal_shop.services.orders.tables import Order, ProofPrint, TransferCode

from support.factories import ADMIN, checkout_order, make_order
from support.files import encoded, png, receipt
from support.refusals import refused

A920 = 3_499_000


def fresh(order_id) -> Order:
    with read_session() as s:
        return s.get(Order, uuid.UUID(str(order_id)))


def statement_of(*rows: tuple[datetime, str, int]) -> bytes:
    """A plain bank CSV: (booked WIB day, description, signed rupiah)."""
    lines = ["date,description,amount"] + [f'{d.astimezone(WIB):%Y-%m-%d},"{t}",{a}' for d, t, a in rows]
    return ("\n".join(lines) + "\n").encode()


def kinds(imported) -> list[str]:
    return [row.kind for row in matching.review(imported.line_ids)]


# ----- the kode unik -----


def test_fifty_orders_at_once_each_get_their_own_amount(clean_db, tmp_path):
    proof = png(tmp_path / "b.png").read_bytes()
    storage = get_storage()
    with ThreadPoolExecutor(max_workers=50) as pool:
        made = list(pool.map(lambda _: checkout_order(storage, proof), range(50)))
    totals = [o.total for o in made]
    assert len(set(totals)) == 50
    assert all(A920 - 999 <= t <= A920 - 1 and t == A920 - o.unique_code for t, o in zip(totals, made, strict=True))
    with read_session() as s:  # each held for its order, no other
        held = {r.amount: r.order_id for r in s.exec(select(TransferCode))}
    assert held == {o.total: o.id for o in made}


def test_the_confirm_page_holds_the_code_the_order_then_takes(clean_db, tmp_path):
    code = transfer_codes.reserve("attempt-1", A920)
    assert transfer_codes.reserve("attempt-1", A920) == code  # the page shown again: the same amount
    assert transfer_codes.reserve("attempt-2", A920) != code
    order = checkout_order(get_storage(), png(tmp_path / "b.png").read_bytes(), ref="attempt-1")
    assert (order.unique_code, order.total) == (code, A920 - code)
    assert fresh(order.id).proof_suspect is False


def test_a_code_stays_held_after_its_order_until_no_line_can_still_pay_it(clean_db, tmp_path, monkeypatch):
    monkeypatch.setattr(transfer_codes, "CODES", range(1, 3))  # two codes make the point
    proof = png(tmp_path / "b.png").read_bytes()
    first = checkout_order(get_storage(), proof)
    second = checkout_order(get_storage(), proof)
    assert {first.unique_code, second.unique_code} == {1, 2}
    assert transfer_codes.reserve("third", A920) == 0  # every amount is awaited: none given twice
    transitions.reject(str(first.id), "Bukti tidak terbaca", ADMIN)
    transitions.confirm(str(second.id), ADMIN)
    assert transfer_codes.reserve("third", A920) == 0  # their transfers may still be booked
    with write_session() as s:  # a line can pay an order up to 7 days (and its booking day) after it was placed
        for row in s.exec(select(TransferCode)):
            assert row.expires_at == fresh(row.order_id).created_at + timedelta(days=8)
            row.expires_at = datetime.now(UTC) - timedelta(minutes=1)
    assert transfer_codes.reserve("third", A920) in (1, 2)


def test_one_transfer_never_confirms_two_orders(clean_db, tmp_path, monkeypatch):
    """Issue 35.1: order A is confirmed by hand before its line arrives; every other amount of
    the same cart is then taken by later attempts (the reproduction held 584), and none of
    them gets A's amount. A's line, imported later, is A's ("dipakai"), so "Konfirmasi
    semua" confirms nobody with it, and only then is A's amount given again."""
    monkeypatch.setattr(transfer_codes, "CODES", range(1, 21))
    a = checkout_order(get_storage(), png(tmp_path / "b.png").read_bytes())
    transitions.confirm(str(a.id), ADMIN)
    given = [transfer_codes.reserve(f"later-{n}", A920) for n in range(19)]
    assert sorted(given) == sorted(set(range(1, 21)) - {a.unique_code})
    assert transfer_codes.reserve("one-more", A920) == 0
    b = checkout_order(get_storage(), png(tmp_path / "b.png").read_bytes(), ref="later-0")
    imported = reconcile.import_bank(statement_of((a.created_at, "TRSF E-BANKING CR A", a.total)), ADMIN)
    [row] = matching.review(imported.line_ids)
    assert (row.kind, row.used_by) == (MatchKind.USED, a.number)
    assert matching.confirm_matched(imported.line_ids, ADMIN) == (0, 0)
    assert fresh(b.id).status == "paid_review"
    assert transfer_codes.reserve("after-the-line", A920) == a.unique_code  # the line came: the amount is free


def test_a_hold_no_order_took_lapses_for_the_next_buyer(clean_db, monkeypatch):
    monkeypatch.setattr(transfer_codes, "CODES", range(1, 2))
    assert transfer_codes.reserve("left-the-page", A920) == 1
    assert transfer_codes.reserve("next-buyer", A920) == 0
    with write_session() as s:
        s.get(TransferCode, A920 - 1).expires_at = datetime.now(UTC) - timedelta(minutes=1)
    assert transfer_codes.reserve("next-buyer", A920) == 1
    assert transfer_codes.reserve("left-the-page", A920) == 0  # came back a day later: paid as it is


def test_the_received_mail_says_the_amount_and_the_one_promise(clean_db, tmp_path):
    order = checkout_order(get_storage(), png(tmp_path / "b.png").read_bytes())
    with read_session() as s:
        mail = s.exec(select(OutboxMessage).where(OutboxMessage.entity_id == str(order.id))).one()
    exact = f"Rp {order.total:,}".replace(",", ".")
    assert f"sejumlah {exact}." in mail.body_text
    assert "Transfer tepat" not in mail.body_text  # the proof came with the order: not asked to pay again
    assert rules.PAYMENT_PROMISE in mail.body_text
    assert f"Sudah dipotong kode unik Rp {order.unique_code}." in mail.body_text


# ----- bank statements -----


def test_statement_lines_match_as_cocok_ambigu_tidak_dikenal_debit_and_pending(clean_db):
    placed = datetime.now(UTC) - timedelta(days=2)
    alone = make_order(total=3_498_873, created=placed)
    make_order(name="Ani", total=2_498_100, created=placed)
    make_order(name="Sri", total=2_498_100, created=placed)
    make_order(name="Lama", total=349_127, created=placed - timedelta(days=9))  # too long before
    make_order(name="QR", total=348_500, created=placed, method="QRIS")  # not a transfer
    data = (
        statement_of(
            (placed, "TRSF E-BANKING CR BUDI", 3_498_873),
            (placed, "TRSF E-BANKING CR ?", 2_498_100),
            (placed, "TRSF E-BANKING CR LAMA", 349_127),
            (placed, "TRSF E-BANKING CR QR", 348_500),
            (placed - timedelta(days=1), "TRSF SEBELUM PESAN", 3_498_873),  # before the order was placed
            (placed, "BIAYA ADM", -3_498_873),
        )
        + b""
    )
    imported = reconcile.import_bank(data, ADMIN)
    rows = matching.review(imported.line_ids)
    assert [r.kind for r in rows] == ["cocok", "ambigu", "tidak-dikenal", "tidak-dikenal", "tidak-dikenal", "debit"]
    assert [c.number for c in rows[0].candidates] == [alone.number]
    assert sorted(c.buyer_name for c in rows[1].candidates) == ["Ani", "Sri"]


def test_pending_lines_of_a_bca_file_are_shown_never_matched(clean_db):
    make_order(total=348_512, created=datetime.now(UTC) - timedelta(hours=1))
    today = datetime.now(UTC).astimezone(WIB).strftime("%d/%m/%Y")
    data = (
        f"No. rekening : 0123456789\nNama : PT TERMINALKU\nPeriode : {today} - {today}\nKode Mata Uang : Rp\n\n"
        "Tanggal Transaksi,Keterangan,Cabang,Jumlah,,Saldo\n"
        "'PEND,TRSF E-BANKING CR ANI,'0000,\"348,512.00\",CR,\n"
    ).encode()
    assert kinds(reconcile.import_bank(data, ADMIN)) == ["pending"]


def test_two_lines_for_one_order_are_both_left_to_the_admin(clean_db):
    placed = datetime.now(UTC) - timedelta(hours=3)
    make_order(total=3_498_873, created=placed)
    data = statement_of((placed, "TRSF CR BUDI", 3_498_873), (placed, "TRSF CR BUDI LAGI", 3_498_873))
    assert kinds(reconcile.import_bank(data, ADMIN)) == ["ambigu", "ambigu"]


def test_confirming_the_matches_records_the_line_and_tells_the_buyer_once(clean_db):
    placed = datetime.now(UTC) - timedelta(hours=3)
    order = make_order(total=3_498_873, created=placed)
    data = statement_of((placed, "TRSF E-BANKING CR 2511/FTSCY BUDI", 3_498_873))
    imported = reconcile.import_bank(data, ADMIN)
    assert matching.confirm_matched(imported.line_ids, ADMIN) == (1, 0)

    confirmed = fresh(order.id)
    day = placed.astimezone(WIB).strftime("%d/%m")
    said = f"Cocok dengan mutasi bank {day} TRSF E-BANKING CR 2511/FTSCY BUDI Rp 3.498.873"
    assert (confirmed.status, confirmed.payment_check) == ("confirmed", said)
    assert confirmed.invoice_number
    with read_session() as s:
        audit = s.exec(select(AuditEvent).where(AuditEvent.entity_id == str(order.id))).one()
        mails = s.exec(select(OutboxMessage.subject).where(OutboxMessage.entity_id == str(order.id))).all()
        line = s.exec(select(StatementLine)).one()
    assert (audit.action, audit.detail) == ("confirm", said)
    assert mails == [f"TerminalKu: Pembayaran pesanan {order.number} dikonfirmasi"]
    assert line.order_id == order.id

    again = reconcile.import_bank(data, ADMIN)  # the same file once more
    assert (again.new, again.line_ids) == (0, imported.line_ids)
    # Each import is kept server-side by its id, the payments page holding only that (issue 60.8).
    assert again.import_id != imported.import_id and reconcile.lines_of(again.import_id) == list(imported.line_ids)
    assert reconcile.lines_of(0) == [] and reconcile.lines_of(10**9) == []
    with write_session() as s:  # a week and a day later, no tab holds the first import any more
        first = s.get(StatementImport, imported.import_id)
        first.imported_at = utcnow() - rules.STATEMENT_IMPORTS_KEPT - timedelta(days=1)
    assert reconcile.purge_imports() == 1
    assert reconcile.lines_of(imported.import_id) == [] and reconcile.lines_of(again.import_id) == list(
        imported.line_ids
    )
    assert kinds(again) == [MatchKind.USED]  # its lines stay: only the old file's list went
    assert matching.confirm_matched(again.line_ids, ADMIN) == (0, 0)
    with read_session() as s:
        assert len(s.exec(select(OutboxMessage)).all()) == 1


def test_an_overlapping_statement_adds_only_its_new_lines(clean_db):
    day = datetime.now(UTC) - timedelta(days=1)
    first = reconcile.import_bank(statement_of((day, "A", 100_000), (day, "A", 100_000)), ADMIN)
    wider = reconcile.import_bank(statement_of((day, "A", 100_000), (day, "A", 100_000), (day, "B", 5)), ADMIN)
    assert (first.new, wider.new) == (2, 1)
    assert wider.line_ids[:2] == first.line_ids


def test_a_line_confirms_only_the_order_it_pays(clean_db):
    placed = datetime.now(UTC) - timedelta(hours=3)
    paid = make_order(total=3_498_873, created=placed)
    other = make_order(name="Ani", total=2_498_100, created=placed)
    [line_id] = reconcile.import_bank(statement_of((placed, "TRSF CR BUDI", 3_498_873)), ADMIN).line_ids
    with refused(MatchRefusal.AMOUNT):
        reconcile.confirm_line(line_id, str(other.id), ADMIN)
    reconcile.confirm_line(line_id, str(paid.id), ADMIN)
    twin = make_order(name="Sri", total=3_498_873, created=placed)
    with refused(MatchRefusal.USED):
        reconcile.confirm_line(line_id, str(twin.id), ADMIN)
    with pytest.raises(transitions.TransitionError):
        reconcile.confirm_line(line_id, str(paid.id), ADMIN)
    assert (fresh(other.id).status, fresh(twin.id).status) == ("paid_review", "paid_review")


def test_a_refused_file_stores_nothing(clean_db):
    with refused(StatementRefusal.AMOUNT) as caught:
        reconcile.import_bank(b"date,description,amount\n2026-11-25,A,100\n2026-11-25,B,banyak\n", ADMIN)
    assert caught.value.line == 3
    with read_session() as s:
        assert s.exec(select(StatementLine)).all() == []


def test_manual_confirmation_says_who_confirmed(clean_db):
    order = make_order()
    transitions.confirm(str(order.id), ADMIN)
    assert fresh(order.id).payment_check == f"Dikonfirmasi manual oleh {ADMIN}"


def test_a_tidak_dikenal_line_is_matched_by_hand_when_it_pays_at_least_the_total(clean_db):
    """Issue 39.8: the buyer sent Rp 3.499.000 round for Rp 3.498.710 ("Tidak dikenal")."""
    placed = datetime.now(UTC) - timedelta(hours=3)
    order = make_order("Budi Santoso", total=3_498_710, created=placed)
    bigger = make_order("Sri Budiarti", total=3_600_000, created=placed)
    qris = make_order("Budi Qris", total=3_000_000, created=placed, method="QRIS")
    imported = reconcile.import_bank(statement_of((placed, "TRSF CR BUDI", 3_499_000)), ADMIN)
    assert kinds(imported) == [MatchKind.UNKNOWN]
    [line_id] = imported.line_ids
    found = manual_match.search(line_id, "budi")  # by name: the BCA orders waiting, not the QRIS one
    assert {c.buyer_name for c in found} == {"Budi Santoso", "Sri Budiarti"}
    assert [c.number for c in manual_match.search(line_id, order.number.lower())] == [order.number]
    with refused(MatchRefusal.SHORT):
        manual_match.confirm(line_id, str(bigger.id), ADMIN)
    with refused(MatchRefusal.METHOD):
        manual_match.confirm(line_id, str(qris.id), ADMIN)
    manual_match.confirm(line_id, str(order.id), ADMIN)
    done = fresh(order.id)
    assert done.status == "confirmed" and done.invoice_number
    assert done.payment_check.startswith(f"Dicocokkan manual oleh {ADMIN}: Cocok dengan")
    assert "total pesanan Rp 3.498.710" in done.payment_check
    with read_session() as s:
        audit = s.exec(select(AuditEvent).where(AuditEvent.entity_id == str(order.id))).all()
    assert any("Dicocokkan manual" in (a.detail or "") for a in audit)
    assert kinds(imported) == [MatchKind.USED]
    with refused(MatchRefusal.LINE):  # a line pays once
        manual_match.confirm(line_id, str(bigger.id), ADMIN)
    assert (fresh(bigger.id).status, fresh(qris.id).status) == ("paid_review", "paid_review")


# ----- QRIS reports -----


def test_a_qris_report_matches_by_bill_number_and_exact_amount_and_remembers_its_columns(clean_db):
    placed = datetime.now(UTC) - timedelta(hours=2)
    paid = make_order(total=349_000, created=placed, method="QRIS")
    short = make_order(name="Ani", total=2_499_000, created=placed, method="QRIS")
    day = f"{placed.astimezone(WIB):%Y-%m-%d %H:%M}"
    data = (
        f"Waktu,Nominal,Bill No\n{day},349000,{paid.number.lower()}\n{day},2000000,{short.number}\n{day},5,FFFFFFFF\n"
    )
    columns = Columns(date="Waktu", amount="Nominal", reference="Bill No")
    with pytest.raises(ColumnsMissing) as missing:
        reconcile.import_qris(data.encode(), ADMIN)
    assert missing.value.found == ["Waktu", "Nominal", "Bill No"]  # the admin picks from these
    imported = reconcile.import_qris(data.encode(), ADMIN, columns)
    assert kinds(imported) == ["cocok", "tidak-dikenal", "tidak-dikenal"]
    assert reconcile.qris_columns() == columns  # the next report needs no mapping
    assert matching.confirm_matched(imported.line_ids, ADMIN) == (1, 0)
    assert fresh(paid.id).payment_check.startswith(f"Cocok dengan laporan QRIS {placed.astimezone(WIB):%d/%m}")


# ----- the overview -----


def test_waiting_orders_with_a_matching_line_are_counted(clean_db):
    placed = datetime.now(UTC) - timedelta(hours=3)
    make_order(total=3_498_873, created=placed)
    make_order(name="Ani", total=2_498_100, created=placed)
    reconcile.import_bank(statement_of((placed, "TRSF CR BUDI", 3_498_873)), ADMIN)
    shown = admin_overview.overview()
    assert (shown.waiting_matched, shown.waiting_unmatched) == (1, 1)
    by_qr = make_order(name="Sri", total=349_000, created=placed, method="QRIS")  # and one paid by QRIS
    make_order(name="Dewi", total=349_000, created=placed, method="QRIS")  # its twin, paid by nothing yet
    columns = Columns(date="Waktu", amount="Nominal", reference="Bill No")
    report = f"Waktu,Nominal,Bill No\n{placed.astimezone(WIB):%Y-%m-%d %H:%M},349000,{by_qr.number}\n"
    reconcile.import_qris(report.encode(), ADMIN, columns)
    shown = admin_overview.overview()
    assert (shown.waiting_matched, shown.waiting_unmatched) == (2, 2)  # bank and QRIS counted once each


# ----- proofs used twice -----


def test_a_resized_jpeg_of_another_orders_proof_is_found_and_marked(clean_db):
    shot = receipt("3.498.873", "FT2511ABCD")
    first = checkout_order(get_storage(), encoded(shot), name="bukti.png")
    other = checkout_order(get_storage(), encoded(receipt("2.498.112", "FT2511XYZQ", "TOKO SRI")), name="lain.png")
    again = checkout_order(get_storage(), encoded(shot.resize((540, 960)), "JPEG", quality=70), name="bukti.jpg")
    assert fresh(again.id).proof_suspect is False  # the picture is compared after the commit (issue 51.6)
    assert later.run_due() == 3
    assert [fresh(o.id).proof_suspect for o in (first, other, again)] == [False, False, True]
    edited = checkout_order(get_storage(), encoded(receipt("2.498.873", "FT2511ABCD")), name="diubah.png")
    later.run_due()
    assert fresh(edited.id).proof_suspect is True  # one digit changed: near-identical
    with read_session() as s:  # each order's detail names the other
        assert set(proof_prints.of_order(s, again.id)) == {first.id, edited.id}
        assert set(proof_prints.of_order(s, first.id)) == {again.id, edited.id}
        assert proof_prints.of_order(s, other.id) == []


def test_the_same_file_is_marked_at_once_and_a_pictures_hash_waits_out_a_storage_failure(clean_db):
    shot = encoded(receipt("1.498.201", "FT2511QWER"))
    first, copy = checkout_order(get_storage(), shot, name="a.png"), checkout_order(get_storage(), shot, name="b.png")
    assert fresh(copy.id).proof_suspect is True  # the very same file: its SHA-256, before the answer
    storage, bucket = get_storage(), get_settings().bucket_order_payments
    key = fresh(first.id).payment_proof_path
    kept = storage.get(bucket, key)
    storage.delete(bucket, key)  # the store is away when the work runs
    assert later.run_due() == 1  # the copy's hash is kept; the first's work failed
    with read_session() as s:
        [failed] = s.exec(select(PendingWork).where(PendingWork.entity_id == str(first.id))).all()
        assert failed.done_at is None and failed.attempts == 1 and failed.last_error
        assert s.get(ProofPrint, first.id).phash is None
    storage.put(bucket, key, kept, "image/png")
    with write_session() as s:  # its retry falls due
        failed = s.get(PendingWork, failed.id)
        failed.next_attempt_at = failed.created_at
        s.add(failed)
    assert later.run_due() == 1
    with read_session() as s:
        assert s.get(ProofPrint, first.id).phash == s.get(ProofPrint, copy.id).phash
        assert s.get(PendingWork, failed.id).done_at is not None


def test_a_proof_sent_for_another_amount_is_marked(clean_db, tmp_path):
    code = transfer_codes.reserve("attempt", A920)
    order = checkout_order(get_storage(), png(tmp_path / "b.png").read_bytes(), ref="attempt")
    assert fresh(order.id).proof_suspect is False  # shown_amount not given: nothing to compare
    from terminal_shop.services.orders import checkout as orders

    from support.factories import BUYER_TYPED

    mismatch = orders.create_order(
        client_ref="other",
        buyer=BUYER_TYPED,
        lines=[("A920", 1)],
        payment_method="TRANSFER_BCA",
        proof_filename="b.png",
        proof_data=encoded(receipt("1", "X")),
        shown_amount=A920 - code,  # the amount another attempt was shown
    )
    assert fresh(mismatch.id).proof_suspect is True


def test_the_orders_list_filters_suspect_proofs(clean_db):
    shot = encoded(receipt("3.498.873", "FT2511ABCD"))
    first = checkout_order(get_storage(), shot)
    again = checkout_order(get_storage(), shot)  # the very same file
    page = order_list.list_page(proof="mencurigakan")
    assert [r.number for r in page.rows] == [again.number] and page.total == 1
    assert page.cards["mencurigakan"] == 1
    assert order_list.query_from({"bukti": "mencurigakan"}).proof == "mencurigakan"
    detail = admin_orders.detail(str(first.id)).view
    assert [t.number for t in detail.proof_twins] == [again.number]
    assert detail.proof_twins[0].link == f"/admin/orders/{again.id}"


def test_the_invoice_shows_the_kode_unik_as_a_discount(clean_db, tmp_path):
    import io

    from pypdf import PdfReader

    from terminal_shop.services.orders import invoice

    order = checkout_order(get_storage(), png(tmp_path / "b.png").read_bytes())
    transitions.confirm(str(order.id), ADMIN)
    text = "\n".join(p.extract_text() for p in PdfReader(io.BytesIO(invoice.render(fresh(order.id)))).pages)
    assert f"Potongan kode unik -Rp {order.unique_code}" in text
    assert f"Total {rupiah(order.total)}" in text  # what was transferred: the items less the code


def test_the_order_page_names_the_line_that_pays_it_and_confirms_through_it(clean_db, tmp_path):
    """Issue 39.4: the admin sees whether the money arrived; confirming uses that line up."""
    from terminal_shop.services.orders.payments import order_payment

    proof = png(tmp_path / "b.png").read_bytes()
    paid, unpaid = checkout_order(get_storage(), proof), checkout_order(get_storage(), proof)
    reconcile.import_bank(statement_of((paid.created_at, "TRSF E-BANKING CR BUDI", paid.total)), ADMIN)
    line = order_payment.paying_line(str(paid.id))
    assert line is not None and line[1].startswith("Cocok dengan") and line[1].endswith(rupiah(paid.total))
    assert order_payment.paying_line(str(unpaid.id)) is None
    reconcile.confirm_line(line[0], str(paid.id), ADMIN)
    with read_session() as s:
        assert s.get(StatementLine, line[0]).order_id == paid.id
    assert order_payment.paying_line(str(paid.id)) is None  # confirmed: nothing waits
