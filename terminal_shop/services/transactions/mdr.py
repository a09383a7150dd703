"""The MDR (merchant discount rate) of a transaction: one table of rules, per channel, the
terminal's model and the merchant's category, each with the day it took effect; the fee texts
on the home page say the same figures (content.FEES).

Rounding (docs/decisions.md, Transactions): a fee is computed exactly in fractions of a rupiah
and rounded half up to a whole rupiah; a flat fee is whole already. A void or refund costs
nothing and pays nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from decimal import ROUND_HALF_UP, Decimal

from terminal_shop.services.transactions.terms import CHANNELS

MICRO_YEARLY_TURNOVER = 2_000_000_000  # UU 20/2008 as amended (PP 7/2021): usaha mikro up to Rp 2 miliar a year


@dataclass(frozen=True)
class Rule:
    channel: str  # debit, kredit, qris
    model: str | None  # the catalogue's SKU, None for any terminal
    micro: bool | None  # usaha mikro only (True), others only (False), anyone (None)
    up_to: int | None  # applies to amounts up to this (inclusive); None: any amount
    percent: Decimal
    flat: int
    since: date


RULES: tuple[Rule, ...] = (
    Rule("qris", None, True, 500_000, Decimal("0"), 0, date(2023, 12, 1)),  # BI: usaha mikro up to Rp 500.000
    Rule("qris", None, True, None, Decimal("0.3"), 0, date(2023, 12, 1)),
    Rule("qris", None, None, None, Decimal("0.7"), 0, date(2023, 12, 1)),
    Rule("debit", "A920", None, 750_000, Decimal("1"), 0, date(2024, 1, 1)),
    Rule("debit", "A920", None, None, Decimal("0"), 7_500, date(2024, 1, 1)),
    Rule("kredit", "A920", None, None, Decimal("1.9"), 0, date(2024, 1, 1)),
    Rule("debit", "D210", None, None, Decimal("2.5"), 0, date(2024, 1, 1)),
    Rule("kredit", "D210", None, None, Decimal("2.5"), 0, date(2024, 1, 1)),
)


def rule(channel: str, model: str | None = None, micro: bool | None = None, up_to: int | None = None) -> Rule:
    """The newest rule with exactly these conditions: what a page's sentence quotes (issue
    51.4: the figures were written again in the page texts)."""
    found = [r for r in RULES if (r.channel, r.model, r.micro, r.up_to) == (channel, model, micro, up_to)]
    return max(found, key=lambda r: r.since)


def percent_text(value: Decimal) -> str:
    """'0,3%', '1%': as an Indonesian page writes a rate."""
    return f"{value.normalize():f}".replace(".", ",") + "%"


def rupiah_text(amount: int) -> str:
    return "Rp " + f"{amount:,}".replace(",", ".")


def rate_text(r: Rule) -> str:
    """'1%', 'flat Rp 7.500', '0,3%', '0,5% + Rp 1.000'."""
    if r.flat and not r.percent:
        return f"flat {rupiah_text(r.flat)}"
    return percent_text(r.percent) + (f" + {rupiah_text(r.flat)}" if r.flat else "")


# The figures the pages quote, each a rule of the table above.
A920_DEBIT_UP_TO = rule("debit", "A920", up_to=750_000)
A920_DEBIT_ABOVE = rule("debit", "A920")
A920_CREDIT = rule("kredit", "A920")
D210_CARDS = rule("debit", "D210")
QRIS_MICRO_UP_TO = rule("qris", micro=True, up_to=500_000)
QRIS_MICRO_ABOVE = rule("qris", micro=True)
QRIS_OTHERS = rule("qris")


def is_micro(monthly_turnover: int) -> bool:
    return monthly_turnover * 12 <= MICRO_YEARLY_TURNOVER


def rule_for(channel: str, model: str | None, micro: bool, amount: int, on: date) -> Rule | None:
    """The first rule that applies, among those in effect on `on` (the newest first)."""
    in_effect = sorted((r for r in RULES if r.since <= on), key=lambda r: r.since, reverse=True)
    for r in in_effect:
        if r.channel != channel or (r.model and r.model != model) or (r.micro is not None and r.micro != micro):
            continue
        if r.up_to is None or amount <= r.up_to:
            return r
    return None


def fee(channel: str, model: str | None, micro: bool, amount: int, on: date, agreed: Sequence[Rule] = ()) -> int:
    """Whole rupiah; 0 where no rule applies (the admin sees the transaction without a fee).
    `agreed`: the merchant's own rates (agreed.py); the newest in effect for the channel wins."""
    return fee_and_reason(channel, model, micro, amount, on, agreed)[0]


def fee_and_reason(
    channel: str, model: str | None, micro: bool, amount: int, on: date, agreed: Sequence[Rule] = ()
) -> tuple[int, str]:
    """The fee and the rule's name the merchant reads beside it (issue 47.2)."""
    mine = sorted((r for r in agreed if r.channel == channel and r.since <= on), key=lambda r: r.since, reverse=True)
    r = mine[0] if mine else rule_for(channel, model, micro, amount, on)
    if r is None or amount <= 0:
        return 0, ""
    exact = Decimal(amount) * r.percent / 100 + r.flat
    return int(exact.quantize(Decimal("1"), rounding=ROUND_HALF_UP)), rule_name(r, agreed=bool(mine))


def rule_name(r: Rule, agreed: bool = False) -> str:
    """'Kartu debit A920 s/d Rp 750.000: 1%', 'QRIS usaha mikro di atas Rp 500.000: 0,3%',
    'Tarif khusus Kartu debit: 0,5% + Rp 1.000'. A rule that applies above another's bound says
    so (issue 63.7: "QRIS usaha mikro: 0,3%" read as if it applied to every amount)."""
    rate = rate_text(r)
    if agreed:
        return f"Tarif khusus {CHANNELS.get(r.channel, r.channel)}: {rate}"
    size = "" if r.micro is None else ("usaha mikro" if r.micro else "non-mikro")
    words = [CHANNELS.get(r.channel, r.channel), r.model or "", size]
    below = [x.up_to for x in RULES if (x.channel, x.model, x.micro) == (r.channel, r.model, r.micro)
             and x.up_to is not None and (r.up_to is None or x.up_to < r.up_to)]  # fmt: skip
    if r.up_to is not None:
        words.append(f"s/d {rupiah_text(r.up_to)}")
    elif below:
        words.append(f"di atas {rupiah_text(max(below))}")
    return " ".join(w for w in words if w) + f": {rate}"


MODEL_CHANNELS = {"SOUNDBOX": ("qris",), "A920": ("debit", "kredit", "qris"), "D210": ("debit", "kredit", "qris")}
MONTHLY_MAX = 100_000_000_000  # Rp 100 miliar a month: beyond any merchant this site sells to


@dataclass(frozen=True)
class EstimateLine:
    channel: str  # as people read it
    sales: int
    count: int
    fee: int


def estimate(model: str, micro: bool, monthly: dict[str, int], average: int, on: date) -> list[EstimateLine]:
    """A month's fees for a visitor's figures: each channel's sales as transactions of the
    average amount (the last one smaller), each fee by the rule the dashboard uses."""
    lines = []
    for channel in MODEL_CHANNELS.get(model, ()):
        sales = monthly.get(channel, 0)
        if sales <= 0:
            continue
        full, rest = divmod(sales, average)
        total = full * fee(channel, model, micro, average, on) + (fee(channel, model, micro, rest, on) if rest else 0)
        lines.append(EstimateLine(CHANNELS[channel], sales, full + (1 if rest else 0), total))
    return lines
