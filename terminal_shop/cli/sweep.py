"""Remove stored files no row points to: `python -m terminal_shop.cli.sweep [--grace-minutes N]`.

The site runs the same sweep every SWEEP_INTERVAL_SECONDS; this is for running it by hand.
"""

from __future__ import annotations

import argparse
from datetime import timedelta

from terminal_shop.infra import sweeper
from terminal_shop.infra.settings import private_files
from terminal_shop.services import stored_files


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m terminal_shop.cli.sweep")
    parser.add_argument("--grace-minutes", type=int, default=int(sweeper.GRACE.total_seconds() // 60))
    args = parser.parse_args(argv)
    private_files()
    removed = stored_files.sweep(timedelta(minutes=args.grace_minutes))
    for path in removed:
        print(f"dihapus: {path}")
    print(f"{len(removed)} file yatim dihapus.")


if __name__ == "__main__":
    main()
