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


def reflex_worker_count() -> int:
    """Reflex's own rule for how many backend processes: one on the embedded store (tab state
    in one process's files), two a core plus one with Redis (0.10.1: processes.get_num_workers)."""
    from reflex.utils import processes

    return processes.get_num_workers()


def run_reflex_cli_on_gunicorn(worker_class: str, workers: int, operator_options: str = "") -> None:
    """Reflex's own command line, its production backend served by gunicorn with `worker_class`.

    0.10.1 takes gunicorn and uvicorn (its other production server) when REFLEX_USE_GRANIAN is
    false, runs `gunicorn --preload --worker-class uvicorn.workers.UvicornH11Worker --threads N`
    and then the options in GUNICORN_CMD_ARGS, which win: the worker class, and the number of
    workers (`--threads` means nothing to an ASGI worker: without `--workers` there is one).
    The operator's own options come last and win over these.
    """
    import os

    ours = f"--worker-class {worker_class} --workers {workers} --graceful-timeout 25"
    # The server's process inherits this one's environment: the one place the site writes to it.
    os.environ.update(REFLEX_USE_GRANIAN="false", GUNICORN_CMD_ARGS=f"{ours} {operator_options}".strip())
    from reflex.reflex import cli

    cli(prog_name="reflex")
