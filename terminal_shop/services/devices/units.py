"""The devices area's door for another area's query (issue 51.1): every unit with the columns
others may join on or show, as a subquery, so a transaction list joins its terminal without
importing the devices table."""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa

from terminal_shop.infra.models import table_of
from terminal_shop.services.devices.tables import Device


def units() -> Any:
    """id, serial, model, status, merchant_id, tid, mid, activated_at of every unit."""
    d = table_of(Device).c
    return sa.select(d.id, d.serial, d.model, d.status, d.merchant_id, d.tid, d.mid, d.activated_at).subquery("units")
