"""What a return tells the buyer at each step and the staff when it is asked, in no channel's form."""

from __future__ import annotations

from sqlmodel import Session

from terminal_shop.services.notifications.channels import Notice
from terminal_shop.services.notifications.content import Content
from terminal_shop.services.notifications.emails import typed


def return_step(s: Session, n: Notice) -> Content:
    v = n.values
    return Content(
        f"Retur {v['number']} pesanan {v['order']}: {v['step']}",
        f"Halo {typed(n.about.buyer_name)},",
        [f"Permintaan retur {v['number']} untuk pesanan {v['order']}: {v['step']}.", v["next"]],
        ("Lihat pesanan dan retur", v["link"]),
    )


def return_opened(s: Session, n: Notice) -> Content:
    v = n.values
    return Content(
        f"Retur baru {v['number']} pesanan {v['order']}",
        "Halo,",
        [f"Pembeli mengajukan retur {v['number']} untuk pesanan {v['order']}: {v['reason']}.",
         "Periksa foto dan alasannya, lalu setujui dengan kurir penjemputan atau tolak dengan alasan."],
        ("Buka pesanan di back office", v["link"]),
    )  # fmt: skip
