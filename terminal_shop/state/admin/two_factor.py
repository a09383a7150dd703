"""The second factor: the code asked after the password, and the authenticator's setup
(services/team/two_factor.py). The secret and the recovery codes never enter this
state (it is stored in plain text): the QR comes from an HTTP route, the texts reach the
page through one-off set_value events into fields that are always on the page."""

from __future__ import annotations

import asyncio
import secrets

import reflex as rx

from terminal_shop import routes
from terminal_shop.infra.settings import get_settings
from terminal_shop.services.team import permissions, two_factor
from terminal_shop.state import toast
from terminal_shop.state.admin.session import AdminState, admin_only

SECRET_FIELD = "totp-secret"
CODES_FIELD = "recovery-codes"


class TwoFactorState(AdminState):
    code_error: str = ""
    two_factor_on: bool = False
    setting_up: bool = False  # a new secret is on the page, waiting for its first code
    codes_shown: bool = False  # new recovery codes are in their field: shown this once
    recovery_left: int = 0
    required: bool = True
    qr_src: str = ""
    home: str = routes.ADMIN_MERCHANTS

    # ----- the code after the password -----

    @rx.event
    @admin_only(step=routes.ADMIN_2FA)
    async def show_verify(self):
        """Leaves `code_error` as it is: this load can run after a fast first try's answer (a tap
        right after the page appeared), and cleared it (the 2FA journey's "Kode salah" vanished);
        a code that passes clears it."""
        admin = self._admin()
        if not admin.next_step:  # already given for this session
            return rx.redirect(permissions.home(admin.role), replace=True)
        return None

    @rx.event
    @admin_only(step=routes.ADMIN_2FA)
    async def verify(self, form: dict):
        admin = self._admin()
        passed, refused = await self._with_code(two_factor.verify_sign_in, form)
        if refused:
            return refused
        events = [rx.redirect(f"{permissions.home(admin.role)}?masuk=1", replace=True)]
        if passed.recovery:
            told = f"Sisa {passed.recovery_left} kode pemulihan. Buat kode baru di halaman 2FA bila hampir habis."
            events.insert(0, toast.success("Kode pemulihan dipakai", description=told))
        return events

    async def _with_code(self, check, form: dict):
        """`check(admin id, code, session hash)` in a thread: (its result, None), or (None, the
        toast) with the refusal shown under the field."""
        code = str(form.get("code", ""))[:40]
        try:
            result = await asyncio.to_thread(check, self._admin().id, code, self._session_hash())
        except two_factor.CodeRefused as refused:
            self.code_error = refused.text
            return None, toast.error(refused.text)
        self.code_error = ""
        return result, None

    # ----- setting the authenticator up -----

    @rx.event
    @admin_only(step=routes.ADMIN_2FA_SETUP)
    async def show_setup(self):
        admin = self._admin()
        self.required = get_settings().admin_2fa_required
        self.home = permissions.home(admin.role)
        self.code_error, self.codes_shown = "", False
        self.two_factor_on = admin.two_factor
        if admin.two_factor:
            self.setting_up = False
            self.recovery_left = await asyncio.to_thread(two_factor.recovery_left, admin.id)
            return None
        return await self._begin(admin.id)

    @rx.event
    @admin_only(step=routes.ADMIN_2FA_SETUP)
    async def start_setup(self):
        admin = self._admin()
        return await self._begin(admin.id)

    async def _begin(self, admin_id: str):
        secret = await asyncio.to_thread(two_factor.begin_setup, admin_id)
        self.setting_up, self.codes_shown = True, False
        self.qr_src = f"{routes.API_2FA_QR}?v={secrets.token_hex(4)}"  # a new picture (nothing of the secret)
        return rx.set_value(SECRET_FIELD, " ".join(secret[i : i + 4] for i in range(0, len(secret), 4)))

    @rx.event
    @admin_only(step=routes.ADMIN_2FA_SETUP)
    async def confirm_setup(self, form: dict):
        codes, refused = await self._with_code(two_factor.confirm_setup, form)
        if refused:
            return refused
        self.setting_up, self.two_factor_on, self.qr_src = False, True, ""
        return self._show_codes(codes, "2FA aktif")

    @rx.event
    @admin_only(step=routes.ADMIN_2FA_SETUP)
    async def renew_codes(self):
        admin = self._admin()
        if not admin.two_factor:
            return toast.error("Aktifkan 2FA terlebih dahulu")
        codes = await asyncio.to_thread(two_factor.new_recovery_codes, admin.id, admin.email)
        return self._show_codes(codes, "Kode pemulihan baru dibuat")

    def _show_codes(self, codes: list[str], said: str) -> list:
        self.codes_shown, self.recovery_left = True, len(codes)
        told = "Simpan kode pemulihan di tempat aman: kode ini hanya ditampilkan sekali."
        return [rx.set_value(CODES_FIELD, "\n".join(codes)), toast.success(said, description=told)]
