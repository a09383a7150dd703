"""How a handler calls a service (issue 51.7: the states held thirteen copies of this block).

The call runs in a thread, never on the event loop. A service's own refusal (a `Refused`)
is answered in its words, and the caller may read it (`refused`) to mark a field; anything
else is a failure the person cannot fix: logged with its traceback, and answered with the
handler's one sentence. `then` is what follows either answer (e.g. clearing a file picker).
"""

from __future__ import annotations

import asyncio
import functools
import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from terminal_shop.reflex_compat import EventSpec
from terminal_shop.refusals import Refused
from terminal_shop.state import toast

log = logging.getLogger(__name__)
T = TypeVar("T")


@dataclass(frozen=True)
class Outcome(Generic[T]):
    value: T | None = None
    answer: list[EventSpec] = field(default_factory=list)  # the toast to return instead, when not ok
    refused: Refused | None = None

    @property
    def ok(self) -> bool:
        return not self.answer


async def attempt(
    work: Callable[..., T],
    *args: Any,
    failed: str,
    title: str = "",
    then: Sequence[EventSpec] = (),
) -> Outcome[T]:
    """`work(*args)` in a thread. A refusal's toast is its text (under `title` when given);
    a failure's is `failed`."""
    try:
        return Outcome(value=await asyncio.to_thread(functools.partial(work, *args)))
    except Refused as refused:
        heading = getattr(refused, "title", "") or title  # an upload's refusal brings its own
        said = toast.error(heading, description=refused.text) if heading else toast.error(refused.text)
        return Outcome(answer=[said, *then], refused=refused)
    except Exception:
        log.exception("%s (%s)", failed, getattr(work, "__qualname__", work))
        return Outcome(answer=[toast.error(failed), *then])


async def given(value: Any) -> Any:
    """An answer known already, beside reads run in threads in one `asyncio.gather`."""
    return value
