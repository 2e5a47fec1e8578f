"""“Show in the document”, in the page: from a result's passage, the document as the lab read it opens at that
passage, highlighted and focused, and for a visitor's PDF the page itself is drawn with the passage's words marked;
from a Fernport passage, the text view alone; chunk size's view offers its three cuts. It is a real dialog (Escape
closes it, focus goes back), has no axe-core violation, and fits a 320 px phone. One page serves every check, in
order: a PDF is brought and kept first."""

from __future__ import annotations

import pytest
from lab_page import SLOW
from playwright.sync_api import expect
from test_accessibility import violations
from tests.fixtures import make_pdf

from conftest import _close, _start_visit
from raglab import Lab, run
from raglab.documents.chunking import BLOCKS
from raglab.documents.corpus import Corpus
from raglab.documents.readers import read_file

GUIDE = [
    "The reef walk starts at the old pier. The quillfish swims past the reef each spring. Boats keep away from the "
    "reef in April.",
    "Low tide comes twice a day. Check the tide board at the pier before the walk. The word "
    "supercalifragilisticexpialidocious_reef_identifier_that_goes_on wraps on a phone.",
]
PDF = make_pdf(GUIDE)
QUESTION = "When does the quillfish swim past the reef?"
VIEW = "dialog.source-view"


@pytest.fixture(scope="module")
def page(browser, site_url):
    """One visit for the module: the lab with guide.pdf kept (the switch then searches it)."""
    visit = _start_visit(browser, site_url, service_workers="block", viewport={"width": 1280, "height": 900})
    page = visit.open()
    expect(page.locator("#yours[data-loaded]")).to_have_count(1, timeout=SLOW)
    page.locator("#doc-files").set_input_files([{"name": "guide.pdf", "mimeType": "application/pdf", "buffer": PDF}])
    expect(page.locator("#docs-read .keep-read")).to_be_visible(timeout=SLOW)
    page.locator("#docs-read .keep-read").click()
    expect(page.locator("#docs-kept li.kept-doc")).to_have_count(1, timeout=SLOW)
    yield page
    _close(visit)


def ask(page, key: str, question: str) -> None:
    page.fill(f"#q-{key}", question)
    page.press(f"#q-{key}", "Enter")
    expect(page.locator(f"#result-{key} .summary")).to_contain_text(f"“{question}”", timeout=SLOW)
    expect(page.locator(f"#result-{key}.busy")).to_have_count(0, timeout=SLOW)


def show(page, key: str, n: int = 0, where: str = "ol.passages:not(.compare):not(.compact)") -> str:
    """Press "Show in the document" on the n-th passage of a section's result; the passage's id."""
    hit = page.locator(f"#result-{key} {where} > li.hit").nth(n)
    hit.locator("button.show-source").click()
    expect(page.locator(f"{VIEW}[open]")).to_be_visible()
    return hit.get_attribute("data-id")


def close_with_escape(page, passage: str) -> None:
    page.keyboard.press("Escape")
    expect(page.locator(f"{VIEW}[open]")).to_have_count(0)
    assert (
        page.evaluate("() => document.activeElement.matches('button.show-source') && document.activeElement.dataset.id")
        == passage
    )


def test_a_pdf_passage_opens_highlighted_in_the_text_and_on_its_page(page):
    """Intent: the visitor's passage opens in the view, highlighted, its id shown, focused; the PDF's page is drawn
    with at least one box over the passage's words; Escape closes and gives focus back to the button."""
    ask(page, "plain", QUESTION)
    doc = read_file("guide.pdf", PDF)  # as the command line reads the same file
    expected = run(Lab(Corpus("yours", (doc,)), BLOCKS), "plain", QUESTION).passages[0].id
    passage = show(page, "plain")
    assert passage == expected
    view = page.locator(VIEW)
    expect(view.locator("h2")).to_have_text("guide.pdf")
    here = view.locator("#source-here")
    expect(here).to_have_attribute("data-id", passage)
    expect(here.locator(".pid")).to_have_text(f"{passage} · p. 1")
    expect(view.locator("mark.hl").first).to_contain_text("quillfish")
    assert page.evaluate("() => document.activeElement.id") == "source-here"
    expect(view.locator(".pdf-box").first).to_be_attached(timeout=SLOW)
    figure = view.locator("figure.pdf-page[data-page='1']")
    expect(figure.locator("figcaption")).to_have_text("Page 1 of 2: the passage’s words are marked.")
    assert int(figure.get_attribute("data-marked")) >= 1
    drawn = figure.locator("canvas").evaluate(
        "c => { const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;"
        " let ink = 0; for (let i = 0; i < d.length; i += 4) if (d[i] < 128) ink++; return [c.width, ink]; }"
    )
    assert drawn[0] > 300 and drawn[1] > 100, drawn  # the page is drawn: its text is ink on the canvas
    close_with_escape(page, passage)


def test_a_fernport_passage_opens_highlighted_in_the_text_view(page):
    """Intent: Fernport's passages open the same view, text alone (no PDF), the passage highlighted; Close closes."""
    page.locator("input[name=corpus][value=fernport]").check()
    expect(page.locator("#result-plain li.hit").first).to_be_visible()
    passage = show(page, "plain")
    view = page.locator(VIEW)
    expect(view.locator("#source-here")).to_have_attribute("data-id", passage)
    expect(view.locator("mark.hl .pid")).to_have_text(passage)
    slug = passage.rsplit("-", 1)[0]
    expect(view.locator(".psg .pid")).to_have_count(len([c for c in Lab().chunks() if c.slug == slug]))
    expect(view.locator(".pdf-part")).to_be_hidden()
    view.locator(".source-close").click()
    expect(page.locator(f"{VIEW}[open]")).to_have_count(0)

    # "Read the documents" offers each one's view (raglab.ui.source_html.show_how_read): nothing highlighted
    page.locator("#documents summary").click()
    ferry = page.locator("#doc-ferry button.show-source")
    ferry.click()
    expect(view.locator("h2")).to_have_text(Lab().corpus.document("ferry").title)
    expect(view.locator(".psg .pid")).to_have_text(["ferry-1", "ferry-2", "ferry-3"])
    expect(view.locator("mark")).to_have_count(0)
    expect(view.locator(".source-close")).to_be_focused()
    page.keyboard.press("Escape")
    expect(ferry).to_be_focused()


def test_chunk_size_shows_its_three_cuts_in_the_same_view(page):
    """Intent: a chunk-size passage opens at its own size, with a choice of 1, 2 and 4 sentences; another choice
    highlights the passages of that size holding the same sentences."""
    passage = show(page, "chunk_size", where="ol.passages.sizes")
    view = page.locator(VIEW)
    expect(view.locator("#source-here")).to_have_attribute("data-id", passage)
    expect(view.locator("input[name=source-size]")).to_have_count(3)
    view.locator("input[name=source-size][value='4']").check()
    expect(view.locator("mark.hl").first).to_have_attribute("data-id", passage.split("-s")[0] + "-s4-1")
    expect(view.locator("input[name=source-size][value='4']")).to_be_focused()
    close_with_escape(page, passage)


@pytest.mark.parametrize("width", [390, 320])
def test_the_view_fits_a_phone_and_has_no_accessibility_violation(page, width):
    """Intent: on a phone nothing in the view is wider than the screen (long words wrap; the PDF page, drawn at its
    print size, scrolls inside its own part, which fits), and axe-core finds nothing wrong with the page and the
    open view."""
    page.set_viewport_size({"width": width, "height": 740})
    page.locator("input[name=corpus][value=yours]").check()
    ask(page, "plain", QUESTION)
    passage = show(page, "plain")
    view = page.locator(VIEW)
    expect(view.locator(".pdf-box").first).to_be_attached(timeout=SLOW)
    wider = page.evaluate(f"""() => [...document.querySelectorAll('{VIEW}, {VIEW} *')]
        .filter((e) => !e.parentElement.closest('.pdf-part'))
        .filter((e) => e.getBoundingClientRect().right > innerWidth + 0.5)
        .map((e) => `${{e.tagName}}.${{e.className}}`)""")
    assert wider == []
    assert view.evaluate("v => v.scrollWidth <= v.clientWidth")
    assert violations(page) == []
    close_with_escape(page, passage)


GEOMETRY = """(view) => {
    const rect = (e) => { const r = e.getBoundingClientRect(); return {top: r.top, bottom: r.bottom, left: r.left,
        right: r.right, width: r.width}; };
    return {part: rect(view.querySelector('.pdf-part')), canvas: rect(view.querySelector('.pdf-sheet canvas')),
        box: rect(view.querySelector('.pdf-box')), mark: rect(view.querySelector('#source-here')),
        height: innerHeight, scrollY};
}"""


def test_on_a_phone_the_pdf_page_opens_readable_at_the_passage_where_the_visitor_is(page):
    """Intent: at 390 px the PDF's page is drawn at its print size (an A4 page 794 px wide, not the 366 px the
    screen has), scrolled inside its own part so the passage's first marked words are in sight, with the text's
    passage in view below it, and the lab behind the dialog does not move; "Show the whole page" fits the page to
    the screen and "Zoom in to print size" draws it large again, the button keeping the focus."""
    page.set_viewport_size({"width": 390, "height": 740})
    page.locator("input[name=corpus][value=yours]").check()
    ask(page, "plain", QUESTION)
    page.locator("#result-plain button.show-source").first.scroll_into_view_if_needed()
    before = page.evaluate("scrollY")
    passage = show(page, "plain")
    view = page.locator(VIEW)
    expect(view.locator(".pdf-part[data-zoom=print] .pdf-box").first).to_be_attached(timeout=SLOW)
    expect(view.locator("figure.pdf-page[data-marked]")).to_have_count(1, timeout=SLOW)
    g = view.evaluate(GEOMETRY)
    assert 790 <= g["canvas"]["width"] <= 800 and g["part"]["width"] <= 390
    assert g["part"]["top"] <= g["box"]["top"] and g["box"]["bottom"] <= g["part"]["bottom"]
    assert g["part"]["left"] <= g["box"]["left"] < g["part"]["right"]
    assert g["part"]["bottom"] <= g["mark"]["top"] < g["height"]
    assert g["scrollY"] == before
    view.locator("button.pdf-zoom").click()
    expect(view.locator(".pdf-part[data-zoom=fit] .pdf-box").first).to_be_attached(timeout=SLOW)
    expect(view.locator("button.pdf-zoom")).to_be_focused()
    expect(view.locator("button.pdf-zoom")).to_have_text("Zoom in to print size")
    g = view.evaluate(GEOMETRY)
    assert g["canvas"]["width"] <= g["part"]["width"]
    view.locator("button.pdf-zoom").click()
    expect(view.locator(".pdf-part[data-zoom=print] .pdf-box").first).to_be_attached(timeout=SLOW)
    expect(view.locator("button.pdf-zoom")).to_have_text("Show the whole page")
    close_with_escape(page, passage)
    assert page.evaluate("scrollY") == before


def test_the_pdf_is_kept_with_its_document_drawn_after_a_reload_and_removed_with_it(page):
    """Intent: the PDF's bytes are kept beside its record, so after a reload its page is drawn again; a document kept
    without them (kept before PDFs were) opens in the text view alone, with nothing more said; removing the document
    removes them."""
    page.set_viewport_size({"width": 1280, "height": 900})
    page.reload()
    expect(page.locator("#yours[data-loaded]")).to_have_count(1, timeout=SLOW)
    page.locator("input[name=corpus][value=yours]").check()
    ask(page, "plain", QUESTION)
    passage = show(page, "plain")
    expect(page.locator(f"{VIEW} .pdf-box").first).to_be_attached(timeout=SLOW)
    close_with_escape(page, passage)

    page.evaluate("() => raglabDocuments.forget(['pdf:guide'])")
    show(page, "plain")
    view = page.locator(VIEW)
    expect(view.locator("#source-here")).to_have_attribute("data-id", passage)
    page.wait_for_function("() => raglabDocuments.pdf('pdf:guide').then((bytes) => bytes === undefined)")
    expect(view.locator(".pdf-part")).to_be_hidden()
    expect(view.locator(".message")).to_have_count(0)
    close_with_escape(page, passage)

    page.locator("#doc-files").set_input_files(
        [{"name": "guide2.pdf", "mimeType": "application/pdf", "buffer": make_pdf(GUIDE[::-1])}]
    )
    page.locator("#docs-read .keep-read").click()
    expect(page.locator("#docs-kept li.kept-doc")).to_have_count(2, timeout=SLOW)
    assert page.evaluate("() => raglabDocuments.pdf('pdf:guide2').then((bytes) => bytes.length)") > 500
    page.locator("#docs-kept button.remove-doc[data-slug=guide2]").click()
    expect(page.locator("#docs-kept li.kept-doc")).to_have_count(1, timeout=SLOW)
    assert page.evaluate("() => raglabDocuments.pdf('pdf:guide2')") is None
