"""The area's part of a merchant's erasure."""

import uuid

from terminal_shop.infra.models import Held


def erase_of_merchant(s, merchant_id: uuid.UUID) -> Held:
    return Held()
