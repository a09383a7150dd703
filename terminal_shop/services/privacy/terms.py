"""A data subject's words."""

from __future__ import annotations

from terminal_shop import routes
from terminal_shop.infra import rate_limits
from terminal_shop.vocabulary import Term


class DataRequestKind(Term):
    """What a data subject asked for (services/privacy/requests.py)."""

    ACCESS = "akses", "Minta salinan data"
    ERASURE = "hapus", "Minta penghapusan data"


class RequestRefusal(Term):
    """Why a data request cannot be taken; the label (its {details} filled) is what is read."""

    NOT_FOUND = "tidak-ada", "Data tidak ditemukan"
    LINK = "tautan", f"Tautan tidak berlaku. Minta tautan baru di halaman {routes.DASHBOARD_NAME}."
    NOTHING_OWNED = "tanpa-data", "Belum ada pesanan atau pendaftaran dengan email ini"
    TOO_MANY = "terlalu-sering", rate_limits.TOO_MANY_TEXT


class IncidentScope(Term):
    """Which records a data incident touched: the query that finds the people affected."""

    ORDERS = "order", "Pesanan (pembeli)"
    MERCHANTS = "merchant", "Pendaftaran merchant"


class ExposedData(Term):
    """What an incident exposed, in the words the people affected read (UU 27/2022 Ps 46 (2) a)."""

    NAME = "nama", "Nama"
    EMAIL = "email", "Alamat email"
    PHONE = "hp", "Nomor HP"
    ADDRESS = "alamat", "Alamat"
    DOCUMENTS = "dokumen", "Foto KTP, KK dan dokumen lain"
    BANK = "rekening", "Nomor rekening bank"
    PROOFS = "bukti", "Bukti pembayaran"


class IncidentRefusal(Term):
    """Why an incident cannot be recorded or moved on; the label is what the owner reads."""

    WHAT = "apa", "Tulis apa yang terjadi dan bagaimana data terungkap"
    WHEN = "kapan", "Isi kapan insiden diketahui (tidak boleh di masa depan)"
    DATA = "data", "Pilih data pribadi yang terungkap"
    SCOPE = "cakupan", "Pilih catatan yang tersentuh dan rentang tanggalnya"
    NOBODY = (
        "tanpa-orang",
        "Tidak ada catatan pada rentang itu: periksa jenis catatan dan tanggalnya. Insiden dicatat bersama orang yang terdampak.",
    )
    STEPS = "penanganan", "Tulis upaya penanganan dan pemulihan: orang yang terdampak membacanya"
    NOT_FOUND = "tidak-ada", "Insiden tidak ditemukan"
    CLOSED = "ditutup", "Insiden sudah ditutup"
    OUTCOME = "hasil", "Tulis apa yang sudah dilakukan sebelum menutup insiden"
