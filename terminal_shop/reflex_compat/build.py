"""Reflex's build output and server, as the site relies on them (checked on 0.10.1; the
package's self_check covers them)."""

from __future__ import annotations

import re
from pathlib import Path

# ----- the prerendered HTML of a page (0.10.1, React Router's prerender) -----

# A `<link rel="modulepreload">` per script chunk, and one inline entry module that starts
# the app. web/paint_first.py moves the entry after first paint and drops the preloads.
MODULE_PRELOAD = re.compile(rb'<link rel="modulepreload"[^>]*>')
ENTRY_MODULE = re.compile(rb'<script type="module" async="">(.*?)</script>', re.S)
# The build's scripts and styles, each file named by its content's hash (Vite's output folder).
BUILD_ASSETS_PREFIX = "/assets/"


# ----- serving -----


def built_pages_dir() -> Path:
    """Where the production build's files are (0.10.1: .web/build/client, as the frontend
    mount serves them)."""
    from reflex import constants
    from reflex.utils import prerequisites

    return (prerequisites.get_web_dir() / constants.Dirs.STATIC).resolve()


def run_reflex_cli_with_respawning_workers() -> None:
    """Reflex's own command line, with granian's server told to replace a worker that dies.

    0.10.1 builds `granian.server.Server(...)` without `respawn_failed_workers` and imports
    the class when it starts serving, so the swap must come before the CLI is imported.
    """
    import granian.server

    base: type = granian.server.Server

    class RespawningServer(base):  # whichever Server granian ships
        """granian's server, replacing each failed worker (granian exits on a crash loop:
        the same worker dying again within about 5 seconds of its respawn)."""

        def __init__(self, *args, **kwargs):
            kwargs.setdefault("respawn_failed_workers", True)
            super().__init__(*args, **kwargs)

    granian.server.Server = RespawningServer
    from reflex.reflex import cli

    cli(prog_name="reflex")
