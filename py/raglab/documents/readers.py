"""Readers: a visitor's file (or pasted text) becomes a Document, or a ReadError that says why not, in the
visitor's words. The page (Pyodide) and ``raglab --corpus`` call the same functions, so both say the same thing
about the same file: its bytes checked against its kind (``kind_check``), then read by that kind (``decoding``,
``markup``, ``pdf_reader``, ``docx_reader``), each bound in ``limits`` and each message worded in ``read_errors``.

>>> doc = read_file("Notes (draft).txt", b"The ferry leaves\\nat 8:00. It costs 6 coins.")
>>> doc.slug, doc.title, doc.source, doc.text
('notes_draft', 'Notes (draft).txt', 'Notes (draft).txt', 'The ferry leaves at 8:00. It costs 6 coins.')
>>> doc.sentences
['The ferry leaves at 8:00.', 'It costs 6 coins.']
>>> read_file("report.txt", b"%PDF-1.7 ...")
Traceback (most recent call last):
raglab.documents.read_errors.ReadError: report.txt is a PDF, not a text file: rename it to report.pdf.

An own document's title is its file name, so its passages are labelled with it. A PDF's text comes page by page
(``read_pdf_pages``) as positioned text items, from pypdf here and from pdf.js in the page, both read by the same
rules (``pdf_lines``, ``pdf_layout``); a Word document's as HTML, from mammoth here and from mammoth.js in the page
(``read_word_html``), both read by ``html_text``. pypdf and mammoth are imported only when such a file is read.
"""

from __future__ import annotations

from . import limits
from .budget import Budget
from .corpus import Document
from .decoding import decode_html, decode_text
from .docx_reader import docx_html
from .file_names import file_name, slug_for
from .kind_check import check_kind
from .kinds import named_kind
from .markup import html_text, html_text_steps, markdown_text
from .pdf_reader import pypdf_pages, read_pdf_pages
from .read_errors import check_size, read_error, within
from .steps import Steps, run_steps
from .text import has_search_words, paragraphs, stop_words_in


def read_file(name: str, data: bytes, kind: str | None = None) -> Document:
    """A file's Document, by its kind (``kinds.file_kind``'s, when the caller asked it; else by its extension),
    after checking what its bytes really are; a ReadError if it gives nothing to search."""
    name = file_name(name)
    kind = kind or named_kind(name)
    if kind is None:
        raise read_error(name, "unsupported")
    check_size(name, len(data))
    if not data.strip():
        raise read_error(name, "empty")
    archive = check_kind(name, data, kind)
    if kind == "pdf":
        return read_pdf_pages(name, pypdf_pages(name, data))
    with within(name, Budget(limits.FILE_SECONDS)) as budget:
        if archive is not None:  # a Word document: its zip, opened once (by check_kind)
            return _word_document(name, docx_html(name, archive, budget))
        if kind == "html":
            return _document(name, html_text(decode_html(name, data)), empty="no_text")
        text = decode_text(name, data)
        return _document(name, markdown_text(text) if kind == "markdown" else text)


def read_word_html(name: str, html: str) -> Document:
    """A Word document's Document from the HTML the page's mammoth.js made of it (after ``check_docx_steps``), read
    as ``read_file`` reads the HTML of the command line's mammoth.

    >>> read_word_html("memo.docx", "<h1>Ferry</h1><p>The ferry leaves at eight.</p>").text
    '# Ferry\\n\\nThe ferry leaves at eight.'
    >>> read_word_html("blank.docx", "<p></p>")
    Traceback (most recent call last):
    raglab.documents.read_errors.ReadError: blank.docx has no text to read.
    """
    name = file_name(name)
    with within(name, Budget(limits.FILE_SECONDS)):
        return run_steps(read_word_html_steps(name, html))


def read_word_html_steps(name: str, html: str) -> Steps[Document]:
    """``read_word_html`` with its HTML read a piece a step (``markup.html_text_steps``): the page's way, between its
    tasks (a Word file of 90,000 paragraphs, 4.7 MB of HTML, was one task of 2.4 s)."""
    return _document(file_name(name), (yield from html_text_steps(html)), empty="no_text")


def _word_document(name: str, html: str) -> Document:
    return _document(name, html_text(html), empty="no_text")


def read_pasted(text: str, title: str) -> Document:
    """A pasted text's Document, titled by the visitor. A pasted text comes from no file, so its ``source`` is ""
    and its passages name no file: the title says what it is.

    >>> doc = read_pasted("Line one\\nwraps.\\n\\nSecond paragraph.", "  My   notes ")
    >>> doc.slug, doc.title, doc.source, doc.text
    ('my_notes', 'My notes', '', 'Line one wraps.\\n\\nSecond paragraph.')
    """
    title = " ".join(title.split()) or "Pasted text"
    check_size(title, len(text.encode("utf-8")))
    return _document(title, text, source="")


def _document(name: str, raw: str, empty: str = "empty", source: str | None = None) -> Document:
    text = "\n\n".join(paragraphs(raw))
    if not text:
        raise read_error(name, empty)
    if not has_search_words(text):
        raise read_error(name, "stop_words", words=stop_words_in(text))
    return Document(slug=slug_for(name), title=name, text=text, source=name if source is None else source)
