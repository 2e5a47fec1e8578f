"""A PDF read: its pages, from pypdf here and from pdf.js in the page, each as positioned text items read by the same
rules (``pdf_lines``, ``pdf_layout``), and the checks both make before a page is read (its streams, its page
count). pypdf is imported only when a PDF is read: the page installs its wheel first.
"""

from __future__ import annotations

import io
from collections.abc import Iterable, Sequence

from . import limits
from .budget import Budget
from .corpus import MAX_PAGES, Document, join_pages
from .file_names import file_name, slug_for
from .pdf_items import MAX_PAGE_ITEMS, count_text_items
from .pdf_items import pdf_page as _pdf_page
from .pdf_layout import read_pages_steps
from .pdf_lines import Page, text_lines
from .pdf_streams import streams_steps
from .pdf_tree import shown_texts, tree_pages
from .read_errors import ReadError, read_error, within
from .steps import Steps, run_steps
from .text import has_search_words, stop_words_in


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


def read_pdf_pages_steps(name: str, pages: Iterable[Page | Steps[Page] | str]) -> Steps[Document]:
    """``read_pdf_pages`` a page at a time (``pdf_layout.read_pages_steps``), for the page: a generator of pages
    makes each in its step, and a page given as steps (``Page.from_arrays_steps``) is made in them."""
    name = file_name(name)
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


def pypdf_pages(name: str, data: bytes) -> list[Page]:
    """A PDF's pages as pypdf reads them, each its positioned text items, on the budget pdf.js gets in the page."""
    from pypdf import PdfReader
    from pypdf.errors import DependencyError, FileNotDecryptedError

    check_pdf(name, data)  # what its streams unzip to, as the page checks before pdf.js reads it
    # a step as pdf.js gets in the page: opening it, then each page
    budget = Budget(step_seconds=limits.PDF_STEP_SECONDS)
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
    with within(file_name(name), Budget()):
        yield from streams_steps(data)


def check_pdf(name: str, data: bytes) -> None:
    """``check_pdf_steps`` at once."""
    run_steps(check_pdf_steps(name, data))


def check_page_count(name: str, pages: int | None) -> None:
    """A ReadError ("too_many_pages") for a PDF of more than MAX_PAGES pages (None: more, how many unknown), said
    before a page is read: pypdf's page tree here, pdf.js's page count in the page."""
    if pages is None or pages > MAX_PAGES:
        raise read_error(name, "too_many_pages", pages=pages)
