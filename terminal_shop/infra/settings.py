"""Every setting of the site, read from the environment in one place.

Defaults run the site on one machine with no services (SQLite, local-disk storage,
Reflex's disk state manager). Demo values are marked DEMO so nobody mistakes them
for the real company's data.
"""

from __future__ import annotations

import contextlib
import os
import secrets
import tempfile
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

PROJECT_ROOT = Path(__file__).resolve().parents[2]


def _env(name: str, default: str) -> str:
    value = os.environ.get(name, "").strip()
    return value or default


def _env_int(name: str, default: int) -> int:
    value = _env(name, str(default))
    if not value.isdigit():
        raise ValueError(f"{name} must be a whole number, not {value!r}")
    return int(value)


def _env_bool(name: str, default: bool) -> bool:
    value = _env(name, "true" if default else "false").lower()
    if value not in ("true", "false", "1", "0"):
        raise ValueError(f"{name} must be true or false, not {value!r}")
    return value in ("true", "1")


def _env_list(name: str, default: str) -> tuple[str, ...]:
    return tuple(p.strip().lower() for p in _env(name, default).split(",") if p.strip())


def _secret_key(data_dir: Path) -> str:
    """SECRET_KEY from the environment, else one random key kept beside the data.

    A key generated per machine is safer than any default written in the repo.
    Several workers on one machine share the file; on several machines set SECRET_KEY.
    """
    from_env = os.environ.get("SECRET_KEY", "").strip()
    if from_env:
        return from_env
    path = data_dir / "secret_key"
    if not path.exists():
        _create_once(path, secrets.token_urlsafe(48))
    key = path.read_text().strip()
    if not key:
        raise RuntimeError(f"{path} is empty: remove it (a new key is made) or set SECRET_KEY")
    return key


def _create_once(path: Path, content: str) -> None:
    """Writes the whole file under another name, then links it into place: a process that
    starts at the same moment finds either no file or the complete one, and the first
    link wins (the others keep its key)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, temporary = tempfile.mkstemp(dir=path.parent, prefix=".secret_key-")
    try:
        with os.fdopen(fd, "w") as fh:  # mkstemp: readable by this user only
            fh.write(content)
        with contextlib.suppress(FileExistsError):
            os.link(temporary, path)
    finally:
        Path(temporary).unlink()


def _same_machine(public_url: str) -> str:
    """localhost and 127.0.0.1 are the same site to a person, not to the browser's origin check."""
    if "//localhost" in public_url:
        return f"{public_url},{public_url.replace('//localhost', '//127.0.0.1')}"
    return public_url


@dataclass(frozen=True)
class Settings:
    data_dir: Path
    database_url: str
    secret_key: str = field(repr=False)
    # Storage
    storage_backend: str  # "local" or "s3"
    storage_dir: Path
    s3_endpoint_url: str
    s3_region: str
    s3_access_key_id: str
    s3_secret_access_key: str = field(repr=False)
    bucket_order_payments: str
    bucket_merchant_documents: str
    bucket_assets: str
    storage_puts_at_once: int  # S3 puts one process runs at once (infra/storage.py)
    # Scale-out
    redis_url: str
    public_url: str
    cors_origins: tuple[str, ...]
    trusted_proxy_hops: int  # reverse proxies in front that append X-Forwarded-For; 0 ignores it
    secure_cookies: bool  # the admin session cookie only over HTTPS (follows PUBLIC_URL)
    state_expiry_seconds: int  # an idle tab's state is dropped from the state store after this
    sweep_interval_seconds: int  # how often each worker removes orphan files; 0 turns it off
    rate_limit_factor: int  # every public write's limit times this (tests of the whole site raise it)
    stock_fresh_seconds: float  # a worker's stock figures serve every tab this long (state/stock.py)
    password_hash_memory_kib: int  # argon2's memory per password hash (the tests lower it: it is their main cost)
    # Admin
    admin_emails: tuple[str, ...]  # the bootstrap: accounts made from the command line must be listed here
    admin_2fa_required: bool  # every admin signs in with a second factor; one without is sent to set it up
    # Company facts shown on the site
    brand_name: str
    support_email: str
    whatsapp_number: str
    instagram_url: str
    bca_account_holder: str
    bca_account_number: str
    seller_address: str  # on the invoice
    seller_npwp: str  # the company's tax number, on the invoice
    seller_is_pkp: bool  # a PKP charges PPN: the invoice then shows its tax base and PPN lines
    dpo_name: str  # the data protection officer (UU 27/2022 Ps 53): on /privacy, every breach notice, the letter
    dpo_email: str
    smtp_url: str = field(repr=False)  # smtp://user:pass@host:587 (STARTTLS) or smtps://...; '' writes .eml files
    mail_from: str
    qris_payload: str  # the merchant's static QRIS (the text inside the sticker); '' reads the sticker image
    # How long personal data is kept (docs/decisions.md, Personal data; shown on /privacy)
    retention_rejected_days: int  # a rejected registration not corrected: its documents and identity
    retention_abandoned_days: int  # a checkout or wizard attempt never sent: its held amount, its files
    retention_ended_years: int  # an approved merchant's identity record, after the relationship ends
    retention_records_years: int  # orders and proofs of payment (company records)
    # WhatsApp Cloud API (README, WhatsApp): off unless token and phone number id are set
    whatsapp_token: str = field(repr=False)
    whatsapp_phone_number_id: str
    whatsapp_app_secret: str = field(repr=False)  # signs the webhook's deliveries
    whatsapp_verify_token: str = field(repr=False)  # the webhook's subscription handshake
    whatsapp_api_url: str  # https://graph.facebook.com/v21.0; the tests point it at their stand-in
    whatsapp_template_names: dict[str, str]  # a template's key -> the name Meta approved it under
    # Devices (docs/decisions.md, Devices)
    preorder_working_days: int  # "Pre-order, dikirim dalam N hari kerja" when stock is short
    warranty_months: int  # a unit's warranty, from the day its order was delivered
    silent_device_days: int  # an active terminal without a transaction this long is listed on "Transaksi"
    heartbeat_secret: str = field(repr=False)  # signs the fleet's heartbeats; "" derives one from SECRET_KEY
    device_offline_minutes: int  # a device silent this long is offline (the fleet view, the merchant's alert)
    device_min_app_version: str  # an app older than this is listed for an update
    # Operations
    metrics_addresses: tuple[str, ...]  # who may read /metrics (the client's real address)
    metrics_folder: str  # PROMETHEUS_MULTIPROC_DIR: the worker's processes add up their figures there
    json_logs: bool  # one JSON object a line, for a log collector
    web_workers: int  # WEB_CONCURRENCY: a unit's worker processes (web/serve.py); 0 is Reflex's own rule
    web_server_options: str  # GUNICORN_CMD_ARGS: an operator's own gunicorn options, after (over) the site's

    def unsafe(self) -> list[str]:
        """Combinations the site refuses to start with (terminal_shop.py)."""
        problems = []
        if self.https and not self.secure_cookies:
            problems.append(
                "PUBLIC_URL is https but SECURE_COOKIES=false: the admin session cookie would also"
                " travel over plain HTTP. Remove SECURE_COOKIES (it follows PUBLIC_URL)."
            )
        return problems

    def port_mismatch(self, served_port: int) -> str:
        """What to tell the operator when PUBLIC_URL is a local address on another port than the
        one served: the pages would talk to that port and show only a connection error."""
        url = urlsplit(self.public_url)
        if url.hostname not in ("localhost", "127.0.0.1", "::1"):
            return ""
        port = url.port or (443 if url.scheme == "https" else 80)
        if port == served_port:
            return ""
        return (
            f"PUBLIC_URL is {self.public_url}, but the site is served on port {served_port}: its pages"
            f" would talk to port {port} and fail. Unset PUBLIC_URL (it follows PORT) or set it to"
            f" {url.scheme}://{url.hostname}:{served_port}."
        )

    @property
    def whatsapp_on(self) -> bool:
        return bool(self.whatsapp_token and self.whatsapp_phone_number_id)

    @property
    def https(self) -> bool:
        return self.public_url.startswith("https://")

    @property
    def whatsapp_url(self) -> str:
        return f"https://wa.me/{self.whatsapp_number}"

    @property
    def whatsapp_display(self) -> str:
        n = self.whatsapp_number
        return f"+{n[:2]} {n[2:5]}-{n[5:9]}-{n[9:]}" if n.startswith("62") else n


def private_files() -> None:
    """Files this process creates (database, stored documents, tab state) are readable by
    its own user only: they hold KTP photos, bank accounts and sessions."""
    os.umask(0o077)


def _whatsapp() -> dict[str, Any]:
    """The WhatsApp Cloud API's settings (services/whatsapp): all empty, and the channel off."""
    return {
        "whatsapp_token": _env("WHATSAPP_TOKEN", ""),
        "whatsapp_phone_number_id": _env("WHATSAPP_PHONE_NUMBER_ID", ""),
        "whatsapp_app_secret": _env("WHATSAPP_APP_SECRET", ""),
        "whatsapp_verify_token": _env("WHATSAPP_VERIFY_TOKEN", ""),
        "whatsapp_api_url": _env("WHATSAPP_API_URL", "https://graph.facebook.com/v21.0").rstrip("/"),
        "whatsapp_template_names": dict(
            pair.split("=", 1) for pair in _env_list("WHATSAPP_TEMPLATE_NAMES", "") if "=" in pair
        ),
    }


def _privacy_officer() -> dict[str, Any]:
    return {"dpo_name": _env("DPO_NAME", "Petugas Pelindungan Data TerminalKu (DEMO)"),
            "dpo_email": _env("DPO_EMAIL", "privasi@terminalku.example")}  # fmt: skip


@lru_cache(maxsize=1)
def get_settings() -> Settings:
    data_dir = Path(_env("DATA_DIR", str(PROJECT_ROOT / "data"))).resolve()
    public_url = _env("PUBLIC_URL", f"http://localhost:{_env('PORT', '3000')}").rstrip("/")  # follows `make run`'s PORT
    return Settings(
        data_dir=data_dir,
        database_url=_env("DATABASE_URL", f"sqlite:///{data_dir / 'terminal_shop.db'}"),
        secret_key=_secret_key(data_dir),
        storage_backend=_env("STORAGE_BACKEND", "local").lower(),
        storage_dir=Path(_env("STORAGE_DIR", str(data_dir / "storage"))).resolve(),
        s3_endpoint_url=_env("S3_ENDPOINT_URL", ""),
        s3_region=_env("S3_REGION", "ap-southeast-3"),
        s3_access_key_id=_env("S3_ACCESS_KEY_ID", ""),
        s3_secret_access_key=_env("S3_SECRET_ACCESS_KEY", ""),
        bucket_order_payments=_env("BUCKET_ORDER_PAYMENTS", "order-payments"),
        bucket_merchant_documents=_env("BUCKET_MERCHANT_DOCUMENTS", "merchant-documents"),
        bucket_assets=_env("BUCKET_ASSETS", "assets"),
        storage_puts_at_once=max(1, _env_int("STORAGE_PUTS_AT_ONCE", 8)),
        redis_url=_env("REDIS_URL", ""),
        rate_limit_factor=max(1, int(_env("RATE_LIMIT_FACTOR", "1"))),
        stock_fresh_seconds=max(0.0, float(_env("STOCK_FRESH_SECONDS", "5"))),
        password_hash_memory_kib=max(1024, int(_env("PASSWORD_HASH_MEMORY_KIB", "65536"))),
        public_url=public_url,
        cors_origins=_env_list("CORS_ALLOWED_ORIGINS", _same_machine(public_url)),
        trusted_proxy_hops=_env_int("TRUSTED_PROXY_HOPS", 0),
        secure_cookies=_env_bool("SECURE_COOKIES", public_url.startswith("https://")),
        state_expiry_seconds=_env_int("STATE_EXPIRY_SECONDS", 3600),
        sweep_interval_seconds=_env_int("SWEEP_INTERVAL_SECONDS", 3600),
        admin_emails=_env_list("ADMIN_EMAILS", "admin@terminalku.example"),
        admin_2fa_required=_env_bool("ADMIN_2FA_REQUIRED", True),
        # DEMO defaults below: set the real company's values through the environment.
        brand_name=_env("BRAND_NAME", "TerminalKu"),
        support_email=_env("SUPPORT_EMAIL", "info@terminalku.example"),
        whatsapp_number=_env("WHATSAPP_NUMBER", "6281100000000"),
        instagram_url=_env("INSTAGRAM_URL", "https://www.instagram.com/terminalku.demo"),
        bca_account_holder=_env("BCA_ACCOUNT_HOLDER", "PT TerminalKu Demo Indonesia"),
        bca_account_number=_env("BCA_ACCOUNT_NUMBER", "000 000 0000"),
        seller_address=_env("SELLER_ADDRESS", "Jl. Contoh Raya No. 1, Jakarta Selatan 12190 (DEMO)"),
        seller_npwp=_env("SELLER_NPWP", "00.000.000.0-000.000 (DEMO)"),
        seller_is_pkp=_env_bool("SELLER_PKP", False),
        smtp_url=_env("SMTP_URL", ""),
        mail_from=_env("MAIL_FROM", f"{_env('BRAND_NAME', 'TerminalKu')} <no-reply@terminalku.example>"),
        qris_payload=_env("QRIS_PAYLOAD", ""),
        retention_rejected_days=_env_int("RETENTION_REJECTED_DAYS", 90),
        retention_abandoned_days=_env_int("RETENTION_ABANDONED_DAYS", 30),
        retention_ended_years=_env_int("RETENTION_ENDED_YEARS", 5),
        retention_records_years=_env_int("RETENTION_RECORDS_YEARS", 10),
        **_whatsapp(),
        **_privacy_officer(),
        preorder_working_days=_env_int("PREORDER_WORKING_DAYS", 7),
        warranty_months=_env_int("WARRANTY_MONTHS", 12),
        heartbeat_secret=_env("HEARTBEAT_SECRET", ""),
        device_offline_minutes=_env_int("DEVICE_OFFLINE_MINUTES", 60),
        device_min_app_version=_env("DEVICE_MIN_APP_VERSION", "1.0.0"),
        silent_device_days=max(1, _env_int("SILENT_DEVICE_DAYS", 7)),
        metrics_addresses=_env_list("METRICS_ADDRESSES", "127.0.0.1,::1"),
        metrics_folder=_env("PROMETHEUS_MULTIPROC_DIR", ""),
        web_workers=max(0, _env_int("WEB_CONCURRENCY", 0)),
        web_server_options=_env("GUNICORN_CMD_ARGS", ""),
        json_logs=_env("LOG_FORMAT", "text").lower() == "json",
    )
