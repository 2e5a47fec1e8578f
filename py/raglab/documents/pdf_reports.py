"""What pdf.js reports after each page it reads in the page, held to the command line's bounds (issue 36), so the
same PDF gets the same verdict from both: more than MAX_PAGES pages, too many text items (``pdf_items``), or one
page object listed twice in the page tree (``pdf_tree`` finds it before a page is read here).

>>> reports = PdfReports("kids.pdf")
>>> reports.page(1, 9_999, items=400, ref="3 0"), reports.page(2, 9_999, items=400, ref="3 0")
(False, True)
>>> print(reports.over)
kids.pdf lists the same page more than once in its page tree, as no PDF writer does; the lab reads each page once.
"""

from __future__ import annotations

from .budget import Budget, GivenUp
from .corpus import MAX_PAGES
from .pdf_items import count_text_items
from .read_errors import ReadError, read_error


class PdfReports:
    """One PDF's reports: ``pages``, pdf.js's count (given with the first page); ``over``, the ReadError of the
    first bound passed (None while all hold)."""

    def __init__(self, name: str):
        self.name, self.pages = name, 0
        self.budget, self.seen = Budget(), set()
        self.over: ReadError | None = None

    def page(self, done: int, total: int, items: int = 0, ref: str = "") -> bool:
        """Page ``done`` of ``total`` read, with ``items`` text items, its object ``ref`` ("num gen"; "" unknown):
        whether to stop (past a bound; more than MAX_PAGES is ``pdf_reader.check_page_count``'s to say)."""
        self.pages = total
        try:
            count_text_items(self.budget, done, items)
        except GivenUp as given_up:
            self.over = self.over or read_error(self.name, given_up.kind, **given_up.details)
        if ref in self.seen:
            self.over = self.over or read_error(self.name, "shared_page")
        self.seen.add(ref or done)  # a page without its object is its own
        return total > MAX_PAGES or self.over is not None
