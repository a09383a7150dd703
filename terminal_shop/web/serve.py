"""`reflex ...` with its web server told to replace a worker that dies.

Reflex 0.10 builds granian's server without `respawn_failed_workers`, so one worker
killed (out of memory, a crash in a C library, `kill -9`) stopped every worker and the
whole site with it. This runs Reflex's own command line unchanged, with granian's server
class swapped for one that respawns failed workers: the other workers keep serving and
the dead one is back within seconds. Use it exactly like `reflex`:

    python -m terminal_shop.web.serve run --env prod --frontend-port 3000 --backend-port 3000
"""

from __future__ import annotations

import granian.server


class RespawningServer(granian.server.Server):
    """granian's server, replacing each failed worker (granian exits on a crash loop:
    the same worker dying again within about 5 seconds of its respawn)."""

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("respawn_failed_workers", True)
        super().__init__(*args, **kwargs)


def main() -> None:
    # Reflex imports granian's Server when it starts serving, so the swap must come first.
    granian.server.Server = RespawningServer
    from reflex.reflex import cli

    cli(prog_name="reflex")


if __name__ == "__main__":
    main()
