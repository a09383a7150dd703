"""The proofs' perceptual hash without scipy (issue 35.14) is imagehash's, bit for bit, so the
fingerprints stored before the change still compare (services/orders/proof_prints.py)."""

from __future__ import annotations

import imagehash
import numpy as np
import pytest
from PIL import Image

from terminal_shop.services.orders import proof_prints

from support.files import receipt


def _reference(image: Image.Image) -> str:
    return str(imagehash.phash(image, hash_size=proof_prints.HASH_SIZE, highfreq_factor=proof_prints.HIGHFREQ_FACTOR))


@pytest.mark.parametrize(
    "image",
    [
        receipt("3.498.873", "FT2511ABCD"),
        receipt("349.000", "FT2511WXYZ", name="WARUNG RAHMA"),
        receipt("3.498.873", "FT2511ABCD").resize((270, 480)).convert("RGB"),
        Image.fromarray(np.random.default_rng(7).integers(0, 256, (512, 384, 3), dtype=np.uint8)),  # a photo's noise
        Image.new("RGB", (300, 200), (20, 90, 200)),  # a flat picture: every frequency at the median but one
    ],
    ids=["receipt", "another-receipt", "resized", "noise", "flat"],
)
def test_the_hash_is_imagehashs(image):
    assert proof_prints.phash(image) == _reference(image)
    assert len(proof_prints.phash(image)) == 256  # 1024 bits
