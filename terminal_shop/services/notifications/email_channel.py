"""The e-mail channel (notifications/channels.py): a notice's content (its area's words) in the
one e-mail template (notifications/emails.py `email`), sent by SMTP,
or with no SMTP_URL (the embedded default) written as an .eml file under $DATA_DIR/outbox/
and logged, so `make run` needs no mail server.

E-mails tell of a person's own order, registration or terminal: no consent is asked for them.
"""

from __future__ import annotations

import logging
import smtplib
import ssl
from datetime import timedelta
from email.message import EmailMessage
from email.utils import formataddr, make_msgid, parseaddr
from urllib.parse import unquote, urlsplit

from email_validator import EmailNotValidError, validate_email
from sqlmodel import Session

from terminal_shop.infra.settings import get_settings
from terminal_shop.services.notifications import kinds, outbox
from terminal_shop.services.notifications.channels import Notice, register
from terminal_shop.services.notifications.content import Content
from terminal_shop.services.notifications.emails import email
from terminal_shop.services.notifications.outbox import Mail, PermanentFailure, Queued

log = logging.getLogger(__name__)


# The buyer's proof sent by chat is answered in the chat; the e-mail of the order received
# already says the proof is with us (tests/unit/test_notice_kinds.py holds what was decided).
NOT_BY_EMAIL = frozenset({"proof_received"})


class EmailChannel:
    name = outbox.EMAIL
    key_prefix = ""

    @property
    def offers(self) -> frozenset[str]:
        """Every kind an area declares (one template says any content), but NOT_BY_EMAIL."""
        return kinds.names() - NOT_BY_EMAIL

    def address(self, notice: Notice) -> str | None:
        return notice.email

    def consents(self, s: Session, address: str) -> bool:
        return True

    def render(self, s: Session, notice: Notice, content: Content, address: str) -> Mail | None:
        return email(address, content)

    def send(self, queued: Queued) -> str | None:
        _deliver_email(queued)
        return None

    def retry_after(self, attempts: int) -> timedelta | None:
        return outbox.standard_retry(attempts)


register(EmailChannel())


def _message(queued: Queued) -> EmailMessage:
    """The e-mail as sent. Addresses are checked and headers encoded by the email package,
    which refuses line breaks in any header: no header injection from a buyer's input."""
    settings = get_settings()
    mail = queued.mail
    to = validate_email(mail.to, check_deliverability=False).normalized
    name, address = parseaddr(settings.mail_from)
    msg = EmailMessage()
    msg["From"] = formataddr((name, validate_email(address, check_deliverability=False).normalized))
    msg["To"] = to
    msg["Subject"] = mail.subject
    msg["Message-ID"] = make_msgid(idstring=queued.key.replace(":", ".")[:60], domain="terminalku.outbox")
    msg.set_content(mail.text)
    msg.add_alternative(mail.html, subtype="html")
    if mail.png:
        msg.add_attachment(mail.png, maintype="image", subtype="png", filename="qris.png")
    if mail.pdf:
        msg.add_attachment(mail.pdf, maintype="application", subtype="pdf", filename=mail.pdf_name or "dokumen.pdf")
    return msg


def _send_smtp(msg: EmailMessage, url: str) -> None:
    parts = urlsplit(url)
    implicit_tls = parts.scheme == "smtps"
    port = parts.port or (465 if implicit_tls else 587)
    context = ssl.create_default_context()
    host = parts.hostname or ""
    connection = (
        smtplib.SMTP_SSL(host, port, timeout=20, context=context)
        if implicit_tls
        else smtplib.SMTP(host, port, timeout=20)
    )
    with connection as smtp:
        if not implicit_tls:
            smtp.ehlo()
            if smtp.has_extn("starttls"):
                smtp.starttls(context=context)
                smtp.ehlo()
        if parts.username:
            smtp.login(unquote(parts.username), unquote(parts.password or ""))
        try:
            smtp.send_message(msg)
        except smtplib.SMTPRecipientsRefused as exc:
            code, reason = next(iter(exc.recipients.values()))
            raise PermanentFailure(f"{code} {reason.decode(errors='replace')}") from exc


def _write_eml(msg: EmailMessage, queued: Queued) -> None:
    folder = get_settings().data_dir / "outbox"
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{queued.id:08d}-{queued.key.replace(':', '_')[:80]}.eml"
    path.write_bytes(bytes(msg))
    log.info("e-mail to %s written to %s (no SMTP_URL set)", queued.mail.to, path)


def _deliver_email(queued: Queued) -> None:
    try:
        msg = _message(queued)
    except (EmailNotValidError, ValueError) as exc:
        raise PermanentFailure(f"alamat atau header tidak valid: {exc}") from exc
    url = get_settings().smtp_url
    if url:
        _send_smtp(msg, url)
    else:
        _write_eml(msg, queued)
