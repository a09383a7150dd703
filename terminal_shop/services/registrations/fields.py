"""The merchant registration's fields, defined once.

The wizard, its confirm step, the admin's detail and edit form, the correction page and
the service's validation are all built from `FIELDS`: a field's label, rules and place
are changed here and nowhere else. Each field's longest value is its column's length.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import StrEnum

from terminal_shop.infra.models import table_of
from terminal_shop.services.registrations.tables import MerchantRegistration
from terminal_shop.services.registrations.terms import Bank, BusinessType, FixGroup, Premises
from terminal_shop.vocabulary import Term


class Widget(StrEnum):
    TEXT = "text"
    TEXTAREA = "textarea"
    EMAIL = "email"
    TEL = "tel"
    NUMBER = "number"  # digits typed, shown formatted (rupiah, account number)
    CHOICE = "choice"  # a select
    RADIO = "radio"  # a few choices side by side


@dataclass(frozen=True)
class RegistrationField:
    name: str  # the column, the form key and the input's id
    label: str  # the same words on every screen
    group: FixGroup  # the wizard's section, the admin's section and the correction's group
    missing: str = ""  # the text when a required field is left empty (SPEC section 8)
    widget: Widget = Widget.TEXT
    required: bool = True
    choices: type[Term] | None = None
    hint: str = ""  # added to the label on the applicant's forms, e.g. "sesuai KTP"
    wide: bool = False  # takes a whole row of the form
    input_props: dict[str, str] = field(default_factory=dict)  # autocomplete, inputmode, placeholder
    admin_editable: bool = True
    correctable: bool = True  # a rejection may ask the applicant to change it
    step: int = 1  # the wizard's step that asks for it

    @property
    def max_length(self) -> int:
        length = getattr(table_of(MerchantRegistration).c[self.name].type, "length", None)
        return length or 15  # omzet: whole rupiah, at most 15 digits

    @property
    def form_label(self) -> str:
        return f"{self.label} ({self.hint})" if self.hint else self.label

    def options(self) -> list[tuple[str, str]]:
        return list(self.choices.labels().items()) if self.choices else []


_P, _B, _K = FixGroup.PERSON, FixGroup.BUSINESS, FixGroup.BANK

FIELDS: tuple[RegistrationField, ...] = (
    RegistrationField(
        "nama_lengkap",
        "Nama lengkap",
        _P,
        "Nama lengkap wajib diisi",
        hint="sesuai KTP",
        input_props={"auto_complete": "name"},
    ),
    RegistrationField(
        "nomor_hp",
        "Nomor HP",
        _P,
        "Nomor HP wajib diisi",
        Widget.TEL,
        hint="WhatsApp",
        input_props={"input_mode": "tel", "auto_complete": "tel", "placeholder": "0812-3456-7890"},
    ),
    RegistrationField(
        "email",
        "Email",
        _P,
        "Email wajib diisi",
        Widget.EMAIL,
        input_props={"auto_complete": "email", "placeholder": "nama@email.com"},
    ),
    RegistrationField("nama_usaha", "Nama usaha", _B, "Nama usaha wajib diisi"),
    RegistrationField(
        "jenis_usaha",
        "Jenis usaha",
        _B,
        "Jenis usaha wajib dipilih",
        Widget.CHOICE,
        choices=BusinessType,
        input_props={"placeholder": "Pilih jenis usaha"},
    ),
    RegistrationField(
        "alamat_usaha",
        "Alamat usaha",
        _B,
        "Alamat usaha wajib diisi",
        Widget.TEXTAREA,
        wide=True,
        input_props={"auto_complete": "street-address"},
    ),
    RegistrationField("kecamatan", "Kecamatan", _B, "Kecamatan wajib diisi"),
    RegistrationField("kabupaten_kota", "Kabupaten/Kota", _B, "Kabupaten/Kota wajib diisi"),
    RegistrationField(
        "omzet_bulanan",
        "Omzet bulanan",
        _B,
        "Omzet bulanan wajib diisi",
        Widget.NUMBER,
        input_props={"input_mode": "numeric", "placeholder": "Rp 0"},
    ),
    RegistrationField("tempat_usaha", "Tempat usaha", _B, widget=Widget.RADIO, required=False, choices=Premises),
    RegistrationField("nib_npwp", "NIB / NPWP", _B, required=False),
    RegistrationField(
        "nama_bank",
        "Nama bank",
        _K,
        "Nama bank wajib dipilih",
        Widget.CHOICE,
        choices=Bank,
        input_props={"placeholder": "Pilih bank"},
    ),
    RegistrationField("nama_rekening", "Nama pemilik rekening", _K, "Nama rekening wajib diisi"),
    RegistrationField(
        "nomor_rekening",
        "Nomor rekening",
        _K,
        "Nomor rekening wajib diisi",
        Widget.NUMBER,
        input_props={"input_mode": "numeric"},
    ),
)

BY_NAME = {f.name: f for f in FIELDS}
NAMES = tuple(BY_NAME)


def in_group(group: FixGroup) -> tuple[RegistrationField, ...]:
    return tuple(f for f in FIELDS if f.group is group)


def correctable_names(groups: Iterable[object]) -> tuple[str, ...]:
    """The fields a correction link opens, for the FixGroup values it names."""
    chosen = {str(g) for g in groups}
    return tuple(f.name for f in FIELDS if f.correctable and f.group.value in chosen)
