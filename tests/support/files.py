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


def huge_png(width: int, height: int) -> bytes:
    """A real, valid PNG of width x height black pixels, a few hundred KB however many
    pixels: the decompression bomb a hostile client uploads. Made row by row, so making it
    holds no more than one row."""
    import struct
    import zlib

    def chunk(kind: bytes, payload: bytes) -> bytes:
        return struct.pack(">I", len(payload)) + kind + payload + struct.pack(">I", zlib.crc32(kind + payload))

    packer = zlib.compressobj(9)
    row = b"\x00" * (1 + width * 3)  # filter byte, then RGB
    idat = b"".join(packer.compress(row) for _ in range(height)) + packer.flush()
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", idat) + chunk(b"IEND", b"")


def photo_jpg(width: int, height: int, orientation: int = 1, trailer: bytes = b"") -> bytes:
    """A phone photo's shape: a large JPEG with EXIF (maker, GPS, orientation), anything
    after its end appended (a hidden page, a zip)."""
    img = Image.linear_gradient("L").resize((width, height)).convert("RGB")
    exif = Image.Exif()
    exif[0x010F] = "PhoneMaker"
    exif[0x0112] = orientation
    exif[0x8825] = {1: "S", 2: (6.0, 12.0, 0.0), 3: "E", 4: (106.0, 49.0, 0.0)}
    buf = io.BytesIO()
    img.save(buf, "JPEG", quality=80, exif=exif, comment=b"edited")
    return buf.getvalue() + trailer


def receipt(amount: str, reference: str, name: str = "TERMINALKU", size=(1080, 1920)) -> Image.Image:
    """A banking app's transfer receipt as a screenshot: the same layout for every transfer,
    only the text differs (what makes perceptual hashes of proofs hard)."""
    from PIL import ImageDraw, ImageFont

    font = ImageFont.load_default(44)
    img = Image.new("RGB", size, "white")
    draw = ImageDraw.Draw(img)
    draw.rectangle((0, 0, size[0], 300), fill=(0, 90, 170))
    draw.text((80, 120), "m-BCA", fill="white", font=font)
    for i, text in enumerate(
        ("Transfer Berhasil", f"Rp {amount}", f"Ke: {name}", f"Ref {reference}", "25/11/2026 10:21 WIB")
    ):
        draw.text((80, 400 + 120 * i), text, fill="black", font=font)
    draw.rectangle((100, 1600, size[0] - 100, 1750), fill=(20, 160, 90))
    return img


# Phones people screenshot receipts on (portrait pixels): the threshold must hold on each.
PHONES = ((720, 1600), (1080, 2400), (1080, 1920), (1170, 2532))


def bank_screenshot(
    amount: int, reference: str, name: str, account: str, when: str, clock: str, battery: int, size=(1080, 2400)
) -> Image.Image:
    """A mobile banking app's "Transfer Berhasil" screen as a phone captures it: status bar
    (clock, battery), the app's bar, a tick, the receipt's label/value rows, buttons. One
    layout for every transfer: only the figures, names and times differ."""
    from PIL import ImageDraw, ImageFont

    w, h = size
    u = w / 1080  # the layout scales with the screen's width, as apps do
    big, mid, small = (ImageFont.load_default(round(v * u)) for v in (64, 40, 32))
    img = Image.new("RGB", size, (245, 247, 250))
    d = ImageDraw.Draw(img)
    d.rectangle((0, 0, w, 80 * u), fill=(0, 70, 140))  # status bar
    d.text((30 * u, 18 * u), clock, fill="white", font=small)
    d.rectangle((w - 90 * u, 26 * u, w - 40 * u, 52 * u), outline="white", width=max(1, round(2 * u)))  # battery
    d.rectangle((w - 87 * u, 29 * u, w - 87 * u + 44 * u * battery / 100, 49 * u), fill="white")
    d.rectangle((0, 80 * u, w, 240 * u), fill=(0, 90, 170))  # the app's bar
    d.text((40 * u, 130 * u), "m-Transfer", fill="white", font=mid)
    d.ellipse((w / 2 - 90 * u, 320 * u, w / 2 + 90 * u, 500 * u), fill=(20, 160, 90))  # the tick
    d.line(
        (w / 2 - 40 * u, 410 * u, w / 2 - 5 * u, 450 * u, w / 2 + 50 * u, 370 * u), fill="white", width=round(16 * u)
    )
    d.text((w / 2, 560 * u), "Transfer Berhasil", fill=(20, 30, 40), font=big, anchor="mm")
    d.text((w / 2, 660 * u), f"Rp {amount:,}".replace(",", "."), fill=(20, 30, 40), font=big, anchor="mm")
    d.rounded_rectangle((40 * u, 760 * u, w - 40 * u, 1500 * u), radius=round(24 * u), fill="white")
    rows = (
        ("Tanggal", when),
        ("Penerima", name),
        ("Rekening", account),
        ("Bank", "BCA"),
        ("Jumlah", f"Rp {amount:,}".replace(",", ".")),
        ("Biaya", "Rp 0"),
        ("No. Referensi", reference),
    )
    for i, (label, value) in enumerate(rows):
        y = (800 + 95 * i) * u
        d.text((80 * u, y), label, fill=(110, 120, 130), font=mid)
        d.text((w - 80 * u, y), value, fill=(20, 30, 40), font=mid, anchor="ra")
    for i, text in enumerate(("Bagikan", "Selesai")):
        top = (1620 + 150 * i) * u
        d.rounded_rectangle(
            (60 * u, top, w - 60 * u, top + 110 * u),
            radius=round(20 * u),
            fill=(0, 90, 170) if i else "white",
            outline=(0, 90, 170),
            width=round(4 * u),
        )
        d.text((w / 2, top + 55 * u), text, fill="white" if i else (0, 90, 170), font=mid, anchor="mm")
    return img


def encoded(img: Image.Image, kind: str = "PNG", **options) -> bytes:
    buf = io.BytesIO()
    img.convert("RGB").save(buf, kind, **options)
    return buf.getvalue()
