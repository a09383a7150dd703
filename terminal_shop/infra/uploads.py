"""Checks on uploaded files: type from the content, size, safe names, no hidden location."""

from __future__ import annotations

import io
import re
import warnings
from dataclasses import dataclass

from PIL import Image, ImageOps, UnidentifiedImageError

MAX_UPLOAD_BYTES = 10 * 1024 * 1024
MAX_FILES_PER_REQUEST = 5  # the registration's documents
MAX_IMAGE_PIXELS = 60_000_000  # checked from the header, before anything is decoded
Image.MAX_IMAGE_PIXELS = MAX_IMAGE_PIXELS  # Pillow's own guard, a second line


class UploadRejected(Exception):
    """A file the buyer or merchant must replace; the message is shown as is."""

    def __init__(self, title: str, message: str):
        super().__init__(message)
        self.title = title
        self.message = message


TOO_LARGE = ("File terlalu besar", "Ukuran file maksimal 10MB")
TOO_MANY_PIXELS = ("File terlalu besar", "Resolusi gambar maksimal 60 megapiksel")


def browser_rejection(codes: list[str], wrong_type: tuple[str, str]) -> tuple[str, str]:
    """The toast for a file the browser's picker refused (react-dropzone error codes)."""
    return TOO_LARGE if "file-too-large" in (codes or []) else wrong_type


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
}
IMAGE_KINDS = ("jpeg", "png")  # merchant documents
PROOF_KINDS = ("jpeg", "png", "pdf")  # proofs of payment


def accept(kinds: tuple[str, ...]) -> dict[str, list[str]]:
    """The browser picker's `accept` for these kinds: content type -> extensions."""
    extensions = {"jpeg": [".jpg", ".jpeg"], "png": [".png"], "pdf": [".pdf"]}
    return {_KINDS[k][1]: extensions[k] for k in kinds}


IMAGE_ACCEPT = accept(IMAGE_KINDS)
PROOF_ACCEPT = accept(PROOF_KINDS)


def sniff(data: bytes) -> str | None:
    """The real type of a file from its first bytes, or None."""
    if data.startswith(b"\xff\xd8\xff"):
        return "jpeg"
    if data.startswith(b"\x89PNG\r\n\x1a\n"):
        return "png"
    if data.startswith(b"%PDF-"):
        return "pdf"
    return None


def check_file(data: bytes, allowed: tuple[str, ...], wrong_type: tuple[str, str]) -> CheckedFile:
    """Refuses empty, oversized, mislabelled and undecodable files."""
    if len(data) > MAX_UPLOAD_BYTES:
        raise UploadRejected(*TOO_LARGE)
    kind = sniff(data)
    if kind is None or kind not in allowed:
        raise UploadRejected(*wrong_type)
    if kind in ("jpeg", "png"):
        try:
            with warnings.catch_warnings():  # Pillow warns of what the next line refuses
                warnings.simplefilter("ignore", Image.DecompressionBombWarning)
                img = Image.open(io.BytesIO(data))  # reads the header only
            with img:
                if img.width * img.height > MAX_IMAGE_PIXELS:
                    raise UploadRejected(*TOO_MANY_PIXELS)  # Pillow alone only warns up to twice its cap
                img.verify()
        except (UnidentifiedImageError, OSError, SyntaxError, Image.DecompressionBombError):
            raise UploadRejected(*wrong_type) from None
    ext, content_type = _KINDS[kind]
    return CheckedFile(data, kind, ext, content_type)


def strip_metadata(checked: CheckedFile) -> CheckedFile:
    """Re-encodes an image without EXIF (GPS location, device) or anything appended after
    it (a hidden HTML page, a zip), keeping its orientation. PDFs pass as they are: they
    are only ever served sandboxed (api.serve_file)."""
    if checked.kind not in ("jpeg", "png"):
        return checked
    with Image.open(io.BytesIO(checked.data)) as img:
        img = ImageOps.exif_transpose(img)
        out = io.BytesIO()
        if checked.kind == "jpeg":
            img.convert("RGB").save(out, "JPEG", quality=90, optimize=True)
        else:  # plain zlib: PNG's `optimize` tries every filter and took most of a checkout's time
            img.save(out, "PNG")
    return CheckedFile(out.getvalue(), checked.kind, checked.extension, checked.content_type)


def safe_name(filename: str, fallback: str = "file") -> str:
    """A short ASCII name safe in any store: 'Bukti TF (1).PNG' -> 'Bukti_TF_1.png'."""
    base = filename.replace("\\", "/").rsplit("/", 1)[-1]
    stem, dot, ext = base.rpartition(".")
    if not dot:
        stem, ext = base, ""
    stem = re.sub(r"[^A-Za-z0-9_-]+", "_", stem).strip("_-")[:60] or fallback
    ext = re.sub(r"[^A-Za-z0-9]", "", ext).lower()[:5]
    return f"{stem}.{ext}" if ext else stem
