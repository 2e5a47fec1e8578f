"""A file's kind is decided once, by the core (documents/kinds.py), and handed on: the page asks file_kind once per
file and passes its answer to read_file; a Word document's zip is opened once per read, whether read_file checks it
(the command line) or check_docx_steps does before mammoth.js makes its HTML (the page)."""

from __future__ import annotations

import io

import pytest
from tests.fixtures import make_docx, make_docx_bomb, make_pdf

from raglab.documents import docx_reader, kind_check
from raglab.documents.docx_reader import check_docx_steps
from raglab.documents.kinds import HEAD_BYTES, READABLE, file_kind, head_kind, named_kind
from raglab.documents.read_errors import ReadError
from raglab.documents.readers import read_file, read_word_html
from raglab.documents.steps import run_steps

DOCX = make_docx(["Boats sail at dawn.", "The ferry costs 6 coins."], headings={0: 1})


@pytest.mark.parametrize(
    ("name", "kind"),
    [("notes.TXT", "text"), ("mine/a.markdown", "markdown"), ("mine\\page.htm", "html"), ("x.docx", "docx"),
     ("slides.pptx", None), ("README", None)],
)  # fmt: skip
def test_a_name_says_what_it_is_read_as(name, kind):
    assert named_kind(name) == kind
    assert kind is None or kind in READABLE.values()


@pytest.mark.parametrize(
    ("head", "kind", "found"),
    [(b"%PDF-1.7", "pdf", "pdf"), (b"junk" * 10 + b"%PDF-1.4", "pdf", "pdf"), (b"junk%PDF-1.4", "text", "text"),
     (b"PK\x03\x04", "docx", "zip"), (b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1", "docx", "ole"), (b"\x89PNG", "pdf", "png"),
     (b" " * HEAD_BYTES + b"%PDF", "pdf", "text")],
)  # fmt: skip
def test_the_first_bytes_say_what_a_file_is(head, kind, found):
    """Intent: junk before "%PDF" is allowed only in a file named a PDF, and only within the first HEAD_BYTES."""
    assert head_kind(head, kind) == found


class CountingOpens:
    """kind_check.open_zip (where a file's bytes are sniffed), counting the zips it opens."""

    def __init__(self, monkeypatch):
        self.opened, real = 0, kind_check.open_zip

        def counting(name, data):
            self.opened += 1
            return real(name, data)

        monkeypatch.setattr(kind_check, "open_zip", counting)


def test_the_command_line_opens_a_word_document_s_zip_once(monkeypatch):
    opens = CountingOpens(monkeypatch)
    doc = read_file("notes.docx", DOCX)
    assert (doc.text, opens.opened) == ("# Boats sail at dawn.\n\nThe ferry costs 6 coins.", 1)


def test_the_page_checks_a_word_document_once_and_reads_its_html(monkeypatch):
    """The page's way: file_kind, the checks in steps, then the HTML (mammoth.js's in the page, which
    test_word_html shows is read as the command line's mammoth's) read by read_word_html: the same Document as the
    command line's, the zip opened once by the checks and its XML streamed once."""
    import mammoth

    expected = read_file("notes.docx", DOCX)
    opens = CountingOpens(monkeypatch)
    streamed = []
    real_steps = docx_reader.word_xml_steps
    monkeypatch.setattr(docx_reader, "word_xml_steps", lambda *a: streamed.append(1) or real_steps(*a))
    kind = file_kind("notes.docx", DOCX[:HEAD_BYTES])
    checked = run_steps(check_docx_steps("notes.docx", DOCX))
    doc = read_word_html("notes.docx", mammoth.convert_to_html(io.BytesIO(DOCX)).value)
    assert (kind, checked is not None, doc, opens.opened, len(streamed)) == ("docx", True, expected, 1, 1)


def test_the_page_s_way_refuses_what_the_command_line_refuses():
    bomb = make_docx_bomb(30_000_000)
    with pytest.raises(ReadError) as by_page:
        run_steps(check_docx_steps("bomb.docx", bomb))
    with pytest.raises(ReadError) as by_cli:
        read_file("bomb.docx", bomb)
    assert (by_page.value.kind, str(by_page.value)) == (by_cli.value.kind, str(by_cli.value))


@pytest.mark.parametrize(
    ("name", "data", "said"),
    [("letter.pdf", b"Dear Ida, the ferry leaves at 8.", "letter.pdf is a text file, not a PDF"),
     ("memo.docx", make_pdf(["Boats sail."]), "memo.docx is a PDF, not a Word document"),
     ("notes.txt", DOCX, "notes.txt is a Word document, not a text file")],
)  # fmt: skip
def test_a_kind_the_page_leaves_to_read_file_is_said_as_the_command_line_says_it(name, data, said):
    """file_kind's None for a ".pdf" that is not one, handed on, is read_file's to say, in the command line's words."""
    kind = file_kind(name, data[:HEAD_BYTES])
    with pytest.raises(ReadError) as by_page:
        read_file(name, data, kind)
    with pytest.raises(ReadError) as by_cli:
        read_file(name, data)
    assert str(by_page.value) == str(by_cli.value) and str(by_cli.value).startswith(said)
