"""A service case's steps as the merchant and the admin read them, with what happens next
(every step says it): one place for the order of the steps and their words."""

from __future__ import annotations

from datetime import date

from terminal_shop import catalogue, couriers
from terminal_shop.formats import day_text, wib
from terminal_shop.services import working_days
from terminal_shop.services.orders.bills import BillState
from terminal_shop.services.servicing.tables import ServiceCase
from terminal_shop.services.servicing.terms import CaseStep, Problem
from terminal_shop.services.servicing.views import ServiceCaseView, ServiceStepLine
from terminal_shop.views import Badge

ORDER = [CaseStep.OPEN, CaseStep.CHECKED, CaseStep.SENT, CaseStep.PICKED_UP, CaseStep.RECEIVED, CaseStep.DONE]


def _parcel(courier: str | None, resi: str | None) -> str:
    found = couriers.courier(courier or "")
    return f"{found.name if found else courier or '-'} · resi {resi or '-'}"


def warranty_text(until: date | None, in_warranty: bool) -> str:
    if in_warranty and until:
        return f"Garansi berlaku s.d. {day_text(until)}"
    return "Di luar garansi" + (f" (berakhir {day_text(until)})" if until else "")


def repair_fee(c: ServiceCase) -> catalogue.Product | None:
    """The out-of-warranty repair's fee: the replacement ships once its bill is paid (issue 63.1)."""
    fee = catalogue.fee(c.fee_sku or "")
    return fee if fee and fee.sku.startswith(catalogue.REPAIR_PREFIX) else None


def waits_for_bill(c: ServiceCase, bill: BillState) -> bool:
    """Out of warranty, the replacement ships once the repair's bill is Lunas (docs/decisions.md)."""
    return repair_fee(c) is not None and bill is not BillState.PAID


def _checked_text(c: ServiceCase, bill: BillState) -> str:
    fee = repair_fee(c)
    if fee is None or bill is BillState.PAID:
        return "Unit pengganti sedang kami siapkan."
    if bill is BillState.REVIEW:
        return "Pembayaran tagihan servis sedang kami verifikasi; unit pengganti kami kirim setelah terverifikasi."
    return (f"Di luar garansi: biaya servis {fee.price_text}. Bayar tagihannya di akun Anda (Servis, \"Bayar tagihan\"); "
            "unit pengganti kami kirim setelah pembayaran terverifikasi.")  # fmt: skip


def pickup_text(c: ServiceCase) -> str:
    return f"{working_days.spoken(c.pickup_on)}, pukul {c.pickup_window} WIB" if c.pickup_on and c.pickup_window else ""


def _sent_text(c: ServiceCase, serial: str, active: bool) -> str:
    """The replacement's way: on the road, in the merchant's hands, active (an acquirer's
    activation says it arrived), then the pickup's day."""
    if not active and not c.delivered_at:
        return (
            f"Unit pengganti SN {serial} dikirim ({_parcel(c.replacement_courier, c.replacement_resi)}). "
            'Setelah tiba, tekan "Pengganti sudah diterima": kami aktifkan dengan TID yang sama.'
        )
    if not active:
        return f"Unit pengganti SN {serial} sudah diterima; kami aktifkan dengan TID yang sama dan mengabari Anda."
    if pickup := pickup_text(c):
        return f"Unit pengganti SN {serial} sudah aktif. Unit lama dijemput kurir {pickup}: siapkan unit lama beserta kabelnya."
    return f"Unit pengganti SN {serial} sudah aktif dengan TID yang sama. Kami kabari jadwal penjemputan unit lama."


def next_text(c: ServiceCase, replacement_serial: str, replacement_active: bool = False,
              bill: BillState = BillState.UNPAID) -> str:  # fmt: skip
    """What happens next, in the merchant's words."""
    step = CaseStep.parse(c.step) or CaseStep.OPEN
    if step is CaseStep.SENT:
        return _sent_text(c, replacement_serial, replacement_active)
    return {
        CaseStep.OPEN: "Tim kami memeriksa laporan Anda. " + c.promise,
        CaseStep.CHECKED: _checked_text(c, bill),
        CaseStep.PICKED_UP: f"Unit lama dijemput ({_parcel(c.pickup_courier, c.pickup_resi)}); kami kabari setelah tiba di gudang.",
        CaseStep.RECEIVED: "Unit lama sudah tiba di gudang kami dan sedang diperiksa.",
        CaseStep.DONE: c.outcome or "Selesai.",
    }[step]  # fmt: skip


def view(c: ServiceCase, device: str, replacement_serial: str, media: list[str], merchant: str = "",
         tid: str = "", replacement_active: bool = False, bill: BillState = BillState.UNPAID) -> ServiceCaseView:  # fmt: skip
    reached = ORDER.index(CaseStep.parse(c.step) or CaseStep.OPEN)
    details = {
        CaseStep.OPEN: wib(c.opened_at),
        CaseStep.CHECKED: c.note,
        CaseStep.SENT: f"SN {replacement_serial} · {_parcel(c.replacement_courier, c.replacement_resi)}" if c.replacement_resi else "",
        CaseStep.PICKED_UP: _parcel(c.pickup_courier, c.pickup_resi) if c.pickup_resi else "",
        CaseStep.DONE: c.outcome,
    }  # fmt: skip
    remote = c.step == CaseStep.DONE.value and not c.replacement_id
    shown = [s for s in ORDER if not (remote and s in (CaseStep.SENT, CaseStep.PICKED_UP, CaseStep.RECEIVED))]
    steps = [ServiceStepLine(s.label, ORDER.index(s) <= reached, details.get(s, "")) for s in shown]
    problem = Problem.label_of(c.problem)
    warranty = warranty_text(c.warranty_until, c.in_warranty)
    return ServiceCaseView(str(c.id), c.number, str(c.device_id), device, f"{problem}: {c.text}", wib(c.opened_at),
                           Badge.of(CaseStep, c.step), warranty, c.promise, next_text(c, replacement_serial, replacement_active, bill),
                           steps, media, merchant, c.step != CaseStep.DONE.value, tid, replacement_active, *_fee(c, bill),
                           awaiting_delivery=c.step == CaseStep.SENT.value and not c.delivered_at and not replacement_active,
                           pickup=pickup_text(c))  # fmt: skip


def _fee(c: ServiceCase, bill: BillState) -> tuple[str, Badge, bool, bool]:
    """The fee's words, its bill's state, whether it may be paid now, whether shipping waits for it."""
    fee = catalogue.fee(c.fee_sku or "")
    if fee is None:
        return "", Badge("", "slate"), False, False
    waits = c.step == CaseStep.CHECKED.value and waits_for_bill(c, bill)
    return f"Tagihan {fee.name}: {fee.price_text}", Badge.of(BillState, bill.value), bill is BillState.UNPAID, waits
