"""Plugin: a real SMTP server (aiosmtpd on 127.0.0.1) and the mailbox of what it accepted."""

from __future__ import annotations

import pytest

from support.environment import SMTP_PORT


class Mailbox(list):
    """Every message a real SMTP server (aiosmtpd on 127.0.0.1) accepted, as email objects."""

    refuse: set[str]

    def to(self, address: str) -> list:
        return [m for m in self if address in m["To"]]


class SmtpServer:
    """A real SMTP server on SMTP_PORT that can be stopped and started again."""

    def __init__(self, box: Mailbox):
        self.box = box
        self.controller = None

    def start(self) -> None:
        from aiosmtpd.controller import Controller

        if self.controller is None:
            self.controller = Controller(_SmtpHandler(self.box), hostname="127.0.0.1", port=SMTP_PORT)
            self.controller.start()

    def stop(self) -> None:
        if self.controller is not None:
            self.controller.stop()
            self.controller = None


class _SmtpHandler:
    def __init__(self, box: Mailbox):
        self.box = box

    async def handle_RCPT(  # noqa: N802 - aiosmtpd's hook names
        self, server, session, envelope, address, rcpt_options
    ):
        if address in self.box.refuse:
            return "550 5.1.1 Mailbox does not exist"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(  # noqa: N802
        self, server, session, envelope
    ):
        from email import message_from_bytes, policy

        self.box.append(message_from_bytes(envelope.content, policy=policy.default))
        return "250 Message accepted"


@pytest.fixture(scope="session")
def smtp_server():
    box = Mailbox()
    box.refuse = set()
    server = SmtpServer(box)
    server.start()
    yield server, box
    server.stop()


@pytest.fixture
def mailbox(smtp_server, clean_db):
    """An empty mailbox and an empty outbox; the server is up."""
    server, box = smtp_server
    server.start()
    box.clear()
    box.refuse.clear()
    return box
