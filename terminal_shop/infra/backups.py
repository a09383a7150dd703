"""Snapshots of the whole site (every table, every stored file) that restore onto an empty
site, the same way on SQLite and PostgreSQL (cli/backup.py; README, Backups).

A snapshot is a folder: `tables/<name>.jsonl` (one row a line), `files/<bucket>/<key>` and
`manifest.json` with the row counts, every file's SHA-256 and the schema revision. The
tables are read in one read-only transaction (PostgreSQL: REPEATABLE READ; SQLite: one
snapshot of the WAL), then the files are copied: a file is stored before the row that names
it is committed, so every file the tables name is there. `status_tallies` is not kept: the
triggers count the restored rows again.

A snapshot can be handed to the server by anyone who can write a folder, so nothing in it
is trusted before its manifest's signature (HMAC-SHA256 under a key from SECRET_KEY: a
site restores only what a site with the same key made) is checked; then every file must be
listed, every table must be one of the site's, every bucket one of the site's, and every
key a plain relative path (issue 35.3). Anything else is refused with the reason.
"""

from __future__ import annotations

import base64
import datetime as dt
import decimal
import hashlib
import hmac
import json
import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import Any

import sqlalchemy as sa
from sqlmodel import SQLModel

import terminal_shop.tables  # noqa: F401  (every table in the metadata)
from terminal_shop.infra.db import get_engine
from terminal_shop.infra.settings import get_settings
from terminal_shop.infra.storage import Storage, content_type_for, get_storage

FORMAT = 1
DERIVED = {"status_tallies"}  # rebuilt by the triggers from the restored rows
BATCH = 1000


class BackupError(Exception):
    """A snapshot that cannot be made, checked or restored; the message says why."""


@dataclass
class Report:
    rows: dict[str, int] = field(default_factory=dict)
    files: int = 0
    problems: list[str] = field(default_factory=list)


def _tables() -> list[sa.Table]:
    return [t for t in SQLModel.metadata.sorted_tables if t.name not in DERIVED]


def _buckets() -> list[str]:
    s = get_settings()
    return [s.bucket_order_payments, s.bucket_merchant_documents, s.bucket_assets]


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 20), b""):
            digest.update(chunk)
    return digest.hexdigest()


def _encode(value: object) -> str:
    if isinstance(value, dt.datetime | dt.date):
        return value.isoformat()
    if isinstance(value, uuid.UUID | decimal.Decimal):
        return str(value)
    if isinstance(value, bytes):
        return base64.b64encode(value).decode()
    raise TypeError(f"cannot keep a {type(value).__name__}")


def _python_type(column: sa.Column[Any]) -> type | None:
    kind = column.type
    if isinstance(kind, sa.types.TypeDecorator):  # our UTC datetime, for one
        kind = kind.impl_instance
    try:
        return kind.python_type
    except NotImplementedError:
        return None


def _decoder(column: sa.Column[Any]) -> Callable[[Any], Any] | None:
    kind = _python_type(column)
    if kind is None:
        return None
    decoders: dict[type, Callable[[Any], Any]] = {
        dt.datetime: dt.datetime.fromisoformat,
        dt.date: dt.date.fromisoformat,
        uuid.UUID: uuid.UUID,
        decimal.Decimal: decimal.Decimal,
        bytes: base64.b64decode,
    }
    return decoders.get(kind)


def _snapshot_connection(engine: sa.Engine) -> sa.Connection:
    conn = engine.connect()
    if engine.dialect.name == "postgresql":
        conn = conn.execution_options(isolation_level="REPEATABLE READ", postgresql_readonly=True)
    conn.begin()
    return conn


def _revision(conn: sa.Connection) -> str:
    return conn.execute(sa.text("SELECT version_num FROM alembic_version")).scalar_one()


def _signature(manifest: dict[str, Any]) -> str:
    key = hashlib.sha256(b"backup-manifest\n" + get_settings().secret_key.encode()).digest()
    body = json.dumps({k: v for k, v in manifest.items() if k != "signature"}, sort_keys=True).encode()
    return hmac.new(key, body, hashlib.sha256).hexdigest()


def _plain_key(key: object) -> bool:
    """A stored file's key as the site makes them: a relative path, no '..', no odd parts."""
    if not isinstance(key, str) or not key or "\\" in key or "\x00" in key or key.startswith("/"):
        return False
    return all(part not in ("", ".", "..") for part in PurePosixPath(key).parts) and "//" not in key


def create(folder: Path, storage: Storage | None = None) -> Report:
    """Writes a snapshot into `folder` (which must not exist or be empty)."""
    if folder.exists() and any(folder.iterdir()):
        raise BackupError(f"{folder} tidak kosong: cadangan dibuat di folder baru")
    storage = storage or get_storage()
    (folder / "tables").mkdir(parents=True, exist_ok=True)
    report, manifest = Report(), {"format": FORMAT, "created_at": dt.datetime.now(dt.UTC).isoformat()}
    tables: dict[str, dict[str, Any]]
    files: dict[str, dict[str, dict[str, Any]]]
    engine = get_engine()
    with _snapshot_connection(engine) as conn:
        manifest["database"], manifest["revision"] = engine.dialect.name, _revision(conn)
        tables = {t.name: _dump_table(conn, t, folder / "tables" / f"{t.name}.jsonl") for t in _tables()}
    files = {bucket: _copy_bucket(storage, bucket, folder / "files" / bucket) for bucket in _buckets()}
    manifest["tables"], manifest["files"] = tables, files
    manifest["signature"] = _signature(manifest)
    (folder / "manifest.json").write_text(json.dumps(manifest, indent=1, sort_keys=True))
    report.rows = {name: t["rows"] for name, t in tables.items()}
    report.files = sum(len(f) for f in files.values())
    return report


def _dump_table(conn: sa.Connection, table: sa.Table, out: Path) -> dict[str, Any]:
    rows = 0
    with out.open("w") as fh:
        result = conn.execution_options(yield_per=BATCH).execute(sa.select(table).order_by(*table.primary_key.columns))
        for row in result.mappings():
            fh.write(json.dumps(dict(row), default=_encode, ensure_ascii=False) + "\n")
            rows += 1
    return {"rows": rows, "sha256": _sha256(out)}


def _copy_bucket(storage: Storage, bucket: str, out: Path) -> dict[str, dict[str, Any]]:
    files: dict[str, dict[str, Any]] = {}
    for key, _ in storage.list_keys(bucket):
        target = out / key
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(storage.get(bucket, key))
        files[key] = {"sha256": _sha256(target), "bytes": target.stat().st_size}
    return files


def _manifest(folder: Path) -> dict[str, Any]:
    try:
        manifest = json.loads((folder / "manifest.json").read_text())
    except (OSError, ValueError) as exc:
        raise BackupError(f"{folder} tidak berisi manifest.json yang terbaca: {exc}") from exc
    if not isinstance(manifest, dict) or not hmac.compare_digest(
        str(manifest.get("signature", "")), _signature(manifest)
    ):
        raise BackupError("manifest.json tidak bertanda tangan situs ini (diubah, atau dibuat dengan SECRET_KEY lain)")
    if manifest.get("format") != FORMAT:
        raise BackupError(f"format cadangan {manifest.get('format')} bukan {FORMAT}")
    tables, buckets = manifest.get("tables"), manifest.get("files")
    if not isinstance(tables, dict) or set(tables) != {t.name for t in _tables()}:
        raise BackupError("daftar tabel di manifest bukan tabel situs ini")
    if not isinstance(buckets, dict) or not set(buckets) <= set(_buckets()):
        raise BackupError(
            f"bucket di manifest bukan bucket situs ini: {', '.join(sorted(set(buckets or {}) - set(_buckets())))[:200]}"
        )
    if bad := [f"{b}/{k}" for b, files in buckets.items() for k in files if not _plain_key(k)]:
        raise BackupError(f"nama file tidak sah di manifest: {bad[0][:200]}")
    return manifest


def verify(folder: Path) -> Report:
    """Every table file and stored file against the manifest (problems listed, none fixed)."""
    manifest, report = _manifest(folder), Report()
    for name, table in manifest["tables"].items():
        path = folder / "tables" / f"{name}.jsonl"
        if not path.is_file() or _sha256(path) != table["sha256"]:
            report.problems.append(f"tabel {name}: file hilang atau berubah")
            continue
        report.rows[name] = table["rows"]
    for bucket, files in manifest["files"].items():
        for key, meta in files.items():
            path = folder / "files" / bucket / key
            if not path.is_file() or _sha256(path) != meta["sha256"]:
                report.problems.append(f"file {bucket}/{key}: hilang atau berubah")
            else:
                report.files += 1
    report.problems += _unlisted(folder, manifest)
    return report


def _unlisted(folder: Path, manifest: dict[str, Any]) -> list[str]:
    """Files in the snapshot the manifest does not name: refused, never loaded."""
    listed = {folder / "manifest.json"}
    listed |= {folder / "tables" / f"{name}.jsonl" for name in manifest["tables"]}
    listed |= {folder / "files" / b / k for b, files in manifest["files"].items() for k in files}
    return [f"file {p.relative_to(folder)} tidak ada di manifest" for p in sorted(folder.rglob("*"))
            if (p.is_file() or p.is_symlink()) and p not in listed]  # fmt: skip


def _rows(path: Path, table: sa.Table) -> Iterator[dict[str, Any]]:
    decoders = {c.name: d for c in table.columns if (d := _decoder(c))}
    with path.open() as fh:
        for line in fh:
            row = json.loads(line)
            for name, decode in decoders.items():
                if row.get(name) is not None:
                    row[name] = decode(row[name])
            yield row


def restore(folder: Path, storage: Storage | None = None) -> Report:
    """Brings a verified snapshot back onto an empty, migrated site (same schema revision)."""
    manifest, storage = _manifest(folder), storage or get_storage()
    if problems := verify(folder).problems:
        raise BackupError("cadangan tidak cocok dengan manifest-nya: " + "; ".join(problems[:5]))
    engine, report = get_engine(), Report()
    with engine.begin() as conn:
        if (revision := _revision(conn)) != manifest["revision"]:
            raise BackupError(
                f"cadangan dari skema {manifest['revision']}, situs ini di {revision}: pulihkan dengan versi kode yang sama"
            )
        if busy := [t.name for t in _tables() if conn.execute(sa.select(sa.func.count()).select_from(t)).scalar_one()]:
            raise BackupError(f"situs tidak kosong ({', '.join(busy)}): pulihkan ke database baru")
        for table in _tables():
            report.rows[table.name] = _load_table(conn, table, folder / "tables" / f"{table.name}.jsonl")
        if engine.dialect.name == "postgresql":
            _continue_sequences(conn)
    for bucket, files in manifest["files"].items():
        for key in files:
            storage.put(bucket, key, (folder / "files" / bucket / key).read_bytes(), content_type_for(key))
            report.files += 1
    return report


def _load_table(conn: sa.Connection, table: sa.Table, path: Path) -> int:
    batch, rows = [], 0
    for row in _rows(path, table):
        batch.append(row)
        if len(batch) == BATCH:
            conn.execute(table.insert(), batch)
            rows, batch = rows + len(batch), []
    if batch:
        conn.execute(table.insert(), batch)
        rows += len(batch)
    return rows


def _continue_sequences(conn: sa.Connection) -> None:
    """Serial ids go on after the restored ones (PostgreSQL keeps them apart from the rows)."""
    for table in _tables():
        for column in table.primary_key.columns:
            if column.autoincrement is True or (column.autoincrement == "auto" and _python_type(column) is int):
                conn.execute(
                    sa.text(
                        f"SELECT setval(pg_get_serial_sequence('{table.name}', '{column.name}'),"
                        f" COALESCE(MAX({column.name}), 1), MAX({column.name}) IS NOT NULL) FROM {table.name}"
                    )
                )
