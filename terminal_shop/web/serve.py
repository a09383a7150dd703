"""`reflex ...` with its web server told to replace a worker that dies.

Reflex 0.10 builds granian's server without `respawn_failed_workers`, so one worker
killed (out of memory, a crash in a C library, `kill -9`) stopped every worker and the
whole site with it. This runs Reflex's own command line unchanged, with failed workers
respawned (reflex_compat.run_reflex_cli_with_respawning_workers): the other workers keep
serving and the dead one is back within seconds. Use it exactly like `reflex`:

    python -m terminal_shop.web.serve run --env prod --frontend-port 3000 --backend-port 3000
"""

from __future__ import annotations

from terminal_shop.reflex_compat import run_reflex_cli_with_respawning_workers

if __name__ == "__main__":
    run_reflex_cli_with_respawning_workers()
