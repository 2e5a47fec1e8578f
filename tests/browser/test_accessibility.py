"""axe-core (npm, run from node_modules inside the test) on the full page, an embed, and the own-documents section,
at a phone's and a desktop's width: no violation of any impact."""

from pathlib import Path

import pytest
from playwright.sync_api import expect

AXE = (Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js").read_text()


def violations(page) -> list[str]:
    page.evaluate(AXE + ";0")  # evaluated, not injected as a script element: the page's CSP allows no inline script
    found = page.evaluate(
        "async () => (await axe.run(document)).violations.map(v => [v.id, v.impact, "
        "v.nodes.slice(0, 3).map(n => n.target.join(' ')).join(' | ')])"
    )
    return [" ".join(v) for v in found]


@pytest.mark.parametrize("width", [390, 1280])
def test_the_page_an_embed_and_your_documents_have_no_violation(browser, site_url, width):
    context = browser.new_context(viewport={"width": width, "height": 900})
    page = context.new_page()
    page.goto(site_url)
    expect(page.locator("#status")).to_have_text("Ready", timeout=60_000)
    expect(page.locator("#yours[data-loaded]")).to_have_count(1, timeout=60_000)
    page.locator("#doc-files").set_input_files(
        {"name": "notes.txt", "mimeType": "text/plain", "buffer": b"The reef is calm. Dr. Ada Marsh counts fish."}
    )
    page.locator("#docs-read .keep-read").click()
    expect(page.locator("#docs-kept li.kept-doc")).to_have_count(1)
    page.locator("#doc-files").set_input_files({"name": "empty.txt", "mimeType": "text/plain", "buffer": b""})
    expect(page.locator("#docs-read li.read-problem")).to_have_count(1)
    assert violations(page) == []
    for key in ["plain", "graph", "hybrid"]:
        page.goto(f"{site_url}?technique={key}&embed=1")
        expect(page.locator("#status")).to_have_text("Ready", timeout=60_000)
        assert violations(page) == [], key
    context.close()
