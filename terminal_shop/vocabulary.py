"""The shop's words: `Term`, the kind of every status, method and kind a record can hold.

Each is a StrEnum whose value is what the database stores (so rows read back
unchanged) and whose `label` is the Indonesian text people read. Statuses also carry
the `tone` of their badge. No other module spells one of these values as a bare
string. Each area keeps its own Terms (`services/<area>/terms.py`: an order's statuses in
`orders/terms.py`, a registration's in `registrations/terms.py`, ...). What each status
means and how it may change: docs/decisions.md.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Self


class Term(StrEnum):
    """A stored value with the label shown for it (and a badge tone for statuses)."""

    label: str
    tone: str

    def __new__(cls, value: str, label: str | None = None, tone: str = "slate") -> Self:
        member = str.__new__(cls, value)
        member._value_ = value
        member.label = label or value
        member.tone = tone
        return member

    def __reduce_ex__(self, protocol: object) -> tuple[type[str], tuple[str]]:
        """Pickled as its text (issue 51.7): a tab's stored state names no Term class, so a
        Term may move without orphaning stored tabs; read back, it equals its member."""
        return str, (self.value,)

    @classmethod
    def parse(cls, value: object) -> Self | None:
        """The member for a value from outside (URL, form, websocket), or None."""
        try:
            return cls(str(value))
        except ValueError:
            return None

    @classmethod
    def labels(cls) -> dict[str, str]:
        """value -> label, in declaration order: for selects and filters."""
        return {m.value: m.label for m in cls}

    @classmethod
    def from_link(cls, given: str, default: Self) -> Self:
        """What a failure page's `reason` may show: a code's text, or one of these texts as
        it is (the SPEC's links carry the text); anything else, `default` (never the link's
        own words: they would be a stranger's message on the shop's page)."""
        found = cls.parse(given)
        return found if found is not None else next((m for m in cls if m.label == given), default)

    @classmethod
    def label_of(cls, value: str) -> str:
        """The label of a stored value; an unknown value is shown as it is."""
        member = cls.parse(value)
        return member.label if member is not None else value  # a member may be "" (Fulfilment)
