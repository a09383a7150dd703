"""The "Bukti mencurigakan" threshold against screenshots of one banking app (issue 39.9):
different transfers never match each other, while the same receipt re-saved does. (Captured
again minutes later it is 6 to 14 bits away, not always caught; an edited amount is not
reliably near either: the order's "Jumlah seharusnya" and the statement line catch that.)
The screens are drawn (tests/support/files.py `bank_screenshot`): no real customer's receipt
may sit in the repository. They vary what real ones vary (the amount by the kode unik, the
reference, date and time, the status bar) on three phone sizes."""

from __future__ import annotations

import io
import itertools
import random

import pytest
from PIL import Image

from terminal_shop.services.orders import proof_prints

from support.files import PHONES, bank_screenshot, encoded

PRICE = 3_499_000  # one product: the amounts differ only by the kode unik


def _hash(img: Image.Image) -> str:
    """As a stored proof is hashed: decoded small, in grey (infra/uploads.thumbnail)."""
    small = img.convert("L")
    small.thumbnail((proof_prints.SIDE, proof_prints.SIDE))
    return proof_prints.phash(small)


def _recompressed(img: Image.Image, quality: int = 80) -> Image.Image:
    return Image.open(io.BytesIO(encoded(img, "JPEG", quality=quality)))


def _transfers(size: tuple[int, int], n: int, seed: int) -> list[dict]:
    rng = random.Random(seed)
    found = []
    for _ in range(n):
        hour, minute = rng.randint(7, 21), rng.randint(0, 59)
        found.append(
            {
                "amount": PRICE - rng.randint(1, 999),
                "reference": "FT" + "".join(rng.choice("0123456789ABCDEF") for _ in range(10)),
                "name": "TERMINALKU",
                "account": "8720 123456",
                "when": f"{rng.randint(1, 28):02d}/11/2026 {hour:02d}:{minute:02d} WIB",
                "clock": f"{hour:02d}.{minute:02d}",
                "battery": rng.randint(15, 100),
                "size": size,
            }
        )
    return found


@pytest.mark.parametrize("size", PHONES[:3], ids=lambda s: f"{s[0]}x{s[1]}")
def test_different_transfers_of_one_app_never_match_and_a_resaved_copy_does(size):
    transfers = _transfers(size, 10, seed=size[0] + size[1])
    shots = [bank_screenshot(**t) for t in transfers]
    hashes = [_hash(s) for s in shots]
    apart = min(proof_prints.distance(a, b) for a, b in itertools.combinations(hashes, 2))
    assert apart > proof_prints.NEAR_BITS  # no two buyers' receipts marked as one

    # The same receipt re-saved (sent again as a JPEG of its own size) is marked, on every phone.
    for shot, h in zip(shots, hashes, strict=True):
        assert proof_prints.distance(h, _hash(_recompressed(shot))) <= proof_prints.NEAR_BITS
