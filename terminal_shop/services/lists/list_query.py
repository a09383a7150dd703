"""What an admin list shows (search, filters, date range, sort, page) as its URL carries it.

One object read from and written to the query string: a filtered page can be bookmarked,
shared and restored with Back, and the CSV export reads the same object from its own URL.
Days are WIB days: an admin in Jakarta means "today" in Jakarta.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from typing import Any
from urllib.parse import urlencode

from terminal_shop.formats import WIB
from terminal_shop.services.lists.terms import Period, SortField
from terminal_shop.vocabulary import Term

# The query-string name of each field (what a shared link shows).
PARAMS = {
    "search": "q",
    "status": "status",
    "method": "metode",
    "fulfilment": "pengiriman",
    "proof": "bukti",
    "period": "periode",
    "start": "dari",
    "end": "sampai",
    "sort": "urut",
    "descending": "arah",
    "page": "hal",
}
ASCENDING, DESCENDING = "naik", "turun"
# The direction a column sorts in when first chosen: newest and largest first, names A to Z.
FIRST_DESCENDING = {SortField.DATE: True, SortField.TOTAL: True, SortField.NAME: False, SortField.STATUS: False}
MAX_PAGE = 1_000_000


def parse_day(text: object) -> date | None:
    try:
        return date.fromisoformat(str(text)[:10])
    except ValueError:
        return None


def period_days(
    period: str, start: str = "", end: str = "", now: datetime | None = None
) -> tuple[date | None, date | None]:
    """The first and last WIB day (inclusive) of a period; None where the range is open."""
    today = (now or datetime.now(UTC)).astimezone(WIB).date()
    match Period.parse(period):
        case Period.TODAY:
            return today, today
        case Period.LAST_7:
            return today - timedelta(days=6), today
        case Period.LAST_30:
            return today - timedelta(days=29), today
        case Period.THIS_MONTH:
            return today.replace(day=1), today
        case Period.CUSTOM:
            first, last = parse_day(start), parse_day(end)
            if first and last and first > last:
                first, last = last, first
            return first, last
    return None, None


def utc_bounds(first: date | None, last: date | None) -> tuple[datetime | None, datetime | None]:
    """[from, until) in UTC for WIB days first..last."""
    lo = datetime.combine(first, time(), WIB).astimezone(UTC) if first else None
    hi = datetime.combine(last + timedelta(days=1), time(), WIB).astimezone(UTC) if last else None
    return lo, hi


def day_text(day: date) -> str:
    return day.strftime("%d/%m/%Y")


@dataclass(frozen=True)
class ListQuery:
    search: str = ""
    status: str = ""  # a status value of the list's vocabulary, or "" for all
    method: str = ""  # a PaymentMethod value (orders only), or ""
    fulfilment: str = ""  # a value of the list's `fulfilments` (orders: FulfilmentFilter), or ""
    proof: str = ""  # a value of the list's `proofs` (orders: ProofFilter), or ""
    period: str = ""  # a Period value, or "" for every date
    start: str = ""  # YYYY-MM-DD, the custom range's first and last WIB day
    end: str = ""
    sort: str = SortField.DATE.value
    descending: bool = True
    page: int = 1

    @classmethod
    def from_params(
        cls,
        params: Mapping[str, str],
        statuses: type[Term] | None = None,
        methods: type[Term] | None = None,
        sorts: Iterable[SortField] = tuple(SortField),
        fulfilments: type[Term] | None = None,
        proofs: type[Term] | None = None,
    ) -> ListQuery:
        """Whatever a URL holds, read into a valid query: unknown values fall back to the default."""

        def get(field: str) -> str:
            return str(params.get(PARAMS[field], "") or "").strip()

        period = Period.parse(get("period"))
        custom = period is Period.CUSTOM
        sort = SortField.parse(get("sort"))
        sort = sort if sort in tuple(sorts) else SortField.DATE
        direction = get("descending")
        try:
            page = min(MAX_PAGE, max(1, int(get("page") or 1)))
        except ValueError:
            page = 1
        return cls(
            search=get("search")[:100],
            status=str(statuses.parse(get("status")) or "") if statuses else "",
            method=str(methods.parse(get("method")) or "") if methods else "",
            fulfilment=str(fulfilments.parse(get("fulfilment")) or "") if fulfilments else "",
            proof=str(proofs.parse(get("proof")) or "") if proofs else "",
            period=str(period or ""),
            start=str(parse_day(get("start")) or "") if custom else "",
            end=str(parse_day(get("end")) or "") if custom else "",
            sort=sort.value,
            descending=FIRST_DESCENDING[sort] if direction not in (ASCENDING, DESCENDING) else direction == DESCENDING,
            page=page,
        )

    def params(self) -> dict[str, str]:
        """The query string's fields, leaving out what is the default."""
        default = ListQuery()
        out: dict[str, str] = {}
        for field, name in PARAMS.items():
            value = getattr(self, field)
            if field == "descending":
                if value != FIRST_DESCENDING[SortField(self.sort)]:
                    out[name] = DESCENDING if value else ASCENDING
            elif value != getattr(default, field):
                out[name] = str(value)
        return out

    def url(self, route: str) -> str:
        query = urlencode(self.params())
        return f"{route}?{query}" if query else route

    def changed(self, **changes: Any) -> ListQuery:
        """The same query with some fields changed, back on page 1 unless a page is given."""
        return dataclasses.replace(self, **{"page": 1, **changes})

    def sorted_by(self, field: str) -> ListQuery:
        """A header clicked: the same column turns around, another starts in its first direction."""
        chosen = SortField.parse(field) or SortField.DATE
        descending = not self.descending if chosen.value == self.sort else FIRST_DESCENDING[chosen]
        return self.changed(sort=chosen.value, descending=descending)

    def days(self, now: datetime | None = None) -> tuple[date | None, date | None]:
        return period_days(self.period, self.start, self.end, now)

    def bounds(self, now: datetime | None = None) -> tuple[datetime | None, datetime | None]:
        return utc_bounds(*self.days(now))

    def describe(
        self,
        statuses: type[Term] | None = None,
        methods: type[Term] | None = None,
        fulfilments: type[Term] | None = None,
        proofs: type[Term] | None = None,
    ) -> list[str]:
        """The filters that are on, as an admin reads them (for "no results" and the pager)."""
        out = []
        if self.search:
            out.append(f"Pencarian “{self.search}”")
        if self.status and statuses:
            out.append(f"Status: {statuses.label_of(self.status)}")
        if self.method and methods:
            out.append(f"Metode: {methods.label_of(self.method)}")
        if self.fulfilment and fulfilments:
            out.append(f"Pengiriman: {fulfilments.label_of(self.fulfilment)}")
        if self.proof and proofs:
            out.append(proofs.label_of(self.proof))
        if self.period:
            first, last = self.days()
            if Period.parse(self.period) is Period.CUSTOM:
                out.append(f"Tanggal: {day_text(first) if first else '…'} – {day_text(last) if last else '…'}")
            else:
                out.append(f"Periode: {Period.label_of(self.period)}")
        return out
