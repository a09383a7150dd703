"""One error style for every area (issue 34): a service refuses with a code, a Term whose
label is what people read ({details} filled in); the page, route or e-mail that shows it picks
`text` (or the code's label), and tests assert the code.

A form's rules answer FieldErrors, each wrong field with its Refused; the page shows `texts`.
`words` is for a text that is not the code's own: a required field's "... wajib diisi" is
written on the field's definition (registrations/fields.FIELDS), and a form refused as a whole
names its first wrong field in that field's words."""

from __future__ import annotations

from terminal_shop.vocabulary import Term


class Refused(Exception):
    def __init__(self, code: Term, /, *, words: str = "", **details: object) -> None:
        self.code, self.details = code, details
        self.text = words or (code.label.format(**details) if details else code.label)
        super().__init__(self.text)


FieldErrors = dict[str, Refused]  # a form's wrong fields, by field name


def texts(errors: FieldErrors) -> dict[str, str]:
    """What the form shows beside each wrong field."""
    return {name: refused.text for name, refused in errors.items()}


def first_text(errors: FieldErrors) -> str:
    """The first wrong field's text: a form refused as a whole says it."""
    return next(iter(errors.values())).text
