"""Reading dropped files shows how far it has gone as it goes: a PDF's pages, then the files done, the bar moving
with them (raglab.page.reading_progress words it), not "Reading 1 of 2" over an empty bar for the whole read."""

from __future__ import annotations

from lab_page import SLOW
from playwright.sync_api import expect
from tests.fixtures import make_pdf

PAGES = 30
NOTE = b"The ferry leaves at nine."
WATCH = """() => {
    window.readingLog = [];
    const line = document.getElementById("docs-progress"), bar = document.getElementById("docs-bar");
    const note = () => window.readingLog.push({text: line.textContent, value: bar.value, max: bar.max});
    new MutationObserver(note).observe(line, {childList: true, characterData: true, subtree: true});
}"""


def test_a_long_pdf_shows_its_pages_and_the_bar_moves_through_them(visit):
    """Intent: while a 30-page PDF is read, the line names each page as its text is read and the bar's value grows
    with them, from 0 towards the share of the bytes dropped that the PDF is (the bar's whole is 1)."""
    page = visit.open()
    expect(page.locator("#yours[data-loaded]")).to_have_count(1, timeout=SLOW)
    pdf = make_pdf([f"Page {n} of the tide guide. The tide rises {n} cm at the pier." for n in range(1, PAGES + 1)])
    page.evaluate(WATCH)
    page.locator("#doc-files").set_input_files(
        [
            {"name": "guide.pdf", "mimeType": "application/pdf", "buffer": pdf},
            {"name": "zz-notes.txt", "mimeType": "text/plain", "buffer": NOTE},
        ]
    )
    expect(page.locator("#docs-read .keep-read")).to_be_visible(timeout=SLOW)
    log = page.evaluate("window.readingLog")
    texts = [e["text"] for e in log]
    read = [f"Reading 1 of 2: guide.pdf, the text of page {n} of {PAGES}" for n in range(1, PAGES + 1)]
    assert [t for t in texts if ", the text of page " in t] == read
    # then the layout's passes name pages of the PDF, never a count of its steps ("page 59 of 30")
    laid_out = [t.split(" of page ")[1] for t in texts if ", the lines of page " in t or ", the passages of page " in t]
    assert laid_out and all(1 <= int(n) <= PAGES for n, _ in (t.split(" of ") for t in laid_out))
    values = [e["value"] for e in log if e["text"].startswith("Reading 1 of 2: guide.pdf")]
    share = len(pdf) / (len(pdf) + len(NOTE))
    assert values == sorted(values) and 0 < values[PAGES // 2] < values[-1] <= share + 1e-9
    assert all(e["max"] == 1 for e in log)
    expect(page.locator("#yours .reading")).to_be_hidden()
    assert visit.console_errors == []
