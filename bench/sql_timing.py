"""Timing admin calls beside the very SQL they sent, replayed raw, and their query plans."""

from __future__ import annotations

import statistics
import time


def pct(values: list[float], p: int) -> float:
    return statistics.quantiles(values, n=100, method="inclusive")[p - 1]


class Recorder:
    """The statements (and parameters) the engine sends while a service call runs."""

    def __init__(self, engine) -> None:
        self.engine, self.statements = engine, []

    def _on(self, conn, cursor, statement, parameters, context, executemany) -> None:
        self.statements.append((statement, parameters))

    def record(self, fn) -> list[tuple[str, object]]:
        from sqlalchemy import event

        self.statements = []
        event.listen(self.engine, "before_cursor_execute", self._on)
        try:
            fn()
        finally:
            event.remove(self.engine, "before_cursor_execute", self._on)
        return self.statements


def replay(engine, statements):
    def run() -> None:
        conn = engine.raw_connection()
        try:
            cur = conn.cursor()
            for sql, params in statements:
                if sql != "BEGIN":  # our SQLite BEGIN; the bare connection reads in autocommit
                    cur.execute(sql, params)
                    cur.fetchall()
            conn.rollback()
        finally:
            conn.close()

    return run


def replay_sql_text(engine, statements):
    """The same statements as text through SQLAlchemy's Core connection: what any
    SQLAlchemy code pays per statement, without our query building and formatting."""

    def run() -> None:
        with engine.connect() as conn:
            for sql, params in statements:
                if sql != "BEGIN":
                    conn.exec_driver_sql(sql, params).fetchall()

    return run


def explain(engine, statements) -> str:
    prefix = "EXPLAIN (ANALYZE, BUFFERS) " if engine.dialect.name == "postgresql" else "EXPLAIN QUERY PLAN "
    out = []
    conn = engine.raw_connection()
    try:
        cur = conn.cursor()
        for sql, params in statements:
            if sql == "BEGIN":
                continue
            cur.execute(prefix + sql, params)
            plan = "\n".join(" | ".join(str(c) for c in row) for row in cur.fetchall())
            out.append(f"{' '.join(sql.split())}\n  params: {params}\n{plan}\n")
        conn.rollback()
    finally:
        conn.close()
    return "\n".join(out)


def timed_together(fns, runs: int) -> list[list[float]]:
    out: list[list[float]] = [[] for _ in fns]
    for fn in fns:  # warm caches and the connection pool
        fn()
    for _ in range(runs):  # interleaved, so a noisy moment hits all of them
        for fn, times in zip(fns, out, strict=False):
            t = time.perf_counter()
            fn()
            times.append((time.perf_counter() - t) * 1000)
    return out
