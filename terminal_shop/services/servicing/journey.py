"""A service case's steps as the merchant and the admin read them, with what happens next
(every step says it): one place for the order of the steps and their words."""

from __future__ import annotations

from datetime import date

from terminal_shop import catalogue, couriers
from terminal_shop.formats import day_text, wib
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


def next_text(c: ServiceCase, replacement_serial: str, replacement_active: bool = False) -> str:
    """What happens next, in the merchant's words."""
    step = CaseStep.parse(c.step) or CaseStep.OPEN
    if step is CaseStep.SENT and replacement_active:
        return f"Unit pengganti SN {replacement_serial} sudah aktif dengan TID yang sama. Siapkan unit lama untuk dijemput."
    return {
        CaseStep.OPEN: "Tim kami memeriksa laporan Anda. " + c.promise,
        CaseStep.CHECKED: "Unit pengganti sedang kami siapkan.",
        CaseStep.SENT: (f"Unit pengganti SN {replacement_serial} dikirim ({_parcel(c.replacement_courier, c.replacement_resi)}). "
                        "Setelah tiba, kami aktifkan dengan TID yang sama; siapkan unit lama untuk dijemput."),
        CaseStep.PICKED_UP: f"Unit lama dijemput ({_parcel(c.pickup_courier, c.pickup_resi)}); kami kabari setelah tiba di gudang.",
        CaseStep.RECEIVED: "Unit lama sudah tiba di gudang kami dan sedang diperiksa.",
        CaseStep.DONE: c.outcome or "Selesai.",
    }[step]  # fmt: skip


def view(c: ServiceCase, device: str, replacement_serial: str, media: list[str], merchant: str = "",
         tid: str = "", replacement_active: bool = False) -> ServiceCaseView:  # fmt: skip
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
                           Badge.of(CaseStep, c.step), warranty, c.promise, next_text(c, replacement_serial, replacement_active),
                           steps, media, merchant, c.step != CaseStep.DONE.value, tid, replacement_active, _fee(c))  # fmt: skip


def _fee(c: ServiceCase) -> str:
    fee = catalogue.product(c.fee_sku) if c.fee_sku else None
    return f"Tagihan {fee.name}: {fee.price_text}" if fee else ""
