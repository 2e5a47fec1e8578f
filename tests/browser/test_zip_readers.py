"""Issue 36 in the page: a zip of PDFs and Word documents is read with the page's own readers (pdf.js, mammoth.js), so
it imports as the same files dropped one by one would. Measured before: any zip holding a .pdf or .docx, healthy
ones included, read nothing and said nothing (the console showed ``ModuleNotFoundError: pypdf`` / ``mammoth``)."""

from __future__ import annotations

from lab_page import SLOW
from playwright.sync_api import expect
from tests.fixtures import make_docx, make_docx_bomb, make_pdf, make_zip

GOOD = b"The ferry leaves at eight. A ticket costs six coins."
LONG_TASKS = """() => {
    window.__longest = 0;
    new PerformanceObserver((list) => {
        for (const task of list.getEntries()) window.__longest = Math.max(window.__longest, task.duration);
    }).observe({ type: "longtask" });
}"""


def test_a_zip_of_pdfs_and_word_files_reads_as_the_same_files_dropped(visit):
    """Intent: the zip's good.txt, report.pdf and two Word files are read (the PDF by pdf.js, the Word files by
    mammoth.js, the second after a bomb refused before mammoth.js saw it), and its Word bomb is one sentence, as
    when the same files are dropped."""
    files = {
        "good.txt": GOOD,
        "report.pdf": make_pdf(["The lighthouse keeper counts the quillfish.", "The harbour closes at dusk."]),
        "notes.docx": make_docx(["The reef is home to the quillfish.", "Divers leave at nine."]),
        "bomb.docx": make_docx_bomb(30_000_000),
        "minutes.docx": make_docx(["Minutes of the harbour board.", "The pier opens at seven."]),
    }
    page = visit.open()
    expect(page.locator("#yours[data-loaded]")).to_have_count(1, timeout=SLOW)
    page.evaluate(LONG_TASKS)
    zipped = make_zip({f"docs/{name}": data for name, data in files.items()})
    page.locator("#doc-zip").set_input_files({"name": "docs.zip", "mimeType": "application/zip", "buffer": zipped})
    read = page.locator("#docs-read li.read-doc .name")
    expect(read).to_have_text(["good.txt", "report.pdf", "notes.docx", "minutes.docx"], timeout=SLOW)
    problems = page.locator("#docs-read li.read-problem")
    expect(problems).to_have_count(1)
    expect(problems).to_contain_text("bomb.docx is 30.0 MB unzipped")
    print("longest task after the zip:", page.evaluate("window.__longest"), "ms")  # a figure, not yet asserted
    assert visit.console_errors == []


ROWS = "#docs-read li.read-doc, #docs-read li.read-problem"
FILES = {
    "report.pdf": make_pdf(["The lighthouse keeper counts the quillfish.", "The harbour closes at dusk."]),
    "notes.docx": make_docx(["The reef is home to the quillfish.", "Divers leave at nine."]),
    "good.txt": GOOD,
}


def test_a_zip_gives_the_rows_of_its_files_dropped_its_documents_are_kept_and_its_pdf_has_its_page(visit):
    """Intent (issue 36): the same files give the same rows, whether dropped one by one or zipped; the zip's are
    kept, and its PDF's passage opens on the PDF's own page drawn, as a dropped PDF's does."""
    page = visit.open()
    expect(page.locator("#yours[data-loaded]")).to_have_count(1, timeout=SLOW)
    page.locator("#doc-files").set_input_files(
        [{"name": n, "mimeType": "application/octet-stream", "buffer": d} for n, d in FILES.items()]
    )
    expect(page.locator("#docs-read li.read-doc")).to_have_count(3, timeout=SLOW)
    dropped = page.locator(ROWS).all_inner_texts()
    page.locator("#docs-read .discard-read").click()
    expect(page.locator(ROWS)).to_have_count(0)
    zipped = make_zip(FILES)
    page.locator("#doc-zip").set_input_files({"name": "docs.zip", "mimeType": "application/zip", "buffer": zipped})
    expect(page.locator("#docs-read li.read-doc")).to_have_count(3, timeout=SLOW)
    assert page.locator(ROWS).all_inner_texts() == dropped
    page.locator("#docs-read .keep-read").click()
    expect(page.locator("#docs-kept li.kept-doc")).to_have_count(3, timeout=SLOW)
    page.fill("#q-plain", "When does the lighthouse keeper count the quillfish?")
    page.press("#q-plain", "Enter")
    hit = page.locator("#result-plain ol.passages > li.hit").first
    expect(hit).to_contain_text("lighthouse keeper", timeout=SLOW)
    hit.locator("button.show-source").click()
    view = page.locator("dialog.source-view[open]")
    expect(view.locator("h2")).to_have_text("report.pdf")
    expect(view.locator("figure.pdf-page[data-page='1'] .pdf-box").first).to_be_attached(timeout=SLOW)
    assert visit.console_errors == []
