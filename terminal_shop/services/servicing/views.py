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
