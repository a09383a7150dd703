"""The admin's view of merchant registrations: stats, list, detail, edit, documents, delete, export."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa
from sqlmodel import Session

from terminal_shop.formats import rupiah, wib, wib_sortable
from terminal_shop.infra.csv_export import stream
from terminal_shop.infra.db import read_rows, read_session, write_session
from terminal_shop.infra.models import table_of, utcnow
from terminal_shop.infra.search import contains
from terminal_shop.infra.settings import get_settings
from terminal_shop.infra.storage import get_storage
from terminal_shop.services.audit import access_log
from terminal_shop.services.audit.terms import AccessAction
from terminal_shop.services.backoffice import audit
from terminal_shop.services.backoffice.list_query import ListQuery
from terminal_shop.services.backoffice.listing import (
    Page,
    cards,
    clamp_page,
    in_range,
    page_of,
    read_page,
    restricted_count,
    tallies,
)
from terminal_shop.services.backoffice.terms import SortField
from terminal_shop.services.backoffice.views import merchant_row
from terminal_shop.services.notifications import mail_log
from terminal_shop.services.privacy import copies, requests, retention
from terminal_shop.services.refusals import FieldErrors
from terminal_shop.services.registrations import transitions
from terminal_shop.services.registrations.details import validate_details
from terminal_shop.services.registrations.fields import FIELDS
from terminal_shop.services.registrations.tables import MerchantRegistration
from terminal_shop.services.registrations.terms import DocumentKind, RegistrationStatus
from terminal_shop.services.registrations.views import DocumentView, MerchantView
from terminal_shop.services.validation import parse_id
from terminal_shop.views import Badge

PER_PAGE = 20
CSV_HEADER = ["Tanggal", "Nama Usaha", "Nama Pemilik", "HP", "Email", "Kabupaten", "Status"]


class NotFound(Exception):
    pass


def stats() -> dict[str, int]:
    with read_rows() as conn:
        return cards(tallies(conn, "merchant_registrations"), RegistrationStatus)


_M = table_of(MerchantRegistration).c  # Core columns for list reads (see services.listing)

# The columns behind each sort, ending in the unique id (keyset paging: services/backoffice/listing.py).
SORTS = {
    SortField.DATE: (_M.created_at, _M.id),
    SortField.NAME: (_M.nama_usaha, _M.created_at, _M.id),
    SortField.STATUS: (_M.status, _M.created_at, _M.id),
}


def query_from(params: dict[str, str]) -> ListQuery:
    """The list's query from a URL's query string (the page's and the export's)."""
    return ListQuery.from_params(params, RegistrationStatus, None, SORTS)


def _filters(q: ListQuery) -> list[sa.ColumnElement[bool]]:
    m = _M
    conds: list[sa.ColumnElement[bool]] = [
        m.restricted_at.is_(None)
    ]  # restricted on the applicant's request: out of lists and searches
    if RegistrationStatus.parse(q.status):
        conds.append(m.status == q.status)
    conds += in_range(m.created_at, *q.bounds())
    if q.search.strip():
        conds.append(
            contains(q.search.strip(), names=[m.nama_usaha, m.nama_lengkap], emails=[m.email], phones=[m.nomor_hp])
        )
    return conds


def list_page(query: ListQuery | None = None, after: str = "", before: str = "", **fields: Any) -> Page:
    """One page of registrations with the stat cards (`after`/`before`: see listing.fetch_page).
    `fields` build the query when none is given: list_page(status="approved")."""
    m = _M
    q = query or ListQuery(**fields)
    page = clamp_page(q.page)
    order = SORTS[SortField.parse(q.sort) or SortField.DATE]
    with read_rows() as conn:
        stat_cards = cards(tallies(conn, "merchant_registrations"), RegistrationStatus)
        stmt = sa.select(
            m.id, m.created_at, m.nama_usaha, m.nama_lengkap, m.nomor_hp, m.email, m.kabupaten_kota, m.status
        ).where(*_filters(q))
        status_is = [m.status == q.status] if RegistrationStatus.parse(q.status) else []
        exact = stat_cards[RegistrationStatus.parse(q.status) or "total"] - restricted_count(
            conn, table_of(MerchantRegistration), *status_is
        )
        rows, has_next, counted = read_page(conn, stmt, order, q, PER_PAGE, after, before, exact)
    shown = [merchant_row(r) for r in rows]
    return page_of(rows, shown, order, counted, page, PER_PAGE, stat_cards, has_next)


def find_row(s: Session, merchant_id: str, lock: bool = False) -> MerchantRegistration:
    rid = parse_id(merchant_id)
    row = s.get(MerchantRegistration, rid, with_for_update=lock) if rid else None
    if row is None:
        raise NotFound(merchant_id)
    return row


@dataclass(frozen=True)
class MerchantDetail:
    form: dict[str, str]  # the edit form's values (form_values), masked when restricted and not readable
    view: MerchantView


def detail(merchant_id: str, viewer: str = "", reads_restricted: bool = False) -> MerchantDetail:
    """`viewer`: the admin opening the page, whose look at the documents is logged.
    A record restricted on the applicant's request shows its documents only to a role that
    `reads_restricted` (the owner's: permissions.Permission.PERSONAL_DATA)."""
    with read_session() as s:
        row = find_row(s, merchant_id)
    readable = row.restricted_at is None or reads_restricted
    shown = [d.label for d in DocumentKind if getattr(row, d.column)] if readable else []
    if viewer and shown:
        access_log.record(viewer, AccessAction.VIEWED, "merchant", str(row.id), ", ".join(shown))
    storage, bucket = get_storage(), get_settings().bucket_merchant_documents
    view = MerchantView(
        id=str(row.id),
        status=row.status,
        badge=Badge.of(RegistrationStatus, row.status),
        created_at=wib(row.created_at),
        updated_at=wib(row.updated_at),
        verified_at=wib(row.verified_at),
        documents=tuple(
            DocumentView(
                d.value,
                d.label,
                storage.signed_url(bucket, key) if (key := getattr(row, d.column)) and readable else "",
            )
            for d in DocumentKind
        ),
        history=audit.history("merchant", str(row.id)),
        mails=copies.shown_mails(mail_log.for_entity("merchant", str(row.id)), readable),
        access=access_log.history("merchant", str(row.id)),
        retention=retention.purge_note(row),
        requests=requests.open_requests("merchant", str(row.id)),
        ended=row.ended_at is not None,
        erased=row.purged_at is not None,
        restricted=requests.restriction_note(row),
    )
    form = form_values(row)
    if not readable:  # restricted: only its status and dates (docs/decisions.md, Personal data)
        form = {k: (v if k == "status" else copies.RESTRICTED) for k, v in form.items()}
    return MerchantDetail(form, view)


EDITABLE_TEXT = tuple(f.name for f in FIELDS if f.admin_editable)


def form_values(row: MerchantRegistration) -> dict[str, str]:
    """The row as the edit form shows it (same fields and formats as the wizard)."""
    values = {k: "" if getattr(row, k) is None else str(getattr(row, k)) for k in EDITABLE_TEXT}
    values["omzet_bulanan"] = rupiah(row.omzet_bulanan)
    values["status"] = row.status
    values["rejection_reason"] = row.rejection_reason or ""
    return values


def save(merchant_id: str, form: dict[str, str], admin_email: str, fix_items: list[str] | None = None) -> FieldErrors:
    """The wizard's checks and the status rules (docs/decisions.md, Merchant registrations): all or nothing."""
    values, errors = validate_details(form)
    status = RegistrationStatus.parse(form.get("status", ""))
    if status is None:
        errors["status"] = transitions.ChangeRefused(transitions.ChangeRefusal.UNKNOWN_STATUS)
    if errors or values is None or status is None:
        return errors
    try:
        with write_session() as s:
            row = find_row(s, merchant_id, lock=True)
            transitions.editable(row)
            for k, v in values.items():
                setattr(row, k, v)
            transitions.change(s, row, status, form.get("rejection_reason"), admin_email, utcnow(), fix_items)
    except transitions.ChangeRefused as refused:  # nothing of the form was kept
        return {"status": refused}
    return {}


def decide(
    merchant_id: str, status: RegistrationStatus, reason: str, admin_email: str, fix_items: list[str] | None = None
) -> None:
    """ "Setujui" / "Tolak" on the merchant's page: the status alone, the record's fields as they
    are (issue 39.5). Raises ChangeRefused, nothing changed, when it may not be decided so."""
    if status is RegistrationStatus.REJECTED and not reason.strip():
        raise transitions.ChangeRefused(transitions.ChangeRefusal.REASON_MISSING)
    with write_session() as s:
        row = find_row(s, merchant_id, lock=True)
        transitions.editable(row)
        if row.status == status.value:
            raise transitions.ChangeRefused(transitions.ChangeRefusal.ALREADY, status=status.label)
        transitions.change(s, row, status, reason.strip()[:1000], admin_email, utcnow(), fix_items)


def export_csv(query: ListQuery | None = None, **fields: Any) -> Iterator[bytes]:
    """Every registration matching the list's filters, in the list's order."""
    m = _M
    q = query or ListQuery(**fields)
    conds = _filters(q)
    order = SORTS[SortField.parse(q.sort) or SortField.DATE]
    order_by = [c.desc() if q.descending else c.asc() for c in order]

    def rows() -> Iterator[list[object]]:
        with read_rows() as conn:
            result = conn.execute(
                sa.select(m.created_at, m.nama_usaha, m.nama_lengkap, m.nomor_hp, m.email, m.kabupaten_kota, m.status)
                .where(*conds)
                .order_by(*order_by)
                .execution_options(yield_per=1000)
            )
            for r in result:
                yield [
                    wib_sortable(r.created_at),
                    r.nama_usaha,
                    r.nama_lengkap,
                    r.nomor_hp,
                    r.email,
                    r.kabupaten_kota,
                    r.status,
                ]

    return stream(CSV_HEADER, rows())
