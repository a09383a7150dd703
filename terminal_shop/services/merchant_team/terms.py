"""The merchant team area's words."""

from __future__ import annotations

from terminal_shop.vocabulary import Term


class OutletRefusal(Term):
    NAME = "nama", "Nama outlet 2-80 karakter"
    ADDRESS = "alamat", "Alamat outlet wajib diisi (maksimal 300 karakter)"
    AREA = "wilayah", "Isi kecamatan dan kota/kabupaten"
    NOT_FOUND = "tidak-ada", "Outlet atau perangkat tidak ditemukan"
    TAKEN = "nama-dipakai", "Outlet bernama {name} sudah ada"


class Activity(Term):
    """What the account's log says happened (the label is the merchant's text)."""

    SIGNED_IN = "masuk", "Masuk ke akun"
    DOWNLOADED = "unduh", "Mengunduh {what}"
    REPORTED = "lapor", "Melaporkan {what}"
    ANSWERED = "tanggapi", "Menanggapi {what}"
    OUTLET = "outlet", "Mengubah outlet: {what}"
