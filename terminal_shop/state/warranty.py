"""/garansi: a serial number's model and warranty end, nothing about its owner."""

from __future__ import annotations

import asyncio

import reflex as rx

from terminal_shop.services.devices import owned


class WarrantyState(rx.State):
    model: str = ""
    serial: str = ""
    until: str = ""
    card: str = ""  # its warranty card's download, once its warranty runs
    error: str = ""

    @rx.event
    async def look_up(self, form: dict):
        self.model = self.serial = self.until = self.card = self.error = ""
        try:
            answer = await asyncio.to_thread(
                owned.look_up, str(form.get("serial", ""))[:40], self.router.session.client_ip
            )
        except owned.WarrantyRefused as refused:
            self.error = refused.text
            return
        if answer is None:
            self.error = owned.NOT_FOUND
            return
        self.model, self.serial, self.until, self.card = answer.model, answer.serial, answer.until, answer.card
