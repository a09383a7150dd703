"""A script's websocket to the site: one event sent in the connect packet, as a browser tab's
first one is, and the frames the server answers with."""

from __future__ import annotations

import asyncio
import concurrent.futures

import socketio

NAMESPACE = "/_event"


def frames_answering(base: str, token: str, event: str, path: str, headers: dict[str, str] | None = None) -> list[str]:
    """The frames that answer `event` on `path`: waited for (a busy machine answers in more than
    2 s, which a fixed wait once missed), then one more second for what follows."""

    async def call() -> list[str]:
        received: list[str] = []
        sio = socketio.AsyncClient(reconnection=False)
        sio.on("event", lambda data: received.append(str(data)), namespace=NAMESPACE)
        router = {"pathname": path, "query": {}, "asPath": path}
        await sio.connect(f"{base}?token={token}", headers=headers or {}, socketio_path=NAMESPACE,
                          namespaces=[NAMESPACE], transports=["websocket"],
                          auth={"event": {"name": event, "payload": {}, "router_data": router}}, wait_timeout=30)  # fmt: skip
        for _ in range(200):
            if received:
                break
            await asyncio.sleep(0.1)
        await asyncio.sleep(1)
        await sio.disconnect()
        return received

    with concurrent.futures.ThreadPoolExecutor(1) as pool:  # Playwright holds the calling thread's loop
        return pool.submit(asyncio.run, call()).result()
