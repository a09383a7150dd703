"""axe-core's WCAG A/AA rules run on what a page shows, and the checkout walked at any width."""

from __future__ import annotations

from playwright.sync_api import expect

from support.environment import ROOT
from support.steps import BUYER

AXE = ROOT / ".tools/node_modules/axe-core/axe.min.js"


TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]


def to_payment_step(pg) -> None:
    """The checkout up to the payment step, at any width (phones have a second cart bar)."""
    pg.goto(pg.base + "/checkout/products")
    pg.locator("[data-sku=A920]").get_by_role("button", name="Tambah ke Keranjang").click()
    pg.get_by_role("link", name="Lanjut Isi Data").locator("visible=true").first.click()
    expect(pg.get_by_role("heading", name="Data Pembeli", level=1)).to_be_visible()
    axe(pg, "checkout form")
    for name, value in BUYER.items():
        pg.locator(f"#{name}").fill(value)
    pg.get_by_role("button", name="Lanjut ke Pembayaran").click()
    expect(pg.get_by_role("heading", name="Metode Pembayaran")).to_be_visible()


def axe(pg, where: str) -> None:
    """No violation of the WCAG A/AA rules on what the page shows now."""
    pg.wait_for_function("document.readyState === 'complete'")
    # A list still loading is dimmed on purpose (admin_lists.table): measure it loaded.
    pg.wait_for_function("!document.querySelector('[aria-busy=\"true\"]')")
    # Toasts and dialogs fading in would be measured half transparent: wait until they end.
    pg.wait_for_function(
        "document.getAnimations().every(a => a.playState !== 'running' || !isFinite(a.effect.getComputedTiming().endTime))"
    )
    if not pg.evaluate("typeof window.axe !== 'undefined'"):
        pg.add_script_tag(path=str(AXE))
    found = pg.evaluate(
        """async (tags) => (await axe.run(document, {runOnly: {type: 'tag', values: tags}})).violations
            .map(v => `${v.id} (${v.impact}): ${v.help}\\n` + v.nodes.slice(0, 4)
                .map(n => `    ${n.target.join(' ')}: ${(n.failureSummary || '').split('\\n')[1] || ''}`).join('\\n'))""",
        TAGS,
    )
    width = pg.viewport_size["width"]
    assert not found, f"{where} at {width}px:\n" + "\n".join(found)
