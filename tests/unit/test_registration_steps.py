"""The wizard's step across what a phone's connection does: a page load's own event (on_load)
is sent again by every reconnect of the socket, and on a slow network it is handled after what
the person typed and "Lanjutkan" (seen in the scale-out walk). Neither may send them back from
step 2; only the page drawn again (a load, a reload) starts at step 1. Handlers are called in
the order the server would, on a state outside any app."""

from __future__ import annotations

import terminal_shop.terminal_shop  # noqa: F401  (registers every state)
from terminal_shop.reflex_compat.testing import detached_root_state, router_with_headers
from terminal_shop.services.registrations import details
from terminal_shop.state.registration import RegistrationState as S

TYPED = {
    "nama_lengkap": "Sri Wahyuni",
    "nomor_hp": "0812-3456-7890",
    "email": "sri@example.com",
    "nama_usaha": "Warung Bu Sri",
    "jenis_usaha": "fnb",
    "alamat_usaha": "Jl. Kenjeran No. 10",
    "kecamatan": "Bulak",
    "kabupaten_kota": "Surabaya",
    "omzet_bulanan": "Rp 15.000.000",
    "nama_bank": "Bank BCA",
    "nama_rekening": "Sri Wahyuni",
    "nomor_rekening": "1234567890",
}
TAB_COPY = details.WizardDraft(TYPED, "a" * 32, 1).to_json()


def wizard():
    root = detached_root_state()
    return root, root.get_substate(S.get_full_name().split(".")[1:])


def on(root, connection: str) -> None:
    root.router = router_with_headers({}, as_path="/pendaftaran", connection=connection)


def test_the_page_loads_late_event_keeps_the_step_the_person_reached():
    root, state = wizard()
    on(root, "first-load")
    S.opened.fn(state)
    S.next_from_details.fn(state, TAB_COPY)
    assert (state.step, state.errors) == (2, {})
    S.restore_draft.fn(state)  # the load's event, after the click
    assert state.step == 2
    assert state.form["nama_usaha"] == "Warung Bu Sri"


def test_a_reconnect_keeps_the_step_and_the_form():
    root, state = wizard()
    on(root, "first-load")
    S.opened.fn(state)
    S.restore_draft.fn(state)
    S.next_from_details.fn(state, TAB_COPY)
    on(root, "after-the-network-came-back")  # a new socket, the same page
    S.restore_draft.fn(state)
    assert (state.step, state.form["nama_usaha"]) == (2, "Warung Bu Sri")


def test_a_reload_or_a_return_to_the_page_starts_at_step_one():
    root, state = wizard()
    on(root, "first-load")
    S.opened.fn(state)
    S.restore_draft.fn(state)
    S.next_from_details.fn(state, TAB_COPY)
    on(root, "after-reload")
    S.opened.fn(state)  # the page drawn again
    S.restore_draft.fn(state)
    assert (state.step, state.form["nama_usaha"]) == (1, "Warung Bu Sri")
