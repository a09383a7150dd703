"""The couriers an order can be shipped with, and where a buyer tracks a parcel.

One table: add a courier here (code, name, tracking page). No courier documents a link
that opens one parcel, so each link is the courier's own tracking page; the order page and
e-mail show the resi beside it with a copy button. Where the courier has no public page
(GoSend/GrabExpress: tracked in the app; the shop's own courier) the link is empty.
"""

from __future__ import annotations

import re
from dataclasses import dataclass


@dataclass(frozen=True)
class Courier:
    code: str
    name: str
    tracking_page: str


COURIERS: tuple[Courier, ...] = (
    Courier("jne", "JNE", "https://www.jne.co.id/tracking-package"),
    Courier("jnt", "J&T Express", "https://jet.co.id/track"),
    Courier("sicepat", "SiCepat", "https://www.sicepat.com/checkAwb"),
    Courier("anteraja", "AnterAja", "https://anteraja.id/tracking"),
    Courier("pos", "Pos Indonesia", "https://www.posindonesia.co.id/id/tracking"),
    Courier("lion", "Lion Parcel", "https://lionparcel.com/track/stt"),
    Courier("instant", "GoSend/GrabExpress", ""),
    Courier("sendiri", "Kurir sendiri", ""),
)
_BY_CODE = {c.code: c for c in COURIERS}
_BY_NAME = {re.sub(r"[^a-z0-9]", "", c.name.lower()): c for c in COURIERS}

RESI_SHAPE = re.compile(r"[A-Z0-9]{8,30}")


def courier(code_or_name: str) -> Courier | None:
    """By its code, or by its name as a booking tool's export writes it ('J&T Express', 'jne')."""
    given = (code_or_name or "").strip().lower()
    return _BY_CODE.get(given) or _BY_NAME.get(re.sub(r"[^a-z0-9]", "", given))


def normal_resi(text: str) -> str:
    """The resi as stored: spaces and dashes out, capitals ('jp 1234-5678 90' -> 'JP1234567890')."""
    return re.sub(r"[\s\-]", "", text or "").upper()


def resi_ok(resi: str) -> bool:
    return bool(RESI_SHAPE.fullmatch(resi))
