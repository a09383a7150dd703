"""One error style for every area (issue 34): a service refuses with a code, a Term whose
label is what people read ({details} filled in); the page, route or e-mail that shows it picks
`text` (or the code's label), and tests assert the code.

`words` is for the one case where the text is not the code's: a form refused as a whole
names its first wrong field in that field's own words, which live with the form's rules
(checkout_rules.validate_buyer, registrations/details.py), beside its fields."""

from __future__ import annotations

from terminal_shop.vocabulary import Term


class Refused(Exception):
    def __init__(self, code: Term, /, *, words: str = "", **details: object) -> None:
        self.code, self.details = code, details
        self.text = words or (code.label.format(**details) if details else code.label)
        super().__init__(self.text)
