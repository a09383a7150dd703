"""The area's background round, the files its rows own, its figure for the operator and the
words of its notice."""

import uuid


def tick() -> str:
    return "ticked"


def keys(ids: list[uuid.UUID]) -> set[str]:
    return {f"{i}/sample.png" for i in ids}


def figures(conn, now):
    yield "sample_rounds", "Rounds the sample area ran", {}, 1


def ticked_words(s, notice):
    from terminal_shop.services.notifications.content import Content

    return Content("Putaran contoh selesai", "Halo,", [f"Putaran selesai {notice.values['when']}."])
