"""What the pages show of a data subject's requests: terminal_shop/views.DataRequestView, named
here too for tab states pickled before it moved (issue 51.1)."""

from __future__ import annotations

from terminal_shop.views import DataRequestView as DataRequestView
