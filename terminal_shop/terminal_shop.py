"""The Reflex app: every route of the site and the HTTP pieces around it."""

from __future__ import annotations

import reflex as rx

from terminal_shop import (
    account_pages,
    admin_pages,
    asset_links,
    background,
    content,
    reflex_compat,
    routes,
    site_pages,
)
from terminal_shop.components import seo
from terminal_shop.infra import logs, metrics
from terminal_shop.infra.settings import get_settings
from terminal_shop.infra.uploads import MAX_FILES_PER_REQUEST, MAX_UPLOAD_BYTES
from terminal_shop.state import plain, toast
from terminal_shop.state.account import withhold_account_data
from terminal_shop.state.admin.session import withhold_admin_data
from terminal_shop.web.account_first_paint import AccountFirstPaint
from terminal_shop.web.api import files_app
from terminal_shop.web.caching import LongCacheMiddleware
from terminal_shop.web.guards import MB, BodyLimitMiddleware, CookieToTabStateGuard, SecurityHeadersMiddleware
from terminal_shop.web.operations import RequestMiddleware
from terminal_shop.web.paint_first import PaintFirstMiddleware

if _unsafe := get_settings().unsafe():
    raise SystemExit("Refusing to start: " + " ".join(_unsafe))
logs.configure(json_lines=get_settings().json_logs)

BRAND = get_settings().brand_name
SITE_CHANGED = "2026-11-25"  # the sitemap's lastmod of the public pages: change it with their content

# Each request that carries files, and its body limit (its files plus 1 MB for the form): by
# upload handler (Reflex's /_upload), found on every page's state once the pages are added
# below (a handler marked `reflex_compat.several_files` takes several files), and by path.
ONE_FILE, FILES = MAX_UPLOAD_BYTES + MB, MAX_FILES_PER_REQUEST * MAX_UPLOAD_BYTES + MB
UPLOAD_LIMITS: dict[str, int]  # at the end of this module
ROUTE_LIMITS = {
    routes.API_ORDER: MAX_UPLOAD_BYTES + MB,
    routes.API_REGISTRATION: MAX_FILES_PER_REQUEST * MAX_UPLOAD_BYTES + MB,
}

app = rx.App(
    html_lang="id",
    stylesheets=["/css/site.css"],
    head_components=[
        rx.el.script(src=asset_links.url("/js/site.js"), async_=True),  # after first paint (web/paint_first.py)
        rx.el.meta(name="theme-color", content="#1d4ed8"),
        rx.el.link(rel="icon", href=asset_links.url("/favicon.ico")),  # kept a year, like the other files
    ],
    backend_exception_handler=toast.backend_error,
    toaster=reflex_compat.toaster(),
    api_transformer=[
        files_app(),
        lambda asgi: BodyLimitMiddleware(asgi, UPLOAD_LIMITS, ROUTE_LIMITS),  # built after the pages: below
        CookieToTabStateGuard,
        PaintFirstMiddleware,  # public pages paint before the framework's scripts load
        AccountFirstPaint,  # and the account's summary with today's takings in its HTML
        LongCacheMiddleware,  # files named by their content: kept a year
        SecurityHeadersMiddleware,  # refusals get the headers too
        RequestMiddleware,  # outermost: a request id and a time for everything
    ],
)


def _page(
    component, route: str, title: str, description: str = content.HOME_DESCRIPTION, indexable: bool = False, **kw
) -> None:
    """One page; `indexable` pages are in the sitemap with a canonical address and JSON-LD,
    the others carry `noindex` (docs/decisions.md, Found and shared)."""
    full_title = f"{title} | {BRAND}" if route != routes.HOME else title
    app.add_page(
        component,
        route=route,
        title=full_title,
        description=description,
        image=seo.share_image(route),
        meta=seo.head(route, full_title, description, indexable),
        context={"sitemap": {"lastmod": SITE_CHANGED} if indexable else None},
        **kw,
    )


plain.pickle_plainly(reflex_compat.all_substates(rx.State))  # tab state holds plain data (issue 51.7)
reflex_compat.before_whole_state_is_sent(app, withhold_admin_data)
reflex_compat.before_whole_state_is_sent(app, withhold_account_data)
reflex_compat.time_each_event(lambda state, seconds: metrics.EVENT_SECONDS.labels(state).observe(seconds))
for _task in background.TASKS:
    app.register_lifespan_task(_task)

# Public pages, the account's and the back office's: each declared beside its layout.
for _public in site_pages.pages():
    _page(_public.component, _public.route, _public.title, _public.description, _public.indexable,
          on_load=_public.on_load)  # fmt: skip
for _mine in account_pages.pages():  # every account page checks the session on load
    _page(_mine.component, _mine.route, _mine.title, on_load=_mine.on_load)

# Back office: every page checks the session on load, then loads its data.
for _admin in admin_pages.pages():  # each declared beside its page (admin_pages.py)
    _page(_admin.component, _admin.route, _admin.title, on_load=_admin.on_load)

UPLOAD_LIMITS = reflex_compat.upload_limits(ONE_FILE, FILES)  # every page's state is known now
