"""The devices area's words: a unit's statuses and why a unit was refused (codes with the
Indonesian texts the admin reads; `{...}` are filled from the refusal's details)."""

from __future__ import annotations

from terminal_shop.infra import rate_limits
from terminal_shop.vocabulary import Term


class DeviceStatus(Term):
    IN_STOCK = "stok", "Stok", "emerald"
    RESERVED = "dipesan", "Dipesan", "blue"
    SHIPPED = "dikirim", "Dikirim", "indigo"
    ACTIVE = "aktif", "Aktif", "emerald"
    SUSPENDED = "ditangguhkan", "Ditangguhkan", "amber"
    REPLACED = "diganti", "Diganti", "slate"  # a replacement took its TID; on its way back (servicing)
    RETURNED = "dikembalikan", "Dikembalikan", "slate"
    BROKEN = "rusak", "Rusak", "red"


class DeviceRefusal(Term):
    SERIAL_MISSING = "sn-kosong", "Nomor seri (SN) wajib diisi"
    SERIAL_FORMAT = "sn-format", "Nomor seri {serial} tidak valid: 6-20 huruf atau angka, tanpa spasi atau tanda baca"
    SERIAL_TAKEN = "sn-terdaftar", "Nomor seri {serial} sudah terdaftar"
    MODEL = "model", "Model {model} tidak dikenal: pilih {models}"
    IMEI_MISSING = "imei-kosong", "IMEI wajib diisi untuk {model} (perangkat 4G)"
    IMEI_FORMAT = "imei-format", "IMEI {imei} tidak valid: 15 angka dengan digit pemeriksa yang benar"
    IMEI_TAKEN = "imei-terdaftar", "IMEI {imei} sudah terdaftar pada perangkat lain"
    ICCID_FORMAT = "iccid-format", "ICCID {iccid} tidak valid: 19-20 angka yang diawali 89"
    ICCID_TAKEN = "iccid-terdaftar", "ICCID {iccid} sudah terdaftar pada perangkat lain"
    NO_SIM = "tanpa-sim", "{model} tidak memakai kartu SIM: kosongkan IMEI dan ICCID"
    SHORT_LINE = "baris", "Baris harus berisi SN dan model"
    # packing (packing.py)
    PACK_COUNT = "jumlah-sn", "Pesanan ini butuh {wanted}: terisi {given} SN"
    SERIAL_TWICE = "sn-ganda", "Nomor seri {serial} terisi dua kali"
    NOT_FOUND = "sn-tidak-ada", "Nomor seri {serial} tidak ada di daftar perangkat"
    NOT_IN_STOCK = "sn-bukan-stok", "Perangkat {serial} tidak di stok (status: {status})"
    WRONG_MODEL = "sn-model", "Perangkat {serial} adalah {model}; pesanan ini memesan {wanted}"
    ALREADY_RECORDED = "sn-tercatat", "SN perangkat pesanan ini sudah tercatat"
    NOT_SENT = (
        "belum-dikirim-pesanan",
        "Catat SN hanya untuk pesanan yang sudah dikirim tanpa SN: kemas pesanan ini dengan Tandai Dikemas",
    )
    TAKEN_NOW = "sn-diambil", "Salah satu SN baru saja dipakai pesanan lain: periksa dan pindai ulang"
    # activation (activation.py)
    NOT_SHIPPED = "belum-dikirim", "Perangkat {serial} belum dikirim ke merchant (status: {status})"
    NO_MERCHANT = "tanpa-merchant", "Pesanan perangkat {serial} belum tertaut ke pendaftaran merchant"
    NOT_APPROVED = "belum-disetujui", "Pendaftaran merchant untuk {serial} belum disetujui"
    ACQUIRER = "acquirer", "Isi nama acquirer (bank atau penyedia pembayaran)"
    TID_FORMAT = "tid-format", "TID harus 8 huruf atau angka"
    MID_FORMAT = "mid-format", "MID harus 9-15 angka"
    NMID_FORMAT = "nmid-format", "NMID harus diawali ID lalu 13 angka, contoh ID1020012345678"
    TID_TAKEN = "tid-dipakai", "TID {tid} sudah dipakai perangkat aktif lain"
    MID_TAKEN = "mid-dipakai", "MID {mid} milik merchant lain: satu MID untuk satu merchant"
    SHORT_ACTIVATION = "baris-aktivasi", "Baris harus berisi SN atau TID, acquirer, MID dan TID"
    # later in its life (lifecycle.py)
    STEP = "langkah", "Perangkat berstatus {status} tidak dapat diubah menjadi {to}"
    REASON = "alasan", "Tulis alasannya (untuk riwayat perangkat)"


class LinkRefusal(Term):
    UNKNOWN_ORDER = "pesanan", "Nomor pesanan tidak ditemukan"
    UNKNOWN_MERCHANT = "merchant", "Pendaftaran merchant tidak ditemukan atau sudah dihapus"
    REJECTED = "ditolak", "Pendaftaran merchant ini ditolak: tautkan setelah diperbaiki"


class WarrantyRefusal(Term):
    TOO_MANY = "terlalu-sering", rate_limits.TOO_MANY_TEXT
