"""What a data subject's request tells the admins, and a breach the people it touched, in no channel's form."""

from __future__ import annotations

from sqlmodel import Session

from terminal_shop import rules
from terminal_shop.formats import wib
from terminal_shop.services.notifications.channels import Notice
from terminal_shop.services.notifications.content import Content


def data_request(s: Session, n: Notice) -> Content:
    """To each admin: a data subject's request, with the legal deadline (UU 27/2022)."""
    what, link, due = n.values["what"], n.values["link"], n.values["due"]
    return Content(
        f"{what}: jawab sebelum {wib(due)}",
        "Halo,",
        [
            f"Pemilik data mengajukan permintaan: {what}.",
            f"Batas waktu menjawab: {wib(due)} ({rules.working_days(rules.DATA_REQUEST_ANSWER)}, UU 27/2022).",
        ],
        ("Buka datanya di back office", link),
    )


def data_incident(s: Session, n: Notice) -> Content:
    """To each person a breach of personal data touched (UU 27/2022 Ps 46: what data, when and how,
    what is done), to the address on their own record (privacy/incidents.py)."""
    values = n.values
    return Content(
        "Pemberitahuan insiden data pribadi",
        "Halo,",
        [
            "Kami menemukan insiden yang menyangkut data pribadi Anda yang tersimpan pada kami.",
            f"Data yang terungkap: {values['data']}.",
            f"Kapan dan bagaimana: {values['what']}",
            f"Yang kami lakukan: {values['steps']}",
            "Yang bisa Anda lakukan: waspadai pesan, email atau telepon yang mengaku dari kami; kami tidak pernah "
            "meminta kode, password atau PIN.",
            f"Pertanyaan tentang data Anda: {values['contact']}.",
        ],
    )
