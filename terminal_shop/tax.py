"""PPN as the company states it, in one place: the orders' invoices and the merchants' monthly
MDR invoices split a price that includes it the same way."""

from __future__ import annotations

from dataclasses import dataclass

PPN_RATE = 12  # percent, on a tax base of 11/12 of the price (PMK 131/2024, non-luxury goods and services)


@dataclass(frozen=True)
class Tax:
    """PPN as a PKP states it on a price that includes it."""

    price: int  # harga jual, without PPN
    base: int  # DPP nilai lain: 11/12 of the price
    ppn: int

    @classmethod
    def of(cls, total: int) -> Tax:
        price = round(total * 100 / 111)  # the total includes 12% of 11/12, i.e. 11%
        base = round(price * 11 / 12)
        return cls(price, base, total - price)
