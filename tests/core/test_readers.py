"""A visitor's files become documents searched like Fernport's, or a message naming the file and saying why not.
Every file here is made by the test itself (tests/fixtures.py)."""

import doctest
import importlib

import pytest
from tests.fixtures import make_docx, make_pdf, make_scan_pdf, make_zip
from tests.pdf_manual import make_manual_pdf

from raglab import Lab, run
from raglab.documents import limits
from raglab.documents.chunking import chunk_documents
from raglab.documents.collect_files import read_folder
from raglab.documents.corpus import SLUG, Corpus, CorpusError
from raglab.documents.file_names import slug_for
from raglab.documents.kinds import file_kind
from raglab.documents.limits import LIMITS_SENTENCE
from raglab.documents.pdf_reader import read_pdf_pages
from raglab.documents.read_errors import ReadError, read_error
from raglab.documents.readers import read_file, read_pasted
from raglab.graph.names_by_rules import NamesByRules

PAGE = (
    '<html><head><title>Pier</title><style>p { color: red }</style><script>alert("quillfish")</script></head>'
    "<body><nav>Home | About</nav><header>Pier news</header><h1>The pier</h1>"
    '<p onclick="alert(1)">The pier opens at 7:00 &amp; closes at dusk.</p><p>Use &lt;b&gt; for <b>bold</b>.'
    "</p><ul><li>Boats</li><li>Bikes</li></ul><table><tr><td>Mon</td><td>7:00</td></tr></table>"
    "<form><button>Send</button></form><aside>Ads</aside><footer>Footer text</footer></body></html>"
)
REPORT = [
    "Annual report of the reef trust. The trust met twice.",
    "The lantern fund paid for a new buoy near the reef. The buoy is red.",
    "Membership rose to 420 families this year.",
]


@pytest.mark.parametrize("module", ["readers", "corpus", "text"])
def test_docstring_examples(module):
    failed, attempted = doctest.testmod(
        importlib.import_module(f"raglab.documents.{module}"), optionflags=doctest.NORMALIZE_WHITESPACE
    )
    assert attempted > 0 and failed == 0


def test_fixtures_examples():
    failed, attempted = doctest.testmod(importlib.import_module("tests.fixtures"))
    assert attempted > 0 and failed == 0


# --- Each kind of file -------------------------------------------------------------------------------------------


def test_text_file_keeps_paragraphs_and_joins_wrapped_lines():
    doc = read_file(
        "Reef Notes.txt",
        "\ufeffThe quillfish swims\r\npast the reef.\r\n\r\nDr. Marsh counted 3.5 thousand.\r\n".encode(),
    )
    assert (doc.slug, doc.title, doc.source) == ("reef_notes", "Reef Notes.txt", "Reef Notes.txt")
    assert doc.text == "The quillfish swims past the reef.\n\nDr. Marsh counted 3.5 thousand."
    assert doc.sentences == ["The quillfish swims past the reef.", "Dr. Marsh counted 3.5 thousand."]
    assert doc.page_starts == () and doc.sentence_pages == [None, None]


@pytest.mark.parametrize(
    ("data", "text"),
    [
        (b"Caf\xe9 opens at 9.", "Café opens at 9."),  # Windows-1252, as older files are
        ("Ferry to Millbay.".encode("utf-16"), "Ferry to Millbay."),  # UTF-16 with its byte order mark
    ],
)
def test_text_in_other_encodings(data, text):
    assert read_file("old.txt", data).text == text


def test_markdown_needs_no_title_line_and_keeps_headings_and_lists():
    doc = read_file(
        "guide.md",
        b"# Reef guide\n\nThe guide covers the [reef walk](https://example.org/walk).\n\n"
        b"- Wear **boots**\n- Bring water\n\n<!-- draft -->\n## Tides\n\nLow tide comes twice.",
    )
    assert doc.title == "guide.md" and doc.slug == "guide"
    assert doc.text == (
        "# Reef guide\n\nThe guide covers the reef walk.\n\n- Wear boots\n\n- Bring water\n\n"
        "## Tides\n\nLow tide comes twice."
    )
    assert doc.sentences == ["The guide covers the reef walk.", "Wear boots", "Bring water", "Low tide comes twice."]
    assert doc.sentence_sections == ["Reef guide", "Reef guide", "Reef guide", "Reef guide › Tides"]


def test_html_gives_the_text_a_reader_sees_and_no_markup():
    doc = read_file("pier.html", PAGE.encode())
    assert doc.text == (
        "# The pier\n\nThe pier opens at 7:00 & closes at dusk.\n\nUse <b> for bold.\n\nBoats\n\nBikes\n\nMon · 7:00"
    )
    for hidden in ["alert", "quillfish", "color", "Home", "Pier news", "Send", "Ads", "Footer", "onclick"]:
        assert hidden not in doc.text


def test_html_in_the_charset_it_declares():
    data = '<meta charset="iso-8859-1"><p>Smörgås at the café.</p>'.encode("latin-1")
    assert read_file("menu.htm", data).text == "Smörgås at the café."


def test_docx_paragraphs():
    doc = read_file(
        "memo.docx",
        make_docx(["Memo to the ferry crew.", "The winter timetable starts in November. Tickets cost 6 coins & more."]),
    )
    assert (doc.slug, doc.title, doc.source) == ("memo", "memo.docx", "memo.docx")
    assert doc.text == (
        "Memo to the ferry crew.\n\nThe winter timetable starts in November. Tickets cost 6 coins & more."
    )
    assert len(doc.sentences) == 3


def test_pdf_passages_know_their_pages():
    doc = read_file("report.pdf", make_pdf(REPORT))
    assert doc.pages == 3 and doc.page_texts() == REPORT
    assert doc.sentence_pages == [1, 1, 2, 2, 3]
    chunks = chunk_documents([doc], 2)
    assert [(c.id, c.where) for c in chunks] == [
        ("report-1", "report.pdf, p. 1"),
        ("report-2", "report.pdf, p. 2"),
        ("report-3", "report.pdf, p. 3"),
    ]
    hit = run(Lab(Corpus("yours", (doc,))), "plain", "What did the lantern fund pay for?").passages[0]
    assert (hit.id, hit.where) == ("report-2", "report.pdf, p. 2")


def test_pdf_lines_are_layout_and_a_word_broken_at_a_line_end_is_joined():
    doc = read_file("notes.pdf", make_pdf(["A long exam-\nple of a\nwrapped line. Self-\nService desks."]))
    assert doc.text == "A long example of a wrapped line. Self-Service desks."


def test_pdf_text_from_any_reader_is_normalised_alike():
    """Intent: pdf.js (the page) and pypdf (the command line) may break lines, ligatures and hyphens differently;
    read_pdf_pages makes both the same text."""
    pdfjs = ["The ﬁrst ferry\nleaves at 8:00. It is a long cross-\ning.", "Bikes  ride\u00adfree."]
    pypdf = ["The first ferry leaves at 8:00.\nIt is a long crossing.", "Bikes ridefree."]
    assert read_pdf_pages("r.pdf", pdfjs) == read_pdf_pages("r.pdf", pypdf)
    assert read_pdf_pages("r.pdf", pdfjs).text == (
        "The first ferry leaves at 8:00. It is a long crossing.\n\nBikes ridefree."
    )


# A manual as real ones come (tests/pdf_manual.py): a title page, contents, headers and footers, headings, an index.
MANUAL_TEXT = (
    "# Ferry Handbook\n\nA guide for crews and passengers\n\nIda Marsh\n\nTom Lund\n\nMira Okafor\n\n"
    "# 1 Timetables\n\nThe ferry crosses to Millbay every hour. Crossings are planned by the harbour management team, "
    "which answers questions at the pier.\n\n## 1.1 Winter timetable\n\nIn winter the first ferry leaves at 8:00. "
    "The last one leaves at 18:00, and on stormy days a notice at the pier says which crossings run.\n\nThe "
    "timetable is kept by the update-mime-database tool, as every update-mime-database run shows.\n\n"
    "## 1.2 Summer timetable\n\nIn summer the ferry runs every half hour. Bikes ride free, and dogs ride on the open "
    "deck. The crossing takes 40 minutes and the ferry carries 200 people. The crew counts them at the gangway.\n\n"
    "# 2 Fares and codes\n\nA single crossing costs 6 coins; a return costs 10 coins. Children under 12 ride free."
    "\n\n## 2.1 Error codes\n\nA ticket machine that cannot read a card shows ASN1_SYNTAX_ERROR on its screen. A "
    "missing ELEMENT in the card's data shows the same code.\n\n## Notes\n\nLost tickets are replaced at the pier "
    "office. The office opens at 7:30."
)


def test_a_manual_pdf_reads_as_a_person_reads_it():
    """Intent: what a person skips is left out (each line with its reason, where it stood), headings are headings,
    the title page is cut at its lines (its title the one heading: the subtitle is front matter), words broken at
    line ends are whole, a sentence runs on across a page."""
    doc = read_file("handbook.pdf", make_manual_pdf())
    assert doc.text == MANUAL_TEXT
    assert doc.page_starts == (0, 84, 86, 497, 693, 983, 1064)
    contents = [
        "Contents",
        "1 Timetables . . . . 3",
        "1.1 Winter timetable . . . . 3",
        "1.2 Summer timetable . . . . 4",
        "2 Fares and codes . . . . 5",
        "2.1 Error codes . . . . 5",
        "Index . . . . 7",
    ]
    index = ["Index", "ASN1_SYNTAX_ERROR, 5", "bikes, 4", "fares, 5", "timetable, 3, 4", "winter . . . . 3"]
    furniture = [
        (at, line, reason)
        for n, (start, end) in zip(range(3, 7), [(86, 495), (497, 692), (693, 981), (983, 1064)], strict=True)
        for at, line, reason in [
            (start, f"Ferry Handbook {n}", "running header, on 4 of 7 pages"),
            (end, "Harbour Press", "running footer, on 4 of 7 pages"),
            (end, str(n), "page number"),
        ]
    ]
    assert list(doc.left_out) == (
        [(84, line, "table of contents") for line in contents] + furniture + [(1064, line, "index") for line in index]
    )


def test_a_manual_pdf_in_passages_with_their_sections():
    chunks = chunk_documents([read_file("handbook.pdf", make_manual_pdf())], 2)
    assert [(c.id, c.where, c.section, c.text) for c in chunks] == [
        ("handbook-1", "handbook.pdf, p. 1", "Ferry Handbook", "A guide for crews and passengers Ida Marsh"),
        ("handbook-2", "handbook.pdf, p. 1", "Ferry Handbook", "Tom Lund Mira Okafor"),
        (
            "handbook-3",
            "handbook.pdf, p. 3",
            "1 Timetables",
            "The ferry crosses to Millbay every hour. Crossings are "
            "planned by the harbour management team, which answers questions at the pier.",
        ),
        (
            "handbook-4",
            "handbook.pdf, p. 3",
            "1 Timetables › 1.1 Winter timetable",
            "In winter the first ferry leaves "
            "at 8:00. The last one leaves at 18:00, and on stormy days a notice at the pier says which crossings run.",
        ),
        (
            "handbook-5",
            "handbook.pdf, p. 3",
            "1 Timetables › 1.1 Winter timetable",
            "The timetable is kept by the update-mime-database tool, as every update-mime-database run shows.",
        ),
        (
            "handbook-6",
            "handbook.pdf, p. 4",
            "1 Timetables › 1.2 Summer timetable",
            "In summer the ferry runs every half hour. Bikes ride free, and dogs ride on the open deck.",
        ),
        (
            "handbook-7",
            "handbook.pdf, p. 4",
            "1 Timetables › 1.2 Summer timetable",
            "The crossing takes 40 minutes and the ferry carries 200 people. The crew counts them at the gangway.",
        ),
        (
            "handbook-8",
            "handbook.pdf, p. 5",
            "2 Fares and codes",
            "A single crossing costs 6 coins; a return costs 10 coins. Children under 12 ride free.",
        ),
        (
            "handbook-9",
            "handbook.pdf, p. 5",
            "2 Fares and codes › 2.1 Error codes",
            "A ticket machine that cannot "
            "read a card shows ASN1_SYNTAX_ERROR on its screen. A missing ELEMENT in the card's data shows the same "
            "code.",
        ),
        (
            "handbook-10",
            "handbook.pdf, p. 6",
            "2 Fares and codes › Notes",
            "Lost tickets are replaced at the pier office. The office opens at 7:30.",
        ),
    ]


@pytest.mark.parametrize(
    ("name", "head", "kind"),
    [
        ("report.pdf", b"%PDF-1.7\n", "pdf"),
        ("scan.PDF", b"\xef\xbb\xbf junk %PDF-1.4", "pdf"),  # junk first: a PDF
        ("letter.pdf", b"Dear Ida", None),
        ("notes.txt", b"%PDF-1.7", "text"),
        ("memo.docx", b"PK\x03\x04", "docx"),
        ("slides.pptx", b"PK\x03\x04", None),
    ],
)
def test_file_kind_decides_which_reader_the_page_uses(name, head, kind):
    """Intent: the page reads a file with pdf.js exactly when readers would read it as a PDF (a few bytes before
    "%PDF" are allowed, as pypdf and pdf.js allow them); every other file goes to read_file, which says why not."""
    assert file_kind(name, head) == kind


def test_pdf_locked_only_against_editing_opens():
    assert read_file("open.pdf", make_pdf(["Readable text."], password="")).text == "Readable text."


def test_pasted_text():
    doc = read_pasted("Line one\nwraps.\n\nSecond paragraph.", "  My   notes ")
    assert (doc.slug, doc.title, doc.source) == ("my_notes", "My notes", "")
    assert doc.sentences == ["Line one wraps.", "Second paragraph."]
    assert chunk_documents([doc])[0].where == ""
    assert read_pasted("Some text.", " ").title == "Pasted text"
    with pytest.raises(ReadError, match="^My notes is empty.$"):
        read_pasted(" \n ", "My notes")


@pytest.mark.parametrize(
    ("name", "taken", "slug"),
    [
        ("Annual Report (2023).pdf", (), "annual_report_2023"),
        ("note-217.txt", (), "note_217"),
        ("Über uns.md", (), "uber_uns"),
        ("日本.txt", (), "document"),
        ("notes.txt", {"notes"}, "notes_2"),
        ("notes.txt", {"notes", "notes_2"}, "notes_3"),
        ("v1.2 plan.docx", (), "v1_2_plan"),
        ("Dr. Who's notes", (), "dr_who_s_notes"),
        ("x" * 60 + ".txt", (), "x" * 40),
    ],
)
def test_slugs_fit_passage_ids(name, taken, slug):
    assert slug_for(name, taken) == slug
    assert SLUG.fullmatch(slug)


# --- Every bad input, with its message ---------------------------------------------------------------------------

BAD = [
    ("notes.txt", b"", "empty", "notes.txt is empty."),
    ("blank.md", b" \n\t\r\n", "empty", "blank.md is empty."),
    ("photo.txt", bytes(range(256)) * 4, "binary", "photo.txt is not text: it looks like a binary file."),
    ("noise.txt", bytes(range(1, 32)) * 8 + b"abc", "binary", "noise.txt is not text: it looks like a binary file."),
    (
        "report.txt",
        make_pdf(["A PDF in disguise."]),
        "mismatch",
        "report.txt is a PDF, not a text file: rename it to report.pdf.",
    ),
    (
        "memo.md",
        make_docx(["A memo."]),
        "mismatch",
        "memo.md is a Word document, not a text file: rename it to memo.docx.",
    ),
    (
        "photo.html",
        b"\x89PNG\r\n\x1a\n" + bytes(100),
        "mismatch",
        "photo.html is a PNG picture, not a web page: the lab reads no pictures.",
    ),
    (
        "letter.pdf",
        b"Dear Ida, the ferry is late.",
        "mismatch",
        "letter.pdf is a text file, not a PDF: rename it to letter.txt.",
    ),
    (
        "letter.docx",
        make_pdf(["Dear Ida."]),
        "mismatch",
        "letter.docx is a PDF, not a Word document: rename it to letter.pdf.",
    ),
    (
        "old.docx",
        b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + bytes(600),
        "mismatch",
        "old.docx is an old Word document (.doc), not a Word document: save it as .docx in Word first.",
    ),
    (
        "scan.pdf",
        make_scan_pdf(2),
        "no_text",
        "scan.pdf gives no text: its pages are pictures (a scan), and the lab does no OCR.",
    ),
    ("menu.html", b"<script>alert(1)</script><nav>Home</nav>", "no_text", "menu.html has no text to read."),
    (
        "secret.pdf",
        make_pdf(["Hidden text."], password="pw"),
        "encrypted",
        "secret.pdf is protected by a password, so the lab cannot open it.",
    ),
    (
        "secret.docx",
        b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + "EncryptionInfo".encode("utf-16-le"),
        "encrypted",
        "secret.docx is protected by a password, so the lab cannot open it.",
    ),
    ("broken.docx", b"PK\x03\x04not really a zip", "broken", "broken.docx is not a readable Word document (.docx)."),
    (
        "empty.docx",
        make_zip({"[Content_Types].xml": b"<Types/>"}),
        "broken",
        "empty.docx is not a readable Word document (.docx).",
    ),
    ("broken.pdf", b"%PDF-1.4\n\x00\x01\x02 truncated", "broken", "broken.pdf is not a readable PDF."),
    (
        "filler.txt",
        b"The and of it is to the.",
        "stop_words",
        "filler.txt has no words to search: only filler words such as \u201cthe\u201d and \u201cand\u201d.",
    ),
    ("dots.txt", "… — !".encode(), "stop_words", "dots.txt has no words to search."),
    ("slides.pptx", b"PK\x03\x04", "unsupported", "slides.pptx: the lab reads .txt, .md, .html, .pdf and .docx files."),
]


@pytest.mark.parametrize(("name", "data", "kind", "message"), BAD, ids=[b[0] for b in BAD])
def test_bad_files_say_what_is_wrong(name, data, kind, message):
    with pytest.raises(ReadError) as raised:
        read_file(name, data)
    assert (raised.value.name, raised.value.kind, str(raised.value)) == (name, kind, message)


def test_a_file_over_the_limit_is_not_read(monkeypatch):
    monkeypatch.setattr(limits, "MAX_FILE_BYTES", 1_000_000)
    with pytest.raises(ReadError) as raised:
        read_file("big.pdf", b"%PDF" + bytes(1_234_000))  # never parsed: the size is checked first
    assert (raised.value.kind, str(raised.value)) == ("too_large", "big.pdf is 1.2 MB; the lab reads files up to 1 MB.")


def test_the_page_words_what_pdfjs_reports_the_same_way():
    """Intent: the page reads PDFs with pdf.js, which reports "encrypted" or "broken"; the message is the same."""
    assert (
        str(read_error("secret.pdf", "encrypted")) == "secret.pdf is protected by a password, so the lab cannot "
        "open it."
    )
    assert str(read_error("big.pdf", "too_large", size=31_234_567)) == (
        "big.pdf is 31.2 MB; the lab reads files up to 25 MB."
    )
    assert str(read_error("300 files", "too_many")) == (
        "300 files would take your documents past 10,000 files, the most the lab keeps."
    )
    assert str(read_error("x.pdf", "cancelled")) == "x.pdf was not read: the reading was cancelled."
    with pytest.raises(KeyError):
        read_error("x.pdf", "no_such_kind")


def test_limits_sentence_states_the_limits():
    assert LIMITS_SENTENCE == (
        "The lab reads .txt, .md, .html, .pdf and .docx files of up to 25 MB each, and keeps "
        "up to 10,000 files with 60 million characters of text in all."
    )


def test_a_pdf_with_only_filler_words():
    with pytest.raises(ReadError, match="only filler words such as “the” and “of”"):
        read_pdf_pages("thin.pdf", ["The", "", "of it"])


# --- Folders -----------------------------------------------------------------------------------------------------


def test_a_folder_of_files_is_read_and_what_gives_nothing_is_listed(tmp_path):
    (tmp_path / "b-notes.txt").write_text("The quillfish swims past the reef.", encoding="utf-8")
    (tmp_path / "a-report.pdf").write_bytes(make_pdf(REPORT))
    (tmp_path / "c-same.txt").write_text("The quillfish swims  past the reef.", encoding="utf-8")
    (tmp_path / "d-empty.txt").write_bytes(b"")
    (tmp_path / "e-slides.pptx").write_bytes(b"PK")
    (tmp_path / ".DS_Store").write_bytes(b"\x00\x01")
    (tmp_path / "synonyms.toml").write_text('[related]\nfish = ["quillfish"]\n', encoding="utf-8")
    (tmp_path / "presets.toml").write_text('[presets]\nplain = ["What swims past the reef?"]\n', encoding="utf-8")
    (tmp_path / "questions.toml").write_text(
        '[[question]]\ntext = "What swims?"\nanswers = ["b_notes-1"]\n', encoding="utf-8"
    )
    corpus, problems = read_folder(tmp_path, find_names=NamesByRules)
    assert [(q.text, q.answers) for q in corpus.questions] == [("What swims?", ("b_notes-1",))]
    assert [d.slug for d in corpus.documents] == ["a_report", "b_notes"]
    assert corpus.name == tmp_path.name and corpus.related_words == {"fish": ("quillfish",)}
    assert corpus.presets == {"plain": ("What swims past the reef?",)}
    assert [(p.name, p.kind) for p in problems] == [
        ("c-same.txt", "duplicate"),
        ("d-empty.txt", "empty"),
        ("e-slides.pptx", "unsupported"),
    ]
    assert str(problems[0]) == "c-same.txt is the same as b-notes.txt, which is already in your documents."


def test_a_folder_in_the_corpus_layout_is_a_corpus(tmp_path):
    (tmp_path / "01-cats.md").write_text("# Cats\n\nCats purr.\n", encoding="utf-8")
    (tmp_path / "README.md").write_text("How this corpus was made.", encoding="utf-8")
    (tmp_path / "entities.toml").write_text('[[entity]]\nname = "Tom"\n', encoding="utf-8")
    corpus, problems = read_folder(tmp_path, find_names=NamesByRules)
    assert [d.title for d in corpus.documents] == ["Cats"] and problems == []
    assert [e.name for e in corpus.entities] == ["Tom"]


def test_dated_markdown_beside_other_files_is_a_visitors_file(tmp_path):
    (tmp_path / "2024-plan.md").write_text("Plan the reef walk.", encoding="utf-8")
    (tmp_path / "notes.pdf").write_bytes(make_pdf(["Notes on the walk."]))
    corpus, problems = read_folder(tmp_path, find_names=NamesByRules)
    assert [(d.slug, d.title) for d in corpus.documents] == [("2024_plan", "2024-plan.md"), ("notes", "notes.pdf")]


def test_a_folder_with_nothing_readable_says_why(tmp_path):
    (tmp_path / "empty.txt").write_bytes(b"")
    (tmp_path / "filler.txt").write_bytes(b"the and")
    with pytest.raises(CorpusError) as raised:
        read_folder(tmp_path, find_names=NamesByRules)
    assert str(raised.value) == (
        f"{tmp_path} gives nothing to search:\n  empty.txt is empty.\n  filler.txt has no "
        "words to search: only filler words such as “the” and “and”."
    )
    (tmp_path / "empty.txt").unlink()
    (tmp_path / "filler.txt").unlink()
    with pytest.raises(CorpusError, match="holds no files to search"):
        read_folder(tmp_path, find_names=NamesByRules)


def test_a_big_file_in_a_folder_is_named_before_it_is_read(tmp_path, monkeypatch):
    monkeypatch.setattr(limits, "MAX_FILE_BYTES", 1_000_000)
    (tmp_path / "big.txt").write_bytes(b"ferry " * 200_000)
    (tmp_path / "small.txt").write_bytes(b"ferry")
    monkeypatch.setattr(type(tmp_path / "big.txt"), "read_bytes", _only_small)
    corpus, problems = read_folder(tmp_path, find_names=NamesByRules)
    assert [str(p) for p in problems] == ["big.txt is 1.2 MB; the lab reads files up to 1 MB."]
    assert [d.slug for d in corpus.documents] == ["small"]


def _only_small(path):
    assert path.name == "small.txt", f"{path.name} was read"
    return open(path, "rb").read()
