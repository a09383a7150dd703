"""What a buyer is told about an order, in no channel's form (notifications/content.py):
received (with what was paid and the one payment promise), confirmed (with the invoice),
shipped, delivered, rejected; and the proof a buyer sent by chat, received."""

from __future__ import annotations

from collections.abc import Sequence

from terminal_shop import rules
from terminal_shop.couriers import Courier
from terminal_shop.formats import rupiah, wib
from terminal_shop.infra.settings import get_settings
from terminal_shop.services.devices.linking import register_path
from terminal_shop.services.devices.owned import DEVICES_WAIT
from terminal_shop.services.notifications.content import Content
from terminal_shop.services.notifications.emails import typed
from terminal_shop.services.orders import qris, transfer_codes
from terminal_shop.services.orders.order_status import status_path
from terminal_shop.services.orders.terms import PaymentMethod
from terminal_shop.services.orders.views import OrderFacts, order_number


def _order_link(order: OrderFacts) -> tuple[str, str]:
    return "Lihat status pesanan", get_settings().public_url + status_path(order.id)


def _items(order: OrderFacts) -> str:
    return "; ".join(f"{i['name']} × {i['qty']} = {rupiah(i['qty'] * i['unit_price'])}" for i in order.items)


def transfer_exactly(order: OrderFacts) -> str:
    """What the buyer transferred (the proof is already with us: no instruction to pay again)."""
    said = f"sejumlah {rupiah(order.total)}."
    return said + (f" {transfer_codes.CODE_TAKEN_OFF}{rupiah(order.unique_code)}." if order.unique_code else "")


def order_received(order: OrderFacts) -> Content:
    s = get_settings()
    number = order_number(order.id)
    how = (
        f"Pembayaran: transfer ke BCA {s.bca_account_number} a.n. {s.bca_account_holder} {transfer_exactly(order)}"
        if order.payment_method == PaymentMethod.TRANSFER_BCA
        else f"Pembayaran: QRIS sejumlah {rupiah(order.total)}"
        + (" (QR terlampir, jumlah sudah terisi)." if order.qris_payload else ".")
    )
    return Content(
        f"Pesanan {number} diterima",
        f"Halo {typed(order.buyer_name)},",
        [
            f"Terima kasih. Pesanan {number} ({wib(order.created_at)}) dan bukti pembayaran Anda sudah kami terima.",
            f"Rincian: {_items(order)}. Total {rupiah(order.total)}.",
            how,
            rules.PAYMENT_PROMISE,
            *([] if order.merchant_id else [f"{DEVICES_WAIT} {register_invitation(order)}"]),
        ],
        _order_link(order),
        picture=qris.png(order.qris_payload) if order.qris_payload else None,
    )


def register_invitation(order: OrderFacts) -> str:
    """The wizard's link prefilled from the order (services/devices/linking.py)."""
    return f"Belum mendaftar sebagai merchant? Daftar di {get_settings().public_url}{register_path(order.id)}"


def order_confirmed(order: OrderFacts, invoice_pdf: bytes | None = None, invoice_name: str = "") -> Content:
    number = order_number(order.id)
    return Content(
        f"Pembayaran pesanan {number} dikonfirmasi",
        f"Halo {typed(order.buyer_name)},",
        [
            f"Pembayaran pesanan {number} sebesar {rupiah(order.total)} sudah kami konfirmasi.",
            "Perangkat Anda kami siapkan untuk dikirim ke alamat yang Anda berikan.",
            *([] if order.merchant_id else [f"{DEVICES_WAIT} {register_invitation(order)}"]),
            *([f"Invoice {order.invoice_number} terlampir (PDF)."] if invoice_pdf else []),
        ],
        _order_link(order),
        document=invoice_pdf,
        document_name=invoice_name,
    )


def order_shipped(order: OrderFacts, courier: Courier, serials: Sequence[str] = ()) -> Content:
    number = order_number(order.id)
    track = (
        [f"Lacak paket di {courier.tracking_page} dengan nomor resi {order.resi}."]
        if courier.tracking_page
        else [f"{courier.name} tidak punya halaman pelacakan umum; kami kabari bila ada kendala."]
    )
    return Content(
        f"Pesanan {number} dikirim",
        f"Halo {typed(order.buyer_name)},",
        [
            f"Pesanan {number} sudah dikirim dengan {courier.name}, nomor resi {order.resi}.",
            *track,
            *([f"Nomor seri (SN) perangkat: {', '.join(serials)}."] if serials else []),
        ],
        _order_link(order),
    )


def order_delivered(order: OrderFacts) -> Content:
    number = order_number(order.id)
    return Content(
        f"Pesanan {number} diterima",
        f"Halo {typed(order.buyer_name)},",
        [
            f"Pesanan {number} tercatat sudah diterima. Terima kasih telah berbelanja.",
            "Butuh bantuan memasang perangkat? Balas email ini atau hubungi kami lewat WhatsApp.",
        ],
        _order_link(order),
    )


def order_rejected(order: OrderFacts, reason: str) -> Content:
    number = order_number(order.id)
    return Content(
        f"Pembayaran pesanan {number} ditolak",
        f"Halo {typed(order.buyer_name)},",
        [
            f"Maaf, pembayaran pesanan {number} sebesar {rupiah(order.total)} tidak dapat kami konfirmasi.",
            f"Alasan: {reason}",
            "Balas email ini atau hubungi kami lewat WhatsApp untuk pengembalian dana atau pesanan ulang.",
        ],
        _order_link(order),
    )


def proof_received(order: OrderFacts) -> Content:
    """A proof of payment sent by chat and taken for the order (whatsapp/slips.py)."""
    number = order_number(order.id)
    return Content(
        f"Bukti pembayaran pesanan {number} diterima",
        f"Halo {typed(order.buyer_name)},",
        [f"Bukti pembayaran untuk pesanan {number} diterima. Tim kami memverifikasinya.", rules.PAYMENT_PROMISE],
        _order_link(order),
    )
