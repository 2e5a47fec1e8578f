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

from .pdf_furniture import furniture
from .pdf_lines import Line, Page, page_lines
from .pdf_sections import front_matter, numbered_sections
from .steps import Steps, run_steps
from .text import split_sentences

HEADING_RATIO = 1.15  # a line at least this much larger than the body size can be a heading (LaTeX's and
# Texinfo's smallest headings are 1.2 times the body, a subscript-free body line varies by under 5%)
HEADING_MAX_WORDS = 12  # a longer line is text, however it is set
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


def read_pages_steps(pages: Iterable[Page]) -> Steps[list[PageText]]:
    """``read_pages`` a page at a time: it yields after each page's lines are found and after each page's text is
    made (the page's reading stays responsive: steps.py); the rules over the whole document run between, at once."""
    upright: list[Page] = []
    lines: list[list[Line]] = []
    spellings: Counter[str] = Counter()
    for page in pages:  # a generator of pages makes each page in its step too
        upright.append(page.upright())
        lines.append(page_lines(upright[-1]))
        spellings.update(word_counts(line.text for line in lines[-1]))
        yield
    body = body_size(line for page in lines for line in page)
    left = furniture(lines, [page.box for page in upright], body * HEADING_RATIO)
    pitch = line_pitch(lines, body)
    kept = [[line for n, line in enumerate(page) if (p, n) not in left] for p, page in enumerate(lines)]
    levels = heading_levels([line for page in kept for line in page], body)
    sections = numbered_sections([line for page in kept for line in page], body, levels)
    by_page: list[dict[int, str]] = [{} for _ in lines]
    for (p, n), reason in left.items():
        by_page[p][n] = reason
    yield
    texts = []
    for p, (page, here) in enumerate(zip(lines, by_page, strict=True)):
        title_page = p == 0 and len(lines) >= TITLE_PAGE_MIN
        texts.append(_page_text(page, here, body, pitch, (levels, sections, title_page), spellings))
        yield
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
        if not word or last_block.startswith("#") or not _BROKEN.search(last_block.rsplit(" ", 1)[-1]):
            continue
        rest = second.text[word.end() :].lstrip()
        cut = len(second.text) - len(rest)
        out[this] = PageText(join_lines(first.text, word[1], spellings), first.left_out)
        out[after] = PageText(rest, tuple((max(0, at - cut), line, why) for at, line, why in second.left_out))
    return out


_CONTINUED = re.compile(r"([a-z]\w*(?:[-_]\w+)*)")  # the end of a broken word: lower case, on the next page


def body_size(lines) -> float:
    """The body text's font size: the size of the most characters (10 when there are none).

    >>> body_size([Line("Title", 0, 700, 18), Line("Some body text.", 0, 680, 10)])
    10
    """
    chars: Counter[float] = Counter()
    for line in lines:
        chars[line.size] += len(line.text)
    return chars.most_common(1)[0][0] if chars else 10


def line_pitch(pages: Sequence[Sequence[Line]], body: float) -> float:
    """The usual distance between two body lines' baselines, as a share of the body size: the most common gap
    between consecutive body lines, in tenths (1.2 for TeX's 10/12 pt, 1.9 for a word processor's double spacing).

    >>> line_pitch([[Line("a", 0, 700, 10), Line("b", 0, 688, 10), Line("c", 0, 676, 10), Line("d", 0, 650, 10)]], 10)
    1.2
    """
    gaps: Counter[float] = Counter()
    for page in pages:
        for above, below in zip(page, page[1:], strict=False):
            if above.size == body == below.size and 0 < above.y - below.y < 3 * body:
                gaps[round((above.y - below.y) / body, 1)] += 1
    return gaps.most_common(1)[0][0] if gaps else 1.2


_NUMBER = re.compile(
    r"(?:(?:chapter|part|section|appendix)\s+)?(?:(\d+(?:\.\d+)*)|([A-Z](?:\.\d+)+)|([A-Z]|[IVX]+))"
    r"\.?\s+(?=\S)",
    re.IGNORECASE,
)
_WORDY_NUMBER = re.compile(r"(?:chapter|part|section|appendix)\s", re.IGNORECASE)


def numbering_depth(text: str) -> int:
    """The level a heading's number gives, 0 for none: "4.3 DER" 2, "4 Functions" and "Chapter 4 ..." and
    "Appendix A ..." 1, "B.2 Invoking R" 2. A bare letter or roman numeral counts only after a word such as
    "Appendix" ("A sample session" is not numbered).

    >>> [numbering_depth(t) for t in ["4.3 DER functions", "Chapter 4 Reference", "Appendix A Notes", "B.2 Windows",
    ...                               "A sample session", "Part III", "1. Make work"]]
    [2, 1, 1, 2, 0, 0, 1]
    """
    m = _NUMBER.match(text)
    if not m:
        return 0
    if m[3] and not _WORDY_NUMBER.match(text):
        return 0
    return 1 + (m[1] or m[2] or "").count(".")


_FULL_STOP = re.compile(r"(?<!\betc)(?<!\.)\.[\"'”’)\]]*$")  # "etc." and "..." are no full stops


def heading_shape(text: str, size: float, body: float) -> bool:
    """Whether a line can be a heading by its text and size (its neighbours decide the rest, see ``_page_text``):
    larger than the body (``HEADING_RATIO``) or numbered ("4.3 ...", "Chapter 4 ..."), at most
    ``HEADING_MAX_WORDS`` words, starting with a capital or a number, not ending with a full stop, a comma or a
    colon (a label: "Major contributors:"), and not numbers alone (a question is a heading: a FAQ's are).

    >>> [heading_shape(t, s, 10) for t, s in [("4.3 DER functions", 10), ("Ferries", 14), ("Ferries", 10),
    ...  ("It leaves at 8.", 14), ("42", 14), ("and the R Core Team", 14), ("1.8 R commands, case, etc.", 10),
    ...  ("2.1 What is R?", 14), ("52.00 111.0 830 5", 10)]]
    [True, True, False, False, False, False, True, True, False]
    """
    words = text.split()
    if not words or len(words) > HEADING_MAX_WORDS or not (text[0].isupper() or text[0].isdigit()):
        return False
    if _FULL_STOP.search(text) or text.endswith((",", ":")) or all(not c.isalpha() for c in text):
        return False
    return size >= body * HEADING_RATIO or (numbering_depth(text) > 0 and len(words) > 1 and numbered_body(text))


def numbered_body(text: str) -> bool:
    """A body-size line is a heading only with a section number of two or more parts or a word such as "Chapter"
    before it, and a title in capitals after it, so a list item ("1. Make work ...") or a table row ("52.00
    111.0 830") stays text."""
    m = _NUMBER.match(text)
    return bool(
        m and (_WORDY_NUMBER.match(text) or (m[1] and "." in m[1].strip(".")) or m[2]) and text[m.end()].isupper()
    )


def heading_levels(lines: Sequence[Line], body: float) -> dict[float, int]:
    """The heading level of each heading size: the numbering depth most of that size's numbered headings have;
    a size without numbered headings takes the level after the next larger size's (the largest: 1). Levels never
    go past 6.

    >>> heading_levels([Line("Guide", 0, 0, 20), Line("1 Ferries", 0, 0, 17), Line("1.1 Fares", 0, 0, 14),
    ...                 Line("Notes", 0, 0, 12), Line("Body text here.", 0, 0, 10)], 10)
    {20: 1, 17: 1, 14: 2, 12: 3}
    """
    depths: dict[float, Counter[int]] = {}
    for line in lines:
        if line.size >= body * HEADING_RATIO and heading_shape(line.text, line.size, body):
            depth = numbering_depth(line.text)
            depths.setdefault(line.size, Counter())
            if depth:
                depths[line.size][depth] += 1
    levels: dict[float, int] = {}
    last = 0
    for size in sorted(depths, reverse=True):
        last = depths[size].most_common(1)[0][0] if depths[size] else last + 1
        levels[size] = min(max(last, 1), 6)
    return levels


_WORD = re.compile(r"\w+(?:[-_]\w+)*")
_BARE = re.compile(r"^[(\[{“‘\"']+|[.,;:!?)\]}”’\"']+$")


def word_counts(texts) -> Counter[str]:
    """How the document spells its words, lower case: each word (hyphens and underscores kept inside it) and each
    run of non-spaces without its surrounding punctuation ("https://cran.r-project.org").

    >>> sorted(word_counts(["An ELEMENT of update-mime-database (see https://x.org)."]))
    ['an', 'element', 'https', 'https://x.org', 'of', 'org', 'see', 'update-mime-database', 'x']
    """
    counts: Counter[str] = Counter()
    for text in texts:
        lower = text.lower()
        counts.update(_WORD.findall(lower))
        counts.update(_BARE.sub("", token) for token in lower.split() if "." in token or "/" in token)
    return counts


_BROKEN = re.compile(r"(\w+(?:[-_]\w+)*)([-_])$")
_HEAD = re.compile(r"\w+(?:[-_]\w+)*")


def join_lines(first: str, second: str, spellings: Counter[str]) -> str:
    """Two lines of one block joined: a word broken at the line end is joined the way the document spells it
    elsewhere (the joined word, or with its hyphen); when it does not say, a lower-case continuation is one word
    ("man-" "agement"), a capital one keeps the hyphen ("Self-" "Service") unless both halves are capitals
    ("ELE-" "MENT"), and a word with a hyphen already keeps this one too ("update-mime-" "database"). A break
    after "_" or "/" is always inside one identifier or address, and one after "." is when the document has the
    whole ("https://cran.r-" "project.org").

    >>> words = Counter({"update-mime-database": 1, "element": 2, "https://x.org": 1})
    >>> for a, b in [("the man-", "agement team"), ("ASN1_", "SYNTAX_ERROR."), ("an ELE-", "MENT"), ("Self-",
    ...              "Service desks"), ("see update-mime-", "database"), ("X.", "690"), ("(https://x.", "org)")]:
    ...     print(join_lines(a, b, words))
    the management team
    ASN1_SYNTAX_ERROR.
    an ELEMENT
    Self-Service desks
    see update-mime-database
    X. 690
    (https://x.org)
    """
    last, head = first.rsplit(" ", 1)[-1], _HEAD.match(second)
    broken = _BROKEN.search(last)  # the last word only: a block's text grows line by line
    if last.endswith("/") or (
        last.endswith(".") and _BARE.sub("", (last + second.split(" ", 1)[0]).lower()) in spellings
    ):
        return first + second
    if not broken or not head:
        return f"{first} {second}"
    if broken[2] == "_":
        return first + second
    start, tail = broken[1], head[0]
    joined, kept = (start + tail).lower(), f"{start}-{tail}".lower()
    if (joined in spellings) != (kept in spellings):
        one_word = joined in spellings
    elif "-" in start:
        one_word = False
    else:
        one_word = tail[0].islower() or (start[-1].isupper() and tail[:2].isupper())
    return first[:-1] + second if one_word else first + second


_LIST_MARK = re.compile(r"(?:[-*+•–]|\d{1,3}[.)])\s")  # a list item starts a block, as in text.py


def _page_text(
    lines: Sequence[Line],
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
    level_of = {n: _heading_level(line, body, levels, sections) for n, line in enumerate(lines) if n not in left}
    if title_page:
        front_matter(lines, level_of, numbering_depth)
    blocks: list[tuple[int, list[int]]] = []  # each block's heading level (0 for text) and its lines
    for n, line in enumerate(lines):
        if n in left:
            continue
        level = level_of[n]
        if blocks and blocks[-1][1][-1] == n - 1:  # a left-out line between two ends a block
            kind, members = blocks[-1]
            block = [lines[m] for m in members]
            if _continues_heading(block, line, body) if kind else not level and _continues(block, line, pitch):
                members.append(n)
                continue
        blocks.append((level, [n]))
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


def _heading_level(line: Line, body: float, levels: dict[float, int], sections: frozenset[str]) -> int:
    if line.text in sections:
        return 1
    if not heading_shape(line.text, line.size, body):
        return 0
    depth = numbering_depth(line.text)
    return min(depth, 6) if depth else levels.get(line.size, 0)


def _continues_heading(block: list[Line], line: Line, body: float) -> bool:
    """Whether a line is a large heading's wrapped second line: its size, close below, not numbered, the two no
    longer than a heading, and the break inside a phrase (the line starts in lower case, or the heading's first
    line ends with a short lower-case word: "... in the" "Model", not "Thomas Williams" "Version 5.4").

    >>> heading, wrapped = Line("7.18 Why does the output depend on the", 90, 700, 14), Line("order?", 90, 684, 14)
    >>> _continues_heading([heading], wrapped, 10), _continues_heading([heading], Line("Why?", 90, 684, 14), 10)
    (True, True)
    """
    last = block[-1]
    words = last.text.split()
    return (
        len(block) == 1
        and line.size == last.size >= body * HEADING_RATIO
        and not numbering_depth(line.text)
        and not _FULL_STOP.search(line.text)
        and 0 < last.y - line.y <= 1.6 * line.size
        and len(words) + len(line.text.split()) <= HEADING_MAX_WORDS
        and (line.text[:1].islower() or (words[-1].isalpha() and words[-1].islower() and len(words[-1]) <= 4))
    )


def _continues(block: list[Line], line: Line, pitch: float) -> bool:
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


def _block_texts(block: list[Line], level: int, spellings: Counter[str], full: int) -> list[str]:
    """A block's text, or its lines' texts when no sentence ends in it (a line that runs on stays with the next:
    ``RUNS_ON``); a heading's as "#" * level, a space and its title."""
    if level:
        return ["#" * level + " " + " ".join(line.text for line in block)]
    text = block[0].text
    for line in block[1:]:
        text = join_lines(text, line.text, spellings)
    if len(block) == 1 or _has_sentence_end(text):
        return [_plain(text)]
    texts = [block[0].text]
    for above, line in zip(block, block[1:], strict=False):
        if _runs_on(above.text, line.text, full):
            texts[-1] = join_lines(texts[-1], line.text, spellings)
        else:
            texts.append(line.text)
    return [_plain(text) for text in texts]


def _runs_on(line: str, next_line: str, full: int) -> bool:
    """Whether a line goes on into the next in a block where no sentence ends.

    >>> _runs_on("1. distribute the modifications from the", "released version,", 60), _runs_on("$ cd work", "ls", 60)
    (True, False)
    """
    if line.endswith(("-", "_", "/")) and next_line[:1].isalnum():
        return True
    return next_line[:1].islower() and (line[-1:].isalpha() or line.endswith(",")) and len(line) >= RUNS_ON * full


def _has_sentence_end(text: str) -> bool:
    """Whether a sentence ends in a block, by the sentence rule itself ("W. N. Venables" holds no end).

    >>> [_has_sentence_end(t) for t in ["Copyright 1990 W. N. Venables Copyright 1992", "It is. So", "1 2 ..."]]
    [False, True, False]
    """
    return (
        bool(_FULL_STOP.search(text)) or text.rstrip("\"'”’)]").endswith(("!", "?")) or len(split_sentences(text)) > 1
    )


def _plain(text: str) -> str:
    """A text block that would read as a Markdown heading ("## make the bins smaller", a code comment) gets a
    word joiner before its "#", so it stays text."""
    return "\u2060" + text if text.startswith("#") else text
