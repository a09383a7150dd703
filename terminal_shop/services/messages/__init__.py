"""What the site tells people when something happens: the subscribers that turn events into
notices, and the words of the notices that compose several areas' facts (an order's, a
device's; every other area declares its own kinds and words). Issue 51.1: the plumbing every
area uses, the outbox, channels and consent, is notifications/, which imports no area; this
area sits above the areas it tells of, and none imports it."""

from terminal_shop.areas import Area, Tell

AREA = Area(
    subscribers=("subscribers",),  # every channel's messages (notifications/channels.py)
    notices=(
        Tell("order_received", "Pesanan diterima", "words:order_received"),
        Tell("proof_received", "Bukti pembayaran diterima", "words:proof_received"),
        Tell("order_confirmed", "Pembayaran dikonfirmasi", "words:order_confirmed"),
        Tell("order_cancelled", "Pembayaran ditolak", "words:order_cancelled", ("reason",)),
        Tell("order_shipped", "Pesanan dikirim", "words:order_shipped", ("courier", "serials")),
        Tell("order_delivered", "Pesanan diterima pembeli", "words:order_delivered"),
        Tell(
            "device_active",
            "Perangkat aktif",
            "words:device_active",
            ("model", "serial", "tid", "mid", "detail", "sign_in"),
        ),
        Tell(
            "device_status", "Status perangkat berubah", "words:device_status", ("model", "serial", "status", "reason")
        ),
    ),
)
