"""A visitor's own documents in the page: every format and every bad input read and explained, kept across a reload
and a new tab, searched exactly as the command line searches the same files, exported and imported back, removed;
and nothing of them ever leaves the device."""

from __future__ import annotations

import io
import zipfile

import pytest
from lab_page import SLOW, shown
from playwright.sync_api import expect
from tests.fixtures import make_docx, make_pdf, make_scan_pdf
from tests.pdf_manual import make_manual_pdf
from tests.pdf_paper import make_paper_pdf

from raglab import Lab, run
from raglab.documents.chunking import BLOCKS, chunk_document
from raglab.documents.collect_files import read_folder
from raglab.documents.corpus import Document
from raglab.documents.passage_sizes import passage_size_in
from raglab.documents.zip_import import from_zip
from raglab.graph.names import names_found
from raglab.graph.names_by_rules import NamesByRules
from raglab.show import passage_place, score_label
from raglab.ui.documents_html import LIST_ROWS

SECRET = "quillfish"  # a word only the visitor's documents hold: no request may carry it

NOTES = (
    "The quillfish swims past Vantor Reef each spring. Dr. Ellery Marsh counted 3.5 thousand of them in "
    "2023. Boats keep away from the reef in April."
)
GUIDE = (
    "# Reef guide\n\nThe guide covers the reef walk.\n\n- Wear boots on the rocks\n- Bring water\n\n"
    "## Tides\n\nLow tide comes twice a day. Check the board at the pier."
)
PAGE = (
    "<html><head><title>Pier</title><style>p { color: red }</style><script>alert('quillfish')</script></head>"
    '<body><nav>Home | About</nav><p onclick="alert(1)">The pier opens at 7:00 &amp; closes at dusk.</p>'
    "<p>Use &lt;b&gt; for bold.</p><footer>Footer text</footer></body></html>"
)
REPORT = [
    "Annual report of the reef trust.",
    "The lantern fund paid for a new buoy near the reef.",
    "Membership rose to 420 families this year.",
]
MEMO = ["Memo to the ferry crew.", "The winter timetable starts in November."]

GOOD = {
    "notes.txt": NOTES.encode(),
    "guide.md": GUIDE.encode(),
    "pier.html": PAGE.encode(),
    "report.pdf": None,
    "memo.docx": None,
}
BAD = {  # file -> the kind of problem the page must name
    "empty.txt": "empty",
    "photo.txt": "binary",
    "scan.pdf": "no_text",
    "secret.pdf": "encrypted",
    "broken.docx": "broken",
    "filler.txt": "stop_words",
    "renamed.txt": "mismatch",
}


def _files() -> dict[str, bytes]:
    files = dict(GOOD)
    files["report.pdf"] = make_pdf(REPORT)
    files["memo.docx"] = make_docx(MEMO)
    files.update(
        {
            "empty.txt": b"",
            "photo.txt": bytes(range(256)) * 4,
            "scan.pdf": make_scan_pdf(),
            "secret.pdf": make_pdf(["Hidden text."], password="pw"),
            "broken.docx": b"PK\x03\x04not really a zip",
            "filler.txt": b"The and of it is to the.",
            "renamed.txt": make_pdf(["A PDF in disguise."]),
        }
    )
    return files


def _payload(files: dict[str, bytes]) -> list[dict]:
    return [
        {"name": name, "mimeType": "application/octet-stream", "buffer": data} for name, data in sorted(files.items())
    ]


def _record(visit) -> list[str]:
    """Every request of the visit's context (every tab), with its headers and body."""
    sent = []
    visit.page.context.on("request", lambda r: sent.append(" ".join([r.url, str(r.headers), r.post_data or ""])))
    return sent


def _assert_private(sent: list[str]) -> None:
    """No request carried a word of the visitor's documents (the fixture already fails any request off the site)."""
    leaked = [r for r in sent if SECRET in r.lower() or "vantor" in r.lower()]
    assert sent and not leaked, leaked


def _open_with_documents(visit):
    page = visit.open()
    expect(page.locator("#yours[data-loaded]")).to_have_count(1, timeout=SLOW)
    return page


def _keep(page, files: dict[str, bytes], kept: int):
    page.locator("#doc-files").set_input_files(_payload(files))
    expect(page.locator("#docs-read .keep-read")).to_be_visible(timeout=SLOW)
    page.locator("#docs-read .keep-read").click()
    expect(page.locator("#docs-kept li.kept-doc")).to_have_count(kept, timeout=SLOW)


def _ask(page, key: str, question: str):
    page.fill(f"#q-{key}", question)
    page.press(f"#q-{key}", "Enter")
    expect(page.locator(f"#result-{key} .summary")).to_contain_text(f"“{question}”", timeout=SLOW)
    expect(page.locator(f"#result-{key}.busy")).to_have_count(0, timeout=SLOW)


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    """The same files in a folder, for the command line's side."""
    path = tmp_path_factory.mktemp("mine")
    for name, data in _files().items():
        (path / name).write_bytes(data)
    return path


def test_every_format_and_bad_input_read_searched_as_the_cli_and_private(visit, folder):
    """Intent: each file is read and shown before it is kept; each bad one says what is wrong with it; kept, the
    lab searches them with the command line's passages and scores (N = the visitor's passage count); and no
    request leaves the origin or carries a word of them."""
    sent = _record(visit)
    page = _open_with_documents(visit)
    page.locator("#doc-files").set_input_files(_payload(_files()))
    expect(page.locator("#docs-read li.read-doc")).to_have_count(len(GOOD), timeout=SLOW)
    for name, kind in BAD.items():
        expect(page.locator(f"#docs-read li.read-problem[data-kind={kind}]")).to_contain_text(name)
    html = page.locator("#docs-read li.read-doc", has_text="pier.html")
    html.locator("summary").click()  # the text is put in when the fold opens, as text
    expect(html.locator("pre")).to_contain_text("The pier opens at 7:00")
    text = html.locator("pre").inner_text()
    assert "The pier opens at 7:00 & closes at dusk." in text and "Use <b> for bold." in text
    assert "alert" not in text and "Home | About" not in text and "color: red" not in text
    assert page.locator("#docs-read b, #docs-read script").count() == 0
    expect(page.locator("#docs-read li.read-doc", has_text="report.pdf")).to_contain_text("3 pages")

    page.locator("#docs-read .keep-read").click()
    expect(page.locator("#docs-kept li.kept-doc")).to_have_count(len(GOOD), timeout=SLOW)
    expect(page.locator("input[name=corpus][value=yours]")).to_be_checked()

    corpus, problems = read_folder(folder, find_names=NamesByRules)
    assert sorted(e.kind for e in problems) == sorted(BAD.values())
    cli = Lab(corpus, passage_size_in(folder))  # as `raglab --corpus` cuts a folder of files: by their blocks
    for question in [
        "When does the quillfish swim past the reef?",
        "What did the lantern fund pay for?",
        "When does the winter timetable start?",
        "When does the pier open?",
    ]:
        _ask(page, "plain", question)
        expected = [(p.id, score_label(p)) for p in run(cli, "plain", question).passages]
        assert shown(page, "plain") == expected, question
    # A passage's place: its section and a PDF's page, the file's name not said twice (it is the title)
    places = [passage_place(p) for p in run(cli, "plain", "When does the pier open?").passages]
    assert "Reef guide › Tides" in places
    expect(page.locator("#result-plain li.hit .where")).to_have_text([p for p in places if p])
    _ask(page, "plain", "How many families are members?")
    assert passage_place(run(cli, "plain", "How many families are members?").passages[0]) == "p. 3"
    expect(page.locator("#result-plain li.hit").first.locator(".where")).to_have_text("p. 3")
    page.locator("#result-plain li.hit details.score summary").first.click()
    expect(page.locator("#result-plain li.hit .sum").first).to_contain_text(f"ln(1 + {len(cli.chunks())}/")

    for key in ["document", "parent", "chunk_size"]:
        question = "When does the winter timetable start?"
        _ask(page, key, question)
        expected = [(p.id, score_label(p)) for p in run(cli, key, question).passages]
        assert shown(page, key) == expected and expected[0][0].startswith("memo"), key
        assert passage_place(run(cli, key, question).passages[0]) == ""  # memo.docx, the title: said once
        expect(page.locator(f"#result-{key} li.hit").first.locator(".where")).to_have_count(0)
    question = "What did Ellery Marsh count?"  # names found by rules: "Dr." makes Ellery Marsh a name
    _ask(page, "graph", question)
    expected = run(cli, "graph", question)
    assert shown(page, "graph") == [(p.id, score_label(p)) for p in expected.passages]
    assert "Ellery Marsh" in expected.details["names"] and expected.details["links"]
    expect(page.locator("#result-graph ul.links li")).to_have_count(len(expected.details["links"]))
    page.fill("#q-hybrid", question)
    page.press("#q-hybrid", "Enter")
    expect(page.locator("#msg-hybrid")).to_contain_text("needs a meaning vector first: 0 of")
    for key in ("multi_query", "hyde"):  # Fernport's hand-written presets are not the visitor's: not said here
        expect(page.locator(f"#{key} .explain")).to_be_visible()
        expect(page.locator(f"#{key} .explain")).not_to_contain_text(
            "written by hand for this demo", use_inner_text=True
        )

    assert visit.console_errors == []
    _assert_private(sent)


def test_pdfs_read_in_the_page_give_the_command_lines_passages(visit, tmp_path):
    """Intent: pdf.js in the page and pypdf on the command line give the same passages for the same PDF, every id,
    section and text, not only as many: a manual as real ones come (a title page, contents with dot leaders,
    running headers and footers, headings, words broken at line ends, an index), a two-column paper and a plain
    report, in the lab's cut of a visitor's files (their blocks)."""
    files = {"handbook.pdf": make_manual_pdf(), "paper.pdf": make_paper_pdf(), "report.pdf": make_pdf(REPORT)}
    for name, data in files.items():
        (tmp_path / name).write_bytes(data)
    corpus, _ = read_folder(tmp_path, find_names=NamesByRules)
    page = _open_with_documents(visit)
    page.locator("#doc-files").set_input_files(_payload(files))
    expect(page.locator("#docs-read li.read-doc")).to_have_count(len(files), timeout=SLOW)
    for doc in corpus.documents:
        item = page.locator("#docs-read li.read-doc", has_text=doc.source)
        item.locator("summary").click()  # "Show the text read": the text as the page read it
        expect(item.locator("pre")).not_to_be_empty()
        read = Document(doc.slug, doc.title, item.locator("pre").text_content(), doc.source, doc.page_starts)
        expected = [(c.id, c.section, c.text) for c in chunk_document(doc, BLOCKS)]
        assert [(c.id, c.section, c.text) for c in chunk_document(read, BLOCKS)] == expected, doc.source
        expect(item.locator(".facts")).to_contain_text(f"{len(expected)} passages")
    assert visit.console_errors == []


def test_kept_across_reload_and_tab_exported_imported_removed(visit):
    """Intent: documents and the visitor's word list survive a reload and a new tab; the zip gives them back; the
    same file twice is kept once; a full disk loses nothing kept; removal one by one and all at once; and no
    request carries a word of them."""
    sent = _record(visit)
    page = _open_with_documents(visit)
    files = {"notes.txt": NOTES.encode(), "memo.docx": make_docx(MEMO)}
    _keep(page, files, kept=2)
    page.goto(visit.site_url)  # opened again, before any question: the lab still searches the kept documents
    expect(page.locator("#yours[data-loaded]")).to_have_count(1, timeout=SLOW)
    expect(page.locator("input[name=corpus][value=yours]")).to_be_checked()
    page.locator(".my-words summary").click()
    page.fill("#my-words", "fish: quillfish")
    page.locator("#save-words").click()
    expect(page.locator("#msg-yours")).to_contain_text("Word list saved")
    _ask(page, "query", "When do the fish swim past?")
    assert shown(page, "query")[0][0].startswith("notes")

    page.reload()
    expect(page.locator("#yours[data-loaded]")).to_have_count(1, timeout=SLOW)
    expect(page.locator("#docs-kept li.kept-doc")).to_have_count(2)
    expect(page.locator("input[name=corpus][value=yours]")).to_be_checked()
    assert page.locator("#my-words").input_value() == "fish: quillfish"
    _ask(page, "query", "When do the fish swim past?")
    assert shown(page, "query")[0][0].startswith("notes")

    tab = page.context.new_page()
    tab.goto(visit.site_url)
    expect(tab.locator("#yours[data-loaded]")).to_have_count(1, timeout=SLOW)
    expect(tab.locator("#docs-kept li.kept-doc")).to_have_count(2)
    tab.close()

    _keep(page, {"again.txt": NOTES.encode()}, kept=2)  # the same text under another name
    expect(page.locator("#msg-yours")).to_contain_text("again.txt is the same as notes.txt")

    page.evaluate("""() => { window.realKeep = raglabDocuments.keep;
        raglabDocuments.keep = () => Promise.reject(new DOMException("full", "QuotaExceededError")); }""")
    page.locator("#doc-files").set_input_files(_payload({"more.txt": b"Another reef story about tides."}))
    page.locator("#docs-read .keep-read").click()
    expect(page.locator("#msg-yours")).to_contain_text("no room left")
    expect(page.locator("#docs-kept li.kept-doc")).to_have_count(2)
    page.evaluate("() => { raglabDocuments.keep = window.realKeep; }")

    with page.expect_download() as download:
        page.locator(".download-docs").click()
    data = open(download.value.path(), "rb").read()
    names = sorted(zipfile.ZipFile(io.BytesIO(data)).namelist())
    found = names_found(from_zip(data).documents).entities  # Graph RAG's names, no edits made here
    expected = ["01-memo.md", "02-notes.md", "passages.toml", "synonyms.toml", *["entities.toml"] * bool(found)]
    assert names == sorted(expected), names  # passages.toml: the files' blocks, which a corpus folder is not cut by
    assert [d.text for d in from_zip(data).documents] == ["\n\n".join(MEMO), NOTES]
    if found:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            assert all(f'name = "{e.name}"' in archive.read("entities.toml").decode() for e in found)

    page.locator("#docs-kept .remove-doc").first.click()
    expect(page.locator("#docs-kept li.kept-doc")).to_have_count(1)
    page.locator(".remove-all-docs").click()
    expect(page.locator("#docs-kept li.kept-doc")).to_have_count(0)
    expect(page.locator("input[name=corpus][value=fernport]")).to_be_checked()
    page.locator("#doc-zip").set_input_files(
        {"name": "my-documents.zip", "mimeType": "application/zip", "buffer": data}
    )
    page.locator("#docs-read .keep-read").click()
    expect(page.locator("#docs-kept li.kept-doc")).to_have_count(2, timeout=SLOW)
    page.reload()
    expect(page.locator("#docs-kept li.kept-doc")).to_have_count(2, timeout=SLOW)
    assert visit.console_errors == []
    _assert_private(sent)


def test_hundreds_of_files_with_progress_cancel_and_one_over_the_limit(visit):
    """Intent: 300 files at once are read with a progress bar and can be cancelled; read again, all are listed and
    kept; a file over the size limit is named and not read; pasted text is read too."""
    page = _open_with_documents(visit)
    files = {f"note-{i:03}.txt": f"Reef note {i}: the tide reached mark {i}.".encode() for i in range(300)}
    files["huge.txt"] = b"a" * 25_000_001
    files["a-first.pdf"] = make_pdf(["Held."])
    page.evaluate("""() => { window.realPages = raglabDocuments.pdfPages;
        raglabDocuments.pdfPages = (bytes, report) => new Promise((resolve) => { window.release = () =>
            resolve(window.realPages(bytes, report)); }); }""")  # the first file waits until released
    page.locator("#doc-files").set_input_files(_payload(files))
    expect(page.locator("#docs-progress")).to_have_text("Reading 1 of 302: a-first.pdf")
    expect(page.locator("#docs-bar")).to_be_visible()
    page.locator("#docs-cancel").click()
    page.evaluate("() => { raglabDocuments.pdfPages = window.realPages; window.release(); }")
    expect(page.locator("#docs-read")).to_contain_text("Cancelled: 302 more files not read.")
    expect(page.locator("#docs-read li")).to_have_count(0)
    expect(page.locator("#yours .reading")).to_be_hidden()
    del files["a-first.pdf"]
    page.locator("#doc-files").set_input_files(_payload(files))
    expect(page.locator("#docs-read li.read-doc")).to_have_count(LIST_ROWS, timeout=SLOW)  # the first rows drawn
    expect(page.locator("#docs-read li.read-problem[data-kind=too_large]")).to_contain_text("huge.txt")
    page.locator("#docs-read .show-all-docs").click()
    expect(page.locator("#docs-read li.read-doc")).to_have_count(300)
    page.locator("#docs-read .keep-read").click()
    expect(page.locator("#docs-kept")).to_contain_text(f"Showing the first {LIST_ROWS} of 300 documents.", timeout=SLOW)
    page.locator("#docs-kept .show-all-docs").click()
    expect(page.locator("#docs-kept li.kept-doc")).to_have_count(300)
    last = page.locator("#docs-kept li.kept-doc").last
    last.locator("summary").click()
    expect(last.locator("pre")).to_have_text("Reef note 299: the tide reached mark 299.")
    _ask(page, "plain", "Which note reached mark 217?")
    assert shown(page, "plain")[0][0] == "note_217-1"

    page.locator("#yours .paste summary").click()
    page.fill("#paste-title", "Harbour log")
    page.fill("#paste-text", "The harbour log says the quillfish came early.\n\nIt was a mild spring.")
    page.locator("#paste-read").click()
    expect(page.locator("#docs-read li.read-doc")).to_contain_text("Harbour log")
    page.locator("#docs-read .keep-read").click()
    expect(page.locator("#docs-kept li.kept-doc")).to_have_count(301, timeout=SLOW)
    _ask(page, "plain", "What does the harbour log say?")
    assert shown(page, "plain")[0][0].startswith("harbour_log")
    page.locator("input[name=corpus][value=fernport]").check()
    expect(page.locator("#result-plain")).to_contain_text("How much does the ferry cost?")


def test_damaged_records_are_left_aside_and_the_lab_still_starts(visit):
    """Intent: issue 24. Records in this browser's store that do not fit what the lab writes (a document record
    that is not JSON, a word list that is not text, a searched corpus with "]" in it) are left aside with one
    sentence at the next visit: the lab starts, the other kept document is there, Fernport answers."""
    page = _open_with_documents(visit)
    _keep(page, {"notes.txt": NOTES.encode(), "guide.md": GUIDE.encode()}, kept=2)
    slugs = page.locator("#docs-kept li.kept-doc").evaluate_all("items => items.map((li) => li.dataset.slug)")
    page.evaluate(
        """async (slug) => {
            const [[, meta]] = await raglabDocuments.records("meta");
            const damaged = { ...JSON.parse(meta), words: ["boat", "ferry"], corpus: "yours],x" };
            await raglabDocuments.keep([["meta", JSON.stringify(damaged)], [`doc:${slug}`, "{not json"]]);
        }""",
        slugs[0],
    )
    page.reload()
    expect(page.locator("#status")).to_have_text("Ready", timeout=SLOW)
    expect(page.locator("#msg-yours")).to_contain_text(
        "1 of your kept documents could not be read back; the rest are here.", timeout=SLOW
    )
    expect(page.locator("#msg-yours")).to_contain_text("Your word list could not be read back; it is empty.")
    expect(page.locator("#docs-kept li.kept-doc")).to_have_count(1)
    expect(page.locator("#docs-kept li.kept-doc")).to_have_attribute("data-slug", slugs[1])
    expect(page.locator("input[name=corpus][value=fernport]")).to_be_checked()
    question = Lab().corpus.presets["plain"][0]
    page.locator("#plain a.preset", has_text=question).click()
    expect(page.locator("#result-plain .summary")).to_contain_text(f"“{question}”", timeout=SLOW)
    assert visit.console_errors == []
