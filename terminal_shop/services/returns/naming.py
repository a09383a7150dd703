"""How a return names its units, for its views and its credit note alike."""

from __future__ import annotations

from sqlmodel import Session

from terminal_shop import catalogue
from terminal_shop.services.devices import units


def named_units(s: Session, serials: list[str]) -> list[str]:
    """Each unit as the buyer, the staff and the credit note name it: "Soundbox QRIS SN ..."."""
    models = units.models_of_serials(s, serials)
    said = []
    for sn in serials:
        model = models.get(sn, "")
        product = catalogue.product(model) if model else None
        said.append(f"{product.name if product else model} SN {sn}".strip())
    return said
