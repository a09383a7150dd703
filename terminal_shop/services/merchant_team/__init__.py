"""The merchant's team (issue 49), on the account that exists: the owner's outlets and which
device stands where, and the account's own activity log (who signed in, downloaded, reported).
Staff and their scope (49.2-49.3) build on these."""

from terminal_shop.areas import Area, NotPersonal

AREA = Area(
    face=("outlets", "hours", "events", "terms", "personal"),
    tables=("tables",),
    subscribers=("subscribers",),  # the account's log; a replacement stands at its predecessor's outlet
    part_of=("merchant",),
    not_personal=NotPersonal(
        codes={
            "outlets": ("kecamatan", "kota"),
            "team_members": ("invite_hash", "role"),
            "team_session_choices": ("token_hash",),
        }
    ),
)
