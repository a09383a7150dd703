"""An outgoing message's words."""

from __future__ import annotations

from terminal_shop.vocabulary import Term


class MailStatus(Term):
    """An outbox message (services/notifications/outbox.py)."""

    PENDING = "pending", "Menunggu", "amber"
    SENT = "sent", "Terkirim", "emerald"
    FAILED = "failed", "Gagal", "red"
    HELD = "held", "Ditahan", "slate"  # its record is restricted on its owner's request: never sent (again)


class NoticeKind(Term):
    """Every kind of notice an event becomes (issue 60.3: no list of them existed, and a channel
    dispatched by an unchecked string); each channel says which it offers (`offers`)."""

    ORDER_RECEIVED = "order_received", "Pesanan diterima"
    PROOF_RECEIVED = "proof_received", "Bukti pembayaran diterima"
    ORDER_CONFIRMED = "order_confirmed", "Pembayaran dikonfirmasi"
    ORDER_CANCELLED = "order_cancelled", "Pembayaran ditolak"
    ORDER_SHIPPED = "order_shipped", "Pesanan dikirim"
    ORDER_DELIVERED = "order_delivered", "Pesanan diterima pembeli"
    REGISTRATION_RECEIVED = "registration_received", "Pendaftaran diterima"
    REGISTRATION_APPROVED = "registration_approved", "Pendaftaran disetujui"
    REGISTRATION_REJECTED = "registration_rejected", "Pendaftaran perlu diperbaiki"
    DATA_REQUEST = "data_request", "Permintaan data pribadi"
    DEVICE_ACTIVE = "device_active", "Perangkat aktif"
    DEVICE_STATUS = "device_status", "Status perangkat berubah"
    DEVICE_OFFLINE = "device_offline", "Perangkat tidak terhubung"
    DAILY_RECAP = "daily_recap", "Rekap harian"
    PAYOUT_CASE = "payout_case", "Laporan dana belum masuk (untuk tim)"
    PAYOUT_CASE_ANSWERED = "payout_case_answered", "Jawaban laporan dana"
    SERVICE_CASE = "service_case", "Langkah laporan servis"
    SERVICE_CASE_OPENED = "service_case_opened", "Laporan servis baru (untuk tim)"
    DISPUTE_OPENED = "dispute_opened", "Sengketa dibuka"
    DISPUTE_DUE = "dispute_due", "Batas jawaban sengketa"
