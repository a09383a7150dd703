"""The two submissions that carry files: an order with its proof, a registration with its
documents.

They are plain POSTs, so storing their files holds no lock on the tab's state (a slow object
store cannot outlast Reflex's state lock) and their answer is the response itself. They take
the tab's own copy of the checkout or wizard (what the buyer sees) and answer JSON, which the
page's state then shows (site.js `terminalShop.send`).
"""

from __future__ import annotations

import asyncio
import functools
import logging
import uuid
import weakref
from collections.abc import Callable
from typing import TypeVar

from starlette.datastructures import UploadFile
from starlette.exceptions import HTTPException
from starlette.formparsers import MultiPartException
from starlette.requests import ClientDisconnect, Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from terminal_shop import routes
from terminal_shop.infra import rate_limits
from terminal_shop.infra.rate_limits import Action
from terminal_shop.infra.uploads import MAX_FILES_PER_REQUEST, UploadRejected
from terminal_shop.privacy_policy import Consent
from terminal_shop.services.orders import bills, checkout_rules
from terminal_shop.services.orders import checkout as orders
from terminal_shop.services.orders.terms import OrderRefusal
from terminal_shop.services.registrations import details
from terminal_shop.services.registrations import submission as reg
from terminal_shop.services.registrations.terms import DocumentKind
from terminal_shop.services.servicing import invoices
from terminal_shop.services.validation import new_client_ref
from terminal_shop.web.guards import client_address, from_our_pages

log = logging.getLogger(__name__)
T = TypeVar("T")
# Submissions storing at once per worker: the rest wait here, on the event loop, rather
# than in the thread pool that page reads and every admin's database calls share.
SUBMISSIONS_AT_ONCE = 3
_slots: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, asyncio.Semaphore] = weakref.WeakKeyDictionary()


def _submission_slot() -> asyncio.Semaphore:
    loop = asyncio.get_running_loop()  # one per worker's loop (and per test client's)
    return _slots.setdefault(loop, asyncio.Semaphore(SUBMISSIONS_AT_ONCE))


async def _files_form(request: Request, max_files: int):
    """The multipart form, or None when it is not one (or the client went away)."""
    try:
        return await request.form(max_files=max_files, max_fields=4)
    except (MultiPartException, HTTPException, ClientDisconnect, ValueError, KeyError, AssertionError):
        return None


async def _over_limit(
    request: Request, action: Action, mail_to: str, *, counted_later: bool = False
) -> JSONResponse | None:
    """A 429 when this client (or the e-mail address it would have us write to) has done
    `action` too often; None otherwise. Counted now, or with `counted_later` only checked
    (the caller counts it once the action succeeded: a refused form costs nothing)."""
    client = client_address(request.headers, request.client.host if request.client else "")
    try:  # no address typed: nothing will be sent, and the form's own check says so
        if counted_later:
            await asyncio.to_thread(rate_limits.check, action, client)
        else:
            counted = [(action, client)] + ([(Action.MAIL_TO, mail_to.strip())] if mail_to.strip() else [])
            await asyncio.to_thread(rate_limits.hit_all, *counted)
    except rate_limits.TooMany as exc:
        return _refused(exc.message, 429, kind="limit")
    return None


def _refused(message: str, status: int = 400, **extra: str) -> JSONResponse:
    return JSONResponse({"message": message, **extra}, status_code=status)


async def _answer(
    work: Callable[[], T], refused: type[Exception], failed: str, made: Callable[[T], dict[str, str]]
) -> JSONResponse:
    """Runs a submission in a thread and answers what the page shows: what it made, a file
    refused (with the toast's title), the service's own refusal, or `failed` (503)."""
    try:
        async with _submission_slot():
            result = await asyncio.to_thread(work)
    except UploadRejected as exc:
        return _refused(exc.text, 422, kind="file", title=exc.title)
    except refused as exc:  # a registration's refusal carries its code for the failure page
        return _refused(str(exc), 422, code=str(getattr(exc, "code", "")))
    except Exception:
        log.exception("submission failed")
        return _refused(failed, 503)
    return JSONResponse(made(result))


async def submit_order(request: Request) -> Response:
    """The confirm page's "Kirim Pesanan": the tab's copy of its checkout and the proof."""
    if not from_our_pages(request):
        return _refused("Akses ditolak", 403)
    form = await _files_form(request, 1)
    draft = checkout_rules.CheckoutDraft.parse(form.get("draft") if form else None)
    if form is None or draft is None:
        return _refused(OrderRefusal.GENERIC.label)
    if not draft.client_ref:  # a key made here would make a resend of this a second order
        return _refused(OrderRefusal.NOT_READY.label, 409, kind="wait")
    proof = next(iter(form.getlist("files")), None)
    if not isinstance(proof, UploadFile):
        return _refused(OrderRefusal.PROOF_MISSING.label, 422, kind="file", title=OrderRefusal.PROOF_MISSING.label)
    # The address is checked, and counted only once an order is stored; the buyer's own
    # limit (rules.ORDERS_PER_BUYER) is counted from the orders stored, in their transaction.
    if refused := await _over_limit(request, Action.ORDER, "", counted_later=True):
        return refused
    data = await proof.read()
    client = client_address(request.headers, request.client.host if request.client else "")

    def place() -> uuid.UUID:  # in a thread: the order, then the address's count (Redis is I/O)
        billed = [b for b in (bills.parse(key) for key, _ in draft.cart) if b]
        if billed and not invoices.still_due(billed[0].case, billed[0].fee.sku):  # its case asks for another now
            raise orders.OrderError(OrderRefusal.BILL_GONE)
        order = orders.create_order(
            client_ref=draft.client_ref,
            buyer=draft.buyer,
            lines=list(draft.cart),
            payment_method=draft.payment_method,
            proof_filename=proof.filename or "bukti",
            proof_data=data,
            shown_amount=draft.shown,
        )
        rate_limits.hit_quietly(Action.ORDER, client)
        return order.id

    return await _answer(
        place,
        orders.OrderError,
        "",  # the failure page says it in its own words
        lambda order_id: {"order_id": str(order_id), "next": orders.success_path(order_id)},
    )


async def submit_registration(request: Request) -> Response:
    """The wizard's "Kirim Pendaftaran": the tab's copy of its fields and the documents,
    each file named after its document ('ktp__foto.jpg')."""
    if not from_our_pages(request):
        return _refused("Akses ditolak", 403)
    form = await _files_form(request, MAX_FILES_PER_REQUEST)
    if form is None:
        return _refused(reg.FAILED_REASON)
    draft = details.WizardDraft.parse(form.get("draft"))
    if refused := await _over_limit(request, Action.REGISTRATION, draft.fields.get("email", "")):
        return refused
    documents: dict[str, bytes] = {}
    for f in form.getlist("files"):
        doc, _, _ = (getattr(f, "filename", "") or "").partition("__")
        if isinstance(f, UploadFile) and DocumentKind.parse(doc):
            documents[doc] = await f.read()
    consent = (
        Consent(client_address(request.headers, request.client.host if request.client else ""), whatsapp=draft.whatsapp)
        if draft.agreed
        else None
    )
    return await _answer(
        functools.partial(
            reg.submit, draft.fields, documents, None, draft.client_ref or new_client_ref(), consent=consent
        ),
        reg.RegistrationError,
        reg.FAILED_REASON,
        lambda registration_id: {"registration_id": str(registration_id), "next": routes.REGISTER_SUCCESS},
    )


ROUTES = [  # mounted by web/api.py
    Route(routes.API_ORDER, submit_order, methods=["POST"]),
    Route(routes.API_REGISTRATION, submit_registration, methods=["POST"]),
]
