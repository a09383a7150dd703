"""What events tell applicants, merchants and admins, in Indonesian and in no channel's form
(notifications/content.py); `typed` keeps a stranger's link out of what a person typed."""

from __future__ import annotations

from datetime import datetime

from terminal_shop import rules
from terminal_shop.formats import wib
from terminal_shop.services import working_days
from terminal_shop.services.notifications.content import Content
from terminal_shop.services.notifications.emails import FIX_VALID, typed
from terminal_shop.services.registrations.views import RegistrationFacts
from terminal_shop.services.servicing.terms import CaseStep


def device_activated(reg: RegistrationFacts, model: str, serial: str, detail: str, sign_in: str) -> Content:
    return Content(
        f"EDC Anda aktif: {model} SN {serial}",
        f"Halo {typed(reg.nama_lengkap)},",
        [
            f"Perangkat {model} dengan SN {serial} untuk {typed(reg.nama_usaha)} sudah aktif dan siap menerima pembayaran.",
            f"Data aktivasi: {detail}.",
            "Simpan email ini: TID dan MID diperlukan bila Anda menghubungi bank atau tim kami.",
            "Transaksi, settlement dan perangkat Anda terlihat di akun Anda: masuk dengan kode yang kami kirim ke email ini.",
        ],
        ("Masuk ke akun Anda", sign_in),
    )


def registration_received(reg: RegistrationFacts, status: str) -> Content:
    due = working_days.spoken(working_days.review_due(working_days.today_wib()))
    return Content(
        "Pendaftaran merchant diterima",
        f"Halo {typed(reg.nama_lengkap)},",
        [
            f"Pendaftaran {typed(reg.nama_usaha)} sudah kami terima.",
            f"Tim kami memverifikasi data dan dokumen Anda dalam {rules.REGISTRATION_REVIEW}, paling lambat {due}.",
            "Ikuti statusnya kapan saja lewat tautan di bawah ini.",
        ],
        ("Lihat status pendaftaran", status),
    )


def registration_approved(reg: RegistrationFacts, sign_in: str) -> Content:
    return Content(
        "Pendaftaran merchant disetujui",
        f"Halo {typed(reg.nama_lengkap)},",
        [
            f"Selamat, pendaftaran {typed(reg.nama_usaha)} sudah kami setujui.",
            "Tim kami akan menghubungi Anda untuk aktivasi perangkat dan akun.",
            "Pesanan, perangkat dan transaksi Anda ada di akun Anda: masuk dengan kode yang kami kirim ke email ini.",
        ],
        ("Masuk ke akun Anda", sign_in),
    )


def registration_rejected(reg: RegistrationFacts, reason: str, fix_link: str) -> Content:
    return Content(
        "Pendaftaran merchant belum dapat disetujui",
        f"Halo {typed(reg.nama_lengkap)},",
        [
            f"Maaf, pendaftaran {typed(reg.nama_usaha)} belum dapat kami setujui.",
            f"Alasan: {reason or 'tidak disebutkan'}",
            f"Perbaiki data atau dokumen yang kami tandai lewat tautan di bawah ini (berlaku {FIX_VALID}, "
            "sekali pakai). Data lain tetap tersimpan; Anda tidak perlu mendaftar ulang.",
        ],
        ("Perbaiki pendaftaran", fix_link),
    )


def data_request(what: str, link: str, due: datetime) -> Content:
    """To each admin: a data subject's request, with the legal deadline (UU 27/2022)."""
    return Content(
        f"{what}: jawab sebelum {wib(due)}",
        "Halo,",
        [
            f"Pemilik data mengajukan permintaan: {what}.",
            f"Batas waktu menjawab: {wib(due)} ({rules.working_days(rules.DATA_REQUEST_ANSWER)}, UU 27/2022).",
        ],
        ("Buka datanya di back office", link),
    )


def device_status(reg: RegistrationFacts, model: str, serial: str, status: str, reason: str) -> Content:
    """A later change of a merchant's terminal (suspended, active again, returned, broken)."""
    return Content(
        f"Status EDC Anda: {status} ({model} SN {serial})",
        f"Halo {typed(reg.nama_lengkap)},",
        [
            f"Status perangkat {model} dengan SN {serial} untuk {typed(reg.nama_usaha)} sekarang: {status}.",
            f"Keterangan: {reason}.",
            "Ada pertanyaan? Balas email ini atau hubungi kami lewat WhatsApp.",
        ],
    )


def payout_case(facts: str, link: str) -> Content:
    """To each admin who reads the transactions: a merchant's "Dana belum masuk?", with its facts."""
    return Content(
        "Dana belum masuk: merchant menunggu jawaban",
        "Halo,",
        [f"Merchant melaporkan pencairan yang belum masuk: {facts}.",
         f"Jawab paling lambat {rules.PAYOUT_CASE_ANSWER_DAYS} hari kerja, pukul 17.00 WIB."],
        ("Buka di back office", link),
    )  # fmt: skip


def payout_case_answered(reg: RegistrationFacts, answer: str, link: str) -> Content:
    """To the merchant: the answer to their "Dana belum masuk?"."""
    return Content(
        "Jawaban untuk laporan dana belum masuk",
        f"Halo {typed(reg.nama_lengkap)},",
        [f"Tentang pencairan {typed(reg.nama_usaha)} yang Anda laporkan:", answer],
        ("Lihat pencairan", link),
    )


def daily_recap(reg: RegistrationFacts, values: dict[str, str]) -> Content:
    """The 07.00 WIB recap the merchant asked for (services/payouts/recap.py)."""
    return Content(
        f"Rekap {values['day']}: {values['sales']}",
        f"Halo {typed(reg.nama_lengkap)},",
        [f"Rekap {values['day']} untuk {typed(reg.nama_usaha)}:",
         f"Penjualan {values['sales']} dari {values['count']} transaksi, biaya MDR {values['fees']}, bersih {values['net']}.",
         f"Pencairan berikutnya: {values['next']}.",
         values.get("why", ""),
         "Rekap ini dikirim karena Anda memintanya di akun Anda; matikan kapan saja di bagian Pencairan."],
        ("Lihat di akun Anda", values["link"]),
    )  # fmt: skip


def dispute(reg: RegistrationFacts, values: dict[str, str], due: bool) -> Content:
    """A chargeback the acquirer opened (issue 47.4), or the reminder two days before its deadline."""
    first = (
        f"Batas tanggapan sengketa {values['amount']} (transaksi {values['txn']}) tinggal {values['deadline']}."
        if due
        else f"Acquirer membuka sengketa (chargeback) {values['amount']} atas transaksi {values['txn']}."
    )
    return Content(
        f"{'Pengingat: ' if due else ''}Sengketa {values['amount']} perlu tanggapan sebelum {values['deadline']}",
        f"Halo {typed(reg.nama_lengkap)},",
        [first, f"Alasan: {values['reason']}.",
         "Unggah bukti (foto struk, slip bertanda tangan, bukti pengiriman) lalu bantah, atau terima chargeback-nya. "
         "Tanpa tanggapan sampai batas waktu, chargeback biasanya berlaku dan dipotong dari pencairan."],
        ("Tanggapi sengketa", values["link"]),
    )  # fmt: skip


def service_case(reg: RegistrationFacts, values: dict[str, str]) -> Content:
    """A service case opened (its number and promise) or moved a step (what happens next)."""
    step = CaseStep.label_of(values["step"])
    return Content(
        f"Laporan {values['number']}: {step}",
        f"Halo {typed(reg.nama_lengkap)},",
        [f"Laporan masalah {values['device']} ({values['number']}): {step}.", values["next"]],
        ("Lihat di akun Anda", values["link"]),
    )


def service_case_opened(values: dict[str, str]) -> Content:
    """To the admins who work the cases: a merchant reported a problem."""
    return Content(
        f"Laporan servis {values['number']}: {values['device']}",
        "Halo,",
        [f"Laporan baru {values['problem']}.", values["next"]],
        ("Tangani di Servis", values["link"]),
    )


def device_offline(reg: RegistrationFacts, values: dict[str, str]) -> Content:
    """A terminal silent longer than the setting (services/fleet/alerts.py), once per episode."""
    return Content(
        f"{values['model']} SN {values['serial']} tidak terhubung",
        f"Halo {typed(reg.nama_lengkap)},",
        [f"{values['model']} SN {values['serial']} terakhir terhubung {values['seen']}.",
         "Periksa daya dan koneksinya (Wi-Fi atau sinyal SIM). Jika tetap mati, laporkan masalahnya dari akun Anda. "
         + values.get("warranty", ""),
         "Sementara itu, terima pembayaran QRIS dengan perangkat lain atau QRIS cetak Anda."],
        ("Laporkan masalah", values["link"]),
    )  # fmt: skip


def payout_account(reg: RegistrationFacts, values: dict[str, str]) -> Content:
    """To the owner, at each step of a request for a new payout account; while it is open, how
    to stop it (registrations/payout_account.py)."""
    paragraphs = [values["said"], *([values["stop"]] if values["stop"] else [])]
    return Content(
        f"Ganti rekening pencairan: {values['step']}",
        f"Halo {typed(reg.nama_lengkap)},",
        paragraphs,
        ("Buka halaman Pencairan", values["link"]),
    )


def data_incident(values: dict[str, str]) -> Content:
    """To each person a breach of personal data touched (UU 27/2022 Ps 46: what data, when and how,
    what is done), to the address on their own record (privacy/incidents.py)."""
    return Content(
        "Pemberitahuan insiden data pribadi",
        "Halo,",
        [
            "Kami menemukan insiden yang menyangkut data pribadi Anda yang tersimpan pada kami.",
            f"Data yang terungkap: {values['data']}.",
            f"Kapan dan bagaimana: {values['what']}",
            f"Yang kami lakukan: {values['steps']}",
            "Yang bisa Anda lakukan: waspadai pesan, email atau telepon yang mengaku dari kami; kami tidak pernah "
            "meminta kode, password atau PIN.",
            f"Pertanyaan tentang data Anda: {values['contact']}.",
        ],
    )
