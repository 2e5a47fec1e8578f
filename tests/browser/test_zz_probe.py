from lab_page import SLOW
from playwright.sync_api import expect
import pytest
from pathlib import Path

@pytest.mark.viewport(390, 740)
def test_probe(visit):
    page = visit.open()
    expect(page.locator("#yours[data-loaded]")).to_have_count(1, timeout=SLOW)
    pdf = Path("/usr/share/R/doc/manual/R-FAQ.pdf").read_bytes()
    page.locator("#doc-files").set_input_files([{"name": "R-FAQ.pdf", "mimeType": "application/pdf", "buffer": pdf}])
    expect(page.locator("#docs-read .keep-read")).to_be_visible(timeout=SLOW)
    page.locator("#docs-read .keep-read").click()
    expect(page.locator("#docs-kept li.kept-doc")).to_have_count(1, timeout=SLOW)
    page.locator("input[name=corpus][value=yours]").check()
    page.fill("#q-plain", "How do I install packages?")
    page.press("#q-plain", "Enter")
    expect(page.locator("#result-plain .summary")).to_contain_text("install", timeout=SLOW)
    btn = page.locator("#result-plain ol.passages > li.hit button.show-source").first
    btn.scroll_into_view_if_needed()
    before = page.evaluate("scrollY")
    btn.click()
    expect(page.locator("dialog.source-view .pdf-box").first).to_be_attached(timeout=SLOW)
    page.wait_for_timeout(1500)
    info = page.evaluate("""() => { const d = document.querySelector('dialog.source-view'); const r = d.getBoundingClientRect();
      const c = d.querySelector('canvas'); const cr = c.getBoundingClientRect(); const b = d.querySelector('.pdf-box').getBoundingClientRect();
      const hl = d.querySelector('mark.hl').getBoundingClientRect();
      return {scrollY, rect: [r.top, r.height, r.width], dscroll: d.scrollTop, dsh: d.scrollHeight, canvas: [cr.top, cr.width, cr.height, c.width], box: [b.top, b.left, b.height], hl: [hl.top, hl.height]}; }""")
    print("before", before, info)
    page.screenshot(path="/tmp/probe35.png")
    page.keyboard.press("Escape")
    print("after close", page.evaluate("scrollY"))
