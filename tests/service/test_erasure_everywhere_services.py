"""Issue 60.2: a merchant with something in every area that holds personal data (documents, an
order with a proof, sessions, outlets, a staff member invited and joined, activity lines, a
service case with a photo and a video, a dispute with evidence and a note, a payout question,
a return of a unit of their order with a photo and the refund's account, the business's
PKP identity for its MDR invoices,
WhatsApp messages, the outbox, audit lines) is erased, and the owner's name, e-mail, phone, NIK,
business name and bank account, and the staff member's address, are in no table and no stored
file afterwards. The areas' own marks say how (infra/models.py `personal`), checked for every
column in tests/unit/test_personal_columns.py."""

from __future__ import annotations

from pathlib import Path

from sqlmodel import select
from starlette.testclient import TestClient
from test_disputes_services import _item, _send
from test_erasure_copies_services import found_anywhere
from test_transactions_services import deliver, signed_in, txn

from terminal_shop import routes
from terminal_shop.infra.db import read_session, write_session
from terminal_shop.infra.storage import get_storage
from terminal_shop.services import working_days
from terminal_shop.services.customers import signin
from terminal_shop.services.devices import packing, stock
from terminal_shop.services.devices.tables import Device
from terminal_shop.services.disputes import cases as disputes
from terminal_shop.services.merchant_team import members, outlets
from terminal_shop.services.notifications import sender
from terminal_shop.services.orders import fulfilment, order_status, transitions
from terminal_shop.services.payouts import cases as payout_cases
from terminal_shop.services.payouts import merchant as payouts
from terminal_shop.services.privacy import erasure
from terminal_shop.services.registrations import payout_account, tax_identity
from terminal_shop.services.returns import asking
from terminal_shop.services.servicing import cases as servicing
from terminal_shop.services.transactions import signers
from terminal_shop.services.whatsapp import webhook
from terminal_shop.web.api import files_app

from support.factories import ADMIN, approved_merchant, checkout_order
from support.files import png
from support.whatsapp_standin import inbound_text

NAME, EMAIL, PHONE, NIK = "Sukmawati Handayaningsih", "sukma.handayani@contoh.id", "081377712345", "3578016504890002"
SHOP, ACCOUNT, STAFF = "Kedai Kopi Sukmajaya", "8830145577", "kasir.dewi@contoh.id"
NEW_ACCOUNT = "5550172634"  # the payout account asked for
FIXTURES = Path(__file__).parent.parent / "fixtures"


def _merchant_with_everything(tmp_path) -> object:
    merchant_id = approved_merchant(tmp_path, EMAIL, PHONE, nama_lengkap=NAME, nama_usaha=SHOP, nib_npwp=NIK,
                                    nama_rekening=NAME, nomor_rekening=ACCOUNT)  # fmt: skip
    with write_session() as s:
        s.add(Device(serial="SSUKMA01", model="A920", status="aktif", received_by="gudang@terminalku.example",
                     merchant_id=merchant_id, tid="BRI00123", mid="000885012345678"))  # fmt: skip
        s.add(Device(serial="SSUKMA02", model="SOUNDBOX", status="aktif", received_by="gudang@terminalku.example",
                     merchant_id=merchant_id, tid="BRI00124", mid="000885012345678"))  # fmt: skip
    with read_session() as s:
        unit, soundbox = s.exec(select(Device).where(Device.serial.like("SSUKMA%")).order_by(Device.serial)).all()
    signed_in(EMAIL)
    order = checkout_order(get_storage(), png(tmp_path / "p.png").read_bytes(),
                   buyer={"buyer_name": NAME, "buyer_phone": PHONE, "buyer_email": EMAIL,
                          "shipping_address": f"{SHOP}, Jl. Kenjeran 10", "pkp": "1", "tax_id": NIK,
                          "tax_nitku": NIK + "000000", "tax_name": SHOP, "tax_address": "Jl. Kenjeran 10"})  # fmt: skip  # issue 61.1
    transitions.confirm(str(order.id), ADMIN)  # delivered, and a unit of it returned (issue 61.3)
    stock.receive("SRETUR01", "A920", ADMIN)
    packing.pack(str(order.id), ["SRETUR01"], ADMIN)
    fulfilment.ship(str(order.id), "jne", "CGK5550001112", ADMIN)
    fulfilment.deliver(str(order.id), ADMIN)
    asking.ask(str(order.id), order_status.status_token(order.id),
               {"alasan": "rusak", "penyelesaian": "dana", "sn_SRETUR01": "on", "keterangan": f"Retak. {NAME} {PHONE}",
                "bank": "Bank BCA", "rekening": ACCOUNT, "pemilik": NAME}, [png(tmp_path / "retak.png").read_bytes()],
               "10.0.0.9")  # fmt: skip
    outlets.add([merchant_id], str(merchant_id), {"nama": f"{SHOP} Cabang", "alamat": "Jl. Dua 2", "kecamatan": "Tebet",
                                                  "kota": "Jakarta Selatan"}, EMAIL)  # fmt: skip
    branch = next(o for o in outlets.of_merchants([merchant_id], EMAIL)[0] if o.name.endswith("Cabang"))
    link = members.invite([merchant_id], str(merchant_id), STAFF, "kasir", [str(branch.id)], EMAIL)
    members.accept(link.rsplit("token=", 1)[1], STAFF)
    signed_in(STAFF)

    servicing.report([merchant_id], str(unit.id), "tidak-menyala", f"Mati. Hubungi {NAME} {PHONE}", EMAIL)
    servicing.report([merchant_id], str(soundbox.id), "lainnya", f"Bunyi aneh di {SHOP}", EMAIL)
    photo, video = sorted(servicing.of_merchants([merchant_id]), key=lambda c: c.problem)
    servicing.add_media([merchant_id], photo.id, png(tmp_path / "mati.png").read_bytes(), EMAIL)
    servicing.add_media([merchant_id], video.id, (FIXTURES / "broken-terminal.mp4").read_bytes(), EMAIL)

    secret = signers.add_acquirer("bri", "Bank BRI")
    deliver(secret, {"transactions": [txn("T1", 300_000, "debit")]})
    _send(secret, [_item()])
    [dispute] = disputes.of_merchants([merchant_id])
    disputes.add_evidence([merchant_id], dispute.id, "struk", png(tmp_path / "struk.png").read_bytes(), EMAIL)
    disputes.answer([merchant_id], dispute.id, "bantah", f"Diterima {NAME}, HP {PHONE}", EMAIL)

    later = working_days.add_working_days(working_days.today_wib(), 3)  # the day's payout is late by then
    [payout] = payouts.of_merchants([merchant_id], today=later)
    payout_cases.open_case([merchant_id], payout.id, EMAIL, today=later)
    webhook.receive(inbound_text("62" + PHONE[1:], f"Halo, saya {NAME} dari {SHOP}"))
    new_account = {"nama_bank": "Bank BNI", "nomor_rekening": NEW_ACCOUNT, "nama_rekening": NAME}
    payout_account.request(merchant_id, new_account, png(tmp_path / "buku.png").read_bytes(), EMAIL)  # issue 61.4
    tax_identity.save(merchant_id, {"pkp": "1", "tax_id": NIK, "tax_nitku": NIK + "000000", "tax_name": SHOP,
                                    "tax_address": f"Jl. Kenjeran 12, a.n. {NAME}"}, EMAIL)  # fmt: skip  # issue 61.2
    owner = TestClient(files_app())  # a download: its event and the account's log name the owner
    owner.cookies.set(signin.SESSION_COOKIE, signed_in(EMAIL))
    assert owner.get(routes.API_ACCOUNT_TRANSACTIONS_CSV).status_code == 200
    sender.send_pending()
    return merchant_id, order.id


def test_an_erased_merchant_leaves_no_word_of_its_owner_or_staff_in_any_area(whatsapp, tmp_path):
    words = (NAME, EMAIL, PHONE, "62" + PHONE[1:], NIK, SHOP, ACCOUNT, STAFF, NEW_ACCOUNT)
    merchant_id, order_id = _merchant_with_everything(tmp_path)
    before = found_anywhere(*words)
    for place in ("service_cases", "service_media", "disputes", "dispute_evidence", "outlets", "team_members",
                  "account_activity", "payout_cases", "outbox", "audit_events", "whatsapp_inbound",
                  "payout_account_changes", "order_returns"):  # fmt: skip
        assert any(p.startswith(place) for p in before), place  # the test sees each area's copy before

    erasure.erase_merchant(merchant_id, erasure.SYSTEM, "permintaan pemilik")
    assert found_anywhere(STAFF) == []  # the team went with the business
    erasure.erase_order(order_id, erasure.SYSTEM, "permintaan pemilik")  # the owner's own order, as a buyer

    left = found_anywhere(*words)
    assert left == [], "\n".join(left)
