"""A breach of personal data handled as UU 27/2022 Ps 46 asks (issue 61.5): the owner records
what happened, which data, and which records it touched (the people affected are found by a
query over them, never typed); within 3x24 hours of its discovery each person is told by every
channel they agreed to, and the authority by letter (a PDF to send); the incident is closed with
what was done. Each step is audited; the overview counts the hours left."""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta

from sqlmodel import Session, col, select

from terminal_shop import rules
from terminal_shop.formats import WIB, day_text, wib
from terminal_shop.infra.db import read_session, write_session
from terminal_shop.infra.models import utcnow
from terminal_shop.infra.pdf import table_pdf
from terminal_shop.infra.pdf_text import latin
from terminal_shop.infra.settings import get_settings
from terminal_shop.refusals import Refused
from terminal_shop.services.events.bus import publish
from terminal_shop.services.notifications.channels import Notice, tell
from terminal_shop.services.privacy.events import IncidentClosed, IncidentLetter, IncidentNotified, IncidentRecorded
from terminal_shop.services.privacy.holders import HOLDERS
from terminal_shop.services.privacy.tables import DataIncident
from terminal_shop.services.privacy.terms import ExposedData, IncidentRefusal, IncidentScope


class IncidentRefused(Refused):
    pass


@dataclass(frozen=True)
class IncidentView:
    id: int
    what: str
    steps: str
    data: str  # "Nama, Alamat email"
    scope: str  # "Pesanan (pembeli) dibuat 1 Des 2026 - 3 Des 2026"
    affected: int
    discovered: str
    due: str
    left: str  # "sisa 51 jam", "lewat 3 jam", "" once closed
    overdue: bool
    notified: str  # when the people were told, "" before
    closed: str
    outcome: str


def dpo() -> str:
    """Who answers for personal data (the privacy page, every notice, the letter)."""
    s = get_settings()
    return f"{s.dpo_name} ({s.dpo_email})"


def _window(start: str, end: str) -> tuple[datetime, datetime]:
    try:
        first, last = date.fromisoformat(str(start)[:10]), date.fromisoformat(str(end)[:10])
    except ValueError:
        raise IncidentRefused(IncidentRefusal.SCOPE) from None
    if last < first:
        raise IncidentRefused(IncidentRefusal.SCOPE)
    return datetime.combine(first, time(0), WIB), datetime.combine(last + timedelta(days=1), time(0), WIB)


def _affected(scope: str, lo: datetime, hi: datetime) -> list[uuid.UUID]:
    """The live records of that kind made in [lo, hi): whose data the incident touched."""
    kind = IncidentScope.parse(scope)
    if kind is None:
        raise IncidentRefused(IncidentRefusal.SCOPE)
    with read_session() as s:
        return list(HOLDERS[kind.value].created_between(s, lo, hi))


def _discovered(typed: str) -> datetime:
    try:
        moment = datetime.fromisoformat(str(typed)[:16]).replace(tzinfo=WIB)  # the form's datetime-local, WIB
    except ValueError:
        raise IncidentRefused(IncidentRefusal.WHEN) from None
    if moment > utcnow() + timedelta(minutes=5):
        raise IncidentRefused(IncidentRefusal.WHEN)
    return moment


def record(form: dict[str, object], admin_email: str) -> int:
    """Refused, with nothing stored, without its words, its data, or anyone affected."""
    what, steps = str(form.get("what", "")).strip()[:2000], str(form.get("steps", "")).strip()[:2000]
    data = [d.value for d in ExposedData if d.value in list(form.get("data") or [])]  # type: ignore[call-overload]
    if not what:
        raise IncidentRefused(IncidentRefusal.WHAT)
    discovered = _discovered(str(form.get("discovered", "")))
    if not data:
        raise IncidentRefused(IncidentRefusal.DATA)
    if not steps:
        raise IncidentRefused(IncidentRefusal.STEPS)
    scope, start, end = str(form.get("scope", "")), str(form.get("start", "")), str(form.get("end", ""))
    lo, hi = _window(start, end)
    ids = _affected(scope, lo, hi)
    if not ids:
        raise IncidentRefused(IncidentRefusal.NOBODY)
    due = discovered + rules.BREACH_NOTICE
    with write_session() as s:
        row = DataIncident(what=what, steps=steps, data=data, scope=scope, touched_from=lo, touched_until=hi,
                           affected=[str(i) for i in ids], discovered_at=discovered, due_at=due, recorded_by=admin_email[:254])  # fmt: skip
        s.add(row)
        s.flush()
        publish(s, IncidentRecorded(entity_id=str(row.id), actor=admin_email,
                                    detail=f"{len(ids)} orang terdampak; beri tahu paling lambat {wib(due)}"))  # fmt: skip
        return row.id or 0


def _open(s: Session, incident_id: int) -> DataIncident:
    row: DataIncident | None = s.get(DataIncident, int(incident_id), with_for_update=True)
    if row is None:
        raise IncidentRefused(IncidentRefusal.NOT_FOUND)
    if row.closed_at is not None:
        raise IncidentRefused(IncidentRefusal.CLOSED)
    return row


def _data_words(row: DataIncident) -> str:
    return ", ".join(ExposedData.label_of(d) for d in row.data)


def notify(incident_id: int, admin_email: str) -> int:
    """Each person affected, told once per channel they agreed to (a second press tells nobody twice)."""
    with write_session() as s:
        row, told = _open(s, incident_id), 0
        holder = HOLDERS[row.scope]
        values = {"what": row.what, "data": _data_words(row), "steps": row.steps, "contact": dpo()}
        for record_id in row.affected:
            found = holder.record(s, uuid.UUID(record_id))
            if found is None or found.purged_at is not None:
                continue
            email, phone = holder.contact(found)
            notice = Notice(
                "data_incident", f"incident:{row.id}:{record_id}", (row.scope, record_id), email, phone, found, values
            )
            told += bool(tell(s, notice))
        row.notified_at = row.notified_at or utcnow()
        s.add(row)
        publish(s, IncidentNotified(entity_id=str(row.id), actor=admin_email, detail=f"{told} orang diberi tahu"))
    return told


def _view(row: DataIncident, now: datetime) -> IncidentView:
    hours = int((row.due_at - now).total_seconds() // 3600)
    left = "" if row.closed_at else (f"sisa {hours} jam" if hours >= 0 else f"lewat {-hours} jam")
    scope = f"{IncidentScope.label_of(row.scope)} dibuat {day_text(row.touched_from.astimezone(WIB).date())} - " \
            f"{day_text((row.touched_until.astimezone(WIB) - timedelta(days=1)).date())}"  # fmt: skip
    return IncidentView(row.id or 0, row.what, row.steps, _data_words(row), scope, len(row.affected), wib(row.discovered_at),
                        wib(row.due_at), left, not row.closed_at and not row.notified_at and now > row.due_at,
                        wib(row.notified_at) if row.notified_at else "", wib(row.closed_at) if row.closed_at else "",
                        row.outcome or "")  # fmt: skip


def incidents(open_only: bool = False, limit: int = 50) -> list[IncidentView]:
    """Newest first; the overview asks for the open ones."""
    query = select(DataIncident).order_by(col(DataIncident.recorded_at).desc()).limit(limit)
    with read_session() as s:
        rows = s.exec(query.where(col(DataIncident.closed_at).is_(None)) if open_only else query).all()
    now = utcnow()
    return [_view(r, now) for r in rows]


def letter(incident_id: int, admin_email: str) -> tuple[str, bytes]:
    """The written notice to the authority, with what Ps 46 (2) asks it to contain; the download is audited."""
    with write_session() as s:
        row = s.get(DataIncident, int(incident_id))
        if row is None:
            raise IncidentRefused(IncidentRefusal.NOT_FOUND)
        publish(s, IncidentLetter(entity_id=str(row.id), actor=admin_email, detail="Surat untuk otoritas diunduh"))
        view = _view(row, utcnow())
    return f"insiden-{view.id}-surat.pdf", _letter_pdf(view)


def _letter_pdf(v: IncidentView) -> bytes:
    s = get_settings()
    pdf = table_pdf()
    pdf.set_title(latin(f"Pemberitahuan kegagalan pelindungan data pribadi {v.id}"))
    pdf.add_page()

    def para(text: str, style: str = "", size: int = 10) -> None:
        pdf.set_font("Helvetica", style, size)
        pdf.multi_cell(0, 5 if size <= 10 else 7, latin(text), new_x="LMARGIN", new_y="NEXT")

    para(f"{s.brand_name}\n{s.seller_address}\n\nKepada Yth.\nKementerian Komunikasi dan Digital Republik Indonesia\n"
         "(lembaga penyelenggara pelindungan data pribadi)\n")  # fmt: skip
    para("Pemberitahuan tertulis kegagalan pelindungan data pribadi (UU 27/2022 Pasal 46)", "B", 12)
    for label, value in (("Nomor insiden", str(v.id)), ("Diketahui", v.discovered), ("Batas pemberitahuan", v.due),
                         ("Orang terdampak", str(v.affected)), ("Catatan yang tersentuh", v.scope),
                         ("a. Data pribadi yang terungkap", v.data), ("b. Kapan dan bagaimana terungkap", v.what),
                         ("c. Upaya penanganan dan pemulihan", v.steps),
                         ("Orang terdampak diberi tahu", v.notified or "belum"), ("Narahubung", dpo())):  # fmt: skip
        para(label, "B")
        para(value)
        pdf.ln(1)
    return bytes(pdf.output())


def close(incident_id: int, admin_email: str, outcome: str) -> None:
    said = str(outcome).strip()[:2000]
    if not said:
        raise IncidentRefused(IncidentRefusal.OUTCOME)
    with write_session() as s:
        row = _open(s, incident_id)
        row.closed_at, row.closed_by, row.outcome = utcnow(), admin_email[:254], said
        s.add(row)
        publish(s, IncidentClosed(entity_id=str(row.id), actor=admin_email, detail=said[:500]))
