"""Every control a thumb can reach is at least 44 x 44 px on a 390-px phone (issue 39.10), on
the pages people use most: home, product, cart, form, confirm, order status, registration,
and the admin's orders list and order page."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from terminal_shop.services.team import admin_auth

from support.factories import ONE_D210, checkout_order
from support.files import png
from support.steps import EMAIL, PASSWORD, add, choose_proof, fill_buyer, sign_in

MIN = 44

# Each visible control's target: a checkbox or radio inside its label is the label. A link in
# the middle of a sentence is exempt (WCAG 2.5.8's inline exception: the line height is the text's).
MEASURE = """(min) => {
  const sel = 'a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button], [role=tab]';
  const small = [];
  for (const el of document.querySelectorAll(sel)) {
    const style = getComputedStyle(el);
    if (style.visibility === 'hidden' || style.display === 'none' || el.closest('[aria-hidden=true], [inert]')) continue;
    let target = el;
    if ((el.type === 'checkbox' || el.type === 'radio' || el.type === 'file') && el.closest('label')) target = el.closest('label');
    const r = target.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) continue;
    if (r.bottom + scrollY <= 0 || r.right <= 0) continue;  // off screen until focused (the skip link)
    let clipped = false;  // visually hidden (sr-only, or the admin table's header row on a phone)
    for (let e = target; e && !clipped; e = e.parentElement) clipped = getComputedStyle(e).clipPath.startsWith('inset(50%');
    if (clipped) continue;
    const parent = el.parentElement;
    const inline = el.tagName === 'A' && style.display === 'inline' && parent &&
      [...parent.childNodes].some(n => n.nodeType === 3 && n.textContent.trim());
    if (inline) continue;
    if (r.width < min - 0.5 || r.height < min - 0.5) {
      const name = (el.getAttribute('aria-label') || el.innerText || el.value || el.name || el.id || el.tagName).trim().slice(0, 40);
      small.push(`${el.tagName.toLowerCase()} "${name}" ${Math.round(r.width)}x${Math.round(r.height)}`);
    }
  }
  return small;
}"""


def _small(pg) -> list[str]:
    pg.wait_for_function("document.readyState === 'complete'")
    return pg.evaluate(MEASURE, MIN)


def _none_small(found: dict[str, list[str]]) -> None:
    lines = [f"{page}: {control}" for page, small in found.items() for control in small]
    assert not lines, "smaller than 44 x 44 px at 390 px:\n" + "\n".join(lines)


@pytest.fixture
def thumb(browser, site):
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    pg = context.new_page()
    pg.set_default_timeout(15_000)
    pg.base = site
    yield pg
    context.close()


def test_every_control_on_the_buyers_pages_is_big_enough_for_a_thumb(thumb, clean_db, tmp_path):
    found: dict[str, list[str]] = {}
    thumb.goto(thumb.base + "/")
    expect(thumb.get_by_role("heading", level=1)).to_be_visible()
    found["home"] = _small(thumb)
    thumb.goto(thumb.base + "/produk/a920")
    expect(thumb.get_by_role("heading", level=1)).to_be_visible()
    found["product"] = _small(thumb)
    thumb.goto(thumb.base + "/checkout/products")
    add(thumb, "A920")
    expect(thumb.get_by_role("link", name="Lanjut Isi Data").first).to_be_visible()
    found["cart"] = _small(thumb)
    thumb.get_by_role("link", name="Lanjut Isi Data").locator("visible=true").first.click()
    expect(thumb.get_by_role("heading", name="Data Pembeli", level=1)).to_be_visible()
    found["form"] = _small(thumb)
    fill_buyer(thumb)
    thumb.get_by_role("button", name="Lanjut ke Pembayaran").click()
    expect(thumb.get_by_role("heading", name="Metode Pembayaran")).to_be_visible()
    choose_proof(thumb, png(tmp_path / "bukti.png"))
    found["confirm"] = _small(thumb)
    thumb.get_by_role("button", name="Kirim Pesanan").click()
    thumb.get_by_role("link", name="Lihat Status Pesanan").click()
    thumb.wait_for_url(re.compile(r"/pesanan/"))
    expect(thumb.get_by_test_id("order-status")).to_be_visible()
    found["status"] = _small(thumb)
    thumb.goto(thumb.base + "/pendaftaran")
    expect(thumb.get_by_role("heading", level=1)).to_be_visible()
    found["registration"] = _small(thumb)
    _none_small(found)


def test_every_control_on_the_admins_order_pages_is_big_enough_for_a_thumb(thumb, clean_db, tmp_path):
    admin_auth.create_admin(EMAIL, PASSWORD)
    order = checkout_order(buyer_name="Wulan Sari", lines=ONE_D210)
    sign_in(thumb)
    found: dict[str, list[str]] = {}
    thumb.goto(thumb.base + "/admin/orders")
    expect(thumb.get_by_test_id("order-row")).to_have_count(1)
    found["orders"] = _small(thumb)
    thumb.goto(thumb.base + f"/admin/orders/{order.id}")
    expect(thumb.get_by_test_id("expected-amount")).to_be_visible()
    found["order"] = _small(thumb)
    _none_small(found)
