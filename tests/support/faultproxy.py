"""A TCP proxy between the site and one service it needs, that a test can turn against it.

The machine's own PostgreSQL and object store are never stopped: the site under test talks
to them through this proxy, and the test cuts the line (every connection closed, new ones
refused at once, as a stopped server does), stalls it (connections open, not a byte
through, as an overloaded store does) or holds only the answers (the service did the work,
the site has not heard), and then restores it.
"""

from __future__ import annotations

import asyncio
import re
import threading
import time

CHUNK = 64 * 1024
# An interim answer (boto3 sends a PUT's body after the store's "100 Continue").
INTERIM = b"HTTP/1.1 100 "
REQUEST_LINE = re.compile(rb"[A-Z]+ \S+ HTTP/1\.[01]\r\n")  # an HTTP request's first line (the object store's API)


class FaultProxy:
    def __init__(self, target_host: str, target_port: int) -> None:
        self.target = (target_host, target_port)
        self.loop = asyncio.new_event_loop()
        self._flowing = asyncio.Event()  # requests, to the service
        self._answering = asyncio.Event()  # answers, back to the site
        self._cut = False
        self._writers: set[asyncio.StreamWriter] = set()
        self.held: list[bytes] = []  # the request lines whose answers wait at a held gate
        ready = threading.Event()
        self.port = 0

        async def serve() -> None:
            self._flowing.set()
            self._answering.set()
            server = await asyncio.start_server(self._handle, "127.0.0.1", 0)
            self.port = server.sockets[0].getsockname()[1]
            ready.set()
            async with server:
                await server.serve_forever()

        self.thread = threading.Thread(target=self.loop.run_until_complete, args=(serve(),), daemon=True)
        self.thread.start()
        ready.wait(10)

    # ----- what a test does -----

    def cut(self) -> None:
        """Every connection closed, and new ones refused, until `restore`."""

        def cut() -> None:
            self._cut = True
            for writer in list(self._writers):
                writer.transport.abort()

        self.loop.call_soon_threadsafe(cut)

    def stall(self) -> None:
        """Connections stay open and new ones are accepted, but nothing passes until `restore`."""
        self.loop.call_soon_threadsafe(self._flowing.clear)

    def hold_answers(self) -> None:
        """Requests reach the service (it acts on them), but its answers wait until `restore`."""
        self.loop.call_soon_threadsafe(self._answering.clear)

    def wait_for_held_answer(self, method: bytes = b"", timeout: float = 15.0) -> None:
        """Returns once the service has answered something that `hold_answers` keeps back
        (`method`: a request of that method, e.g. b"PUT": another call the site made meanwhile
        is not the one the test is after).

        A fixed sleep before a fault was once too short on a busy machine: the fault came
        before the request it was meant to catch."""
        deadline = time.monotonic() + timeout
        while not any(line.startswith(method) for line in self.held):
            if time.monotonic() > deadline:
                raise AssertionError(f"the service answered nothing within {timeout} s")
            time.sleep(0.05)

    def restore(self) -> None:
        def restore() -> None:
            self._cut = False
            self._flowing.set()
            self._answering.set()
            self.held = []

        self.loop.call_soon_threadsafe(restore)

    # ----- the proxy -----

    async def _handle(self, client_r: asyncio.StreamReader, client_w: asyncio.StreamWriter) -> None:
        if self._cut:
            client_w.transport.abort()
            return
        try:
            server_r, server_w = await asyncio.open_connection(*self.target)
        except OSError:
            client_w.transport.abort()
            return
        self._writers |= {client_w, server_w}
        asked = [b""]  # this connection's latest request line
        try:
            await asyncio.gather(
                self._pipe(client_r, server_w, self._flowing, asked),
                self._pipe(server_r, client_w, self._answering, asked),
            )
        finally:
            self._writers -= {client_w, server_w}
            for w in (client_w, server_w):
                w.transport.abort()

    async def _pipe(
        self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, gate: asyncio.Event, asked: list[bytes]
    ) -> None:
        try:
            while data := await reader.read(CHUNK):
                if gate is self._flowing and REQUEST_LINE.match(data):
                    asked[0] = data.split(b"\r\n", 1)[0]
                interim = gate is self._answering and data.startswith(INTERIM)
                if not interim:  # "go on, send the body" is no answer: held, the request would not arrive
                    if gate is self._answering and not gate.is_set():
                        self.held.append(asked[0])
                    await gate.wait()
                if self._cut:
                    return
                writer.write(data)
                await writer.drain()
        except (ConnectionError, OSError):
            pass
        finally:
            writer.transport.abort()
