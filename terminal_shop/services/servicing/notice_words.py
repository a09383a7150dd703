"""What a service case tells the merchant at each step and the admins when it opens, in no channel's form."""

from __future__ import annotations

from sqlmodel import Session

from terminal_shop.services.notifications.channels import Notice
from terminal_shop.services.notifications.content import Content
from terminal_shop.services.notifications.emails import typed
from terminal_shop.services.servicing.terms import CaseStep


def service_case(s: Session, n: Notice) -> Content:
    """A service case opened (its number and promise) or moved a step (what happens next)."""
    reg, values = n.about, n.values
    step = CaseStep.label_of(values["step"])
    return Content(
        f"Laporan {values['number']}: {step}",
        f"Halo {typed(reg.nama_lengkap)},",
        [f"Laporan masalah {values['device']} ({values['number']}): {step}.", values["next"]],
        ("Lihat di akun Anda", values["link"]),
    )


def service_case_opened(s: Session, n: Notice) -> Content:
    """To the admins who work the cases: a merchant reported a problem."""
    values = n.values
    return Content(
        f"Laporan servis {values['number']}: {values['device']}",
        "Halo,",
        [f"Laporan baru {values['problem']}.", values["next"]],
        ("Tangani di Servis", values["link"]),
    )
