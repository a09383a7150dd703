"""Is the configured QRIS usable? `python -m terminal_shop.cli.qris check`."""

from __future__ import annotations

import argparse

from terminal_shop.services.orders.payment_qr import merchant
from terminal_shop.services.orders.qris import PayloadError


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m terminal_shop.cli.qris")
    parser.add_argument("command", choices=["check"])
    parser.parse_args(argv)
    try:
        m = merchant()
    except PayloadError as exc:
        print(f"QRIS tidak bisa dipakai: {exc.text}. Checkout menampilkan gambar QRIS statis.")
        return 1
    print(f"QRIS statis valid: {m.name}, {m.city}. Setiap pesanan mendapat QRIS dinamis dengan jumlahnya.")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
