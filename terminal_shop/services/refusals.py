"""One error style for every area (issue 34): a service refuses with a code, a Term whose
label is what people read ({details} filled in); the page, route or e-mail that shows it picks
`text` (or the code's label), and tests assert the code."""

from __future__ import annotations

from terminal_shop.vocabulary import Term


class Refused(Exception):
    def __init__(self, code: Term, **details: object) -> None:
        self.code, self.details = code, details
        self.text = code.label.format(**details) if details else code.label
        super().__init__(self.text)
