"""The owner's accounts screen (services/team/admin_accounts.py): every admin, the open
invitations, and what the owner changes about them."""

from __future__ import annotations

import asyncio
import functools

import reflex as rx

from terminal_shop import rules
from terminal_shop.services.notifications import mail_log
from terminal_shop.services.team import admin_accounts, admin_sessions, invite_links, two_factor
from terminal_shop.services.team.permissions import Permission
from terminal_shop.services.team.terms import AccountRefusal
from terminal_shop.services.team.views import AdminAccountView, InviteView
from terminal_shop.state import toast
from terminal_shop.state.admin.session import AdminState, admin_only


def _told(failed: str, done: str, email: str):
    """Sent only when the mail server took the e-mail; else why not, and what to do instead."""
    if failed:
        return toast.error("Undangan dibuat, tetapi email belum terkirim", description=f"{failed}. {COPY_INSTEAD}")
    valid = rules.hours(rules.INVITE_VALID)
    return toast.success(f"{done} ke {email.strip().lower()}", description=f"Tautan berlaku {valid}.")


COPY_INSTEAD = "Gunakan Salin tautan untuk mengirimnya lewat WhatsApp."


class AccountsState(AdminState):
    accounts: list[AdminAccountView] = []
    invites: list[InviteView] = []
    invite_error: str = ""

    async def _list(self) -> None:
        accounts, invites = await asyncio.to_thread(lambda: (admin_accounts.accounts(), invite_links.open_invites()))
        self.accounts, self.invites = list(accounts), list(invites)

    async def _change(self, change, said):
        """Runs the owner's change in a thread; the list shows the result either way. `said`:
        the success text, or a function of what the change returned."""
        try:
            done = await asyncio.to_thread(change)
            answer = toast.success(said(done) if callable(said) else said)
        except admin_accounts.AccountError as refused:
            answer = toast.error(refused.text)
        await self._list()
        return answer

    @rx.event
    @admin_only(permission=Permission.ACCOUNTS)
    async def load(self):
        self.invite_error = ""
        await self._list()

    @rx.event
    @admin_only(permission=Permission.ACCOUNTS)
    async def invite(self, form: dict):
        admin = self._admin()
        email, role = str(form.get("email", ""))[:254], str(form.get("role", ""))[:20]
        try:
            await asyncio.to_thread(admin_accounts.invite, admin.email, email, role)
            mail = await asyncio.to_thread(invite_links.send_now, email)
        except admin_accounts.AccountError as refused:
            self.invite_error = refused.text
            return toast.error(refused.text)
        self.invite_error = ""
        await self._list()
        return [_told(mail_log.failure_words(mail), "Undangan terkirim", email), rx.set_value("invite-email", "")]

    @rx.event
    @admin_only(permission=Permission.ACCOUNTS)
    async def resend_invite(self, email: str):
        """ "Kirim ulang": a new e-mail (earlier links stop working), sent while the owner waits."""
        try:
            mail = await asyncio.to_thread(invite_links.resend, self._admin().email, str(email)[:254])
        except admin_accounts.AccountError as refused:
            await self._list()
            return toast.error(refused.text)
        await self._list()
        return _told(mail_log.failure_words(mail), "Undangan dikirim ulang", email)

    @rx.event
    @admin_only(permission=Permission.ACCOUNTS)
    async def copy_invite_link(self, email: str):
        """ "Salin tautan": a further link straight to the clipboard (never into tab state)."""
        try:
            link = await asyncio.to_thread(invite_links.copy_link, self._admin().email, str(email)[:254])
        except admin_accounts.AccountError as refused:
            await self._list()
            return toast.error(refused.text)
        return [
            rx.set_clipboard(link),
            toast.success("Tautan undangan disalin", description=f"Kirim ke {email} lewat WhatsApp atau chat."),
        ]

    @rx.event
    @admin_only(permission=Permission.ACCOUNTS)
    async def withdraw(self, email: str):
        withdrawn = await asyncio.to_thread(admin_accounts.withdraw, self._admin().email, str(email)[:254])
        await self._list()
        return toast.success("Undangan dibatalkan") if withdrawn else toast.error("Undangan tidak ditemukan")

    @rx.event
    @admin_only(permission=Permission.ACCOUNTS)
    async def set_role(self, account_id: str, role: str):
        admin = self._admin()
        change = functools.partial(admin_accounts.set_role, admin.email, str(account_id), str(role))
        return await self._change(change, lambda label: f"Peran diubah menjadi {label}")

    @rx.event
    @admin_only(permission=Permission.ACCOUNTS)
    async def set_active(self, account_id: str, active: bool):
        """Deactivating ends the account's sessions at once; re-activating lets it sign in again."""
        admin = self._admin()
        active = active is True
        change = functools.partial(admin_accounts.set_active, admin.email, str(account_id), active)
        said = "Akun diaktifkan kembali" if active else "Akun dinonaktifkan; semua sesinya diakhiri"
        return await self._change(change, said)

    @rx.event
    @admin_only(permission=Permission.ACCOUNTS)
    async def end_sessions(self, account_id: str):
        """Signs the admin out everywhere (this browser's own session stays)."""
        admin = self._admin()
        end = functools.partial(admin_sessions.end_others, admin.id, admin.email, self._session_hash(), str(account_id))
        ended = await asyncio.to_thread(end)
        await self._list()
        return toast.success(f"{ended} sesi diakhiri")

    @rx.event
    @admin_only(permission=Permission.ACCOUNTS)
    async def reset_two_factor(self, account_id: str):
        """For a lost phone: the account sets 2FA up again at its next sign-in."""
        admin = self._admin()
        reason = "2FA direset oleh Pemilik; semua sesi diakhiri"
        reset = await asyncio.to_thread(two_factor.turn_off, str(account_id), admin.email, reason)
        await self._list()
        if not reset:
            return toast.error(AccountRefusal.NOT_FOUND.label)
        return toast.success("2FA direset: akun ini mengatur ulang 2FA saat masuk berikutnya")
