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
    PAYOUT_ACCOUNT = "payout_account", "Ganti rekening pencairan"
    DATA_INCIDENT = "data_incident", "Pemberitahuan insiden data pribadi"


# What each kind of notice carries besides the record it is about (`Notice.values`), declared
# once: the event's subscriber fills them, every channel that offers the kind may say any of
# them, and a notice missing one is refused where it is made (a channel would otherwise fail on
# it at sending, one channel only). tests/service/test_notice_rendering_services.py renders
# every kind on every channel from these.
NOTICE_VALUES: dict[str, tuple[str, ...]] = {
    NoticeKind.ORDER_RECEIVED.value: (),
    NoticeKind.PROOF_RECEIVED.value: (),
    NoticeKind.ORDER_CONFIRMED.value: (),
    NoticeKind.ORDER_CANCELLED.value: ("reason",),
    NoticeKind.ORDER_SHIPPED.value: ("courier", "serials"),
    NoticeKind.ORDER_DELIVERED.value: (),
    NoticeKind.REGISTRATION_RECEIVED.value: ("status_link",),
    NoticeKind.REGISTRATION_APPROVED.value: ("sign_in",),
    NoticeKind.REGISTRATION_REJECTED.value: ("reason", "fix_link"),
    NoticeKind.DATA_REQUEST.value: ("what", "link", "due"),
    NoticeKind.DEVICE_ACTIVE.value: ("model", "serial", "tid", "mid", "detail", "sign_in"),
    NoticeKind.DEVICE_STATUS.value: ("model", "serial", "status", "reason"),
    NoticeKind.DEVICE_OFFLINE.value: ("model", "serial", "seen", "link", "warranty"),
    NoticeKind.DAILY_RECAP.value: ("day", "count", "sales", "fees", "net", "next", "why", "link"),
    NoticeKind.PAYOUT_CASE.value: ("facts", "link"),
    NoticeKind.PAYOUT_CASE_ANSWERED.value: ("answer", "link"),
    NoticeKind.SERVICE_CASE.value: ("number", "device", "step", "next", "link"),
    NoticeKind.SERVICE_CASE_OPENED.value: ("number", "device", "next", "link", "problem"),
    NoticeKind.DISPUTE_OPENED.value: ("amount", "txn", "reason", "deadline", "link"),
    NoticeKind.DISPUTE_DUE.value: ("amount", "txn", "reason", "deadline", "link"),
    NoticeKind.PAYOUT_ACCOUNT.value: ("step", "said", "stop", "link"),
    NoticeKind.DATA_INCIDENT.value: ("what", "data", "steps", "contact"),
}
