"""Links that prove themselves: an HMAC of what they open, keyed by SECRET_KEY.

One helper for every signed link (order pages, registration pages, correction links), each
with a purpose of its own so a token made for one can never open another.
"""

from __future__ import annotations

import hashlib
import hmac

from terminal_shop.infra.settings import get_settings


def sign(purpose: str, *parts: object, length: int = 32) -> str:
    message = "\n".join([purpose, *map(str, parts)]).encode()
    return hmac.new(get_settings().secret_key.encode(), message, hashlib.sha256).hexdigest()[:length]


def verify(given: str, purpose: str, *parts: object, length: int = 32) -> bool:
    return hmac.compare_digest(sign(purpose, *parts, length=length), str(given or "")[:64])
