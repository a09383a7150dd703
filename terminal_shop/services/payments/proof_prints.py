"""Fingerprints of proofs of payment, to tell one image sent for two orders.

Each proof keeps its SHA-256 (the very same file) and, for an image, a 256-bit perceptual
hash (imagehash's pHash: a resized or re-encoded copy stays within a few bits, while two
different receipts of the same banking app differ by 18 bits or more, measured in
tests/service/test_payments_services.py). The hash is kept in eight 32-bit bands: two
hashes within NEAR_BITS share at least one band (pigeonhole), found by an indexed lookup.
"""

from __future__ import annotations

import hashlib
import uuid
from dataclasses import dataclass

import imagehash
from sqlalchemy import or_, tuple_
from sqlmodel import Session, select

from terminal_shop.infra.db import read_session
from terminal_shop.infra.models import Order, ProofBand, ProofPrint
from terminal_shop.infra.uploads import CheckedFile, thumbnail
from terminal_shop.views import order_number

HASH_SIZE = 16  # 16 x 16 = 256 bits
BANDS = 8
BAND_BITS = HASH_SIZE * HASH_SIZE // BANDS
NEAR_BITS = BANDS - 1  # found for certain up to here; see the module's docstring


@dataclass(frozen=True)
class Fingerprint:
    sha256: str
    phash: str | None  # hex, None for a PDF

    def bands(self) -> list[tuple[int, int]]:
        if self.phash is None:
            return []
        whole = int(self.phash, 16)
        mask = (1 << BAND_BITS) - 1
        # Signed 32-bit values fit every database's BIGINT (and SQLite's INTEGER).
        return [(b, (whole >> (b * BAND_BITS)) & mask) for b in range(BANDS)]


def fingerprint(proof: CheckedFile) -> Fingerprint:
    try:
        small = thumbnail(proof)
    except (OSError, ValueError):  # checked, yet its pixels do not decode: the file's hash only
        small = None
    phash = str(imagehash.phash(small, hash_size=HASH_SIZE)) if small is not None else None
    return Fingerprint(hashlib.sha256(proof.data).hexdigest(), phash)


def distance(a: str, b: str) -> int:
    return (int(a, 16) ^ int(b, 16)).bit_count()


def twins(s: Session, print_: Fingerprint, exclude: uuid.UUID | None = None) -> list[uuid.UUID]:
    """Orders whose proof is this very file or a near copy of this image."""
    conds = [ProofPrint.sha256 == print_.sha256]
    if print_.phash is not None:
        bands = print_.bands()
        near = select(ProofBand.order_id).where(tuple_(ProofBand.band, ProofBand.value).in_(bands))
        conds.append(ProofPrint.order_id.in_(near))
    found = []
    for row in s.exec(select(ProofPrint).where(or_(*conds))):
        if row.order_id == exclude:
            continue
        same_file = row.sha256 == print_.sha256
        if same_file or (row.phash and print_.phash and distance(row.phash, print_.phash) <= NEAR_BITS):
            found.append(row.order_id)
    return found


def record(s: Session, order_id: uuid.UUID, print_: Fingerprint) -> list[uuid.UUID]:
    """Keeps the order's fingerprint; returns the earlier orders whose proof it repeats."""
    earlier = twins(s, print_, exclude=order_id)
    s.add(ProofPrint(order_id=order_id, sha256=print_.sha256, phash=print_.phash))
    for band, value in print_.bands():
        s.add(ProofBand(band=band, value=value, order_id=order_id))
    return earlier


def repeated_in(order_id: uuid.UUID) -> list[tuple[uuid.UUID, str]]:
    """(id, number) of the other orders whose proof repeats this order's, oldest first."""
    with read_session() as s:
        others = of_order(s, order_id)
        if not others:
            return []
        rows = s.exec(select(Order.id, Order.number).where(Order.id.in_(others)).order_by(Order.created_at)).all()
    return [(oid, number or order_number(oid)) for oid, number in rows]


def of_order(s: Session, order_id: uuid.UUID) -> list[uuid.UUID]:
    """The other orders whose proof repeats this order's (earlier or later)."""
    mine = s.get(ProofPrint, order_id)
    if mine is None:
        return []
    return twins(s, Fingerprint(mine.sha256, mine.phash), exclude=order_id)
