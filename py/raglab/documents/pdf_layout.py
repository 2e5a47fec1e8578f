"""PDF layout: a PDF's pages of lines (``pdf_lines``) become the text a person reads, in blocks and headings, with the
lines a person skips (``pdf_furniture``: running headers and footers, page numbers, contents, indexes) left out,
each with its reason. Both readers' items go through the same rules, so page and command line read a PDF alike.

>>> from raglab.documents.pdf_lines import Item
>>> page = Page((Item("1 Ferries", 72, 700, 14), Item("The ferry leaves at", 72, 680, 10),
...              Item("8:00. It costs 6 coins.", 72, 668, 10)), (0, 0, 612, 792))
>>> read_pages([page])[0].text
'# 1 Ferries\\n\\nThe ferry leaves at 8:00. It costs 6 coins.'
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .pdf_furniture import LINE_NUMBER, furniture_steps
from .pdf_headings import (
    continues_heading,
    ends_with_full_stop,
    heading_level,
    heading_levels,
    numbering_depth,
)
from .pdf_lines import Page, TextLine, page_lines
from .pdf_sections import front_matter, numbered_sections
from .pdf_words import ends_broken, join_lines, word_counts
from .steps import Steps, run_steps, saying
from .text import split_sentences

PARAGRAPH_GAP = 1.15  # baselines further apart than this times the body's usual line pitch end a block (TeX's
# paragraph skip makes 1.48 of the size against a pitch of 1.21: 1.22 times; a tall glyph stretches a line 1.05)
TITLE_PAGE_MIN = 3  # pages: a document this long may open with a title page (front matter under its title)
COLUMN_GAP = 10  # of the font size: a line this far right of the last, and above it, starts the next column
INDENT = 0.25  # of the font size: a line starting further right or left than the block's lines starts a block
FIRST_INDENT = 3.0  # of the font size: a paragraph's first line is indented by less than this (TeX: 1.4)
RUNS_ON = 0.5  # in a block where no sentence ends, a line this long (of the page's longest) or longer that ends
# in a word or comma runs on into a next line that starts in lower case (a wrapped list item, not a code line)


@dataclass(frozen=True)
class PageText:
    """A page as read: its text (blocks "\\n\\n" apart, each on one line, a heading as "## 4.3 Title") and the
    lines left out of it, as (offset in ``text`` where the line stood, its text, the reason)."""

    text: str
    left_out: tuple[tuple[int, str, str], ...] = ()


def read_pages(pages: Iterable[Page]) -> list[PageText]:
    """Each page as read, with what was left out. The rules need the whole document: the body size (the size of
    most characters), running headers (text repeated on many pages), how the document spells a word broken at a
    line end, and the numbering that gives heading levels."""
    return run_steps(read_pages_steps(pages))


def read_pages_steps(pages: Iterable[Page | Steps[Page]]) -> Steps[list[PageText]]:
    """``read_pages`` a page at a time, so the page's reading stays responsive (steps.py): a page given as steps
    (``Page.from_arrays_steps``: its thousands of items) is made in them, then its lines are found; the rules over
    the whole document follow, the listings a page a step; then each page's text is made. Each pause yields where
    the reading stands, as ``page.reading_progress.ReadingProgress.layout`` counts it: n while page n's lines are
    found, pages + 1 while the rules run, pages + 1 + n once page n's text is made.

    >>> from raglab.documents.pdf_lines import Item
    >>> pages = [Page((Item(f"Page {n}.", 72, 700, 10),), (0, 0, 612, 792)) for n in (1, 2)]
    >>> list(read_pages_steps(pages))
    [1, 2, 3, 3, 3, 4, 5]
    """
    boxes: list[tuple[float, float, float, float]] = []  # each page's box; its items are let go with its step
    lines: list[list[TextLine]] = []
    spellings: Counter[str] = Counter()
    for number, page in enumerate(pages, 1):  # a generator of pages makes each page in its step too
        if not isinstance(page, Page):  # made in steps: its lines are found in a step of their own
            page = yield from saying(number, page)
            yield number
        upright = page.upright()
        boxes.append(upright.box)
        lines.append(page_lines(upright))
        spellings.update(word_counts(line.text for line in lines[-1]))
        yield number
    rules = len(lines) + 1
    body = body_size(line for page in lines for line in page)
    furnished = furniture_steps(lines, boxes, body)
    left = yield from saying(rules, furnished)
    unnumbered = [
        [line for n, line in enumerate(page) if left.get((p, n)) != LINE_NUMBER] for p, page in enumerate(lines)
    ]
    pitch = line_pitch(unnumbered, body)  # from line to line, not to a line number between
    kept = [[line for n, line in enumerate(page) if (p, n) not in left] for p, page in enumerate(lines)]
    levels = heading_levels([line for page in kept for line in page], body)
    sections = numbered_sections([line for page in kept for line in page], body, levels)
    by_page: list[dict[int, str]] = [{} for _ in lines]
    for (p, n), reason in left.items():
        by_page[p][n] = reason
    yield rules
    texts = []
    for p, (page, here) in enumerate(zip(lines, by_page, strict=True)):
        title_page = p == 0 and len(lines) >= TITLE_PAGE_MIN
        texts.append(_page_text(page, here, body, pitch, (levels, sections, title_page), spellings))
        yield rules + p + 1
    return join_broken_across_pages(texts, spellings)


def join_broken_across_pages(pages: list[PageText], spellings: Counter[str]) -> list[PageText]:
    """A word broken at the end of a page ("filesys-") joined with its end on the next page with text ("tems are"),
    by ``join_lines``' rule; the joined word stays on the first page (a passage's page is where it starts).

    >>> pages = [PageText("Mount the filesys-"), PageText(""), PageText("tems first.", ((0, "2", "page number"),))]
    >>> [(p.text, p.left_out) for p in join_broken_across_pages(pages, Counter())]
    [('Mount the filesystems', ()), ('', ()), ('first.', ((0, '2', 'page number'),))]
    """
    out = list(pages)
    filled = [n for n, page in enumerate(out) if page.text]
    for this, after in zip(filled, filled[1:], strict=False):
        first, second = out[this], out[after]
        word, last_block = _CONTINUED.match(second.text), first.text.rsplit("\n", 1)[-1]
        if not word or last_block.startswith("#") or not ends_broken(last_block):
            continue
        rest = second.text[word.end() :].lstrip()
        cut = len(second.text) - len(rest)
        out[this] = PageText(join_lines(first.text, word[1], spellings), first.left_out)
        out[after] = PageText(rest, tuple((max(0, at - cut), line, why) for at, line, why in second.left_out))
    return out


_CONTINUED = re.compile(r"([a-z]\w*(?:[-_]\w+)*)")  # the end of a broken word: lower case, on the next page


def body_size(lines) -> float:
    """The body text's font size: the size of the most characters (10 when there are none).

    >>> body_size([TextLine("Title", 0, 700, 18), TextLine("Some body text.", 0, 680, 10)])
    10
    """
    chars: Counter[float] = Counter()
    for line in lines:
        chars[line.size] += len(line.text)
    return chars.most_common(1)[0][0] if chars else 10


def line_pitch(pages: Sequence[Sequence[TextLine]], body: float) -> float:
    """The usual distance between two body lines' baselines, as a share of the body size: the most common gap
    between consecutive body lines, in tenths (1.2 for TeX's 10/12 pt, 1.9 for a word processor's double spacing).

    >>> lines = [TextLine(text, 0, y, 10) for text, y in [("a", 700), ("b", 688), ("c", 676), ("d", 650)]]
    >>> line_pitch([lines], 10)
    1.2
    """
    gaps: Counter[float] = Counter()
    for page in pages:
        for above, below in zip(page, page[1:], strict=False):
            if above.size == body == below.size and 0 < above.y - below.y < 3 * body:
                gaps[round((above.y - below.y) / body, 1)] += 1
    return gaps.most_common(1)[0][0] if gaps else 1.2


_LIST_MARK = re.compile(r"(?:[-*+•–]|\d{1,3}[.)])\s")  # a list item starts a block, as in text.py


def _page_text(
    lines: Sequence[TextLine],
    left: dict[int, str],
    body: float,
    pitch: float,
    headings: tuple[dict[float, int], frozenset[str], bool],
    spellings: Counter[str],
) -> PageText:
    """A page's blocks: lines of one size, ``PARAGRAPH_GAP`` times the usual pitch apart at most, aligned (the
    first line may be indented or hang out, the rest start where the second does) form a block; a heading is a
    block of its own (a heading's wrapped second line joins it); a block in which no sentence ends (a title page,
    an author list, table rows, code) is one block per line. A line left out stands after the text of the lines
    above it (a running header at 0, a footer at the end), whatever order the PDF draws them in. ``headings``: the
    document's levels by size, its numbered sections (``pdf_sections``), and whether this page may be a title page,
    whose only heading is its title (its largest would-be heading; a numbered one stays)."""
    levels, sections, title_page = headings
    level_of = {n: heading_level(line, body, levels, sections) for n, line in enumerate(lines) if n not in left}
    if title_page:
        front_matter(lines, level_of, numbering_depth)
    blocks: list[tuple[int, list[int]]] = []  # each block's heading level (0 for text) and its lines
    before = -1  # the line before this one, read or left out: a left-out line between two ends a block
    for n, line in enumerate(lines):
        if left.get(n) == LINE_NUMBER:  # a line number stands beside its line, not between two
            continue
        if n in left:
            before = n
            continue
        level = level_of[n]
        if blocks and blocks[-1][1][-1] == before:
            kind, members = blocks[-1]
            block = [lines[m] for m in members]
            if continues_heading(block, line, body) if kind else not level and _continues(block, line, pitch):
                members.append(n)
                before = n
                continue
        blocks.append((level, [n]))
        before = n
    full = max((len(line.text) for n, line in enumerate(lines) if n not in left and line.size == body), default=0)
    texts: list[str] = []
    ends: dict[int, int] = {}  # line -> the offset where its block's text ends
    length = 0
    for level, members in blocks:
        for text in _block_texts([lines[m] for m in members], level, spellings, full):
            length += (2 if texts else 0) + len(text)
            texts.append(text)
        ends.update(dict.fromkeys(members, length))
    stood = {n: max((end for m, end in ends.items() if lines[m].y > lines[n].y), default=0) for n in left}
    left_out = tuple((stood[n], lines[n].text, left[n]) for n in sorted(left, key=lambda n: (stood[n], n)))
    return PageText("\n\n".join(texts), left_out)


def _continues(block: list[TextLine], line: TextLine, pitch: float) -> bool:
    """Whether a line goes on a block of text: same size, close below, aligned, and no list item of its own; or,
    at the top of the next column, a sentence's lower-case rest."""
    last, first = block[-1], block[0]
    if abs(line.size - last.size) > 0.05 * last.size or _LIST_MARK.match(line.text):
        return False
    if line.y > last.y and line.x - last.x >= COLUMN_GAP * line.size:
        return line.text[:1].islower() and not last.text.endswith((".", "!", "?", ":"))
    if not 0 < last.y - line.y <= PARAGRAPH_GAP * pitch * last.size:
        return False
    if len(block) > 1:
        return abs(line.x - last.x) <= INDENT * line.size
    indent = first.x - line.x
    return (
        abs(indent) <= INDENT * line.size
        or 0 < indent <= FIRST_INDENT * line.size
        or (indent < 0 and bool(_LIST_MARK.match(first.text)))
    )


def _block_texts(block: list[TextLine], level: int, spellings: Counter[str], full: int) -> list[str]:
    """A block's text, or its lines' texts when no sentence ends in it (a line that runs on stays with the next:
    ``RUNS_ON``); a heading's as "#" * level, a space and its title."""
    if level:
        return ["#" * level + " " + " ".join(line.text for line in block)]
    text = block[0].text
    for line in block[1:]:
        text = join_lines(text, line.text, spellings)
    if len(block) == 1 or _has_sentence_end(text):
        return [_kept_as_text(text)]
    texts = [block[0].text]
    for above, line in zip(block, block[1:], strict=False):
        if _line_runs_on(above.text, line.text, full):
            texts[-1] = join_lines(texts[-1], line.text, spellings)
        else:
            texts.append(line.text)
    return [_kept_as_text(text) for text in texts]


def _line_runs_on(line: str, next_line: str, full: int) -> bool:
    """Whether a line goes on into the next in a block where no sentence ends.

    >>> _line_runs_on("1. distribute the modifications from the", "released version,", 60)
    True
    >>> _line_runs_on("$ cd work", "ls", 60)
    False
    """
    if line.endswith(("-", "_", "/")) and next_line[:1].isalnum():
        return True
    return next_line[:1].islower() and (line[-1:].isalpha() or line.endswith(",")) and len(line) >= RUNS_ON * full


def _has_sentence_end(text: str) -> bool:
    """Whether a sentence ends in a block, by the sentence rule itself ("W. N. Venables" holds no end).

    >>> [_has_sentence_end(t) for t in ["Copyright 1990 W. N. Venables Copyright 1992", "It is. So", "1 2 ..."]]
    [False, True, False]
    """
    return ends_with_full_stop(text) or text.rstrip("\"'”’)]").endswith(("!", "?")) or len(split_sentences(text)) > 1


def _kept_as_text(text: str) -> str:
    """A text block that would read as a Markdown heading ("## make the bins smaller", a code comment) gets a
    word joiner before its "#", so it stays text."""
    return "\u2060" + text if text.startswith("#") else text
