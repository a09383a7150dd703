"""The merchant team area's words."""

from __future__ import annotations

from terminal_shop.vocabulary import Term


class OutletRefusal(Term):
    NAME = "nama", "Nama outlet 2-80 karakter"
    ADDRESS = "alamat", "Alamat outlet wajib diisi (maksimal 300 karakter)"
    AREA = "wilayah", "Isi kecamatan dan kota/kabupaten"
    NOT_FOUND = "tidak-ada", "Outlet atau perangkat tidak ditemukan"
    TAKEN = "nama-dipakai", "Outlet bernama {name} sudah ada"
    HOURS = "jam", "Jam buka harus lebih awal dari jam tutup"


class Activity(Term):
    """What the account's log says happened (the label is the merchant's text)."""

    SIGNED_IN = "masuk", "Masuk ke akun"
    DOWNLOADED = "unduh", "Mengunduh {what}"
    REPORTED = "lapor", "Melaporkan {what}"
    ANSWERED = "tanggapi", "Menanggapi {what}"
    OUTLET = "outlet", "Mengubah outlet: {what}"
    INVITED = "undang", "Mengundang {what}"
    JOINED = "gabung", "Bergabung sebagai {what}"
    CHANGED = "ubah-peran", "Mengubah peran {what}"
    REMOVED = "keluarkan", "Mengeluarkan {what}"


class MemberRole(Term):
    OWNER = "pemilik", "Pemilik"
    MANAGER = "manajer", "Manajer"
    CASHIER = "kasir", "Kasir"


class Ability(Term):
    """What a role may see or do on /akun: checked by every handler and route (scope.py)."""

    TODAY = "hari-ini", "Transaksi hari ini"
    FEES = "biaya", "MDR dan pendapatan bersih"
    HISTORY = "riwayat", "Riwayat transaksi"
    REPORTS = "laporan", "Unduh CSV dan laporan bulanan"
    PAYOUTS = "pencairan", "Pencairan dan rekening"
    DISPUTES = "sengketa", "Sengketa dan bukti"
    SERVICE = "servis", "Laporkan masalah perangkat"
    TEAM = "tim", "Outlet, tim dan aktivitas"


ABILITIES: dict[MemberRole, frozenset[Ability]] = {
    MemberRole.OWNER: frozenset(Ability),
    MemberRole.MANAGER: frozenset(
        {Ability.TODAY, Ability.FEES, Ability.HISTORY, Ability.REPORTS, Ability.DISPUTES, Ability.SERVICE}
    ),
    MemberRole.CASHIER: frozenset({Ability.TODAY, Ability.SERVICE}),
}
STAFF_ROLES = (MemberRole.MANAGER, MemberRole.CASHIER)  # what the owner invites


class TeamRefusal(Term):
    EMAIL = "email", "Format email tidak valid"
    ROLE = "peran", "Pilih peran: Manajer atau Kasir"
    OUTLETS = "outlet", "Pilih minimal satu outlet"
    OWNER = "pemilik", "Alamat ini milik pemilik usaha"
    MEMBER = "anggota", "{email} sudah ada di tim"
    TOO_MANY = "banyak-undangan", "Terlalu banyak undangan dalam satu jam. Coba lagi nanti."
    NOT_FOUND = "tidak-ada", "Anggota tim tidak ditemukan"
    INVITE_GONE = (
        "undangan",
        "Undangan tidak berlaku lagi (sudah dipakai, ditarik, atau lewat 48 jam). Minta pemilik usaha mengirim undangan baru.",
    )
    OTHER_ADDRESS = (
        "alamat-lain",
        "Undangan ini untuk alamat email lain. Masuk dengan email yang diundang untuk bergabung.",
    )
