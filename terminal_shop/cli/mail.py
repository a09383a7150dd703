"""Send the e-mails waiting in the outbox: `python -m terminal_shop.cli.mail send-pending`.

The site sends them too, every few seconds, from each worker (services/notifications/outbox.py).
"""

from __future__ import annotations

import argparse

from terminal_shop.infra.settings import private_files
from terminal_shop.services.notifications import sender


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m terminal_shop.cli.mail")
    parser.add_argument("command", choices=["send-pending"])
    parser.parse_args(argv)
    private_files()
    total = 0
    while sent := sender.send_pending():
        total += sent
    print(f"{total} email terkirim.")


if __name__ == "__main__":
    main()
