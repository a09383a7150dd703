"""Personal data as UU 27/2022 expects: erasure (by retention or on request), restriction,
and the data subject's copy of their record."""

from terminal_shop.areas import Area, NotPersonal, Tell

AREA = Area(
    face=("requests", "copies", "retention", "events", "terms", "incidents"),
    tables=("tables",),
    not_personal=NotPersonal(
        staff={
            "data_incidents": ("closed_by", "outcome", "recorded_by", "steps", "what"),  # the owner's words of it
            "data_requests": ("done_by",),
        },
        codes={
            "data_incidents": ("affected", "data", "scope"),  # kinds of data, of record; record ids
            "data_requests": ("entity_id", "entity_type", "kind"),
        },
    ),
    notices=(
        Tell("data_request", "Permintaan data pribadi", "notice_words:data_request", ("what", "link", "due")),
        Tell(
            "data_incident",
            "Pemberitahuan insiden data pribadi",
            "notice_words:data_incident",
            ("what", "data", "steps", "contact"),
        ),
    ),
)
