"""A breach of personal data (issue 61.5, UU 27/2022 Ps 46) on this pass's real database: the
people found by a query over the records it touched, the 3x24-hour deadline from its discovery,
one notice per person and channel, the letter to the authority, its closing; every bad input
refused with nothing stored."""

from __future__ import annotations

import io
from datetime import datetime, timedelta

import pytest
from pypdf import PdfReader
from sqlmodel import select

from terminal_shop.formats import WIB, wib
from terminal_shop.infra.db import read_session
from terminal_shop.infra.models import utcnow
from terminal_shop.services.backoffice import admin_overview
from terminal_shop.services.notifications.tables import OutboxMessage
from terminal_shop.services.privacy import incidents
from terminal_shop.services.privacy.tables import DataIncident
from terminal_shop.services.privacy.terms import IncidentRefusal

from support.factories import ADMIN, audit_rows, make_order, wib_midnight
from support.refusals import refused


def _form(**over) -> dict:
    yesterday = (datetime.now(WIB) - timedelta(days=1)).date().isoformat()
    today = datetime.now(WIB).date().isoformat()
    discovered = (datetime.now(WIB) - timedelta(hours=2)).strftime("%Y-%m-%dT%H:%M")
    return {"what": "Ekspor pesanan terkirim ke alamat email yang salah pada pukul 09.00 WIB.",
            "steps": "Penerima diminta menghapus file; akses ekspor kami batasi.", "data": ["nama", "email", "hp"],
            "scope": "order", "start": yesterday, "end": today, "discovered": discovered, **over}  # fmt: skip


def _stored() -> list[DataIncident]:
    with read_session() as s:
        return list(s.exec(select(DataIncident)))


def _mails_to(address: str) -> list[OutboxMessage]:
    with read_session() as s:
        return list(s.exec(select(OutboxMessage).where(OutboxMessage.to_addr == address)))


@pytest.mark.parametrize(
    "over, code",
    [
        ({"what": " "}, IncidentRefusal.WHAT),
        ({"discovered": (datetime.now(WIB) + timedelta(days=1)).strftime("%Y-%m-%dT%H:%M")}, IncidentRefusal.WHEN),
        ({"discovered": "kemarin"}, IncidentRefusal.WHEN),
        ({"data": []}, IncidentRefusal.DATA),
        ({"steps": ""}, IncidentRefusal.STEPS),
        ({"scope": "semua"}, IncidentRefusal.SCOPE),
        ({"start": "2026-12-05", "end": "2026-12-01"}, IncidentRefusal.SCOPE),
        ({"start": "2020-01-01", "end": "2020-01-31"}, IncidentRefusal.NOBODY),  # an incident without affected records
    ],
)
def test_an_incident_without_its_facts_or_its_people_is_refused_and_nothing_is_kept(clean_db, over, code):
    make_order("Rina", created=wib_midnight(0) + timedelta(hours=1))
    with refused(code):
        incidents.record(_form(**over), ADMIN)
    assert _stored() == []


def test_the_people_are_found_by_the_records_told_once_and_the_clock_runs_from_discovery(clean_db):
    make_order("Rina", created=wib_midnight(0) + timedelta(hours=1))
    make_order("Budi", created=wib_midnight(1) + timedelta(hours=20))
    make_order("Lama", created=wib_midnight(9))  # outside the range: not touched
    form = _form()
    incident_id = incidents.record(form, ADMIN)
    [row] = _stored()
    discovered = datetime.fromisoformat(form["discovered"]).replace(tzinfo=WIB)
    assert len(row.affected) == 2 and row.due_at == discovered + timedelta(hours=72)
    [open_one] = admin_overview.overview().incidents
    assert (
        open_one.affected == 2 and open_one.left in ("sisa 69 jam", "sisa 70 jam") and open_one.due == wib(row.due_at)
    )
    assert incidents.notify(incident_id, ADMIN) == 2
    [mail] = _mails_to("rina@example.com")
    assert mail.subject.endswith("Pemberitahuan insiden data pribadi")
    assert "Data yang terungkap: Nama, Alamat email, Nomor HP." in mail.body_text
    assert "alamat email yang salah" in mail.body_text and "akses ekspor kami batasi" in mail.body_text
    assert "privasi@terminalku.example" in mail.body_text
    assert _mails_to("lama@example.com") == []
    assert incidents.notify(incident_id, ADMIN) == 0  # pressed again: nobody is told twice
    assert len(_mails_to("budi@example.com")) == 1

    name, pdf = incidents.letter(incident_id, ADMIN)
    text = "\n".join(p.extract_text() for p in PdfReader(io.BytesIO(pdf)).pages)
    assert name == f"insiden-{incident_id}-surat.pdf" and "Pasal 46" in text and "Orang terdampak" in text
    assert "Nama, Alamat email, Nomor HP" in text and "akses ekspor kami batasi" in text

    with refused(IncidentRefusal.OUTCOME):
        incidents.close(incident_id, ADMIN, " ")
    incidents.close(incident_id, ADMIN, "Semua penerima dihubungi; laporan ke Komdigi dikirim 5 Des.")
    assert admin_overview.overview().incidents == ()
    with refused(IncidentRefusal.CLOSED):
        incidents.notify(incident_id, ADMIN)
    assert [a.action for a in audit_rows() if a.entity_type == "incident"] == ["insiden"] * 5
    assert _stored()[0].closed_at is not None and _stored()[0].closed_at <= utcnow()
