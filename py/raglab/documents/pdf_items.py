"""A PDF's text items counted as they are read, the one bound both readers hold (pdf.js's items in the page, each
page's count reported to ``count_text_items``; pypdf's here, each as its visitor gives it), and a page's items as
pypdf gives them (the command line).

R-exts.pdf has 29,561 of pypdf's items in 236 pages, at most a few thousand a page, so the bounds are far above a
real document's; a page of hundreds of thousands would outlast the time a step has, and thousands of readings of
one page the memory (bench/README.md, "Issue 36: one budget for every read").

>>> from raglab.documents.budget import Budget
>>> budget = Budget()
>>> count_text_items(budget, 1, 19_000); count_text_items(budget, 2, 19_000); budget.counts["text items"]
38000
>>> count_text_items(budget, 3, MAX_PAGE_ITEMS + 1)
Traceback (most recent call last):
raglab.documents.budget.GivenUp: too_much {'what': 'text items on page 3', 'limit': 20000}
"""

from __future__ import annotations

from .budget import Budget
from .pdf_lines import Page, text_item

MAX_PAGE_ITEMS = 20_000
MAX_TEXT_ITEMS = 2_000_000


def count_text_items(budget: Budget, page: int, items: int) -> None:
    """A PDF's text items counted as they are read, on its page and in all: past MAX_PAGE_ITEMS on one page or
    MAX_TEXT_ITEMS in the file, given up (GivenUp "too_much"), alike for pypdf's items here and pdf.js's in the page."""
    budget.count(f"text items on page {page:,}", items, MAX_PAGE_ITEMS)
    budget.count("text items", items, MAX_TEXT_ITEMS)


def pdf_page(page, budget: Budget) -> Page:
    """A page's text items as pypdf's text visitor gives them: each piece of text with the text and page matrices
    where it starts and its font size (so its rendering matrix, as pdf.js gives it), spaced by pypdf; each one
    counted on ``budget`` as it comes, so a page of millions is given up before they are all made."""
    items = []
    number = budget.step_number

    def visit(text, cm, tm, font, size):
        a, b, c, d, e, f = tm
        matrix = [
            a * cm[0] + b * cm[2],
            a * cm[1] + b * cm[3],
            c * cm[0] + d * cm[2],
            c * cm[1] + d * cm[3],
            e * cm[0] + f * cm[2] + cm[4],
            e * cm[1] + f * cm[3] + cm[5],
        ]
        item = text_item(text, [v * size for v in matrix[:4]] + matrix[4:]) if text else None
        if item:
            items.append(item)
            count_text_items(budget, number, 1)

    page.extract_text(visitor_text=visit)
    x0, y0, x1, y1 = (float(v) for v in page.cropbox)
    return Page(tuple(items), (x0, y0, x1, y1))
