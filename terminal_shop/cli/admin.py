"""Admin accounts from the command line.

python -m terminal_shop.cli.admin create EMAIL [--password P] [--role R]
        create (an owner unless --role pemilik|keuangan|verifikator|pengiriman), or reset a password
python -m terminal_shop.cli.admin reset-2fa EMAIL
        the authenticator app lost with every recovery code: 2FA off and the account's sessions
        ended; it sets 2FA up again at its next sign-in (another owner can do this on "Akun admin")
python -m terminal_shop.cli.admin ensure-first
        on an empty database, create the first allow-listed admin (an owner: the bootstrap) and
        print its one-time password
"""

from __future__ import annotations

import argparse
import getpass

from terminal_shop.infra.settings import get_settings, private_files
from terminal_shop.services.team import admin_auth, two_factor
from terminal_shop.services.team.terms import AdminRole


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m terminal_shop.cli.admin")
    sub = parser.add_subparsers(dest="cmd", required=True)
    create = sub.add_parser("create", help="create an admin or reset its password")
    create.add_argument("email")
    create.add_argument("--password", help="omit to be asked (or leave empty for a random one)")
    create.add_argument(
        "--role", choices=[r.value for r in AdminRole], help="what it may do (default: pemilik, or kept)"
    )
    reset = sub.add_parser("reset-2fa", help="turn an admin's 2FA off (a lost phone) and end its sessions")
    reset.add_argument("email")
    sub.add_parser("ensure-first", help="create the first admin if there is none")
    args = parser.parse_args(argv)
    private_files()

    if args.cmd == "create":
        typed = args.password if args.password is not None else getpass.getpass("Password (kosong = acak): ")
        email, password = admin_auth.create_admin(args.email, typed or None, AdminRole.parse(args.role or ""))
        print(f"Admin {email} siap. Password: {password}")
        if not typed:
            print("Password sekali pakai: harus diganti saat pertama kali masuk.")
        if not admin_auth.is_allowed(email):
            print(f"Catatan: {email} belum ada di ADMIN_EMAILS, jadi belum bisa masuk.")
    elif args.cmd == "reset-2fa":
        admin_id = admin_auth.admin_id(args.email) or ""
        if not two_factor.turn_off(admin_id, "cli", "2FA direset dari server; semua sesi diakhiri"):
            raise SystemExit(f"Tidak ada admin {args.email}")
        print(f"2FA {admin_auth.normalise_email(args.email)} dimatikan: atur ulang saat masuk berikutnya.")
    elif admin_auth.admin_count() == 0:
        email, password = admin_auth.create_admin(get_settings().admin_emails[0])
        print(f"Admin pertama dibuat: {email}  password sekali pakai: {password}")
        print("Password ini harus diganti saat pertama kali masuk.")


if __name__ == "__main__":
    main()
