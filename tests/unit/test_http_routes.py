"""Our HTTP routes, declared beside their handlers (web/*.py ROUTES) and mounted by web/api.py."""

from __future__ import annotations

from terminal_shop import routes
from terminal_shop.web.api import files_app


def test_every_api_address_is_mounted_from_its_modules_declaration():
    """Issue 60.1: each web module declares its ROUTES beside its handlers; web/api.py mounts the
    modules it lists. An address in routes.py that no module serves is found here."""
    mounted = {r.path for r in files_app().routes}
    named = {v for k, v in vars(routes).items() if k.startswith("API_") and k != "API_PREFIX"}
    assert named - mounted == set() and len(mounted) >= 28
