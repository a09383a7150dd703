"""Snapshots that restore (infra/backups.py; README, Backups):

    python -m terminal_shop.cli.backup create DIR    # every table and stored file, into a new folder
    python -m terminal_shop.cli.backup verify DIR    # the snapshot against its manifest
    python -m terminal_shop.cli.backup restore DIR   # onto an empty site (migrate it first)

Exits 1 with the reason when the snapshot cannot be made, is damaged, or does not fit.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from terminal_shop.infra import backups
from terminal_shop.infra.settings import private_files


def _print(report: backups.Report, done: str) -> None:
    rows = ", ".join(f"{name} {n}" for name, n in report.rows.items() if n)
    print(f"{done}: {sum(report.rows.values())} baris ({rows or 'kosong'}), {report.files} file.")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m terminal_shop.cli.backup")
    parser.add_argument("action", choices=("create", "verify", "restore"))
    parser.add_argument("folder", type=Path)
    args = parser.parse_args(argv)
    private_files()  # the snapshot holds KTP photos and bank accounts: this user only
    try:
        if args.action == "create":
            _print(backups.create(args.folder), f"Cadangan dibuat di {args.folder}")
        elif args.action == "verify":
            report = backups.verify(args.folder)
            for problem in report.problems:
                print(f"RUSAK: {problem}")
            if report.problems:
                return 1
            _print(report, "Cadangan utuh")
        else:
            _print(backups.restore(args.folder), "Cadangan dipulihkan")
    except backups.BackupError as exc:
        print(f"Gagal: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
