"""The area's background round, the files its rows own and its figure for the operator."""

import uuid


def tick() -> str:
    return "ticked"


def keys(ids: list[uuid.UUID]) -> set[str]:
    return {f"{i}/sample.png" for i in ids}


def figures(conn, now):
    yield "sample_rounds", "Rounds the sample area ran", {}, 1
