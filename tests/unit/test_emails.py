"""What a stranger types reaches e-mails only as a short, unclickable name."""

from __future__ import annotations

import re
import uuid

from terminal_shop.services.messages import order_words
from terminal_shop.services.notifications import emails
from terminal_shop.services.orders.tables import Order

BAIT = "Hadiah Rp 5 juta! Klaim di https://hadiah-palsu.example/klaim atau wa.me/62899 sekarang juga sebelum hangus"


def test_a_typed_name_is_one_short_line_and_never_a_link():
    shown = emails.typed(BAIT + "\n\nbaris kedua")
    assert len(shown) <= emails.TYPED_MAX and "\n" not in shown
    assert "https://" not in shown and "hadiah-palsu.example" not in shown and "wa.me" not in shown
    assert emails.typed("Budi S. Wijaya") == "Budi S. Wijaya"  # ordinary names pass as typed


def test_an_order_mail_to_a_stranger_carries_no_link_but_ours():
    order = Order(
        id=uuid.uuid4(),
        buyer_name=BAIT,
        buyer_phone="081234567890",
        buyer_email="korban@example.com",
        shipping_address="Jl. Darmo No. 12",
        items=[{"sku": "SOUNDBOX", "name": "Soundbox QRIS", "qty": 1, "unit_price": 349_000}],
        subtotal=349_000,
        total=349_000,
        payment_method="TRANSFER_BCA",
    )
    mail = emails.email(order.buyer_email, order_words.order_received(order))
    for body in (mail.text, mail.html):
        assert "hadiah-palsu.example" not in body and "https://hadiah" not in body
    links = re.findall(r'href="([^"]+)"', mail.html)
    assert links and all(link.startswith(("http://localhost", "mailto:", "https://wa.me/")) for link in links)
