"""The browser tier's fixtures: the built site in Chromium (support/site.py) and the fault
tools (support/faults.py). Loaded only when browser tests are collected."""

import pytest

from support.environment import DATA_DIR
from support.faults import buyer_page, lines, own_site, state_store  # noqa: F401
from support.site import browser, page, phone, playwright_driver, site  # noqa: F401


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """A failed walk carries what its sites logged as errors (their logs go with the run's data
    folder): a flake in CI is read from the report, not guessed at."""
    outcome = yield
    report = outcome.get_result()
    if report.when != "call" or not report.failed:
        return
    for log in sorted(DATA_DIR.glob("site-*.log")):
        said = [
            line
            for line in log.read_text(errors="replace").splitlines()
            if "error" in line.lower() or "Traceback" in line
        ]
        if said:
            report.sections.append((f"{log.name}: its last errors", "\n".join(said[-30:])[-6000:]))
    for name in ("page", "phone"):  # where each of the walk's tabs stood, and what they logged
        context = getattr(item.funcargs.get(name), "context", None)
        if context is not None and hasattr(context, "console_lines"):
            tabs = [f"tab {i}: {tab.url}" for i, tab in enumerate(context.pages)]
            report.sections.append((f"{name}'s tabs", "\n".join([*tabs, *context.console_lines])[-8000:]))
