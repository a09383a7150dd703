"""Real files for upload tests, made on the fly."""

from __future__ import annotations

import io
from pathlib import Path

from PIL import Image


def png(path: Path, size=(320, 200), color=(20, 90, 200)) -> Path:
    Image.new("RGB", size, color).save(path, "PNG")
    return path


def jpg(path: Path, size=(320, 200), color=(200, 90, 20), gps: bool = False) -> Path:
    img = Image.new("RGB", size, color)
    if gps:
        exif = Image.Exif()
        exif[0x010F] = "PhoneMaker"  # Make
        exif[0x8825] = {1: "S", 2: (6.0, 12.0, 0.0), 3: "E", 4: (106.0, 49.0, 0.0)}
        img.save(path, "JPEG", exif=exif)
    else:
        img.save(path, "JPEG")
    return path


def pdf(path: Path) -> Path:
    Image.new("RGB", (200, 280), (255, 255, 255)).save(path, "PDF")
    return path


def big_png(path: Path, megabytes: float) -> Path:
    """A valid PNG padded past the size limit (noise does not compress)."""
    import os

    side = 1800
    data = os.urandom(side * side * 3)
    img = Image.frombytes("RGB", (side, side), data)
    buf = io.BytesIO()
    img.save(buf, "PNG", compress_level=0)
    raw = buf.getvalue()
    while len(raw) < megabytes * 1024 * 1024:
        raw += raw[8:]  # still starts with a PNG signature
    path.write_bytes(raw[: int(megabytes * 1024 * 1024)])
    return path


def fake_png(path: Path) -> Path:
    path.write_bytes(b"this is a text file pretending to be an image\n" * 20)
    return path
