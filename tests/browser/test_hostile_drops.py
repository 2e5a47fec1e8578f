"""Issue 24 in the page: hostile files dropped together with a good one. The good file is read and kept, each bad
one ends in its own sentence and the rest of the drop goes on, and the page answers a question meanwhile. Measured
before: a PDF whose one page inflates to 1 GB of drawing operators left the page waiting with no word (pdf.js
still reading it after 500 s). How long each row takes is a benchmark (bench/hostile_page.py), not a test."""

from __future__ import annotations

import pytest
from lab_page import SLOW
from playwright.sync_api import expect
from tests.fixtures import (
    make_docx,
    make_docx_bomb,
    make_drawing_bomb_pdf,
    make_entities_docx,
    make_many_items_pdf,
    make_page_tree_pdf,
    make_shared_page_pdf,
    make_zip,
    zip_with,
)

from raglab.documents.limits import MAX_FILES
from raglab.documents.read_errors import ReadError
from raglab.documents.readers import read_file

GOOD = b"The ferry leaves at eight. A ticket costs six coins. The quillfish swims past the reef."
FERRY = "When does the ferry leave?"  # a Fernport preset's words, asked while the files are read


@pytest.fixture(scope="module")
def hostile() -> dict[str, bytes]:
    """name -> bytes, in the order they are dropped: the good file first, the slowest PDF before the others, so
    what comes after it shows the drop went on."""
    return {
        "good.txt": GOOD,
        "drawing.pdf": make_drawing_bomb_pdf(1_000_000_000),  # 2 MB on disk
        "dag.pdf": make_page_tree_pdf(30),  # 2 ** 30 pages from 34 objects
        "bomb.docx": make_docx_bomb(30_000_000),
        "stops.txt": b"Boats sail" + b"." * 100_000,
        "brackets.md": b"Boats sail. " + b"[" * 100_000,
    }


def _payload(files: dict[str, bytes]) -> list[dict]:
    return [{"name": name, "mimeType": "application/octet-stream", "buffer": data} for name, data in files.items()]


def _ask_fernport(page) -> None:
    page.fill("#q-plain", FERRY)
    page.press("#q-plain", "Enter")
    expect(page.locator("#result-plain .summary")).to_contain_text(f"“{FERRY}”", timeout=SLOW)
    expect(page.locator("#result-plain.busy")).to_have_count(0, timeout=SLOW)
    expect(page.locator("#result-plain li.hit").first).to_be_visible()


def test_a_drop_of_hostile_files_ends_in_a_sentence_each_and_keeps_the_good_one(visit, hostile):
    """Intent: the PDF whose page unzips to 1 GB is given up in the command line's sentence naming the bound, the
    files after it are still read, the good one is kept and searched, and Fernport is answered while the drop is
    read."""
    page = visit.open()
    expect(page.locator("#yours[data-loaded]")).to_have_count(1, timeout=SLOW)
    page.locator("#doc-files").set_input_files(_payload(hostile))
    _ask_fernport(page)
    problems = page.locator("#docs-read li.read-problem")
    expect(problems).to_have_count(3, timeout=SLOW)
    expect(problems.and_(page.locator("[data-kind=pdf_stream]"))).to_have_text(  # the command line's verdict
        _cli_says("drawing.pdf", hostile["drawing.pdf"])
    )
    expect(problems.and_(page.locator("[data-kind=too_many_pages]"))).to_have_text(
        "dag.pdf has 1,073,741,824 pages; the lab reads PDFs of up to 10,000 pages."
    )
    expect(problems.and_(page.locator("[data-kind=too_large]"))).to_contain_text("bomb.docx is 30.0 MB unzipped")
    read = page.locator("#docs-read li.read-doc .name")
    expect(read).to_have_text(["good.txt", "stops.txt", "brackets.md"])
    page.locator("#docs-read .keep-read").click()
    expect(page.locator("#docs-kept li.kept-doc")).to_have_count(3, timeout=SLOW)
    page.fill("#q-plain", "quillfish")
    page.press("#q-plain", "Enter")
    expect(page.locator("#result-plain li.hit").first).to_contain_text("quillfish", timeout=SLOW)
    assert visit.console_errors == []


def test_a_damaged_zip_names_its_bad_files_and_reads_the_good_one(visit):
    """Intent: an imported zip whose members are damaged, encrypted or lie about their size names each one and
    reads the good file beside them (before, the page waited with no word)."""
    notes = " ".join(f"Boat {n} sails at {n % 24}." for n in range(20_000)).encode()
    data = make_zip({"good.txt": GOOD, "crc.txt": notes, "secret.txt": notes, "liar.txt": notes})
    data = zip_with(
        zip_with(zip_with(data, "crc.txt", damaged=True), "secret.txt", encrypted=True), "liar.txt", size=20
    )
    page = visit.open()
    expect(page.locator("#yours[data-loaded]")).to_have_count(1, timeout=SLOW)
    page.locator("#doc-zip").set_input_files({"name": "documents.zip", "mimeType": "application/zip", "buffer": data})
    expect(page.locator("#docs-read li.read-problem")).to_have_text(
        [
            "crc.txt cannot be unzipped: the zip's copy of it is damaged.",
            "secret.txt is protected by a password, so the lab cannot open it.",
            "liar.txt cannot be unzipped: the zip's copy of it is damaged.",
        ],
        timeout=SLOW,
    )
    expect(page.locator("#docs-read li.read-doc .name")).to_have_text(["good.txt"])
    page.locator("#docs-read .keep-read").click()
    expect(page.locator("#docs-kept li.kept-doc")).to_have_count(1, timeout=SLOW)
    # A zip of many files is read a file at a time: the page says which, and Cancel stops it with nothing added.
    # Cancel is clicked the moment the progress names a member: between two steps of the reading, whatever its speed
    # (the steps before name the zip's list of files, read from its directory).
    page.evaluate("""() => {
        const line = document.getElementById("docs-progress");
        new MutationObserver((_, seen) => {
            if (!line.textContent.startsWith("Reading many.zip: n")) return;
            seen.disconnect();
            window.__cancelledAt = line.textContent;
            document.getElementById("docs-cancel").click();
        }).observe(line, { childList: true, characterData: true, subtree: true });
    }""")
    many = make_zip({f"n{n}.txt": f"Boat {n} sails at {n % 24}.".encode() for n in range(3_000)})
    page.locator("#doc-zip").set_input_files({"name": "many.zip", "mimeType": "application/zip", "buffer": many})
    expect(page.locator("#msg-yours")).to_have_text(
        "Reading many.zip was cancelled: nothing from it was added.", timeout=SLOW
    )
    expect(page.locator("#yours .reading")).to_be_hidden()
    assert page.evaluate("window.__cancelledAt").startswith("Reading many.zip: n")
    expect(page.locator("#docs-kept li.kept-doc")).to_have_count(1)
    assert visit.console_errors == []


def _cli_says(name: str, data: bytes) -> str:
    """What the command line's reader says of a file it refuses."""
    with pytest.raises(ReadError) as refused:
        read_file(name, data)
    return str(refused.value)


def test_issue_36_files_end_in_the_command_line_s_sentence_and_the_drop_goes_on(visit):
    """Intent: 9,999 kids sharing one page, a page of 300,000 text items, a Word file of 400,000 paragraphs, one of
    XML entities and one whose zipped size lies are each refused in the page in the very sentence the command line
    says (one budget: the same bounds, counted as the file is read), and the good file after them is read."""
    bad = {
        "kids.pdf": make_shared_page_pdf(9_999),
        "items.pdf": make_many_items_pdf(300_000),
        "paragraphs.docx": make_docx([f"{n}" for n in range(400_000)]),
        "entities.docx": make_entities_docx(),
        "liar.docx": zip_with(make_docx_bomb(20_000_000), "word/document.xml", zipped=372_000),
    }
    page = visit.open()
    expect(page.locator("#yours[data-loaded]")).to_have_count(1, timeout=SLOW)
    page.locator("#doc-files").set_input_files(_payload({**bad, "good.txt": GOOD}))
    expect(page.locator("#docs-read li.read-problem")).to_have_text(
        [_cli_says(name, data) for name, data in bad.items()], timeout=SLOW
    )
    expect(page.locator("#docs-read li.read-doc .name")).to_have_text(["good.txt"])
    assert visit.console_errors == []


LONG_TASKS = """() => {
    window.__tasks = [];  // each long task's duration, and the reading line shown just after it ("" when none is)
    new PerformanceObserver((list) => {
        const shown = !document.querySelector("#yours .reading").hidden;
        const line = shown ? document.getElementById("docs-progress").textContent : "";
        for (const task of list.getEntries()) window.__tasks.push([task.duration, line]);
    }).observe({ type: "longtask" });
}"""


def test_a_flate_bomb_a_lying_docx_and_zips_of_many_files_end_in_the_command_line_s_sentences(visit):
    """Intent (issue 36): the PDF whose stream unzips to 1 GB and the .docx whose directory lies about its zipped
    size are refused in the command line's sentences, a zip of 10,001 small files and the issue's zip of 30,000 are
    each one sentence before one is read (before: 10,001 were read, 13 s, and the next question took 21 s; then
    a 499 ms task listing them), and a Fernport question is answered after them; the long tasks are printed."""
    bad = {
        "drawing.pdf": make_drawing_bomb_pdf(1_000_000_000),
        "liar.docx": zip_with(make_docx_bomb(20_000_000), "word/document.xml", zipped=372_000),
    }
    zips = {
        "many.zip": make_zip({f"n{n}.txt": b"Boat %d sails at noon." % n for n in range(MAX_FILES + 1)}),
        "thirty.zip": make_zip({"good.txt": GOOD, **{f"e{n}.txt": b"" for n in range(29_999)}}),  # 30,000 entries
    }
    page = visit.open()
    expect(page.locator("#yours[data-loaded]")).to_have_count(1, timeout=SLOW)
    page.evaluate(LONG_TASKS)
    page.locator("#doc-files").set_input_files(_payload({**bad, "good.txt": GOOD}))
    expect(page.locator("#docs-read li.read-problem")).to_have_text(
        [_cli_says(name, data) for name, data in bad.items()], timeout=SLOW
    )
    expect(page.locator("#docs-read li.read-doc .name")).to_have_text(["good.txt"])
    for name, data in zips.items():
        page.locator("#doc-zip").set_input_files({"name": name, "mimeType": "application/zip", "buffer": data})
        expect(page.locator("#msg-yours")).to_have_text(
            f"{name} would take your documents past 10,000 files, the most the lab keeps.", timeout=SLOW
        )
    _ask_fernport(page)
    tasks = page.evaluate("window.__tasks")
    # Not yet asserted (bench/README.md): tasks of 444-486 ms while a zip's list of files is read, at load 38.
    print("longest while a zip's list is read:", max((d for d, ln in tasks if ln.endswith("list of files")), default=0))
    print("longest task from the drop on:", max((d for d, _ in tasks), default=0), "ms")  # bench/README.md
    assert visit.console_errors == []
