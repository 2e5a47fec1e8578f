"""PDF page furniture: the lines a person skips when reading a PDF, found from the whole document's lines, each with
the reason a visitor is shown. Running headers and footers (text repeated at the top or bottom of many pages, the
page number changing), lone page numbers, line numbers in the margin, and pages of a table of contents or an index.

>>> pages = [[TextLine(f"Chapter 1: Ferries {n}", 72, 740, 10), TextLine("Text.", 72, 700, 10)] for n in range(1, 5)]
>>> furniture(pages, [(0, 0, 612, 792)] * 4, 10)[(0, 0)]
'running header, on 4 of 4 pages'
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections import Counter
from collections.abc import Collection, Sequence

from .pdf_headings import HEADING_RATIO
from .pdf_lines import TextLine
from .steps import Steps, run_steps

BAND = 0.12  # of the page height: running headers, footers and page numbers stand this near the top or bottom
# (the R manuals' headers 58 pt below a 792 pt page's top, gnuplot's 64; their body starts 108 and 93 below)
EDGE_LINES = 2  # lines looked at from each edge of a page: a header and a second header line, or page number
REPEAT_PAGES = 3  # a header or footer text (its numbers aside) repeats on at least this many pages (every page of
# a shorter document), its page number changing ...
REPEAT_SHARE = 1 / 3  # ... or, the same text, on this share of the pages: "Syntax:" ends 12 of gnuplot's 311 pages
SLOT = 1.0  # points: lines standing within this of a running header's baseline, on other pages, stand in its place
APART = 2.0  # of its size: a running header or footer stands at least this far from the page's other lines (the R
# manuals' headers 4.6 sizes above the text, gnuplot's 2.9; body lines 1.2 apart, 1.6 between paragraphs)
LISTING_SHARE = 0.5  # a page on which at least this share of lines are entries (a title and a number) is a listing
LISTING_LEADERS = 3  # ... and at least this many of them have dot leaders (or the page is titled, or continues one)
LINE_NUMBER = "line number"  # the reason, which also tells pdf_layout the line stands beside its line, not between two
LINE_NUMBERS = 3  # a page with at least this many lone numbers beside its lines is numbered line by line (lineno's
# pages have 40-50; a page of two or three would leave a lone number glued to nothing, kept as text)
LINE_NUMBER_SIZE = 0.85  # of the body size: a line number this much smaller stands apart by its font (lineno's
# \tiny and AASTeX's 5 pt are 0.5 of a 10 pt body, a footnote size 0.8; a body line's size varies under 5%)
BESIDE = 1.0  # points: a line number stands on the baseline of the line it numbers, within this
COLUMN = 1.0  # points: line numbers in the body's size start within this of one x, left of all the page's text

_PAGE_NUMBER = re.compile(
    r"(?:page\s+)?(?:\d{1,4}|[ivxlcdm]{1,7})(?:\s+(?:of|/)\s+\d{1,4})?|[-–—]\s*\d{1,4}\s*[-–—]", re.IGNORECASE
)
_DIGITS = re.compile(r"\d+")
_LINE_NUMBER = re.compile(r"\d{1,5}")
_ROMAN_EDGE = re.compile(r"^[ivxlcdm]{1,7}\b|\b[ivxlcdm]{1,7}$")
_PAGE_REF = r"(?:\d{1,4}|[ivxlc]{1,7})(?:,\s*(?:\d{1,4}|[ivxlc]{1,7}))*"
_LEADER_ENTRY = re.compile(rf". \. \. \. \. {_PAGE_REF}$")  # pdf_lines.line_text writes every leader so
_ENTRY = re.compile(rf"\D\s{_PAGE_REF}$|,\s{_PAGE_REF}$")
_CONTENTS = re.compile(r"(?:table of )?contents", re.IGNORECASE)
_INDEX = re.compile(r".*\bindex", re.IGNORECASE)
_SECTION_NUMBER = re.compile(r"(?:\d+|[A-Z])(?:\.\d+)*\.?\s")


def furniture(
    pages: Sequence[Sequence[TextLine]], boxes: Sequence[tuple[float, float, float, float]], body: float
) -> dict[tuple[int, int], str]:
    """The lines to leave out, as {(page index, line index): reason}: running headers and footers and page
    numbers (``running_lines``) and line numbers (``line_numbers``), then pages of a table of contents or an index
    (``listing_lines``). ``body`` is the body's font size: lines ``HEADING_RATIO`` times larger are headings,
    never running headers."""
    return run_steps(furniture_steps(pages, boxes, body))


def furniture_steps(
    pages: Sequence[Sequence[TextLine]], boxes: Sequence[tuple[float, float, float, float]], body: float
) -> Steps[dict[tuple[int, int], str]]:
    """``furniture``, the listings a page a step (their patterns over every line are most of its time)."""
    left = running_lines(pages, boxes, body * HEADING_RATIO)
    left.update(numbered_lines(pages, body))  # a page's last line number may stand apart as a page number does
    yield
    left.update((yield from listing_lines_steps(pages, left)))
    return left


def header_key(text: str) -> str:
    """A header's text with its numbers as "#", so the same header on every page is one key.

    >>> header_key("Chapter 4: Function reference 16"), header_key("xii Contents")
    ('chapter #: function reference #', '# contents')
    """
    return _ROMAN_EDGE.sub("#", _DIGITS.sub("#", " ".join(text.lower().split())))


def running_lines(
    pages: Sequence[Sequence[TextLine]], boxes: Sequence[tuple[float, float, float, float]], heading_size: float
) -> dict[tuple[int, int], str]:
    """Running headers, footers and page numbers. Looked at: the ``EDGE_LINES`` lines nearest the top and the
    bottom, inside the ``BAND``, ``APART`` from the page's other lines, and smaller than ``heading_size`` (a
    part's title "Part I" atop its page is a heading). A page number alone ("12", "xii", "Page 3 of 9", "- 4 -")
    is one. So is a line with words whose text, numbers aside (``header_key``), stands at the same edge of
    ``REPEAT_PAGES`` pages or more, its numbers changing (or unchanged on ``REPEAT_SHARE`` of the pages); and a
    page's outermost line that stands where the outermost running headers of ``REPEAT_PAGES`` other pages stand
    (within ``SLOT``), as a chapter's header does on the one page of a two-page chapter that has one.

    >>> pages = [[TextLine("Guide", 72, 740, 10), TextLine("Text.", 72, 600, 10), TextLine(str(n), 300, 40, 10)]
    ...          for n in (1, 2)]
    >>> for (page, line), reason in sorted(running_lines(pages, [(0, 0, 612, 792)] * 2, 11.5).items()):
    ...     print(page, line, reason)
    0 0 running header, on 2 of 2 pages
    0 2 page number
    1 0 running header, on 2 of 2 pages
    1 2 page number
    """
    candidates: list[tuple[int, int, str, bool]] = []  # (page, line, "header" or "footer", outermost)
    for p, (lines, (_, y0, _, y1)) in enumerate(zip(pages, boxes, strict=True)):
        band = BAND * (y1 - y0)
        order = sorted(range(len(lines)), key=lambda n: -lines[n].y)
        top = [n for n in order[:EDGE_LINES] if lines[n].y >= y1 - band]
        bottom = [n for n in order[::-1][:EDGE_LINES] if lines[n].y <= y0 + band and n not in top]
        for edge, numbers in (("header", top), ("footer", bottom)):
            numbers = [n for n in numbers if lines[n].size < heading_size]
            rest = [line for n, line in enumerate(lines) if n not in numbers]
            candidates += [
                (p, n, edge, i == 0)
                for i, n in enumerate(numbers)
                if all(abs(lines[n].y - line.y) >= APART * lines[n].size for line in rest)
            ]
    keys = {(p, n): (edge, header_key(pages[p][n].text)) for p, n, edge, _ in candidates}
    counts = Counter(key for _, key in {(p, key) for (p, _), key in keys.items()})  # pages, not lines
    texts: dict[tuple[str, str], set[str]] = {}
    for (p, n), key in keys.items():
        texts.setdefault(key, set()).add(pages[p][n].text)
    needed = min(REPEAT_PAGES, max(len(pages), 2))
    repeated = {
        key
        for key, count in counts.items()
        if any(c.isalpha() for c in key[1])
        and count >= (needed if len(texts[key]) > 1 else max(needed, REPEAT_SHARE * len(pages)))
    }
    left: dict[tuple[int, int], str] = {}
    slots: dict[str, list[float]] = {"header": [], "footer": []}
    for p, n, edge, outermost in candidates:
        if _PAGE_NUMBER.fullmatch(pages[p][n].text):
            left[(p, n)] = "page number"
        elif keys[(p, n)] in repeated:
            left[(p, n)] = f"running {edge}, on {counts[keys[(p, n)]]} of {len(pages)} pages"
            if outermost:
                slots[edge].append(pages[p][n].y)
    for ys in slots.values():
        ys.sort()
    for p, n, edge, outermost in candidates:
        y = pages[p][n].y
        standing = _within(slots[edge], y, SLOT)
        if (p, n) not in left and outermost and standing >= needed:
            left[(p, n)] = f"running {edge}, where the running {edge}s of {standing} other pages stand"
    return left


def numbered_lines(pages: Sequence[Sequence[TextLine]], body: float) -> dict[tuple[int, int], str]:
    """Line numbers on every page (``line_numbers``); on a page with too few text lines beside them to tell (a
    figure's page, a last page of a few lines: ACM's review mode numbers every page in a column, text or not), the
    lone numbers in a column where ``REPEAT_PAGES`` other pages have theirs.

    >>> text = [TextLine(f"Line {n} of the text", 72, 700 - 12 * n, 10) for n in range(3)]
    >>> ruler = [TextLine(str(n), 50, 700 - 12 * n, 5) for n in range(3)]
    >>> figure = [TextLine("Figure 1. A ferry.", 72, 300, 10), *ruler]
    >>> sorted(numbered_lines([text + ruler] * 3 + [figure], 10))[-3:]
    [(3, 1), (3, 2), (3, 3)]
    """
    found = [line_numbers(lines, body) for lines in pages]
    columns = Counter(column for p, ns in enumerate(found) for column in {_column(pages[p][n]) for n in ns})
    kept = {column for column, count in columns.items() if count >= REPEAT_PAGES}
    return {
        (p, n): LINE_NUMBER
        for p, lines in enumerate(pages)
        for n in found[p] or (line_numbers(lines, body, kept) if kept else [])
    }


def line_numbers(lines: Sequence[TextLine], body: float, columns: Collection[tuple[float, int]] = ()) -> list[int]:
    """A page's line numbers (the lineno package's, AASTeX's, a draft's under review), as indexes into ``lines``:
    lines that are a number alone on the baseline of another line (within ``BESIDE``: the line it numbers;
    ``pdf_lines.page_lines`` puts one drawn after its line on a line of its own), left of every other line of the
    page, and either ``LINE_NUMBER_SIZE`` of the body size or smaller, or in a margin column: ``LINE_NUMBERS`` of
    them or more starting at one x (within ``COLUMN``). A page with fewer than ``LINE_NUMBERS`` has none (a figure's
    axis numbers stand on no text line's baseline); one that has them also has the lone numbers of its size in
    their column, beside no text (lineno numbers the blank lines around a display). ``columns``: the (size, x) of
    other pages' line numbers; the lone numbers left of all the page's text in one of them count too.

    >>> text = [TextLine(f"Line {n} of the text", 72, 700 - 24 * n, 10) for n in range(3)]
    >>> numbers = [TextLine(str(n + 40), 50, 700 - 12 * n, 5) for n in range(5)]  # 41 and 43 beside blank lines
    >>> line_numbers(text + numbers, 10)
    [3, 4, 5, 6, 7]
    """
    lone = [n for n, line in enumerate(lines) if _LINE_NUMBER.fullmatch(line.text)]
    if len(lone) < LINE_NUMBERS:
        return []
    numbers = set(lone)
    text = [line for n, line in enumerate(lines) if n not in numbers]
    baselines = sorted(line.y for line in text)
    starts = min((line.x for line in text), default=0.0)
    beside = [n for n in lone if _within(baselines, lines[n].y, BESIDE)]
    margin = sorted(lines[n].x for n in beside if lines[n].x < starts - COLUMN)
    found = [  # in the margin, left of every other line (a figure's labels stand among the text: glpk's graphs.pdf)
        n
        for n in beside
        if lines[n].x < starts - COLUMN
        and (lines[n].size <= LINE_NUMBER_SIZE * body or _within(margin, lines[n].x, COLUMN) >= LINE_NUMBERS)
    ]
    found += [n for n in lone if lines[n].x < starts - COLUMN and _in_column(lines[n], columns) and n not in found]
    if len(found) < LINE_NUMBERS:
        return []
    here = {_column(lines[n]) for n in found}
    return [n for n in lone if _in_column(lines[n], here)]


def _column(line: TextLine) -> tuple[float, int]:
    return line.size, round(line.x)


def _in_column(line: TextLine, columns: Collection[tuple[float, int]]) -> bool:
    """Whether a line stands in one of the (size, x rounded) ``columns``: its size, its x within ``COLUMN``."""
    return any(size == line.size and abs(x - line.x) <= COLUMN + 0.5 for size, x in columns)


def _within(values: list[float], value: float, distance: float) -> int:
    """How many of the sorted ``values`` stand within ``distance`` of ``value``."""
    return bisect_right(values, value + distance) - bisect_left(values, value - distance)


def listing_lines(pages: Sequence[Sequence[TextLine]], left: dict[tuple[int, int], str]) -> dict[tuple[int, int], str]:
    """Tables of contents and indexes. An entry is a line that ends with page numbers: after dot leaders
    ("4.3 DER functions . . . . 15"), or after a word ("Lines 77", "abs, 12, 40"). A page is a listing when at least
    ``LISTING_SHARE`` of its lines are entries and ``LISTING_LEADERS`` have leaders, or it is titled (a line
    "Contents", "Table of Contents" or one ending in "Index") or the page before was one: then all its lines are
    left out. Elsewhere a line with leaders is left out alone. Which one: the title says, or the page before; else
    entries that start with a section number make a table of contents, others an index.

    >>> toc = [TextLine("Contents", 72, 700, 14), TextLine("1 Ferries . . . . 3", 72, 680, 10),
    ...        TextLine("2 Fares 5", 72, 6, 10)]
    >>> index = [TextLine("Index", 72, 700, 14), TextLine("abs . . . . 12", 72, 680, 10),
    ...          TextLine("acf, 14, 20", 72, 6, 10)]
    >>> sorted(set(listing_lines([toc, index], {}).values()))
    ['index', 'table of contents']
    """
    return run_steps(listing_lines_steps(pages, left))


def listing_lines_steps(
    pages: Sequence[Sequence[TextLine]], left: dict[tuple[int, int], str]
) -> Steps[dict[tuple[int, int], str]]:
    """``listing_lines`` a page a step."""
    out: dict[tuple[int, int], str] = {}
    kind = ""  # the listing the previous page was part of
    for p, lines in enumerate(pages):
        if p:
            yield
        kept = [(n, line.text) for n, line in enumerate(lines) if (p, n) not in left]
        leaders = [n for n, text in kept if _LEADER_ENTRY.search(text)]
        entries = [text for n, text in kept if _ENTRY.search(text)]
        title = next((text for _, text in kept[:3] if _CONTENTS.fullmatch(text) or _INDEX.fullmatch(text)), "")
        listing = (
            kept and len(entries) >= LISTING_SHARE * len(kept) and (len(leaders) >= LISTING_LEADERS or title or kind)
        )
        if not listing:
            out.update({(p, n): "table of contents" for n in leaders})
            kind = ""
            continue
        if title:
            kind = "index" if _INDEX.fullmatch(title) else "table of contents"
        elif not kind:
            numbered = sum(bool(_SECTION_NUMBER.match(text)) for text in entries)
            kind = "table of contents" if numbered * 2 >= len(entries) else "index"
        out.update({(p, n): kind for n, _ in kept})
    return out
