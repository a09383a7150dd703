"""The fleet reports itself (issue 48.3): each terminal's heartbeat (or its vendor's management
server's on its behalf), signed; the admin's view of devices offline, out of paper or on an old
app, and the merchant's "Terakhir terhubung" and offline alert."""

from terminal_shop.areas import Area, NotPersonal, Task, Tell

AREA = Area(
    face=("view", "terms"),
    tables=("tables",),
    subscribers=("subscribers",),  # a unit's heartbeat row knows whether it is aktif
    tasks=(Task("fleet", "alerts:queue_offline", 300, "offline alert round failed"),),
    not_personal=NotPersonal(codes={"device_heartbeats": ("app_key", "app_version", "firmware", "paper")}),
    notices=(
        Tell(
            "device_offline",
            "Perangkat tidak terhubung",
            "notice_words:device_offline",
            ("model", "serial", "seen", "link", "warranty"),
        ),
    ),
)
