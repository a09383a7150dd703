"""state/attempt.py: the one way a handler calls a service (issue 51.7)."""

from __future__ import annotations

import asyncio
import logging
import threading

from terminal_shop.infra.uploads import UploadRefusal, UploadRejected
from terminal_shop.services.orders.fulfilment import FulfilmentError
from terminal_shop.services.orders.terms import StepRefusal
from terminal_shop.state import toast
from terminal_shop.state.attempt import attempt


def test_the_work_runs_off_the_event_loop_and_its_value_comes_back():
    loop_thread = threading.get_ident()
    tried = asyncio.run(attempt(lambda a, b: (a + b, threading.get_ident()), 2, 3, failed="Gagal"))
    assert tried.ok and tried.value is not None
    total, ran_on = tried.value
    assert total == 5 and ran_on != loop_thread


def test_a_services_refusal_is_answered_in_its_own_words_then_what_follows():
    refusal = FulfilmentError(StepRefusal.NOT_PACKED)
    follow = toast.success("Pilihan file dikosongkan")

    def refuse():
        raise refusal

    tried = asyncio.run(attempt(refuse, failed="Gagal menyimpan", then=[follow]))
    assert not tried.ok and tried.refused is refusal
    assert tried.answer == [toast.error(refusal.text), follow]
    titled = asyncio.run(attempt(refuse, failed="Gagal", title="File tidak dapat dibaca"))
    assert titled.answer == [toast.error("File tidak dapat dibaca", description=refusal.text)]


def test_an_upload_refusal_heads_the_toast_with_its_own_title():
    rejected = UploadRejected(next(iter(UploadRefusal)))

    def refuse():
        raise rejected

    tried = asyncio.run(attempt(refuse, failed="Gagal upload dokumen", title="ignored"))
    assert tried.answer == [toast.error(rejected.title, description=rejected.text)]


def test_anything_else_is_logged_and_answered_with_the_handlers_sentence(caplog):
    def broken():
        raise ConnectionError("database gone")

    with caplog.at_level(logging.ERROR, logger="terminal_shop.state.attempt"):
        tried = asyncio.run(attempt(broken, failed="Gagal memuat ringkasan"))
    assert tried.answer == [toast.error("Gagal memuat ringkasan")] and tried.refused is None
    assert "Gagal memuat ringkasan" in caplog.text and "database gone" in caplog.text  # with its traceback
