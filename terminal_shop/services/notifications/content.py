"""What a notice says, in no channel's form (issue 60.3).

A notice's content is built once from its event (the words its area declares for the kind) and each
channel renders it its own way: e-mail through one template (notifications/emails.py `email`),
WhatsApp by mapping the notice to its approved template, a new channel from these fields alone.
So a new channel is one module, never a renderer per kind.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Content:
    title: str  # the e-mail's subject, a push message's headline
    greeting: str
    lines: Sequence[str]  # paragraphs; an empty one is left out
    link: tuple[str, str] | None = None  # the one action: (label, absolute URL)
    picture: bytes | None = None  # a PNG the person may need (the order's QRIS)
    document: bytes | None = None  # a PDF that goes with it (the invoice)
    document_name: str = ""

    def plain(self) -> str:
        """Every word, one paragraph a line: what a channel without layout sends."""
        link = [f"{self.link[0]}: {self.link[1]}"] if self.link else []
        return "\n".join([self.greeting, *(line for line in self.lines if line), *link])
