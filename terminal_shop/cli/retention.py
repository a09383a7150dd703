"""Erase what has outlived its retention period (services/privacy/retention.py).

python -m terminal_shop.retention run             # erase, and say what went
python -m terminal_shop.retention run --dry-run   # only say what would go
"""

from __future__ import annotations

import argparse

from terminal_shop.services.privacy import retention


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m terminal_shop.retention")
    commands = parser.add_subparsers(dest="command", required=True)
    run = commands.add_parser("run", help="erase what has outlived its retention period")
    run.add_argument("--dry-run", action="store_true", help="say what would be erased, change nothing")
    args = parser.parse_args(argv)
    report = retention.run(dry_run=args.dry_run)
    print(("Akan dihapus" if args.dry_run else "Dihapus") + ":")
    for line in report.lines():
        print(f"  {line}")


if __name__ == "__main__":
    main()
