"""Field rules shared by checkout, registration and the admin forms (docs/decisions.md)."""

from __future__ import annotations

import functools
import re
import uuid

import phonenumbers
from email_validator import EmailNotValidError, validate_email

MSG_EMAIL_FORMAT = "Format email tidak valid"
MIN_PHONE_DIGITS = 10
MAX_PHONE_DIGITS = 15  # the longest number E.164 allows
MIN_ADDRESS_CHARS = 10


_CLIENT_REF = re.compile(r"[0-9a-f]{32}")


def new_client_ref() -> str:
    """The key of one checkout or wizard attempt: sent again, it finds what it already made."""
    return uuid.uuid4().hex


def client_ref_ok(value: object) -> bool:
    return isinstance(value, str) and _CLIENT_REF.fullmatch(value) is not None


def typed_int(value: object, default: int = 1) -> int:
    """A quantity typed by a person (or sent by anyone): '2', '2.0' -> 2; 'inf', 'abc' -> default."""
    try:
        return int(float(str(value).strip()))
    except (TypeError, ValueError, OverflowError):
        return default


def clean(value: object) -> str:
    return str(value or "").strip()


def parse_id(value: object) -> uuid.UUID | None:
    """A record's id as it came from outside (a URL, a form, the websocket): None when it
    is not one, so that a malformed id reads like an unknown one."""
    try:
        return uuid.UUID(clean(value))
    except ValueError:
        return None


def email_ok(value: str) -> bool:
    try:
        validate_email(value, check_deliverability=False)
        return True
    except EmailNotValidError:
        return False


def strip_phone(value: str) -> str:
    """Buyer phones are stored as typed minus spaces and hyphens (docs/decisions.md, Orders), an
    Indonesian country code written as the 0 it stands for: "+62 812-3456-7890", "62812..." and
    "0812 3456 7890" are one number, stored once as 081234567890 (issue 63.2)."""
    digits = value.replace(" ", "").replace("-", "")
    for code in ("+62", "62"):
        if digits.startswith(code) and digits[len(code) : len(code) + 1] == "8":  # a mobile after the code
            return "0" + digits[len(code) :]
    return digits


def typed_mobile(value: str) -> str:
    """A stored number (+62812...) as the buyer form takes it (0812...: digits only, the SPEC's
    rule): what an order form filled from an account shows."""
    return "0" + value.removeprefix("+62") if value.startswith("+62") else value


@functools.lru_cache(maxsize=4096)  # phonenumbers parses in about half a millisecond; a checkout asks twice
def normalise_mobile(value: str) -> str | None:
    """An Indonesian mobile number in one spelling (+62812...), or None if it is not one.

    0812-..., 62812... and +62 812... are the same number (docs/decisions.md, Merchant registrations).
    """
    raw = clean(value)
    if not raw:
        return None
    try:
        number = phonenumbers.parse(raw, "ID")
    except phonenumbers.NumberParseException:
        return None
    if number.country_code != 62 or not phonenumbers.is_valid_number(number):
        return None
    if phonenumbers.number_type(number) not in (
        phonenumbers.PhoneNumberType.MOBILE,
        phonenumbers.PhoneNumberType.FIXED_LINE_OR_MOBILE,
    ):
        return None
    return phonenumbers.format_number(number, phonenumbers.PhoneNumberFormat.E164)


def wa_number(phone: str) -> str | None:
    """A mobile number as WhatsApp's Cloud API takes it (62812..., no '+'), or None."""
    normal = normalise_mobile(phone or "")
    return normal.lstrip("+") if normal else None
