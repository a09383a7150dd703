"""Fingerprints of proofs of payment, to tell one picture sent for two orders.

Each proof keeps its SHA-256 (the very same file) and, for an image, a 1024-bit perceptual
hash (pHash of a 256 x 256 greyscale copy, bit for bit imagehash's: see `phash`). Screenshots
of one banking app share their layout, so the hash tells little apart: measured on drawn
screens of one app on four phone sizes (tests/unit/test_proof_threshold.py), transfers for one
product (amounts a kode unik apart, other references and times) are 14 or more bits apart, the
same screen re-saved as JPEG or captured again minutes later 12 or fewer, a copy shrunk to half
and re-encoded up to 20 (so not always caught), and an edited digit anything from 2 to 44.
NEAR_BITS sits below the first band: no two buyers' receipts are marked as one; the amount
check ("Jumlah seharusnya", the statement) is what catches an edited receipt.
A new proof is compared with every proof of the last LOOKBACK days (a few thousand hashes
at most, XOR and a bit count each) and with any earlier file of the same SHA-256.

At checkout only the SHA-256 is taken (the very same file is marked at once); the pHash
(decoding the picture: 13 ms alone, 610 ms per order with 32 checkouts at once) is work after
the commit (services/events/later.py), so "Bukti mencurigakan" is set a moment later.
"""

from __future__ import annotations

import hashlib
import uuid
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

import numpy as np
import sqlalchemy as sa
from PIL import Image
from sqlalchemy import or_
from sqlmodel import Session, col, select

from terminal_shop.infra.db import read_session, write_session
from terminal_shop.infra.file_structure import sniff
from terminal_shop.infra.models import utcnow
from terminal_shop.infra.settings import get_settings
from terminal_shop.infra.storage import get_storage
from terminal_shop.infra.uploads import PROOF_KINDS, CheckedFile, check_file, strip_metadata, thumbnail
from terminal_shop.services.events.bus import after_commit
from terminal_shop.services.orders.events import OrderPlaced
from terminal_shop.services.orders.tables import Order, ProofPrint
from terminal_shop.services.orders.terms import PROOF_WRONG_TYPE
from terminal_shop.services.orders.views import order_number

HASH_SIZE = 32  # 32 x 32 = 1024 bits
HIGHFREQ_FACTOR = 8  # pHash of a 256 x 256 copy
SIDE = 512  # the decoded copy's longest side, before pHash resizes it
NEAR_BITS = 12  # between the measured bands above (tests/unit/test_proof_threshold.py)
LOOKBACK = timedelta(days=90)


@dataclass(frozen=True)
class Fingerprint:
    sha256: str
    phash: str | None  # hex, None for a PDF or an image that does not decode


def checked(data: bytes) -> CheckedFile:
    """A proof as every way in takes it (the checkout's form, a WhatsApp slip): a JPG, PNG or
    PDF that is what it says, its metadata stripped; or UploadRejected in the buyer's words."""
    return strip_metadata(check_file(data, PROOF_KINDS, PROOF_WRONG_TYPE))


def file_print(proof: CheckedFile) -> Fingerprint:
    """The file's hash alone: what a checkout waits for."""
    return Fingerprint(hashlib.sha256(proof.data).hexdigest(), None)


@after_commit(OrderPlaced)
def perceptual_print(order_id: str) -> None:
    """A placed order's proof, read back from storage: its pHash kept, and the order marked
    suspect when the picture repeats another order's."""
    oid = uuid.UUID(order_id)
    with read_session() as s:
        key = s.exec(select(Order.payment_proof_path).where(col(Order.id) == oid)).first()
    data = get_storage().get(get_settings().bucket_order_payments, key) if key else b""
    kind = sniff(data)
    if kind not in ("jpeg", "png"):
        return
    print_ = fingerprint(CheckedFile(data, kind, "", ""))
    with write_session() as s:
        if s.get_bind().dialect.name == "postgresql":  # two copies placed at once: compared one after the other
            s.execute(sa.text("SELECT pg_advisory_xact_lock(hashtext('proof-prints'))"))
        kept = s.get(ProofPrint, oid)
        if kept is None or print_.phash is None:
            return
        kept.phash = print_.phash
        s.add(kept)
        if twins(s, print_, exclude=oid) and (order := s.get(Order, oid)) is not None and not order.proof_suspect:
            order.proof_suspect = True
            s.add(order)


def fingerprint(proof: CheckedFile) -> Fingerprint:
    try:
        small = thumbnail(proof, SIDE)
    except (OSError, ValueError):  # checked, yet its pixels do not decode: the file's hash only
        small = None
    return Fingerprint(hashlib.sha256(proof.data).hexdigest(), phash(small) if small else None)


def _dct_rows(n: int, keep: int) -> np.ndarray:
    """The first `keep` rows of the unnormalised DCT-II matrix of size `n` (scipy.fftpack's
    default): row k, column j is 2 cos(pi k (2j + 1) / 2n)."""
    k, j = np.arange(keep)[:, None], np.arange(n)[None, :]
    return 2.0 * np.cos(np.pi * k * (2 * j + 1) / (2 * n))


_DCT = _dct_rows(HASH_SIZE * HIGHFREQ_FACTOR, HASH_SIZE)


def phash(image: Image.Image) -> str:
    """imagehash's `phash(image, hash_size=32, highfreq_factor=8)`, as hex, with numpy alone
    (issue 35.14: imagehash loaded scipy into every web process, about 60 MB each): the
    picture in grey at 256 x 256 (Lanczos), its 2-D DCT's low 32 x 32 frequencies as two
    matrix products, each bit whether a frequency is above their median. A unit test holds
    it equal to imagehash's on drawn receipts and photos (tests/unit/test_proof_hash.py)."""
    side = HASH_SIZE * HIGHFREQ_FACTOR
    pixels = np.asarray(image.convert("L").resize((side, side), Image.Resampling.LANCZOS), dtype=np.float64)
    low = np.round(_DCT @ pixels @ _DCT.T, 6)  # the FFT's exact zeros stay zeros (a flat picture)
    bits = (low > np.median(low)).flatten()
    return f"{int(''.join('1' if b else '0' for b in bits), 2):0{len(bits) // 4}x}"


def distance(a: str, b: str) -> int:
    return (int(a, 16) ^ int(b, 16)).bit_count()


def twins(s: Session, print_: Fingerprint, exclude: uuid.UUID | None = None) -> list[uuid.UUID]:
    """Orders whose proof is this very file, or a copy of this picture sent lately."""
    recent = col(ProofPrint.created_at) >= utcnow() - LOOKBACK
    conds = [col(ProofPrint.sha256) == print_.sha256] + ([recent] if print_.phash else [])
    found = []
    for order_id, sha256, phash in s.exec(
        select(ProofPrint.order_id, ProofPrint.sha256, ProofPrint.phash).where(or_(*conds))
    ):
        if order_id == exclude:
            continue
        if sha256 == print_.sha256 or (phash and print_.phash and distance(phash, print_.phash) <= NEAR_BITS):
            found.append(order_id)
    return found


def sent_before(print_: Fingerprint) -> Any:
    """A select of one earlier order that sent this very file, for the checkout's one look
    before it places an order (near copies are found after the commit)."""
    return select(ProofPrint.order_id).where(col(ProofPrint.sha256) == print_.sha256).limit(1)


def record(s: Session, order_id: uuid.UUID, print_: Fingerprint) -> None:
    """Keeps the order's fingerprint, in the caller's transaction."""
    s.add(ProofPrint(order_id=order_id, sha256=print_.sha256, phash=print_.phash))


def repeated_in(order_id: uuid.UUID) -> list[tuple[uuid.UUID, str]]:
    """(id, number) of the other orders whose proof repeats this order's, oldest first."""
    with read_session() as s:
        others = of_order(s, order_id)
        if not others:
            return []
        rows = s.exec(
            select(Order.id, Order.number).where(col(Order.id).in_(others)).order_by(col(Order.created_at))
        ).all()
    return [(oid, number or order_number(oid)) for oid, number in rows]


def of_order(s: Session, order_id: uuid.UUID) -> list[uuid.UUID]:
    """The other orders whose proof repeats this order's (earlier or later)."""
    mine = s.get(ProofPrint, order_id)
    if mine is None:
        return []
    return twins(s, Fingerprint(mine.sha256, mine.phash), exclude=order_id)
