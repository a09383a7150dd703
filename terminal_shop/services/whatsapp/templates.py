"""Every WhatsApp message the site sends, as the template Meta approves: its Indonesian body
with numbered parameters, defined once here. The operator submits exactly these texts (README,
WhatsApp; `python -m terminal_shop.cli.whatsapp_templates` prints them) in the "utility"
category, language `id`; each is sent under its approved name (WHATSAPP_TEMPLATE_NAMES,
`key=name,...`; by default the key itself).

No parameter is free text that whoever filled a form typed (a buyer's or applicant's name, a
business name): anyone may type someone else's number, and the shop's number must not carry
their words to it (issue 46.9). Parameters are order numbers, amounts, links, the admin's
reasons and the devices' data. Every message to an applicant or merchant links to their status
page or to /masuk (issue 50.1)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from terminal_shop.infra.settings import get_settings


@dataclass(frozen=True)
class Template:
    key: str
    body: str  # {{1}}, {{2}}, ... in the order of `params`
    params: tuple[str, ...]  # what each parameter is, for the operator and the tests

    @property
    def name(self) -> str:
        """The name Meta approved it under (a setting: approvals sometimes need a new name)."""
        return get_settings().whatsapp_template_names.get(self.key, self.key)

    def text(self, values: list[str]) -> str:
        """The body as the person reads it (the admin's message list shows this)."""
        return re.sub(r"\{\{(\d+)\}\}", lambda m: values[int(m.group(1)) - 1], self.body)


TEMPLATES = {
    t.key: t
    for t in (
        Template("order_received", "Pesanan {{1}} sudah kami terima. {{2}} Status: {{3}}",
                 ("nomor pesanan", "cara bayar dan jumlah tepat", "tautan status")),
        Template("payment_confirmed", "Pembayaran pesanan {{1}} sebesar {{2}} sudah dikonfirmasi. Perangkat Anda kami siapkan. Status: {{3}}",
                 ("nomor pesanan", "jumlah", "tautan status")),
        Template("payment_rejected", "Pembayaran pesanan {{1}} belum dapat kami terima. Alasan: {{2}}. Hubungi kami untuk bantuan.",
                 ("nomor pesanan", "alasan")),
        Template("order_shipped", "Pesanan {{1}} sudah dikirim dengan {{2}}, nomor resi {{3}}. Lacak: {{4}}",
                 ("nomor pesanan", "kurir", "resi", "halaman pelacakan")),
        Template("order_delivered", "Pesanan {{1}} tercatat sudah diterima. Terima kasih telah berbelanja.",
                 ("nomor pesanan",)),
        Template("registration_received", "Pendaftaran merchant Anda sudah kami terima dan sedang diverifikasi. Status: {{1}}",
                 ("tautan status pendaftaran",)),
        Template("registration_approved", "Selamat, pendaftaran merchant Anda sudah disetujui. Tim kami menghubungi Anda untuk aktivasi perangkat. Akun Anda: {{1}}",
                 ("tautan masuk",)),
        Template("registration_rejected", "Pendaftaran merchant Anda perlu diperbaiki. Alasan: {{1}}. Perbaiki di: {{2}}",
                 ("alasan", "tautan perbaikan")),
        Template("device_active", "EDC Anda aktif: {{1}} SN {{2}}, TID {{3}}, MID {{4}}. Siap menerima pembayaran. Lihat di akun Anda: {{5}}",
                 ("model", "SN", "TID", "MID", "tautan masuk")),
        Template("sign_in_code", "{{1}} adalah kode masuk Anda. Demi keamanan, jangan berikan kode ini kepada siapa pun.",
                 ("kode 6 angka",)),
        Template("return_step", "Retur {{1}} pesanan {{2}}: {{3}}. {{4}} Lihat: {{5}}",
                 ("nomor retur", "nomor pesanan", "langkah", "langkah berikutnya", "tautan status pesanan")),
        Template("proof_received", "Bukti pembayaran untuk pesanan {{1}} diterima. Tim kami memverifikasinya.",
                 ("nomor pesanan",)),
        Template("device_offline", "{{1}} SN {{2}} tidak terhubung sejak {{3}}. Periksa daya dan koneksinya, atau laporkan masalah di: {{4}}",
                 ("model", "SN", "terakhir terhubung", "tautan akun")),
        Template("payout_case_answered", "Jawaban untuk laporan dana belum masuk Anda: {{1}}. Lihat pencairan: {{2}}",
                 ("jawaban", "tautan pencairan")),
        Template("dispute_opened", "Sengketa (chargeback) {{1}} atas transaksi {{2}}: {{3}}. Tanggapi dengan bukti sebelum {{4}}: {{5}}",
                 ("jumlah", "transaksi", "alasan", "batas tanggapan", "tautan akun")),
        Template("dispute_due", "Pengingat: sengketa {{1}} atas transaksi {{2}} perlu tanggapan sebelum {{3}}. Tanggapi di: {{4}}",
                 ("jumlah", "transaksi", "batas tanggapan", "tautan akun")),
        Template("data_incident", "Pemberitahuan insiden data pribadi. Data yang terungkap: {{1}}. Kapan dan bagaimana: {{2}} Yang kami lakukan: {{3}} Pertanyaan: {{4}}",
                 ("data yang terungkap", "kapan dan bagaimana", "penanganan", "petugas pelindungan data")),
        Template("payout_account", "Rekening pencairan: {{1}} {{2}} {{3}}",
                 ("langkah permintaan", "cara membatalkannya, atau: lihat di", "tautan pencairan")),
        Template("daily_recap", "Rekap {{1}}: penjualan {{2}} dari {{3}} transaksi, MDR {{4}}, bersih {{5}}. Pencairan berikutnya: {{6}}. Akun Anda: {{7}}",
                 ("tanggal", "penjualan", "jumlah transaksi", "MDR", "bersih", "pencairan berikutnya", "tautan akun")),
    )
}  # fmt: skip
