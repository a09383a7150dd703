"""Checks on uploaded files: type from the content, size, safe names, no hidden location.

An upload's cost is bounded whatever its pixels (docs/decisions.md, Files): the size is
read from the header first; a JPEG is checked by decoding it at 1/8 scale (its DCT
allows that, so 60 megapixels cost under one), at most DECODES_AT_ONCE at a time in a
worker, so hostile uploads queue instead of multiplying memory; a PNG is checked chunk by
chunk (structure and CRCs) and never decoded, and one above PNG_MAX_PIXELS is refused (it
would cost the admin's browser that shows it). Metadata is stripped from the file's bytes
(segments and chunks), never by decoding and re-encoding it.
"""

from __future__ import annotations

import io
import math
import re
import threading
import warnings
import zlib
from dataclasses import dataclass

from PIL import Image, UnidentifiedImageError

from terminal_shop import rules
from terminal_shop.infra import file_structure
from terminal_shop.refusals import Refused
from terminal_shop.vocabulary import Term

MAX_UPLOAD_MB = rules.UPLOAD_MAX_MB
MAX_UPLOAD_BYTES = MAX_UPLOAD_MB * 1024 * 1024
TOO_LARGE_TEXT = f"File terlalu besar: maksimal {rules.UPLOAD_MAX}"  # an admin's upload over it
MAX_FILES_PER_REQUEST = 5  # the registration's documents
MAX_IMAGE_PIXELS = 60_000_000  # checked from the header, before anything is decoded
PNG_MAX_PIXELS = 16_000_000  # a PNG is decoded whole: 16 MP RGBA is 64 MB
DECODES_AT_ONCE = 2  # per worker process
Image.MAX_IMAGE_PIXELS = MAX_IMAGE_PIXELS  # Pillow's own guard, a second line
_decoding = threading.BoundedSemaphore(DECODES_AT_ONCE)


class UploadRefusal(Term):
    """Why a file was refused; the label says it under its toast's title (`TITLES`). A file of
    the wrong type is said in the area's words: which files that form takes."""

    TOO_LARGE = "terlalu-besar", f"Ukuran file maksimal {rules.UPLOAD_MAX}"
    TOO_MANY_PIXELS = "resolusi", "Resolusi gambar maksimal 60 megapiksel"
    PNG_TOO_MANY_PIXELS = "png-besar", "Gambar PNG maksimal 16 megapiksel. Kirim sebagai JPG atau perkecil gambarnya."
    BROKEN = "rusak", "File JPG rusak"
    WRONG_TYPE = "jenis", "Format file tidak didukung"
    VIDEO = (
        "video",
        f"Video tidak dapat dibaca atau lebih dari {rules.VIDEO_MAX_SECONDS} detik. Kirim MP4 atau WebM yang lebih pendek.",
    )
    ACTIVE_PDF = (
        "pdf-aktif",
        "PDF berisi skrip, tautan peluncur atau lampiran tersembunyi. Kirim foto, atau simpan ulang sebagai PDF biasa.",
    )


_TOO_LARGE_TITLE, _UNSUPPORTED_TITLE = "File terlalu besar", "Format file tidak didukung"
TITLES = {
    UploadRefusal.TOO_LARGE: _TOO_LARGE_TITLE,
    UploadRefusal.TOO_MANY_PIXELS: _TOO_LARGE_TITLE,
    UploadRefusal.PNG_TOO_MANY_PIXELS: _TOO_LARGE_TITLE,
    UploadRefusal.BROKEN: _UNSUPPORTED_TITLE,
    UploadRefusal.WRONG_TYPE: _UNSUPPORTED_TITLE,
    UploadRefusal.VIDEO: _UNSUPPORTED_TITLE,
    UploadRefusal.ACTIVE_PDF: _UNSUPPORTED_TITLE,
}
WrongType = tuple[str, str]  # an area's (title, text) for a file its form does not take


class UploadRejected(Refused):
    """A file the buyer, merchant or admin must replace: `title` heads the toast, `text` says why."""

    code: UploadRefusal

    def __init__(self, code: UploadRefusal, /, *, wrong_type: WrongType | None = None) -> None:
        title, words = wrong_type or (TITLES[code], "")
        super().__init__(code, words=words)
        self.title = title


def browser_rejection(codes: list[str], wrong_type: WrongType) -> tuple[str, str]:
    """The toast for a file the browser's picker refused (react-dropzone error codes)."""
    too_large = UploadRefusal.TOO_LARGE
    return (TITLES[too_large], too_large.label) if "file-too-large" in (codes or []) else wrong_type


@dataclass(frozen=True)
class CheckedFile:
    data: bytes
    kind: str  # "jpeg", "png" or "pdf"
    extension: str
    content_type: str


_KINDS = {
    "jpeg": ("jpg", "image/jpeg"),
    "png": ("png", "image/png"),
    "pdf": ("pdf", "application/pdf"),
    "mp4": ("mp4", "video/mp4"),
    "webm": ("webm", "video/webm"),
}
IMAGE_KINDS = ("jpeg", "png")  # merchant documents
PROOF_KINDS = ("jpeg", "png", "pdf")  # proofs of payment
VIDEO_KINDS = ("mp4", "webm")  # a short video of a broken terminal (services/servicing)
MEDIA_KINDS = (*IMAGE_KINDS, *VIDEO_KINDS)


def accept(kinds: tuple[str, ...]) -> dict[str, list[str]]:
    """The browser picker's `accept` for these kinds: content type -> extensions."""
    extensions = {"jpeg": [".jpg", ".jpeg"], "png": [".png"], "pdf": [".pdf"], "mp4": [".mp4"], "webm": [".webm"]}
    return {_KINDS[k][1]: extensions[k] for k in kinds}


IMAGE_ACCEPT = accept(IMAGE_KINDS)
PROOF_ACCEPT = accept(PROOF_KINDS)
MEDIA_ACCEPT = accept(MEDIA_KINDS)


def check_file(data: bytes, allowed: tuple[str, ...], wrong_type: WrongType) -> CheckedFile:
    """Refuses empty, oversized, mislabelled and undecodable files."""
    if len(data) > MAX_UPLOAD_BYTES:
        raise UploadRejected(UploadRefusal.TOO_LARGE)
    kind = file_structure.sniff(data)
    if kind is None or kind not in allowed:
        raise UploadRejected(UploadRefusal.WRONG_TYPE, wrong_type=wrong_type)
    if kind in ("jpeg", "png"):
        try:
            _check_image(data, kind)
        except (UnidentifiedImageError, OSError, SyntaxError, ValueError, Image.DecompressionBombError):
            raise UploadRejected(UploadRefusal.WRONG_TYPE, wrong_type=wrong_type) from None
    elif kind in ("mp4", "webm") and not file_structure.video_ok(data, kind, rules.VIDEO_MAX_SECONDS):
        raise UploadRejected(UploadRefusal.VIDEO)  # the first bytes of a video, and then anything (issue 63.5)
    elif kind == "pdf":
        found = file_structure.pdf_activity(data)
        if found is None:
            raise UploadRejected(UploadRefusal.WRONG_TYPE, wrong_type=wrong_type)
        if found:
            raise UploadRejected(UploadRefusal.ACTIVE_PDF)
    ext, content_type = _KINDS[kind]
    return CheckedFile(data, kind, ext, content_type)


def _check_image(data: bytes, kind: str) -> None:
    """The size from the header, then one bounded decode: raises what Pillow raises for a
    file that is not the image it claims to be."""
    with warnings.catch_warnings():  # Pillow warns of what the lines below refuse
        warnings.simplefilter("ignore", Image.DecompressionBombWarning)
        img = Image.open(io.BytesIO(data))  # reads the header only
    with img:
        pixels = img.width * img.height
        if pixels > MAX_IMAGE_PIXELS:
            raise UploadRejected(UploadRefusal.TOO_MANY_PIXELS)  # Pillow alone only warns up to twice its cap
        if kind == "png" and pixels > PNG_MAX_PIXELS:
            raise UploadRejected(UploadRefusal.PNG_TOO_MANY_PIXELS)
        if kind == "png":  # its structure and every chunk's CRC; its pixels are never decoded here
            img.verify()
            return
        with _decoding:  # DCT scaling: 1/8 of each side, 1/64 of the pixels
            img.draft("RGB", (math.ceil(img.width / 8), math.ceil(img.height / 8)))
            img.load()


def thumbnail(checked: CheckedFile, side: int = 256) -> Image.Image | None:
    """A small greyscale copy of an image upload (None for a PDF), for fingerprints. A JPEG
    is decoded at the smallest DCT scale that keeps `side` pixels; a PNG (at most
    PNG_MAX_PIXELS) is decoded whole. Either under the same bound as the checks."""
    if checked.kind not in ("jpeg", "png"):
        return None
    with _decoding, Image.open(io.BytesIO(checked.data)) as img:
        if checked.kind == "jpeg":
            img.draft("L", (side, side))
        small = img.convert("L")
        small.thumbnail((side, side))
        return small


def strip_metadata(checked: CheckedFile) -> CheckedFile:
    """The image without EXIF (GPS location, device), text chunks, or anything appended
    after it (a hidden HTML page, a zip), its orientation kept: rewritten from its
    segments and chunks, pixels untouched. PDFs pass as they are: they are only ever
    served sandboxed (api.serve_file); a video passes as it is (served as a download to the
    admin, never embedded in our pages). Call it on what check_file passed."""
    if checked.kind == "jpeg":
        cleaned = _clean_jpeg(checked.data)
    elif checked.kind == "png":
        cleaned = _clean_png(checked.data)
    else:
        return checked
    return CheckedFile(cleaned, checked.kind, checked.extension, checked.content_type)


_ORIENTATION = 0x0112


def _orientation_exif(exif_block: bytes) -> bytes:
    """A minimal EXIF block ("Exif\\0\\0" + TIFF) holding only the orientation of the one
    given, or b"" when the image is upright as stored."""
    found = Image.Exif()
    found.load(exif_block)
    orientation = found.get(_ORIENTATION, 1)
    if orientation not in range(2, 9):
        return b""
    exif = Image.Exif()
    exif[_ORIENTATION] = orientation
    return exif.tobytes()


# JPEG: APP0 (JFIF), an ICC profile (APP2) and Adobe's colour transform (APP14) are kept
# with every coding segment; other APPn (EXIF, XMP, maker notes) and comments are dropped.
_JPEG_SCAN_END = re.compile(rb"\xff(?!\x00|[\xd0-\xd7]|\xff)")


def _clean_jpeg(data: bytes) -> bytes:
    with Image.open(io.BytesIO(data)) as img:  # the header: EXIF comes before the pixels
        exif = _orientation_exif(img.info.get("exif", b""))
    out = [b"\xff\xd8", _segment(0xE1, exif)] if exif else [b"\xff\xd8"]
    i = 2
    while i + 1 < len(data):
        if data[i] != 0xFF:
            raise UploadRejected(UploadRefusal.BROKEN)
        marker = data[i + 1]
        if marker == 0xFF:  # fill byte
            i += 1
            continue
        if marker == 0xD9:  # end of image: whatever follows is dropped
            break
        if marker == 0x01 or 0xD0 <= marker <= 0xD7:
            out.append(data[i : i + 2])
            i += 2
            continue
        end = i + 2 + int.from_bytes(data[i + 2 : i + 4], "big")
        segment = data[i:end]
        if marker == 0xDA:  # start of scan: the entropy-coded data runs to the next marker
            scan_end = _JPEG_SCAN_END.search(data, end)
            end = scan_end.start() if scan_end else len(data)
            segment = data[i:end]
        if _keep_jpeg_segment(marker, segment):
            out.append(segment)
        i = end
    out.append(b"\xff\xd9")
    return b"".join(out)


def _keep_jpeg_segment(marker: int, segment: bytes) -> bool:
    if marker == 0xFE:  # comment
        return False
    if 0xE0 <= marker <= 0xEF:
        return marker in (0xE0, 0xEE) or (marker == 0xE2 and segment[4:16] == b"ICC_PROFILE\x00")
    return True


def _segment(marker: int, payload: bytes) -> bytes:
    return bytes([0xFF, marker]) + (len(payload) + 2).to_bytes(2, "big") + payload


# PNG: the image's own chunks and its colour information; text, EXIF (but orientation),
# time and animation chunks are dropped, and nothing after IEND is kept.
_PNG_KEPT = {b"IHDR", b"PLTE", b"IDAT", b"IEND", b"tRNS", b"gAMA", b"cHRM", b"sRGB", b"iCCP", b"sBIT", b"pHYs", b"bKGD"}


def _clean_png(data: bytes) -> bytes:
    out = [data[:8]]
    i = 8
    while i + 8 <= len(data):
        length = int.from_bytes(data[i : i + 4], "big")
        kind = data[i + 4 : i + 8]
        end = i + 12 + length
        if kind in _PNG_KEPT:
            out.append(data[i:end])
        elif kind == b"eXIf" and (exif := _orientation_exif(data[i + 8 : end - 4])):
            out.insert(2, _png_chunk(b"eXIf", exif[6:]))  # after IHDR; the TIFF block without "Exif\\0\\0"
        if kind == b"IEND":
            break
        i = end
    return b"".join(out)


def _png_chunk(kind: bytes, payload: bytes) -> bytes:
    crc = zlib.crc32(kind + payload).to_bytes(4, "big")
    return len(payload).to_bytes(4, "big") + kind + payload + crc


def safe_name(filename: str, fallback: str = "file") -> str:
    """A short ASCII name safe in any store: 'Bukti TF (1).PNG' -> 'Bukti_TF_1.png'."""
    base = filename.replace("\\", "/").rsplit("/", 1)[-1]
    stem, dot, ext = base.rpartition(".")
    if not dot:
        stem, ext = base, ""
    stem = re.sub(r"[^A-Za-z0-9_-]+", "_", stem).strip("_-")[:60] or fallback
    ext = re.sub(r"[^A-Za-z0-9]", "", ext).lower()[:5]
    return f"{stem}.{ext}" if ext else stem
