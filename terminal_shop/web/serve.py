"""`reflex ...` with its production backend served by gunicorn and uvicorn workers.

Reflex 0.10 serves on granian by default. Each open tab is a websocket, and a bare ASGI app
holding websockets grows about 150 KB a connection under granian 2.8.9 against 17 KB under
uvicorn with wsproto; on the site, a worker holding 400 tabs was 280 MB resident under granian
and 170 under this (docs/benchmarks.md section 15, issue 51.8). gunicorn also replaces a worker
that dies (out of memory, a crash in a C library, `kill -9`) while the others keep serving.
Use it exactly like `reflex`:

    python -m terminal_shop.web.serve run --env prod --frontend-port 3000 --backend-port 3000

WEB_CONCURRENCY sets the number of workers (gunicorn's own variable); unset, Reflex's rule.
"""

from __future__ import annotations

import gc
import sys
from typing import Any

from uvicorn_worker import UvicornWorker

from terminal_shop.infra.settings import get_settings
from terminal_shop.reflex_compat import reflex_worker_count, run_reflex_cli_on_gunicorn


class SiteWorker(UvicornWorker):
    """A gunicorn worker running uvicorn as the site needs it."""

    CONFIG_KWARGS = {
        "loop": "asyncio",
        "http": "h11",
        "ws": "wsproto",  # the smallest per open tab of the websocket implementations measured
        # The client's address is web/guards.client_address's to read, by TRUSTED_PROXY_HOPS:
        # uvicorn would otherwise believe any X-Forwarded-For sent from 127.0.0.1.
        "proxy_headers": False,
        "server_header": False,
    }

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        # Built in gunicorn's master right before the fork: what the master loaded (the app,
        # --preload) is moved out of the collector's reach, so a worker's collections walk only
        # its own objects (its tabs'), never write to the pages it shares with the others, and
        # pause it for less (the Python manual's gc.freeze; docs/benchmarks.md section 15).
        gc.freeze()
        super().__init__(*args, **kwargs)


def served_port(argv: list[str]) -> int | None:
    """The port the pages are served on (`--frontend-port N` or `--frontend-port=N`)."""
    for i, arg in enumerate(argv):
        if arg == "--frontend-port" and i + 1 < len(argv) and argv[i + 1].isdigit():
            return int(argv[i + 1])
        if arg.startswith("--frontend-port=") and arg.split("=", 1)[1].isdigit():
            return int(arg.split("=", 1)[1])
    return None


if __name__ == "__main__":
    settings = get_settings()
    if (port := served_port(sys.argv)) is not None and (warning := settings.port_mismatch(port)):
        print(f"WARNING: {warning}", file=sys.stderr, flush=True)
    workers = settings.web_workers or reflex_worker_count()
    run_reflex_cli_on_gunicorn(f"{__spec__.name}.SiteWorker", workers, settings.web_server_options)
