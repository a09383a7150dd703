"""Fills the database with many realistic rows for trying the admin lists at scale.

    python -m terminal_shop.cli.seed --orders 100000 --merchants 100000

Rows are marked as seeded (e-mails end in @seed.example) so they are easy to tell
apart and to remove: `python -m terminal_shop.cli.seed --remove`. No files are stored.
"""

from __future__ import annotations

import argparse
import random
import uuid
from datetime import timedelta

from sqlalchemy import delete, insert
from sqlmodel import col

from terminal_shop import catalogue
from terminal_shop.infra.db import write_session
from terminal_shop.infra.models import table_of, utcnow
from terminal_shop.services.orders.tables import Order
from terminal_shop.services.orders.terms import OrderStatus, PaymentMethod
from terminal_shop.services.registrations.tables import MerchantRegistration
from terminal_shop.services.registrations.terms import Bank, BusinessType, Premises, RegistrationStatus

SEED_DOMAIN = "seed.example"
FIRST = (
    "Budi",
    "Siti",
    "Agus",
    "Dewi",
    "Eko",
    "Rina",
    "Andi",
    "Sri",
    "Joko",
    "Wati",
    "Hendra",
    "Putri",
    "Rudi",
    "Lestari",
    "Bayu",
    "Maya",
)
LAST = (
    "Santoso",
    "Wahyuni",
    "Pratama",
    "Lestari",
    "Saputra",
    "Kartika",
    "Hidayat",
    "Susanti",
    "Gunawan",
    "Rahayu",
    "Setiawan",
    "Nugroho",
)
CITIES = (
    ("Surabaya", "Genteng"),
    ("Malang", "Klojen"),
    ("Sidoarjo", "Waru"),
    ("Jakarta Selatan", "Tebet"),
    ("Bandung", "Coblong"),
    ("Semarang", "Tembalang"),
    ("Denpasar", "Denpasar Barat"),
    ("Medan", "Medan Baru"),
)
SHOPS = ("Warung", "Toko", "Kedai", "Minimarket", "Depot", "Butik", "Apotek", "Bengkel")


def _person(rng: random.Random) -> str:
    return f"{rng.choice(FIRST)} {rng.choice(LAST)}"


def _when(rng: random.Random):
    return utcnow() - timedelta(seconds=rng.randint(0, 2 * 365 * 24 * 3600))


def order_rows(n: int, rng: random.Random):
    products = list(catalogue.PRODUCTS)
    for i in range(n):
        p = rng.choice(products)
        qty = rng.randint(1, 3)
        total = p.price * qty
        qris = total <= catalogue.QRIS_MAX_TOTAL and rng.random() < 0.4
        method = PaymentMethod.QRIS if qris else PaymentMethod.TRANSFER_BCA
        created = _when(rng)
        name = _person(rng)
        oid = uuid.uuid4()
        yield {
            "id": oid,
            "client_ref": None,
            "created_at": created,
            "updated_at": created,
            "buyer_name": name,
            "buyer_phone": f"08{rng.randint(1000000000, 9999999999)}",
            "buyer_email": f"{name.split()[0].lower()}.{i}@{SEED_DOMAIN}",
            "shipping_address": f"Jl. Merdeka No. {rng.randint(1, 200)}, {rng.choice(CITIES)[0]}",
            "note": None,
            "items": [{"sku": p.sku, "name": p.name, "qty": qty, "unit_price": p.price}],
            "subtotal": total,
            "shipping_fee": 0,
            "total": total,
            "payment_method": method.value,
            "status": rng.choices(ORDER_MIX, (30, 55, 12, 3))[0].value,
            "payment_proof_url": None,
            "payment_proof_path": f"{oid}/seed.png",
        }


ORDER_MIX = (OrderStatus.PAID_REVIEW, OrderStatus.CONFIRMED, OrderStatus.CANCELLED, OrderStatus.PENDING)
REGISTRATION_MIX = (RegistrationStatus.PENDING, RegistrationStatus.APPROVED, RegistrationStatus.REJECTED)


def merchant_rows(n: int, rng: random.Random):
    for i in range(n):
        name = _person(rng)
        city, district = rng.choice(CITIES)
        created = _when(rng)
        status = rng.choices(REGISTRATION_MIX, (25, 65, 10))[0]
        yield {
            "id": uuid.uuid4(),
            "created_at": created,
            "updated_at": created,
            "verified_at": created + timedelta(days=1) if status is RegistrationStatus.APPROVED else None,
            "status": status.value,
            "rejection_reason": "Foto KTP tidak terbaca" if status is RegistrationStatus.REJECTED else None,
            "nama_lengkap": name,
            "nomor_hp": f"+628{rng.randint(100000000, 9999999999)}",
            "email": f"{name.split()[0].lower()}.{i}@{SEED_DOMAIN}",
            "nama_usaha": f"{rng.choice(SHOPS)} {name.split()[1]} {i}",
            "jenis_usaha": rng.choice(list(BusinessType)).value,
            "alamat_usaha": f"Jl. Pahlawan No. {rng.randint(1, 300)}",
            "kecamatan": district,
            "kabupaten_kota": city,
            "omzet_bulanan": rng.randrange(5_000_000, 500_000_000, 500_000),
            "tempat_usaha": rng.choice(list(Premises)).value,
            "nib_npwp": None,
            "nama_bank": rng.choice([b for b in Bank if b is not Bank.OTHER]).value,
            "nama_rekening": name,
            "nomor_rekening": str(rng.randint(10**9, 10**10 - 1)),
            "foto_ktp_url": None,
            "foto_kk_url": None,
            "foto_selfie_url": None,
            "foto_usaha_url": None,
            "foto_barang_url": None,
        }


def _insert(table, rows, batch: int = 5000) -> int:
    done, chunk = 0, []
    for row in rows:
        chunk.append(row)
        if len(chunk) == batch:
            with write_session() as s:
                s.execute(insert(table), chunk)
            done += len(chunk)
            chunk = []
    if chunk:
        with write_session() as s:
            s.execute(insert(table), chunk)
        done += len(chunk)
    return done


def seed(orders: int, merchants: int, seed_value: int = 27) -> tuple[int, int]:
    rng = random.Random(seed_value)
    return _insert(table_of(Order), order_rows(orders, rng)), _insert(
        table_of(MerchantRegistration), merchant_rows(merchants, rng)
    )


def remove() -> None:
    with write_session() as s:
        s.execute(delete(Order).where(col(Order.buyer_email).like(f"%@{SEED_DOMAIN}")))
        s.execute(delete(MerchantRegistration).where(col(MerchantRegistration.email).like(f"%@{SEED_DOMAIN}")))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m terminal_shop.cli.seed")
    parser.add_argument("--orders", type=int, default=100_000)
    parser.add_argument("--merchants", type=int, default=100_000)
    parser.add_argument("--remove", action="store_true", help="delete every seeded row instead")
    args = parser.parse_args(argv)
    if args.remove:
        remove()
        print("Seeded rows removed.")
        return
    o, m = seed(args.orders, args.merchants)
    print(f"Seeded {o} orders and {m} merchant registrations.")


if __name__ == "__main__":
    main()
