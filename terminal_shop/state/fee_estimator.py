"""The home page's fee estimator (services/transactions/mdr.py `estimate`): a visitor types a
month's sales per channel and sees the MDR the dashboard would show for them."""

from __future__ import annotations

import reflex as rx

from terminal_shop import catalogue
from terminal_shop.formats import digits_only, rupiah
from terminal_shop.services import working_days
from terminal_shop.services.transactions import mdr
from terminal_shop.services.transactions.terms import CHANNELS

DEFAULT_AVERAGE = 100_000


class FeeEstimatorState(rx.State):
    lines: list[dict[str, str]] = []  # channel, sales, count, fee (formatted)
    total_fee: str = ""
    share: str = ""  # "0,25% dari penjualan"
    error: str = ""

    @rx.event
    def estimate(self, form: dict):
        model = str(form.get("model", ""))
        if catalogue.product(model) is None or model not in mdr.MODEL_CHANNELS:
            self.error = "Pilih perangkat"
            return
        monthly = {c: int(digits_only(str(form.get(c, "")))[:15] or 0) for c in CHANNELS}
        average = int(digits_only(str(form.get("rata_rata", "")))[:12] or DEFAULT_AVERAGE)
        if not any(monthly.values()):
            self.error, self.lines, self.total_fee = "Isi penjualan sebulan, contoh 15.000.000", [], ""
            return
        if max(monthly.values()) > mdr.MONTHLY_MAX or average <= 0:
            self.error, self.lines, self.total_fee = "Angka terlalu besar", [], ""
            return
        found = mdr.estimate(model, bool(form.get("mikro")), monthly, average, working_days.today_wib())
        sales, fees = sum(x.sales for x in found), sum(x.fee for x in found)
        self.error = "" if found else "Perangkat ini hanya menerima QRIS: isi penjualan QRIS"
        self.lines = [{"channel": x.channel, "sales": rupiah(x.sales), "count": f"{x.count:,}".replace(",", "."),
                       "fee": rupiah(x.fee)} for x in found]  # fmt: skip
        self.total_fee = rupiah(fees) if found else ""
        share = f"{100 * fees / sales:.2f}".replace(".", ",") if sales else "0"
        self.share = f"{share}% dari penjualan" if found else ""
