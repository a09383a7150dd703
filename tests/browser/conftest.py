"""The browser tier's fixtures: the built site in Chromium (support/site.py) and the fault
tools (support/faults.py). Loaded only when browser tests are collected."""

from support.faults import buyer_page, lines, own_site, state_store  # noqa: F401
from support.site import browser, page, phone, playwright_driver, site  # noqa: F401
