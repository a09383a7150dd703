"""`reflex ...` with its web server told to replace a worker that dies.

Reflex 0.10 builds granian's server without `respawn_failed_workers`, so one worker
killed (out of memory, a crash in a C library, `kill -9`) stopped every worker and the
whole site with it. This runs Reflex's own command line unchanged, with failed workers
respawned (reflex_compat.run_reflex_cli_with_respawning_workers): the other workers keep
serving and the dead one is back within seconds. Use it exactly like `reflex`:

    python -m terminal_shop.web.serve run --env prod --frontend-port 3000 --backend-port 3000
"""

from __future__ import annotations

import sys

from terminal_shop.infra.settings import get_settings
from terminal_shop.reflex_compat import run_reflex_cli_with_respawning_workers


def served_port(argv: list[str]) -> int | None:
    """The port the pages are served on (`--frontend-port N` or `--frontend-port=N`)."""
    for i, arg in enumerate(argv):
        if arg == "--frontend-port" and i + 1 < len(argv) and argv[i + 1].isdigit():
            return int(argv[i + 1])
        if arg.startswith("--frontend-port=") and arg.split("=", 1)[1].isdigit():
            return int(arg.split("=", 1)[1])
    return None


if __name__ == "__main__":
    if (port := served_port(sys.argv)) is not None and (warning := get_settings().port_mismatch(port)):
        print(f"WARNING: {warning}", file=sys.stderr, flush=True)
    run_reflex_cli_with_respawning_workers()
