"""What the merchant and the admin read of a service case."""

from __future__ import annotations

from dataclasses import dataclass, field

from terminal_shop.views import Badge


@dataclass(frozen=True)
class ServiceStepLine:
    label: str
    done: bool
    detail: str = ""  # "JNE · resi JN123", the date


@dataclass(frozen=True)
class ServiceCaseView:
    id: str
    number: str
    device_id: str
    device: str  # "Soundbox QRIS · SN SBX001"
    problem: str  # "Tidak menyala: layar mati sejak pagi"
    opened: str
    step: Badge
    warranty: str  # "Garansi berlaku s.d. 26 Nov 2027" or "Di luar garansi (berakhir ...)"
    promise: str
    next: str  # what happens next, in the merchant's words
    steps: list[ServiceStepLine] = field(default_factory=list)
    media: list[str] = field(default_factory=list)  # signed links
    merchant: str = ""  # for the admin
    open: bool = True
    tid: str = ""  # the reported unit's TID: what its replacement takes
    replacement_active: bool = False  # activated with the old TID: the admin's button gives way to the pickup
    fee: str = ""  # "Tagihan Servis Soundbox QRIS di luar garansi: Rp 150.000", "" when nothing is due
    bill: Badge = Badge("", "slate")  # the fee's bill: Belum dibayar, Menunggu verifikasi, Lunas (orders.bills)
    payable: bool = False  # "Bayar tagihan" offered: a fee with no bill paid or waiting
    waits_payment: bool = False  # out of warranty, checked: the replacement ships once the repair's bill is paid
    awaiting_delivery: bool = False  # sent, not yet in the merchant's hands: not to be activated
    pickup: str = ""  # "Jumat, 4 Des 2026, pukul 09.00-12.00 WIB" once booked
