"""Why a visitor's file gives nothing to search, in the visitor's words: every such message is worded here, once, so
the page (Pyodide) and ``raglab --corpus`` say the same thing about the same file. A reading given up on its
budget (``budget.GivenUp``) becomes one of these sentences too (``within``).
"""

from __future__ import annotations

import contextlib
from pathlib import PurePosixPath

from . import limits
from .budget import Budget, GivenUp
from .corpus import MAX_PAGES, CorpusError
from .file_names import escape_controls, name_stem
from .kinds import READ_KINDS, named_kind


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
    page being read when it was given up, 0 while opening the file), ``seconds`` (too_slow_file: the bound;
    ``wall=True`` where it was timed by the clock, as the page's mammoth.js worker is).

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
    >>> print(read_error("notes.docx", "too_slow_file", seconds=limits.FILE_SECONDS))
    notes.docx was given up: the whole file took more than 30 s of processor time to read, the most the lab gives
    one file.
    >>> from raglab.documents.pdf_items import MAX_PAGE_ITEMS
    >>> print(read_error("many.pdf", "too_much", what="text items on page 3", limit=MAX_PAGE_ITEMS))
    many.pdf was given up: it holds more than 20,000 text items on page 3, the most the lab reads in one file.
    """
    name = escape_controls(name)  # a name from the page or a folder, not yet kept (``file_names.file_name``)
    stem, ext = name_stem(name), PurePosixPath(name).suffix.lower()
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
            f"{limits.MAX_FILE_BYTES // 1_000_000} MB, unzipped too."
        )
    elif kind == "zip_ratio":
        message = (
            f"{name} unzips to {details['size'] / 1e6:.1f} MB from {details['zipped'] / 1e3:,.1f} KB, packed "
            f"{details['size'] // max(details['zipped'], 1):,} to 1; the lab unzips files packed up to "
            f"{limits.MAX_ZIP_RATIO} to 1."
        )
    elif kind == "too_many_pages":
        pages = f"{details['pages']:,}" if details.get("pages") else f"more than {MAX_PAGES:,}"
        message = f"{name} has {pages} pages; the lab reads PDFs of up to {MAX_PAGES:,} pages."
    elif kind == "too_slow_file":
        message = (
            f"{name} was given up: the whole file took more than {details['seconds']:g} s"
            f"{'' if details.get('wall') else ' of processor time'} to read, the most the lab gives one file."
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
            f"{name} was given up: {step} took more than {limits.PDF_STEP_SECONDS} s to read, the most the lab gives "
            "one step of a PDF."
        )
    elif kind == "too_many" and details.get("chars"):
        message = (
            f"{name} would take your documents past {limits.MAX_TOTAL_CHARS // 1_000_000} million characters, the "
            "most the lab searches."
        )
    else:
        message = {
            "empty": f"{name} is empty.",
            "binary": f"{name} is not text: it looks like a binary file.",
            "too_large": f"{name} is {details.get('size', 0) / 1e6:.1f} MB; the lab reads files up to "
            f"{limits.MAX_FILE_BYTES // 1_000_000} MB.",
            "no_text": f"{name} gives no text: its pages are pictures (a scan), and the lab does no OCR."
            if ext == ".pdf"
            else f"{name} has no text to read.",
            "encrypted": f"{name} is protected by a password, so the lab cannot open it.",
            "broken": f"{name} is not {_BROKEN[ext]}." if ext in _BROKEN else f"{name} cannot be read.",
            "duplicate": f"{name} is the same as {details.get('same', 'another file')}, which is already in your "
            "documents.",
            "unsupported": f"{name}: the lab reads {READ_KINDS} files.",
            "too_many": f"{name} would take your documents past {limits.MAX_FILES:,} files, the most the lab keeps.",
            "cancelled": f"{name} was not read: the reading was cancelled.",
            "not_regular": f"{name} is not a regular file (a pipe, a socket or a device), so the lab does not read it.",
            "outside": f"{name} is a link to a file outside the folder, so the lab does not read it.",
            "zip_entries": f"{name} holds more than {limits.MAX_ZIP_ENTRIES:,} files and folders; the lab opens zips "
            f"of up to {limits.MAX_ZIP_ENTRIES:,}.",
            "shared_page": f"{name} lists the same page more than once in its page tree, as no PDF writer does; the "
            "lab reads each page once.",
            "entities": f"{name} declares XML entities, which Word never writes; the lab does not expand them.",
            "damaged": f"{name} cannot be unzipped: the zip's copy of it is damaged.",
            "zip_total": f"{name} unzips to more than {limits.MAX_ZIP_UNZIPPED // 1_000_000} MB in all; the lab unzips "
            f"up to {limits.MAX_ZIP_UNZIPPED // 1_000_000} MB from one zip, so the files after that were not read.",
        }[kind]
    return ReadError(name, kind, message)


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
    if size > limits.MAX_FILE_BYTES:
        raise read_error(name, "too_large", size=size)
