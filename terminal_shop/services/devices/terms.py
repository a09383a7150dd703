"""The devices area's words: a unit's statuses and why a unit was refused (codes with the
Indonesian texts the admin reads; `{...}` are filled from the refusal's details)."""

from __future__ import annotations

from terminal_shop.vocabulary import Term


class DeviceStatus(Term):
    IN_STOCK = "stok", "Stok", "emerald"
    RESERVED = "dipesan", "Dipesan", "blue"
    SHIPPED = "dikirim", "Dikirim", "indigo"
    ACTIVE = "aktif", "Aktif", "emerald"
    SUSPENDED = "ditangguhkan", "Ditangguhkan", "amber"
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
