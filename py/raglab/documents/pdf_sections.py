"""Two heading rules of a PDF that need more than one line to decide: the numbered top-level sections of a paper,
set at about the body's size ("1 Introduction" ... "8 Limitations"), found by their numbers running 1, 2, 3 through
the document (only in a document whose numbered top-level headings are not already larger lines: there, such
lines are a numbered list's items); and a title page, where only the title is a heading and the larger lines under
it (a subtitle, the authors, a version) are its front matter, read as text.

>>> from raglab.documents.pdf_lines import TextLine
>>> lines = [TextLine("1 Introduction", 54, 700, 10), TextLine("We ask. 2 steps follow.", 54, 688, 10),
...          TextLine("2 Method", 54, 600, 10), TextLine("3 Results", 54, 500, 10), TextLine("3 Results", 316, 300, 10)]
>>> sorted(numbered_sections(lines, 10, {}))
['1 Introduction', '2 Method', '3 Results']
"""

from __future__ import annotations

import re
from collections.abc import Callable, Container, Sequence

from .pdf_lines import TextLine

# A top-level section's line: a number from 1 to 99, a title of one to six words starting with a capital, no end
# mark (a sentence or a list item "1 Make the bins." ends; a label "2 Inputs:" leads into what follows).
_SECTION = re.compile(r"([1-9]\d?)\.?\s+[A-Z][\w’'-]*(?:\s+[\w’'&-]+){0,5}")
MIN_SECTIONS = 3  # numbers running 1, 2, 3 at least: two numbered lines may be a list
BODY_LIKE = 0.95  # of the body size: a section line is set at least this large


def numbered_sections(lines: Sequence[TextLine], body: float, levels: Container[float]) -> frozenset[str]:
    """The lines (by text) that are numbered top-level sections: in the document's order, the first line numbered
    1, then the first after it numbered 2, and so on; when the run reaches MIN_SECTIONS, its lines are headings of
    level 1 whatever their size, else none is (the larger-line and numbering rules of ``pdf_layout`` still hold).
    None either when a line of that shape is set in a heading size (``levels``): such a document's sections are its
    larger lines."""
    found: list[str] = []
    for line in lines:
        m = _SECTION.fullmatch(line.text)
        if m and line.size in levels:
            return frozenset()
        if m and line.size >= BODY_LIKE * body and int(m[1]) == len(found) + 1:
            found.append(line.text)
    return frozenset(found) if len(found) >= MIN_SECTIONS else frozenset()


def front_matter(lines: Sequence[TextLine], level_of: dict[int, int], numbered: Callable[[str], int]) -> None:
    """On a title page, the would-be headings (``level_of``: a level by line index, 0 for text) smaller than its
    largest, the title, set to 0: a subtitle, the authors, a version are its front matter; a ``numbered`` one
    stays a heading.

    >>> lines = [TextLine("Ferry Handbook", 190, 700, 26), TextLine("A guide for crews", 170, 660, 14)]
    >>> level_of = {0: 1, 1: 2}
    >>> front_matter(lines, level_of, lambda text: 0)
    >>> level_of
    {0: 1, 1: 0}
    """
    sizes = [lines[n].size for n, level in level_of.items() if level]
    for n, level in level_of.items():
        if level and lines[n].size < max(sizes) and not numbered(lines[n].text):
            level_of[n] = 0
