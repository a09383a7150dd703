"""Service tests assert the code a service refused with, not its Indonesian words (issue 34)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from terminal_shop.refusals import FieldErrors, Refused
from terminal_shop.vocabulary import Term


@contextmanager
def refused(code: Term) -> Iterator[pytest.ExceptionInfo[Refused]]:
    """The block raises a Refused (terminal_shop/refusals.py) with this code."""
    with pytest.raises(Refused) as caught:
        yield caught
    assert caught.value.code is code


def codes(errors: FieldErrors) -> dict[str, Term]:
    """A form's wrong fields by their codes, as a service test compares them."""
    return {name: refused.code for name, refused in errors.items()}
