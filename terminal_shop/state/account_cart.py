"""The account's buttons that fill the cart ("Pesan lagi", "Pesan kertas", "Bayar tagihan"):
the cart becomes those lines, the form gets the business's address when it is known, and the
buyer goes on to pay like any order."""

from __future__ import annotations

import reflex as rx

from terminal_shop import routes
from terminal_shop.state import toast
from terminal_shop.state.checkout import CheckoutState


async def fill_cart(state: rx.State, lines: list[tuple[str, int]], buyer: dict[str, str] | None, said: str) -> list:
    """With the business's address known, straight to the buyer form (issue 63.8: "Pesan kertas"
    landed on the terminals picker); "Pesan lagi" to the cart, where quantities may change."""
    checkout = await state.get_state(CheckoutState)
    checkout._replace_cart(lines, buyer)
    return [toast.success(said), rx.redirect(routes.CHECKOUT_FORM if buyer else routes.CHECKOUT_PRODUCTS)]
