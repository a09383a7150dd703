"""The figures an operator's Prometheus reads at /metrics (README, Metrics).

Timings and the background tasks' last runs are per process. A worker's web server runs
several processes on one port: with PROMETHEUS_MULTIPROC_DIR set (deploy/ sets one folder
per worker, emptied at each start) every process writes its figures there and a scrape
adds them up, whichever process answers. Business figures (orders, e-mails) are read from
the database at scrape time, so every worker answers the same.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Iterator

from prometheus_client import CollectorRegistry, Gauge, Histogram, generate_latest
from prometheus_client.core import GaugeMetricFamily, Metric
from prometheus_client.registry import Collector

from terminal_shop.infra.settings import get_settings

PREFIX = "terminal_shop"
SECONDS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30)

# Written by this process; in multiprocess mode read back from the folder at scrape time.
_OWN = CollectorRegistry(auto_describe=True)
REQUEST_SECONDS = Histogram(
    f"{PREFIX}_request_seconds", "HTTP requests answered, by kind of route", ["kind"], buckets=SECONDS, registry=_OWN
)
EVENT_SECONDS = Histogram(
    f"{PREFIX}_event_seconds", "Websocket events handled (a click, a typed field), by state", ["state"],
    buckets=SECONDS, registry=_OWN,
)  # fmt: skip
LAST_RUN = Gauge(
    f"{PREFIX}_task_last_run_timestamp_seconds", "When a background task last finished a round", ["task"],
    multiprocess_mode="max", registry=_OWN,
)  # fmt: skip


def task_ran(task: str) -> None:
    LAST_RUN.labels(task).set(time.time())


Figure = tuple[str, str, dict[str, str], float]  # (name, help, labels, value): an area declares its own (areas.py)


def figures_collector(read: Callable[[], Iterable[Figure]]) -> Collector:
    """A collector of figures read at scrape time: (name, help, labels, value) each."""

    class _Figures(Collector):
        def collect(self) -> Iterator[Metric]:
            families: dict[str, GaugeMetricFamily] = {}
            for name, text, labels, value in read():
                family = families.get(name)
                if family is None:
                    family = families[name] = GaugeMetricFamily(f"{PREFIX}_{name}", text, labels=sorted(labels))
                family.add_metric([labels[k] for k in sorted(labels)], value)
            yield from families.values()

    return _Figures()


def exposition(extra: Collector) -> bytes:
    """The text a scrape gets: this worker's processes' figures and `extra`."""
    registry = CollectorRegistry()
    if get_settings().metrics_folder:  # prometheus_client itself writes there (it reads the same variable)
        from prometheus_client import multiprocess

        multiprocess.MultiProcessCollector(registry)  # type: ignore[no-untyped-call]
    else:
        registry.register(_Own())
    registry.register(extra)
    return generate_latest(registry)


class _Own(Collector):
    def collect(self) -> Iterator[Metric]:
        yield from _OWN.collect()
