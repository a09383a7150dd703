"""The first-paint rewrite of a prerendered page."""

from __future__ import annotations

import json
import re

from terminal_shop.web.paint_first import rewrite

PAGE = b"""<head><script async="" src="/js/site.js?v=1"></script><link rel="modulepreload" href="/assets/a.js"/><link rel="modulepreload" href="/assets/b.js"/>
<script type="module" async="">import "/assets/m.js"; import("/assets/entry.js");</script></head><body>x</body>"""


def test_the_entry_module_moves_after_first_paint_and_preloads_go():
    out = rewrite(PAGE).decode()
    assert "modulepreload" not in out
    assert 'type="module" async' not in out
    code = json.loads(re.search(r"s\.textContent=(\".*?\")\}document", out)[1])
    assert code == 'import "/assets/m.js"; import("/assets/entry.js");'  # the same module, to run later
    assert 'src="/js/site.js' not in out and json.loads(re.search(r"srcs=(\[.*?\]);", out)[1]) == ["/js/site.js?v=1"]
    assert out.index("first-contentful-paint") < out.index("<body>")  # waits for the first paint
    assert rewrite(b"<p>no scripts</p>") == b"<p>no scripts</p>"
