"""Addresses of our own files in `assets/` that change with their content.

`/js/site.js?v=3f2a...` names one version of the file, so a browser may keep it for a year
without asking again (web/caching.py); an edit gives a new address. The framework's own
build files are named by their hash already.
"""

from __future__ import annotations

import functools
import hashlib
from pathlib import Path
from urllib.parse import parse_qs

ASSETS_DIR = Path(__file__).resolve().parent.parent / "assets"
VERSION_PARAM = "v"


@functools.lru_cache(maxsize=256)  # bounded: requests name any path they like
def version(path: str) -> str:
    """The first 12 hex digits of the file's SHA-256 ('' for a path that is not in assets/)."""
    file = (ASSETS_DIR / path.lstrip("/")).resolve()
    if not file.is_relative_to(ASSETS_DIR) or not file.is_file():
        return ""
    return hashlib.sha256(file.read_bytes()).hexdigest()[:12]


def url(path: str) -> str:
    """The file's address with its version."""
    v = version(path)
    return f"{path}?{VERSION_PARAM}={v}" if v else path


def is_current(path: str, query: str) -> bool:
    """Whether a request names the version of the file being served (only then may it be
    kept for a year: an old address answered with new content must not be)."""
    if VERSION_PARAM + "=" not in query:  # most requests: no file read, no cache entry
        return False
    asked = parse_qs(query).get(VERSION_PARAM, [""])[0]
    return bool(asked) and asked == version(path)
