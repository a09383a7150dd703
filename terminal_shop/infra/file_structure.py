"""Uploads checked by their structure, not their first bytes (issue 63.5): a 544-byte "MP4" (an
`ftyp isom` header followed by HTML) was kept as a service video, and a PDF with JavaScript went
to admins and the acquirer as dispute evidence. A video is parsed by MediaInfo (pymediainfo) and
must hold a video track of a bounded duration; a PDF is parsed by pypdf and refused when any of
its objects can act when opened (JavaScript, launch and submit actions, embedded files, XFA
forms, rich media). Both libraries read the bytes only: nothing is played or rendered."""

from __future__ import annotations

import io
import logging
from typing import Any

from pymediainfo import MediaInfo
from pypdf import PdfReader
from pypdf.errors import PyPdfError
from pypdf.generic import ArrayObject, DictionaryObject, IndirectObject

log = logging.getLogger(__name__)

CONTAINERS = {"mp4": "MPEG-4", "webm": "WebM"}  # MediaInfo's name for each kind we take
ACTIVE_KEYS = {"/JS", "/JavaScript", "/EmbeddedFile", "/EmbeddedFiles", "/XFA", "/RichMedia", "/Launch"}
ACTIVE_ACTIONS = {"/JavaScript", "/Launch", "/SubmitForm", "/ImportData", "/GoToE", "/RichMediaExecute", "/Rendition"}
MAX_OBJECTS = 200_000  # a 10 MB PDF holds far fewer; a crafted loop ends here


def sniff(data: bytes) -> str | None:
    """The kind a file's first bytes claim, or None (check_file then reads its structure)."""
    if data.startswith(b"\xff\xd8\xff"):
        return "jpeg"
    if data.startswith(b"\x89PNG\r\n\x1a\n"):
        return "png"
    if data.startswith(b"%PDF-"):
        return "pdf"
    if data[4:8] == b"ftyp":  # ISO base media (MP4, a phone's .mov is refused by its brand below)
        return "mp4" if data[8:12] in _MP4_BRANDS else None
    if data.startswith(b"\x1aE\xdf\xa3"):  # EBML: WebM
        return "webm"
    return None


_MP4_BRANDS = {b"isom", b"iso2", b"mp41", b"mp42", b"avc1", b"M4V ", b"dash", b"3gp4", b"3gp5"}


def video_ok(data: bytes, kind: str, max_seconds: int) -> bool:
    """The file is the container its first bytes claim, with a video track, at most `max_seconds` long."""
    try:
        info = MediaInfo.parse(io.BytesIO(data))
    except (OSError, RuntimeError, ValueError) as exc:  # MediaInfo could not read it at all
        log.info("video refused: %s", exc)
        return False
    general = info.general_tracks[0] if info.general_tracks else None
    duration = _milliseconds(general.duration) if general is not None else None
    return (
        general is not None
        and general.format == CONTAINERS.get(kind)
        and bool(info.video_tracks)
        and duration is not None
        and 0 < duration <= max_seconds * 1000
    )


def _milliseconds(value: Any) -> float | None:
    try:
        return float(value)
    except (TypeError, ValueError):
        return None


def pdf_activity(data: bytes) -> list[str] | None:
    """What in the PDF would act when it is opened ([] for a plain document), or None when it is
    no PDF pypdf can read."""
    try:
        reader = PdfReader(io.BytesIO(data), strict=False)
        return _active(reader.trailer)
    except (PyPdfError, ValueError, TypeError, KeyError, RecursionError) as exc:
        log.info("pdf refused: %s", exc)
        return None


def _active(root: Any) -> list[str]:
    """Every dictionary reachable from the trailer, visited once, without recursion."""
    found: list[str] = []
    seen: set[tuple[int, int]] = set()
    todo, visited = [root], 0
    while todo and visited < MAX_OBJECTS:
        item = todo.pop()
        visited += 1
        if isinstance(item, IndirectObject):
            key = (item.idnum, item.generation)
            if key in seen:
                continue
            seen.add(key)
            item = item.get_object()
        if isinstance(item, DictionaryObject):
            found += sorted(k for k in item if k in ACTIVE_KEYS)
            if item.get("/S") in ACTIVE_ACTIONS:
                found.append(str(item.get("/S")))
            todo.extend(v for k, v in item.items() if k != "/Parent")
        elif isinstance(item, ArrayObject):
            todo.extend(item)
    if visited >= MAX_OBJECTS:
        found.append("terlalu banyak objek")
    return found
