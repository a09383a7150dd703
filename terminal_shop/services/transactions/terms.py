"""The transactions area's words (issue 51.4): a transaction's statuses as the acquirer sends
and the database keeps them, with what the merchant reads; no other module spells them bare."""

from __future__ import annotations

from decimal import Decimal

from terminal_shop.vocabulary import Term

# The ways a card or QRIS sale is paid, as every screen and statement names them.
CHANNELS = {"debit": "Kartu debit", "kredit": "Kartu kredit", "qris": "QRIS"}


class TxnStatus(Term):
    APPROVED = "approved", "Berhasil", "emerald"
    VOID = "void", "Dibatalkan", "slate"
    REFUND = "refund", "Dikembalikan", "amber"


class EntryKind(Term):
    """A ledger entry (ledger.py), as a payout's breakdown names it."""

    SALE = "sale", "Penjualan"
    MDR = "mdr", "MDR"
    REFUND = "refund", "Refund"
    MDR_BACK = "mdr_kembali", "MDR dikembalikan"
    VOID = "void", "Pembatalan"
    CHARGEBACK = "chargeback", "Chargeback"
    CORRECTION = "koreksi", "Koreksi"
    CARRY = "saldo", "Saldo dibawa"  # a payout below zero: taken from the next one (ledger.carry_due)


class Hold(Term):
    """Why a sale is kept out of every payout until the admin resolves it."""

    TID = "tid", "TID tidak dikenal"
    MID = "mid", "MID tidak sesuai dengan terminal"


class HeldRefusal(Term):
    NOT_FOUND = "tidak-ada", "Transaksi ini tidak sedang ditahan"
    NO_TERMINAL = "tanpa-terminal", "Belum ada terminal aktif dengan TID {tid} dan MID {mid}"
    OTHER_MID = "mid-lain", "MID transaksi tidak sesuai dengan terminalnya: minta acquirer membetulkannya"


class ReportRefusal(Term):
    """What is wrong with a settlement report file, as the admin reads it."""

    NOT_CSV = "bukan-csv", "File harus CSV (UTF-8)"
    EMPTY = "kosong", "File kosong"
    COLUMNS = "kolom", "Kolom tidak ditemukan: {missing}. Pilih kolom yang sesuai."
    TOO_LONG = "terlalu-panjang", "Maksimal {most} baris"


class AcquirerRefusal(Term):
    """What the admin reads beside the acquirer form."""

    CUTOFF = "jam", "Isi jam batas seperti 23:00"
    ARRIVES = "jam-masuk", "Isi jam dana masuk seperti 10:00"
    CODE = "kode", "Kode 2-20 huruf kecil atau angka, contoh bri"
    NAME = "nama", "Isi nama acquirer"
    EXISTS = "sudah-ada", "Acquirer {acquirer} sudah ada"
    NOT_FOUND = "tidak-ada", "Acquirer tidak ditemukan"


class CorrectionRefusal(Term):
    MID = "mid", "MID ini tidak punya pencairan di acquirer tersebut"
    AMOUNT = "jumlah", "Tulis jumlah dengan tanda, misalnya -5.000 atau 5000 (bukan 0)"
    REASON = "alasan", "Tulis alasan koreksi yang dibaca merchant (5-200 karakter)"


MAX_PERCENT = Decimal("10")


class RateRefusal(Term):
    """What is wrong with a field of the agreed-rate form; the label is the admin's text."""

    CHANNEL = "kanal", "Pilih kanal"
    PERCENT = "persen", f"Isi persen 0 sampai {MAX_PERCENT}, contoh 0,5"
    SINCE = "tanggal", "Isi tanggal berlaku"
    MERCHANT = "merchant", "Merchant tidak ditemukan"
