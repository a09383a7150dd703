"""Opening a service case (issue 48.1) and reading cases: the merchant reports a problem with
one of their own active or suspended units (one open case per unit), or staff open one for
them; the warranty answer comes from the unit (its end date, set at delivery) and the promise
is stated once, when opened."""

from __future__ import annotations

import secrets
import uuid
from datetime import date

from sqlmodel import Session, col, func, select

from terminal_shop import catalogue, rules
from terminal_shop.infra import uploads
from terminal_shop.infra.db import read_session, write_session
from terminal_shop.infra.settings import get_settings
from terminal_shop.infra.storage import discard, get_storage
from terminal_shop.refusals import Refused
from terminal_shop.services import reach, working_days
from terminal_shop.services.devices import swaps, units
from terminal_shop.services.devices.terms import DeviceStatus
from terminal_shop.services.events.bus import publish
from terminal_shop.services.orders import bills
from terminal_shop.services.orders.bills import BillState
from terminal_shop.services.reach import Reach
from terminal_shop.services.registrations import owners as registrations
from terminal_shop.services.servicing import journey
from terminal_shop.services.servicing.events import ServiceCaseOpened
from terminal_shop.services.servicing.tables import ServiceCase, ServiceMedia
from terminal_shop.services.servicing.terms import OPEN_STEPS, Problem, ServiceRefusal
from terminal_shop.services.servicing.views import ServiceCaseView
from terminal_shop.services.validation import parse_id

MAX_PHOTOS, MAX_VIDEOS = 3, 1
MEDIA_WRONG_TYPE = ("Format file tidak didukung", "Foto JPG/PNG atau video MP4/WebM, maksimal 10 MB")


class ServiceError(Refused):
    code: ServiceRefusal


def _device_name(model: str, serial: str) -> str:
    product = catalogue.product(model)
    return f"{product.name if product else model} · SN {serial}"


def promised_day(opened_on: date) -> date:
    """The day an in-warranty case's replacement ships by (the overview's queue reads it too)."""
    return working_days.add_working_days(opened_on, rules.SERVICE_REPLACEMENT_DAYS)


def promise_of(warranty_until: date | None, today: date) -> tuple[bool, str, str]:
    """(in warranty, the warranty answer, the promise), stated once when a case opens."""
    if warranty_until is not None and warranty_until >= today:
        ships = promised_day(today)
        return (True, journey.warranty_text(warranty_until, True),
                f"Dalam garansi: unit pengganti kami kirim paling lambat {working_days.spoken(ships)}, "
                "unit lama dijemput setelahnya.")  # fmt: skip
    return (False, journey.warranty_text(warranty_until, False),
            "Di luar garansi: kami periksa dulu dan memberi tahu biayanya (daftar harga servis) sebelum mengirim pengganti.")  # fmt: skip


def _open(s: Session, device: units.DeviceFacts, problem: str, text: str, by: str, today: date) -> ServiceCase:
    chosen, words = Problem.parse(problem), " ".join(str(text or "").split())
    if chosen is None:
        raise ServiceError(ServiceRefusal.PROBLEM)
    if not words or len(words) > 1000:
        raise ServiceError(ServiceRefusal.TEXT)
    if device.status not in swaps.SERVICEABLE or device.merchant_id is None:
        raise ServiceError(ServiceRefusal.NOT_SERVICEABLE, status=DeviceStatus.label_of(device.status))
    open_ = s.exec(select(ServiceCase.number).where(col(ServiceCase.device_id) == device.id,
                                                    col(ServiceCase.step).in_(OPEN_STEPS))).first()  # fmt: skip
    if open_ is not None:
        raise ServiceError(ServiceRefusal.ALREADY_OPEN, number=open_)
    in_warranty, warranty, promise = promise_of(device.warranty_until, today)
    case = ServiceCase(number=f"SRV-{today:%y%m%d}-{secrets.token_hex(2).upper()}", device_id=device.id,
                       merchant_id=device.merchant_id, problem=chosen.value, text=words, opened_by=by[:254],
                       warranty_until=device.warranty_until, in_warranty=in_warranty, promise=promise)  # fmt: skip
    s.add(case)
    s.flush()
    publish(s, ServiceCaseOpened(entity_id=str(case.id), actor=by, new_status=case.step,
                                 detail=f"{case.number}: {chosen.label}, {warranty}"))  # fmt: skip
    return case


def report(merchant_ids: Reach | list[uuid.UUID], device_id: str, problem: str, text: str, email: str,
           today: date | None = None) -> str:  # fmt: skip
    """The merchant's "Laporkan masalah" for one of their own units; the case's number."""
    key = parse_id(device_id)
    with write_session() as s:
        device = units.record(s, key) if key else None
        if device is None or not reach.of(merchant_ids).allows(device.merchant_id, device.id):
            raise ServiceError(ServiceRefusal.NOT_FOUND)
        return _open(s, device, problem, text, email, today or working_days.today_wib()).number


def open_for(device_id: str, problem: str, text: str, admin_email: str, today: date | None = None) -> str:
    """Staff open a case for the merchant whose unit it is (on the phone with them)."""
    key = parse_id(device_id)
    with write_session() as s:
        device = units.record(s, key) if key else None
        if device is None:
            raise ServiceError(ServiceRefusal.NOT_FOUND)
        return _open(s, device, problem, text, admin_email, today or working_days.today_wib()).number


def add_media(merchant_ids: Reach | list[uuid.UUID], case_id: str, data: bytes, email: str) -> None:
    """A photo (up to 3) or a short video (1) for an open case, checked as every upload is."""
    checked = uploads.strip_metadata(uploads.check_file(data, uploads.MEDIA_KINDS, MEDIA_WRONG_TYPE))
    video = checked.kind in uploads.VIDEO_KINDS
    storage, bucket = get_storage(), get_settings().bucket_merchant_documents
    key = parse_id(case_id)
    with write_session() as s:
        case = s.get(ServiceCase, key, with_for_update=True) if key else None
        if case is None or not reach.of(merchant_ids).allows(case.merchant_id, case.device_id):
            raise ServiceError(ServiceRefusal.NOT_FOUND)
        if case.step not in OPEN_STEPS:
            raise ServiceError(ServiceRefusal.CLOSED)
        kinds = list(s.exec(select(ServiceMedia.content_type).where(col(ServiceMedia.case_id) == case.id)))
        videos = sum(k.startswith("video/") for k in kinds)
        if (video and (videos or kinds)) or (not video and (videos or len(kinds) >= MAX_PHOTOS)):
            raise ServiceError(ServiceRefusal.MEDIA)
        name = f"{case.id}/{'video' if video else 'foto'}-{secrets.token_hex(6)}.{checked.extension}"
        storage.put(bucket, name, checked.data, checked.content_type)
        try:
            s.add(ServiceMedia(case_id=case.id, file_key=name, content_type=checked.content_type,
                               size=len(checked.data), uploaded_by=email[:254]))  # fmt: skip
            s.flush()
        except Exception:
            discard(storage, bucket, name)
            raise


def _views(s: Session, rows: list[ServiceCase], names: dict[uuid.UUID, str] | None = None) -> list[ServiceCaseView]:
    storage, bucket = get_storage(), get_settings().bucket_merchant_documents
    media: dict[uuid.UUID, list[str]] = {}
    for m in s.exec(
        select(ServiceMedia).where(col(ServiceMedia.case_id).in_([c.id for c in rows])).order_by(col(ServiceMedia.id))
    ):
        media.setdefault(m.case_id, []).append(storage.signed_url(bucket, m.file_key))
    found = units.records(s, {c.device_id for c in rows} | {c.replacement_id for c in rows if c.replacement_id})
    billed = bills.states(s, [c.number for c in rows if c.fee_sku])
    out = []
    for c in rows:
        device = found.get(c.device_id)
        replacement = found.get(c.replacement_id) if c.replacement_id else None
        name = _device_name(device.model, device.serial) if device else "-"
        out.append(journey.view(c, name, replacement.serial if replacement else "", media.get(c.id, []),
                                (names or {}).get(c.merchant_id, ""), (device.tid or "") if device else "",
                                replacement is not None and replacement.status == DeviceStatus.ACTIVE.value,
                                billed.get((c.number, c.fee_sku or ""), BillState.UNPAID)))  # fmt: skip
    return out


def of_merchants(merchant_ids: Reach | list[uuid.UUID]) -> list[ServiceCaseView]:
    """The merchant's cases, open ones first, newest first."""
    if not merchant_ids:
        return []
    with read_session() as s:
        rows = list(s.exec(
            select(ServiceCase).where(*reach.of(merchant_ids).where(col(ServiceCase.merchant_id), col(ServiceCase.device_id)))
            .order_by(col(ServiceCase.step).not_in(OPEN_STEPS), col(ServiceCase.opened_at).desc()).limit(30)
        ))  # fmt: skip
        return _views(s, rows)


def waiting(limit: int = 100) -> list[ServiceCaseView]:
    """For the admin: every open case, the oldest first, with whose it is."""
    named = registrations.names()
    with read_session() as s:
        found = s.exec(
            select(ServiceCase, named.c.nama_usaha).join(named, named.c.id == col(ServiceCase.merchant_id), isouter=True)
            .where(col(ServiceCase.step).in_(OPEN_STEPS)).order_by(col(ServiceCase.opened_at)).limit(limit)
        ).all()  # fmt: skip
        return _views(s, [c for c, _ in found], {c.merchant_id: n or "" for c, n in found})


def open_numbers(device_ids: list[uuid.UUID]) -> dict[uuid.UUID, str]:
    """Each of these units' open case, by number (the fleet's rows link to it)."""
    if not device_ids:
        return {}
    with read_session() as s:
        rows = s.exec(select(ServiceCase.device_id, ServiceCase.number)
                      .where(col(ServiceCase.device_id).in_(device_ids), col(ServiceCase.step).in_(OPEN_STEPS))).all()  # fmt: skip
    return dict(rows)


def open_count() -> int:
    with read_session() as s:
        return int(
            s.exec(select(func.count()).select_from(ServiceCase).where(col(ServiceCase.step).in_(OPEN_STEPS))).one()
        )


def media_keys(ids: list[uuid.UUID]) -> set[str]:
    """The stored photos and videos of these cases (services/stored_files.py: what the sweeper keeps)."""
    with read_session() as s:
        return set(s.exec(select(ServiceMedia.file_key).where(col(ServiceMedia.case_id).in_(ids))))


def told(s: Session, case_id: str) -> tuple[uuid.UUID, str, str, str] | None:
    """(merchant, number, device, promise) of a case, for the messages about it, in the caller's transaction."""
    case = s.get(ServiceCase, uuid.UUID(case_id))
    if case is None:
        return None
    device = units.record(s, case.device_id)
    return case.merchant_id, case.number, _device_name(device.model, device.serial) if device else "-", case.promise
