"""The page makes a Word document's HTML with mammoth.js (web/docx_worker.js), the command line with PyPI's mammoth:
the same Document must come out of both, so the page and the command line say the same of the same file. mammoth.js
is run here in Node, the very file the site ships (tools/build/pins.DOCUMENT_FILES), on Word documents with
headings, a table, lists of quote marks (where the two escape differently), other languages' words, and two odd
packages both read on (no package relationships; a relationship to a part that is not there)."""

from __future__ import annotations

import io
import json
import shutil
import subprocess
import zipfile

import pytest
from tests.fixtures import make_docx
from tools.build.pins import DOCUMENT_FILES, NODE_MODULES

from raglab.documents.docx_reader import check_docx
from raglab.documents.readers import read_file, read_word_html

SHIPPED = next(NODE_MODULES / source for source in DOCUMENT_FILES if source.startswith("mammoth/"))
# What docx_worker.js asks of mammoth.js, run on each file named on the command line: their HTML, as JSON.
CONVERT = """
const mammoth = require(process.argv[1]);
const fs = require("fs");
(async () => {
  const out = [];
  for (const path of process.argv.slice(2)) {
    const options = { convertImage: mammoth.images.imgElement(() => ({})) };
    out.push((await mammoth.convertToHtml({ arrayBuffer: fs.readFileSync(path) }, options)).value);
  }
  process.stdout.write(JSON.stringify(out));
})();
"""


def _repacked(data: bytes, drop: str = "", replace: dict[str, bytes] | None = None) -> bytes:
    """The Word file ``data`` zipped again without the part ``drop`` and with ``replace``'s parts."""
    source, out = zipfile.ZipFile(io.BytesIO(data)), io.BytesIO()
    with zipfile.ZipFile(out, "w") as z:
        for member in source.infolist():
            if member.filename != drop:
                z.writestr(member.filename, (replace or {}).get(member.filename, source.read(member)))
    return out.getvalue()


MISSING_PART = (
    b'<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="r1" '
    b'Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" '
    b'Target="word/missing.xml"/></Relationships>'
)
PLAIN = make_docx(["The harbour closes at dusk.", "Boats wait outside."])

DOCUMENTS = {
    "memo.docx": make_docx(
        ["Ferry times", "The ferry leaves at eight.", "Tickets", "The sign says \"six coins\" & 'no dogs'."],
        headings={0: 1, 2: 2},
        table=[["Boat", "Leaves"], ["Quillback", "08:00"], ["Heron", "12:30"]],
    ),
    "languages.docx": make_docx(
        ["Die Fähre fährt um acht Uhr ab.", "渡轮八点开船，票价六枚硬币。", "Le bac part à huit heures."]
    ),
    "no-relationships.docx": _repacked(PLAIN, drop="_rels/.rels"),
    "missing-part.docx": _repacked(PLAIN, replace={"_rels/.rels": MISSING_PART}),
    "marks.docx": make_docx([f"Line {n}: <{n}> \"quoted\" and 'single' & more." for n in range(50)]),
}


@pytest.fixture(scope="module")
def page_html(tmp_path_factory) -> dict[str, str]:
    node = shutil.which("node")
    assert node, "Node runs the build (tools/bytecode.mjs): it must be here"
    folder = tmp_path_factory.mktemp("word")
    paths = []
    for name, data in DOCUMENTS.items():
        (folder / name).write_bytes(data)
        paths.append(str(folder / name))
    done = subprocess.run([node, "-e", CONVERT, str(SHIPPED), *paths], capture_output=True, text=True, check=True)
    return dict(zip(DOCUMENTS, json.loads(done.stdout), strict=True))


@pytest.mark.parametrize("name", DOCUMENTS)
def test_the_page_s_mammoth_js_and_the_command_line_s_mammoth_give_the_same_document(page_html, name):
    """Intent: the page's way (checks, mammoth.js's HTML, read_word_html) gives the Document read_file gives."""
    check_docx(name, DOCUMENTS[name])
    ours, theirs = read_word_html(name, page_html[name]), read_file(name, DOCUMENTS[name])
    assert (ours.text, ours.title, ours.slug, ours.source) == (theirs.text, theirs.title, theirs.slug, theirs.source)


def test_the_page_s_html_keeps_headings_and_the_table(page_html):
    """Intent: what makes a Word document more than its words, headings and a table's rows, survives mammoth.js."""
    text = read_word_html("memo.docx", page_html["memo.docx"]).text
    assert text.startswith("# Ferry times\n\nThe ferry leaves at eight.\n\n## Tickets")
    assert "Quillback" in text and "08:00" in text


def test_the_page_reads_a_long_word_file_s_html_a_piece_a_step():
    """Intent: 90,000 paragraphs of HTML (4.7 MB, one task of 2.4 s in the page when read at once) are read in
    steps of HTML_STEP_CHARS, to the Document read at once."""
    from raglab.documents.markup import HTML_STEP_CHARS
    from raglab.documents.readers import read_word_html_steps

    html = "".join(f"<p>Divers leave the reef at {n % 12 + 1}. Boat {n} waits.</p>" for n in range(90_000))
    steps = read_word_html_steps("long.docx", html)
    count = 0
    try:
        while True:
            next(steps)
            count += 1
    except StopIteration as done:
        doc = done.value
    assert count == -(-len(html) // HTML_STEP_CHARS) and count >= 40
    assert doc == read_word_html("long.docx", html)
