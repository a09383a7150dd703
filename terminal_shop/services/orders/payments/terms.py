"""The payment check's words: where an imported line comes from, what it is to the waiting
orders, and the orders list's proof filter (each value what the database or the URL holds)."""

from __future__ import annotations

from terminal_shop.vocabulary import Term


class StatementSource(Term):
    """Where an imported payment line comes from (services/orders/payments/statement.py)."""

    BCA = "bca", "mutasi BCA"
    BANK = "bank", "mutasi bank"
    QRIS = "qris", "laporan QRIS"


class MatchKind(Term):
    """What an imported line is to the orders waiting for payment (services/orders/payments/reconcile.py)."""

    MATCHED = "cocok", "Cocok", "emerald"
    AMBIGUOUS = "ambigu", "Ambigu", "amber"
    UNKNOWN = "tidak-dikenal", "Tidak dikenal"
    DEBIT = "debit", "Debit"
    PENDING = "pending", "Pending"
    USED = "dipakai", "Sudah dipakai", "blue"


class MatchRefusal(Term):
    """Why a statement line cannot confirm an order; the label is what the admin reads."""

    AMOUNT = "jumlah", "Jumlah baris mutasi tidak sama dengan total pesanan"
    NOT_THIS_ORDER = "bukan-pesanan-ini", "Baris mutasi ini tidak cocok dengan pesanan tersebut"
    USED = "dipakai", "Baris mutasi ini sudah dipakai untuk pesanan lain"
    # "Cocokkan manual" (manual_match.py)
    SHORT = "kurang", "Jumlah di mutasi kurang dari total pesanan"
    LINE = "baris", "Baris mutasi ini tidak bisa dicocokkan (bukan kredit, masih pending, atau sudah dipakai)"
    METHOD = "metode", "Metode pembayaran pesanan tidak sesuai dengan baris mutasi ini"


class StatementRefusal(Term):
    """Why a statement file cannot be read; the label is the admin's text ({line}: where)."""

    EMPTY = "kosong", "Baris {line}: file kosong"
    NOT_CSV = "bukan-csv", "Baris {line}: bukan file CSV"
    TOO_LONG = "panjang", "Baris {line}: file lebih dari {most} baris"
    BROKEN = "rusak", "Baris {line}: format CSV rusak ({why})"
    UNKNOWN_FORMAT = (
        "format",
        "Baris {line}: bukan file mutasi yang dikenal: file mutasi BCA (KlikBCA) atau CSV dengan kolom date, "
        "description, amount",
    )
    COLUMNS = "kolom", "Baris {line}: kolom {missing} tidak ada di file. Kolom di file: {found}"
    DATE = "tanggal", "Baris {line}: tanggal '{text}' tidak terbaca, contoh 2026-11-25 atau 25/11/2026"
    AMOUNT = "jumlah", "Baris {line}: jumlah '{text}' tidak terbaca"
    BCA_HEADER = (
        "judul",
        "Baris {line}: baris judul 'Tanggal Transaksi,Keterangan,Cabang,Jumlah,,Saldo' tidak ditemukan",
    )
    CURRENCY = "mata-uang", "Baris {line}: mata uang {currency} tidak didukung, hanya Rupiah (Rp/IDR)"
    PERIOD_MISSING = "periode", "Baris {line}: baris 'Periode : dd/mm/yyyy - dd/mm/yyyy' tidak ditemukan"
    PERIOD = "periode-format", "Baris {line}: periode '{text}' tidak terbaca, contoh 01/11/2026 - 25/11/2026"
    BCA_COLUMNS = "kolom-kurang", "Baris {line}: kolom kurang: tanggal, keterangan, cabang, jumlah wajib ada"
    DIRECTION = "cr-db", "Baris {line}: tanda CR/DB tidak ditemukan"
    BCA_DATE = "tanggal-bca", "Baris {line}: tanggal '{text}' tidak terbaca, contoh '25/11"
    OUTSIDE = "di-luar-periode", "Baris {line}: tanggal {text} di luar periode {start} - {end}"
    TOTALS = (
        "total",
        "Baris {line}: {label} {stated} tidak sama dengan jumlah baris {read}: file terpotong atau diubah?",
    )
