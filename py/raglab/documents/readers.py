"""Readers: a visitor's file (or pasted text) becomes a Document, or a ReadError that says why not, in the
visitor's words. Every file kind and every such message is here, and the page (Pyodide) and ``raglab --corpus``
call the same functions, so both say the same thing about the same file.

>>> doc = read_file("Notes (draft).txt", b"The ferry leaves\\nat 8:00. It costs 6 coins.")
>>> doc.slug, doc.title, doc.source, doc.text
('notes_draft', 'Notes (draft).txt', 'Notes (draft).txt', 'The ferry leaves at 8:00. It costs 6 coins.')
>>> doc.sentences
['The ferry leaves at 8:00.', 'It costs 6 coins.']
>>> read_file("report.txt", b"%PDF-1.7 ...")
Traceback (most recent call last):
raglab.documents.readers.ReadError: report.txt is a PDF, not a text file: rename it to report.pdf.

An own document's title is its file name, so its passages are labelled with it. A PDF's text comes page by page
(``read_pdf_pages``) as positioned text items, from pypdf here and from pdf.js in the page, both read by the same
rules (``pdf_lines``, ``pdf_layout``). pypdf and mammoth (for .docx) are imported only when such a file is read: the
page installs their wheels first.
"""

from __future__ import annotations

import contextlib
import io
import re
import unicodedata
import zipfile
from collections.abc import Container, Iterable, Sequence
from pathlib import PurePosixPath

from .budget import Budget, GivenUp
from .corpus import (
    DOCUMENT_NAME,
    MAX_PAGES,
    CorpusError,
    Document,
    join_pages,
)
from .expansion import word_parts, word_xml_steps, zipped_size
from .kinds import READ_KINDS, head_kind, named_kind
from .kinds import READABLE as READABLE  # where a zip's reading (collection, the page's my_zip) asks them
from .kinds import file_kind as file_kind
from .markup import html_text, markdown_text
from .pdf_items import MAX_PAGE_ITEMS, count_text_items
from .pdf_items import pdf_page as _pdf_page
from .pdf_layout import read_pages_steps
from .pdf_lines import Page, text_lines
from .pdf_streams import streams_steps
from .pdf_tree import shown_texts, tree_pages
from .steps import Steps, run_steps
from .text import has_search_words, paragraphs, stop_words_in

MAX_FILE_BYTES = 25_000_000  # one file
MAX_FILES = 10_000  # files in a collection
MAX_TOTAL_CHARS = 60_000_000  # characters of text in a collection
MAX_ZIP_ENTRIES = 3 * MAX_FILES  # a zip's files, its folders and macOS's "._" copies (opening 30,000 takes 1 s)
PDF_STEP_SECONDS = 4  # the page gives pdf.js this long to open a PDF, and again for each page's text, then gives up
# A file other than a PDF may take this much of the processor's time to be read (budget.Budget: not the clock's, so a
# busy machine refuses nothing more), a PDF PDF_STEP_SECONDS to open and again for each page, as in the page; past it
# the file is given up with one sentence (too_slow_file, too_slow) and the rest goes on. CPython also has a timer for
# a step that runs long in one call (budget.Budget.backstop); the page checks between steps.
FILE_SECONDS = 30
# What a Word document may expand to, counted as it is read (budget.count), the same in the page and the command line:
# the pieces of its XML (elements: a paragraph of plain text is 3, and each costs mammoth about 35 us and 2 KB). A
# PDF's text items: pdf_items.MAX_PAGE_ITEMS, MAX_TEXT_ITEMS.
MAX_WORD_ELEMENTS = 300_000
MAX_ZIP_UNZIPPED = 4 * MAX_TOTAL_CHARS  # bytes unzipped from one zip in all (UTF-8: at most 4 bytes a character)
MAX_ZIP_RATIO = 100  # a file in a zip unzips to at most 100 times its zipped size (Apache POI's bound for Office files)
ZIP_RATIO_FROM = 100_000  # bytes: a smaller file may be packed tighter (a TOML file of 10 KB "[[[" packs 200 to 1)
LIMITS_SENTENCE = (
    f"The lab reads {READ_KINDS} files of up to {MAX_FILE_BYTES // 1_000_000} MB each, and keeps up "
    f"to {MAX_FILES:,} files with {MAX_TOTAL_CHARS // 1_000_000} million characters of text in all."
)


class ReadError(CorpusError):
    """A file that gives nothing to search. ``name``: the file; ``kind``: a short code (see ``read_error``)."""

    def __init__(self, name: str, kind: str, message: str):
        super().__init__(message)
        self.name, self.kind = name, kind


# What a file's first bytes say it is: (how the message names it, what the visitor can do about it).
_FOUND = {
    "pdf": ("a PDF", "rename it to {stem}.pdf"),
    "docx": ("a Word document", "rename it to {stem}.docx"),
    "doc": ("an old Word document (.doc)", "save it as .docx in Word first"),
    "zip": ("a ZIP archive", "unzip it first"),
    "png": ("a PNG picture", "the lab reads no pictures"),
    "jpeg": ("a JPEG picture", "the lab reads no pictures"),
    "gif": ("a GIF picture", "the lab reads no pictures"),
    "text": ("a text file", "rename it to {stem}.txt"),
}
_WANTED = {"html": "a web page", "pdf": "a PDF", "docx": "a Word document"}  # the rest: "a text file"
_BROKEN = {".pdf": "a readable PDF", ".docx": "a readable Word document (.docx)", ".zip": "a readable ZIP archive"}


def read_error(name: str, kind: str, **details) -> ReadError:
    """The error for a file and a kind of problem, worded once for the page and the command line (the page
    builds one from what pdf.js reports: ``read_error("secret.pdf", "encrypted")``). ``details``: ``size``
    (too_large, in bytes), ``found`` (mismatch: a key of _FOUND), ``words`` (stop_words: the filler words found),
    ``same`` (duplicate: the document already kept), ``chars=True`` (too_many: the character limit),
    ``unzipped=True`` (too_large: the size a zip's directory gives), ``zipped`` (zip_ratio: the zipped size, and
    ``size`` the unzipped size, its directory gives), ``pages`` (too_many_pages: the pages the PDF
    says it has; None when only a walk of its page tree found more than MAX_PAGES), ``page`` (too_slow: the PDF's
    page being read when it was given up, 0 while opening the file), ``seconds`` (too_slow_file: the bound).

    >>> str(read_error("big.pdf", "too_large", size=31_234_567))
    'big.pdf is 31.2 MB; the lab reads files up to 25 MB.'
    >>> str(read_error("big.docx", "too_large", size=412_345_678, unzipped=True))
    'big.docx is 412.3 MB unzipped; the lab reads files up to 25 MB, unzipped too.'
    >>> str(read_error("bomb.docx", "zip_ratio", size=24_000_000, zipped=24_123))
    'bomb.docx unzips to 24.0 MB from 24.1 KB, packed 994 to 1; the lab unzips files packed up to 100 to 1.'
    >>> str(read_error("tree.pdf", "too_many_pages", pages=None))
    'tree.pdf has more than 10,000 pages; the lab reads PDFs of up to 10,000 pages.'
    >>> str(read_error("drawing.pdf", "too_slow", page=1))
    'drawing.pdf was given up: page 1 took more than 4 s to read, the most the lab gives one step of a PDF.'
    >>> print(read_error("notes.docx", "too_slow_file", seconds=FILE_SECONDS))
    notes.docx was given up: the whole file took more than 30 s of processor time to read, the most the lab gives
    one file.
    >>> print(read_error("many.pdf", "too_much", what="text items on page 3", limit=MAX_PAGE_ITEMS))
    many.pdf was given up: it holds more than 20,000 text items on page 3, the most the lab reads in one file.
    """
    name = escape_controls(name)  # a name from the page or a folder, not yet kept (``_file_name``)
    stem, ext = _stem(name), PurePosixPath(name).suffix.lower()
    if kind == "mismatch":
        what, advice = _FOUND[details["found"]]
        wanted = _WANTED.get(named_kind(name) or "", "a text file")
        message = f"{name} is {what}, not {wanted}: {advice.format(stem=stem)}."
    elif kind == "stop_words":
        found = [f"“{w}”" for w in details.get("words", ("the", "and"))[:2]]
        message = f"{name} has no words to search" + (
            f": only filler words such as {' and '.join(found)}." if found else "."
        )
    elif kind == "too_large" and details.get("unzipped"):
        message = (
            f"{name} is {details['size'] / 1e6:.1f} MB unzipped; the lab reads files up to "
            f"{MAX_FILE_BYTES // 1_000_000} MB, unzipped too."
        )
    elif kind == "zip_ratio":
        message = (
            f"{name} unzips to {details['size'] / 1e6:.1f} MB from {details['zipped'] / 1e3:,.1f} KB, packed "
            f"{details['size'] // max(details['zipped'], 1):,} to 1; the lab unzips files packed up to "
            f"{MAX_ZIP_RATIO} to 1."
        )
    elif kind == "too_many_pages":
        pages = f"{details['pages']:,}" if details.get("pages") else f"more than {MAX_PAGES:,}"
        message = f"{name} has {pages} pages; the lab reads PDFs of up to {MAX_PAGES:,} pages."
    elif kind == "too_slow_file":
        message = (
            f"{name} was given up: the whole file took more than {details['seconds']:g} s of processor time to read, "
            "the most the lab gives one file."
        )
    elif kind == "too_much":
        message = (
            f"{name} was given up: it holds more than {details['limit']:,} {details['what']}, the most the lab reads "
            "in one file."
        )
    elif kind == "pdf_stream":
        message = (
            f"{name} was given up: one of its compressed streams unzips to more than {details['limit'] // 1_000_000} "
            "MB, the most the lab unzips from one stream of a PDF."
        )
    elif kind == "too_slow":
        step = f"page {details['page']:,}" if details.get("page") else "opening it"
        message = (
            f"{name} was given up: {step} took more than {PDF_STEP_SECONDS} s to read, the most the lab gives one "
            "step of a PDF."
        )
    elif kind == "too_many" and details.get("chars"):
        message = (
            f"{name} would take your documents past {MAX_TOTAL_CHARS // 1_000_000} million characters, the "
            "most the lab searches."
        )
    else:
        message = {
            "empty": f"{name} is empty.",
            "binary": f"{name} is not text: it looks like a binary file.",
            "too_large": f"{name} is {details.get('size', 0) / 1e6:.1f} MB; the lab reads files up to "
            f"{MAX_FILE_BYTES // 1_000_000} MB.",
            "no_text": f"{name} gives no text: its pages are pictures (a scan), and the lab does no OCR."
            if ext == ".pdf"
            else f"{name} has no text to read.",
            "encrypted": f"{name} is protected by a password, so the lab cannot open it.",
            "broken": f"{name} is not {_BROKEN[ext]}." if ext in _BROKEN else f"{name} cannot be read.",
            "duplicate": f"{name} is the same as {details.get('same', 'another file')}, which is already in your "
            "documents.",
            "unsupported": f"{name}: the lab reads {READ_KINDS} files.",
            "too_many": f"{name} would take your documents past {MAX_FILES:,} files, the most the lab keeps.",
            "cancelled": f"{name} was not read: the reading was cancelled.",
            "not_regular": f"{name} is not a regular file (a pipe, a socket or a device), so the lab does not read it.",
            "outside": f"{name} is a link to a file outside the folder, so the lab does not read it.",
            "zip_entries": f"{name} holds more than {MAX_ZIP_ENTRIES:,} files and folders; the lab opens zips of up "
            f"to {MAX_ZIP_ENTRIES:,}.",
            "shared_page": f"{name} lists the same page more than once in its page tree, as no PDF writer does; the "
            "lab reads each page once.",
            "entities": f"{name} declares XML entities, which Word never writes; the lab does not expand them.",
            "damaged": f"{name} cannot be unzipped: the zip's copy of it is damaged.",
            "zip_total": f"{name} unzips to more than {MAX_ZIP_UNZIPPED // 1_000_000} MB in all; the lab unzips up to "
            f"{MAX_ZIP_UNZIPPED // 1_000_000} MB from one zip, so the files after that were not read.",
        }[kind]
    return ReadError(name, kind, message)


def _file_name(name: str) -> str:
    """A file's own name, without the folders a browser or a zip may give ("mine/notes.txt"), as the lab keeps it:
    each control character escaped (``escape_controls``)."""
    return escape_controls(PurePosixPath(name.replace("\\", "/")).name)


# Control characters, and the two line breaks of Unicode that str.splitlines breaks at too.
_CONTROLS = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]")


def escape_controls(text: str, keep: str = "") -> str:
    """``text`` with each control character but those in ``keep`` written as Python writes it in a string: a line
    break as "\\n", a terminal's escape as "\\x1b". A file's name is kept so, then it is one line wherever it is
    written (a zip's Markdown, a message), and a terminal shows it rather than obeys it; the command line prints
    everything so, keeping line breaks and tabs.

    >>> print(escape_controls("a\\n<!-- page 50 -->.txt"), escape_controls("\\x1b[31mred\\x1b[0m\\u2028.md"))
    a\\n<!-- page 50 -->.txt \\x1b[31mred\\x1b[0m\\u2028.md
    >>> escape_controls("one\\ntwo\\r", keep="\\n\\t")
    'one\\ntwo\\\\r'
    """
    return _CONTROLS.sub(lambda m: m[0] if m[0] in keep else m[0].encode("unicode_escape").decode("ascii"), text)


def _stem(name: str) -> str:
    path = PurePosixPath(name)
    return path.stem if named_kind(name) else path.name


def slug_for(name: str, taken: Container[str] = ()) -> str:
    """The slug of a file's passages (``{slug}-{n}``): its name without the extension, lower case, accents
    dropped, every other run of characters "_"; "_2", "_3" when taken.

    >>> slug_for("Annual Report (2023).pdf"), slug_for("note-217.txt"), slug_for("Über uns.md"), slug_for("…")
    ('annual_report_2023', 'note_217', 'uber_uns', 'document')
    >>> slug_for("notes.txt", {"notes", "notes_2"})
    'notes_3'
    """
    ascii_name = unicodedata.normalize("NFKD", _stem(name)).encode("ascii", "ignore").decode().lower()
    slug = re.sub(r"[^a-z0-9]+", "_", ascii_name).strip("_")[:40].rstrip("_") or "document"
    unique, n = slug, 1
    while unique in taken:
        n += 1
        unique = f"{slug}_{n}"
    return unique


def read_file(name: str, data: bytes, kind: str | None = None, checked: Zip | None = None) -> Document:
    """A file's Document, by its kind (``kinds.file_kind``'s, when the caller asked it; else by its extension),
    after checking what its bytes really are; a ReadError if it gives nothing to search. ``checked``: the Word
    document ``check_docx_steps`` opened and checked from these bytes, read on without opening them again."""
    name = _file_name(name)
    kind = kind or named_kind(name)
    if kind is None:
        raise read_error(name, "unsupported")
    check_size(name, len(data))
    if not data.strip():
        raise read_error(name, "empty")
    archive = checked or _check_kind(name, data, kind)
    if kind == "pdf":
        return read_pdf_pages(name, _pdf_pages(name, data))
    with within(name, Budget(FILE_SECONDS)) as budget:
        if archive is not None:  # a Word document: its zip, opened once (_check_kind or check_docx_steps)
            return _document(name, _docx_text(name, archive, budget, checked is None), empty="no_text")
        if kind == "html":
            return _document(name, html_text(_decode_html(name, data)), empty="no_text")
        text = _decode(name, data)
        return _document(name, markdown_text(text) if kind == "markdown" else text)


@contextlib.contextmanager
def within(name: str, budget: Budget):
    """What runs inside, on ``budget`` (its backstop too): given up, the ReadError that names the file and the bound."""
    try:
        with budget.backstop():
            yield budget
    except GivenUp as given_up:
        raise read_error(name, given_up.kind, **given_up.details) from None


def check_size(name: str, size: int) -> None:
    """A ReadError ("too_large") for a file over MAX_FILE_BYTES: checked first, before a byte of it is read."""
    if size > MAX_FILE_BYTES:
        raise read_error(name, "too_large", size=size)


def read_pdf_pages(name: str, pages: Sequence[Page | str]) -> Document:
    """A PDF's Document from its pages, as any PDF reader gives them (pdf.js in the page, pypdf here: each page's
    positioned text items, see ``pdf_lines.Page``), read by the same rules (``pdf_layout.read_pages``): blocks
    and headings, words broken at line ends joined, and running headers, page numbers, tables of contents and
    indexes left out, each with its reason. A page may also be given as plain text, its lines top to bottom.

    >>> doc = read_pdf_pages("r.pdf", ["The ﬁrst exam-\\nple.\\nIt ends", "", "here. Next page."])
    >>> doc.text, doc.sentences, doc.sentence_pages
    ('The first example. It ends here. Next page.', ['The first example.', 'It ends here.', 'Next page.'], [1, 1, 3])
    """
    return run_steps(read_pdf_pages_steps(name, pages))


def read_pdf_pages_steps(name: str, pages: Iterable[Page | str]) -> Steps[Document]:
    """``read_pdf_pages`` a page at a time (``pdf_layout.read_pages_steps``), for the page: a generator of pages
    makes each in its step."""
    name = _file_name(name)
    layout = yield from read_pages_steps(text_lines(page) if isinstance(page, str) else page for page in pages)
    if not any(page.text for page in layout):
        raise read_error(name, "no_text")
    text, starts = join_pages([page.text for page in layout])
    if not has_search_words(text):
        raise read_error(name, "stop_words", words=stop_words_in(text))
    left_out = tuple(
        (start + offset, line, reason)
        for start, page in zip(starts, layout, strict=True)
        for offset, line, reason in page.left_out
    )
    return Document(slug=slug_for(name), title=name, text=text, source=name, page_starts=starts, left_out=left_out)


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


def _check_kind(name: str, data: bytes, kind: str) -> Zip | None:
    """Raise the ReadError for a file whose bytes are not what its extension says; a Word document's zip, opened
    here once, is handed on to be read."""
    expected = {"pdf": "pdf", "docx": "docx"}.get(kind, "text")
    found, archive = _sniff(name, data, kind)
    if found == expected:
        return archive
    if found == "encrypted":
        raise read_error(name, "encrypted")
    if expected == "docx" and found in ("zip", "text"):
        raise read_error(name, "broken")
    if expected == "pdf" and found == "text":
        try:
            _decode(name, data)
        except ReadError:
            raise read_error(name, "broken") from None
    raise read_error(name, "mismatch", found=found)


_OLE_ENCRYPTED = "EncryptionInfo".encode("utf-16-le")  # the stream a password-protected Office file holds


def _sniff(name: str, data: bytes, kind: str) -> tuple[str, Zip | None]:
    """What a file's bytes say it is (``kinds.head_kind``; a zip "docx" when it holds a Word document, an old
    Office file "doc" or "encrypted"), and for a Word document named so its zip, opened once."""
    found = head_kind(data, kind)
    if found == "zip":
        try:
            archive = open_zip(name, data)
        except ReadError as error:  # a damaged .docx, or one of too many parts: said when it is read
            if kind == "docx":
                raise error
            return "zip", None
        is_docx = "word/document.xml" in archive.namelist()
        return ("docx", archive if kind == "docx" else None) if is_docx else ("zip", None)
    if found == "ole":
        return "encrypted" if kind == "docx" and _OLE_ENCRYPTED in data else "doc", None
    return found, None


_CONTROL = re.compile(r"[\x00-\x08\x0e-\x1f\x7f-\x9f]")


def _decode(name: str, data: bytes) -> str:
    """Text from bytes: UTF-8 (a BOM is fine), UTF-16 with its BOM; else Windows-1252, the usual 8-bit text of
    older files. More than 1 control character in 100 means the bytes were never text."""
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        try:
            return data.decode("utf-16")
        except UnicodeDecodeError as e:
            raise read_error(name, "binary") from e
    if b"\x00" in data:
        raise read_error(name, "binary")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        try:
            text = data.decode("cp1252")
        except UnicodeDecodeError:  # five bytes cp1252 leaves undefined
            text = data.decode("latin-1")
    if len(_CONTROL.findall(text)) * 100 > len(text):
        raise read_error(name, "binary")
    return text


_CHARSET = re.compile(rb"""<meta[^>]*?charset\s*=\s*["']?\s*([-\w.:]+)""", re.IGNORECASE)


def _decode_html(name: str, data: bytes) -> str:
    """A web page's text in the charset its <meta> names (when there is no BOM and Python knows it)."""
    declared = _CHARSET.search(data[:4096])
    if declared and not data.startswith((b"\xef\xbb\xbf", b"\xff\xfe", b"\xfe\xff")):
        try:
            return data.decode(declared.group(1).decode("ascii"), errors="replace")
        except LookupError:
            pass
    return _decode(name, data)


def _pdf_pages(name: str, data: bytes) -> list[Page]:
    from pypdf import PdfReader
    from pypdf.errors import DependencyError, FileNotDecryptedError

    check_pdf(name, data)  # what its streams unzip to, as the page checks before pdf.js reads it
    budget = Budget(step_seconds=PDF_STEP_SECONDS)  # a step as pdf.js gets in the page: opening it, then each page
    try:
        with within(name, budget):
            reader = PdfReader(io.BytesIO(data))
            # Many PDFs are encrypted with an empty user password (only editing is restricted): those open.
            if reader.is_encrypted and not reader.decrypt(""):
                raise read_error(name, "encrypted")
            pages, repeated = tree_pages(reader.root_object["/Pages"])
            check_page_count(name, pages)
            if repeated:
                raise read_error(name, "shared_page")
            read = []
            for number, page in enumerate(reader.pages, 1):
                budget.step(number)
                if shown_texts(page) > MAX_PAGE_ITEMS:  # what pdf.js counts in the page, said before pypdf parses
                    count_text_items(budget, number, MAX_PAGE_ITEMS + 1)
                read.append(_pdf_page(page, budget))
            return read
    except ReadError:
        raise
    except (DependencyError, FileNotDecryptedError) as e:  # AES needs a cryptography package the lab lacks
        raise read_error(name, "encrypted") from e
    except Exception as e:  # a damaged PDF makes pypdf raise many kinds of error; to the visitor all are one
        raise read_error(name, "broken") from e


def check_pdf_steps(name: str, data: bytes) -> Steps[None]:
    """A PDF checked before a reader opens it, a step a piece: none of its streams unzips past
    ``pdf_streams.MAX_STREAM_BYTES`` (else ReadError "pdf_stream"). The page runs it before pdf.js, the command line
    before pypdf, so a zip bomb in a PDF is one verdict in both."""
    with within(_file_name(name), Budget()):
        yield from streams_steps(data)


def check_pdf(name: str, data: bytes) -> None:
    """``check_pdf_steps`` at once."""
    run_steps(check_pdf_steps(name, data))


def check_page_count(name: str, pages: int | None) -> None:
    """A ReadError ("too_many_pages") for a PDF of more than MAX_PAGES pages (None: more, how many unknown), said
    before a page is read: pypdf's page tree here, pdf.js's page count in the page."""
    if pages is None or pages > MAX_PAGES:
        raise read_error(name, "too_many_pages", pages=pages)


_DIRECTORY_ENTRY = b"PK\x01\x02"  # what starts each entry of a zip's directory


class Zip(zipfile.ZipFile):
    """A zip ``open_zip`` opened: its name, and the bytes ``unzip`` has taken from it so far."""

    def __init__(self, name: str, data: bytes):
        super().__init__(io.BytesIO(data))
        self.zip_name, self.unzipped, self.data = name, 0, data


def open_zip(name: str, data: bytes) -> Zip:
    """A zip (a .docx, or a visitor's documents.zip) opened, once its entries are counted: at most MAX_ZIP_ENTRIES.
    The count is an upper bound, each entry's signature counted in the bytes, so a zip of too many is refused before
    zipfile reads its directory (250,000 empty files, a 22 MB zip, took 8 s and 150 MB to open)."""
    check_zip_entries(name, data)
    try:
        return Zip(name, data)
    except (zipfile.BadZipFile, OSError, ValueError, EOFError) as e:
        raise read_error(name, "broken") from e


def check_zip_entries(name: str, data: bytes) -> None:
    """A ReadError ("zip_entries") for a zip that may hold more than MAX_ZIP_ENTRIES entries (``open_zip``)."""
    if data.count(_DIRECTORY_ENTRY) > MAX_ZIP_ENTRIES:
        raise read_error(name, "zip_entries")


def unzip(archive: Zip, member: zipfile.ZipInfo) -> bytes:
    """A zip member's bytes, named by its file name in any ReadError: "encrypted", "too_large" (its size in the
    directory), or "damaged" (a bad checksum, bad compressed data); or the zip's "zip_total" once its members would
    unzip past MAX_ZIP_UNZIPPED in all (each may be small: 30,000 files of 100 KB packed 1,000 to 1 are 3 GB from a
    3 MB zip). zipfile unzips a piece at a time, no more than a read asks for, and stops at the directory's size to
    check the checksum: read at exactly that size, a member that says 200 bytes and unzips to 200 MB is "damaged"
    after 200 bytes (0.02 s, 0.1 MB), so the bytes counted, those unzipped, never pass what the directory said.

    >>> packed = io.BytesIO()
    >>> with zipfile.ZipFile(packed, "w") as z:
    ...     z.writestr("a.txt", b"Boats sail."), z.writestr("b.txt", b"Ferries too.")
    (None, None)
    >>> archive = open_zip("documents.zip", packed.getvalue())
    >>> [unzip(archive, m) for m in archive.infolist()], archive.unzipped
    ([b'Boats sail.', b'Ferries too.'], 23)
    """
    name = _file_name(member.filename)
    if member.flag_bits & 0x1:  # the flag of an encrypted member
        raise read_error(name, "encrypted")
    check_size(name, member.file_size)
    check_zip_ratio(name, member.file_size, zipped_size(archive, member))
    if archive.unzipped + member.file_size > MAX_ZIP_UNZIPPED:
        raise read_error(archive.zip_name, "zip_total")
    try:
        with archive.open(member) as data:
            out = data.read(member.file_size)
    except Exception as e:  # zipfile, zlib, bz2 and lzma each raise their own kind of error on damaged data
        raise read_error(name, "damaged") from e
    archive.unzipped += len(out)
    return out


def check_zip_ratio(name: str, unzipped: int, zipped: int) -> None:
    """A ReadError ("zip_ratio") for a file that its zip's directory says unzips to more than MAX_ZIP_RATIO times
    its zipped size (past ZIP_RATIO_FROM bytes), said before a byte is unzipped. Text and Word's XML pack 3 to 20
    to 1; a zip bomb packs the same bytes again and again, about 1,000 to 1 (so 20 MB unzip from 20 KB). The
    directory can lie, but zipfile unzips no more than the size it gives (``unzip``), so the bound holds."""
    if unzipped > ZIP_RATIO_FROM and unzipped > MAX_ZIP_RATIO * zipped:
        raise read_error(name, "zip_ratio", size=unzipped, zipped=zipped)


def _docx_steps(name: str, archive: zipfile.ZipFile, budget: Budget) -> Steps[None]:
    """Refuse a Word document before mammoth unzips it: an encrypted part, or parts mammoth reads (its XML) that
    unzip past MAX_FILE_BYTES by the zip's directory (a 30 KB .docx of one paragraph repeated unzips to 30 MB of
    XML, which mammoth took 8 minutes and 1.3 GB to read on 2 busy cores), or packed tighter than MAX_ZIP_RATIO to 1
    (``check_zip_ratio``, on the room each part really has: ``expansion.zipped_size``). Pictures are not counted:
    mammoth leaves them zipped. Then its XML streamed (``expansion.word_xml_steps``, a step a piece): past
    MAX_WORD_ELEMENTS, or declaring entities, it is given up. A part that unzips past what the directory says stops
    there, as in ``unzip`` (a document.xml of 200 MB that says 2 KB is "broken" in 0.1 s and 0.2 MB)."""
    if any(m.flag_bits & 0x1 for m in archive.infolist()):
        raise read_error(name, "encrypted")
    parts = word_parts(archive)
    unzipped = sum(m.file_size for m in parts)
    if unzipped > MAX_FILE_BYTES:
        raise read_error(name, "too_large", size=unzipped, unzipped=True)
    check_zip_ratio(name, unzipped, sum(zipped_size(archive, m) for m in parts))
    yield from word_xml_steps(archive, budget, MAX_WORD_ELEMENTS)


def check_docx_steps(name: str, data: bytes) -> Steps[Zip | None]:
    """The checks a .docx passes before mammoth reads it (what it is, its parts' sizes, its XML streamed), a step a
    piece, which the page makes before it loads mammoth (a 2.8 s task the first time): a bomb is said without it,
    in read_file's own sentence, and the checked zip returned for read_file (``checked``). An empty file is
    read_file's to say."""
    name = _file_name(name)
    if not data.strip():
        return None
    archive = _check_kind(name, data, "docx")
    if archive is not None:
        with within(name, Budget(FILE_SECONDS)) as budget:
            yield from _docx_steps(name, archive, budget)
    return archive


def check_docx(name: str, data: bytes) -> None:
    """``check_docx_steps`` at once."""
    run_steps(check_docx_steps(name, data))


def _docx_text(name: str, archive: Zip, budget: Budget, check: bool = True) -> str:
    """A Word document's text, its heading styles as headings: mammoth maps "Heading 1".."Heading 6" to h1-h6 (and
    lists and tables to theirs), read as a web page is. Pictures are left out, not inlined as data. ``check``
    False: ``check_docx_steps`` made the checks on this zip already."""
    import mammoth

    if check:
        run_steps(_docx_steps(name, archive, budget))
    try:
        data = io.BytesIO(archive.data)
        html = mammoth.convert_to_html(data, convert_image=mammoth.images.img_element(lambda _: {}))
        return html_text(html.value)
    except Exception as e:  # a bad zip, no word/document.xml, bad XML: mammoth's errors vary; all are "broken"
        raise read_error(name, "broken") from e


def is_corpus_folder(names: Iterable[str]) -> bool:
    """Whether these files are a corpus folder: ``NN-slug.md`` documents and no other kind of document (a
    visitor's "2024-plan.md" beside a PDF is a file to read, not a corpus document).

    >>> is_corpus_folder(["01-cats.md", "synonyms.toml"]), is_corpus_folder(["2024-plan.md", "notes.pdf"])
    (True, False)
    """
    numbered = False
    for name in names:  # stops at the first other kind of document (a zip of 10,000 text files: at the first)
        if named_kind(name) not in (None, "markdown"):
            return False
        numbered = numbered or bool(DOCUMENT_NAME.match(name))
    return numbered
