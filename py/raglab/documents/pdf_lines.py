"""PDF lines: the text items a PDF reader gives (pdf.js in the page, pypdf on the command line, each turned into
``Item``s by ``readers.py`` or the page) become a page's lines, by one rule for both readers: items on one baseline
make a line, spaced where either reader spaced them or a gap says so, in the characters both readers agree on.

>>> page = Page((Item("The ferry", 72, 700, 10, 40), Item("leaves.", 115, 700, 10, 30)), (0, 0, 612, 792))
>>> page_lines(page)
[TextLine(text='The ferry leaves.', x=72, y=700, size=10)]
"""

from __future__ import annotations

import re
import unicodedata
from array import array
from collections.abc import Sequence
from dataclasses import dataclass

from .steps import Steps, run_steps

SPACE_GAP = 0.15  # a gap between two items of this share of the font size is a space (pypdf's own rule is half a
# space width, 0.14-0.17 of the size in common fonts; with it page and command line space the R manuals alike)
LINE_TOLERANCE = 0.5  # items whose baselines differ by up to this share of the larger size share a line, so a
# superscript (raised about 0.35 of the size) stays in its line; lines are at least 1 size apart
BACK_JUMP = 1.0  # of the larger size: an item drawn after its line's items but starting this far left of all of them
# starts a line of its own: a line number in the margin (the lineno package ends it 10 pt left of the text: 1.1-1.5
# sizes from the text's start; AASTeX 2.7-3). A TeX accent steps back under half a size (0.01-0.05 in sample631.pdf),
# an overprint less; a subscript under a superscript steps back further (1.5-2.2 sizes in revtex's apssamp.pdf), but
# only to the superscript's start, right of where its line starts. Only a number is split off so: a right-to-left
# line may be drawn a word at a time from the right, each word left of the last
ITEMS_A_STEP = 2_000  # pdf.js's items made into Items a step in the page: a page of many is many short steps


@dataclass(frozen=True)
class Item:
    """A piece of text as a PDF reader places it: its baseline start ``x``, ``y`` in PDF points (y up, from the
    page's lower left), its font ``size``, and its ``width`` when the reader measures it. pdf.js does, and leaves
    some word gaps as bare gaps between items (``SPACE_GAP`` decides them); pypdf's pieces come with their word
    gaps already spaced, so their width is None.

    No font name, so no bold: pdf.js's text items name a font only by a handle ("g_d0_f1"); its real name comes
    with the page's operator list, which cost 50-110% more time a page on the R and gnuplot manuals, and pdf.js
    flags none of TeX's bold fonts (CMBX12) bold. Both readers give sizes, so the rules use sizes and numbering."""

    text: str
    x: float
    y: float
    size: float
    width: float | None = None
    turn: int = 0  # degrees the text is turned counter-clockwise (0, 90, 180, 270); x and y are in its own frame


@dataclass(frozen=True)
class Page:
    """A page's items in the order the PDF draws them, and its box (x0, y0, x1, y1) in the same points."""

    items: tuple[Item, ...]
    box: tuple[float, float, float, float]

    @classmethod
    def from_arrays(cls, texts: Sequence[str], numbers, box: Sequence[float]) -> Page:
        """A page from the compact form pdf.js's items cross into Python in: their texts, and per item 7 numbers
        (its text matrix a b c d e f, with the font size in it, and its width), as floats or the bytes of a
        Float64Array.

        >>> Page.from_arrays(["Hi"], [10, 0, 0, 10, 72, 700, 9.4], (0, 0, 612, 792))
        Page(items=(Item(text='Hi', x=72.0, y=700.0, size=10.0, width=9.4, turn=0),), box=(0.0, 0.0, 612.0, 792.0))
        """
        return run_steps(cls.from_arrays_steps(texts, numbers, box))

    @classmethod
    def from_arrays_steps(cls, texts: Sequence[str], numbers, box: Sequence[float]) -> Steps[Page]:
        """``from_arrays`` ``ITEMS_A_STEP`` items a step: a page of 20,000 items (pdf_items.MAX_PAGE_ITEMS) is
        ten steps in the page, not one task of a second (bench/README.md, issue 36).

        >>> steps = Page.from_arrays_steps(["Hi"] * 4500, [10, 0, 0, 10, 72, 700, 9.4] * 4500, (0, 0, 612, 792))
        >>> sum(1 for _ in steps)  # a pause after 2,000 and after 4,000 of the 4,500 items
        2
        """
        if hasattr(numbers, "tobytes"):
            numbers = array("d", numbers.tobytes())
        items: list[Item] = []
        for start in range(0, len(texts), ITEMS_A_STEP):
            if start:
                yield
            for i in range(start, min(start + ITEMS_A_STEP, len(texts))):
                item = text_item(texts[i], numbers[7 * i : 7 * i + 6], numbers[7 * i + 6])
                if item:
                    items.append(item)
        x0, y0, x1, y1 = (float(v) for v in box)
        return cls(tuple(items), (x0, y0, x1, y1))

    def upright(self) -> Page:
        """The page as read: the items of its main turn (the one most characters have), its box in their frame. A
        figure's axis label, turned on an upright page, is the figure's; a landscape table, turned on its page, is
        the page's text.

        >>> text, label = Item("Text of the page.", 72, 700, 10), Item("Axis", 300, -60, 8, turn=90)
        >>> Page((text, label), (0, 0, 612, 792)).upright().items == (text,)
        True
        >>> Page((Item("A landscape table row", 100, -50, 10, turn=90),), (0, 0, 612, 792)).upright().box
        (0, -612, 792, 0)
        """
        chars: dict[int, int] = {}
        for item in self.items:
            chars[item.turn] = chars.get(item.turn, 0) + len(item.text)
        turn = max(sorted(chars), key=chars.__getitem__, default=0)
        x0, y0, x1, y1 = self.box
        box = {0: (x0, y0, x1, y1), 90: (y0, -x1, y1, -x0), 180: (-x1, -y1, -x0, -y0), 270: (-y1, x0, -y0, x1)}[turn]
        return Page(tuple(item for item in self.items if item.turn == turn), box)


def text_item(text: str, matrix: Sequence[float], width: float | None = None) -> Item | None:
    """An item from its text rendering matrix (a b c d e f: the font size times the text and page matrices), in the
    frame where its text reads left to right (``Item.turn``: text turned 90 degrees, running up the page, has its
    x along the page's y); None for slanted text. Positions and sizes are rounded to 1/100 point, so that the two
    readers' arithmetic (111.60000000000002 and 111.60000000000008) gives the same numbers.

    >>> text_item("Hi", [10.9091, 0, 0, 10.9091, 111.60000000000002, 684.134])
    Item(text='Hi', x=111.6, y=684.13, size=10.91, width=None, turn=0)
    >>> text_item("Axis", [0, 8, -8, 0, 60, 300]), text_item("Slant", [7, 7, -7, 7, 0, 0])
    (Item(text='Axis', x=300.0, y=-60.0, size=8.0, width=None, turn=90), None)
    """
    a, b, c, d, e, f = (float(v) for v in matrix)
    if abs(b) < 1e-3 and abs(c) < 1e-3 and a * d > 0:  # upright (0) or upside down (180)
        turn, x, y, size = (0, e, f, d) if d > 0 else (180, -e, -f, -d)
    elif abs(a) < 1e-3 and abs(d) < 1e-3 and b * c < 0:  # running up (90) or down (270) the page
        turn, x, y, size = (90, f, -e, b) if b > 0 else (270, -f, e, c)
    else:
        return None
    return Item(text, round(x, 2), round(y, 2), round(size, 2), None if width is None else round(float(width), 2), turn)


@dataclass(frozen=True)
class TextLine:
    """A line of a page: its text (spaced and normalised), where it starts, its baseline and its main font size
    (the size of most of its characters)."""

    text: str
    x: float
    y: float
    size: float


_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")  # a glyph no font maps to text (pypdf gives "\x88")
_LEADER = re.compile(r"\s*(?:\.\s?){4,}\s*|\s*(?:\.\s?){2,3}\s*(?=(?:\d+|[ivxlc]+)(?:,\s*\d+)*$)")
_ELLIPSIS = re.compile(r"(?<!\.\s)\.\s\.\s\.(?!\s\.)")  # TeX's ". . .", which pdf.js spaces and pypdf may not
_SPACE_BEFORE = re.compile(r"\s+(?=[,)”])")
_LOOSE_ACCENT = re.compile(r" ([\u0300-\u036f])(\w)")  # TeX's accent before its letter: "Br ̈oker"


# TeX's old font encoding (OT1) puts its ligatures at codes 11-15; pypdf gives a font without a Unicode map as those
# control characters ("the \x0crst" for "the first"), which would read as spaces. Next to a letter they are letters.
_TEX_LIGATURES = {"\x0b": "ff", "\x0c": "fi", "\x0d": "fl", "\x0e": "ffi", "\x0f": "ffl"}
_TEX_LIGATURE = re.compile(r"(?<=[^\W\d_])[\x0b-\x0f]|[\x0b-\x0f](?=[^\W\d_])")


def tex_ligatures(text: str) -> str:
    """TeX's ligature codes beside a letter as their letters (see _TEX_LIGATURES); elsewhere they stay controls.

    >>> tex_ligatures("the \\x0crst e\\x0bect \\x0c")
    'the first effect \\x0c'
    """
    return _TEX_LIGATURE.sub(lambda m: _TEX_LIGATURES[m[0]], text)


def line_text(text: str) -> str:
    """A line's text as both readers agree on it: compatibility characters as plain letters (NFKC: "ﬁ" -> "fi"),
    soft hyphens dropped, TeX's loose accents on their letters, dot leaders as " . . . . " and an ellipsis as
    "..." however the reader spaced their dots, and no space before a comma, a closing bracket or quote (pdf.js
    spaces a gap of a tenth of the font size, such as TeX's italic correction before "”"; pypdf does not).

    >>> line_text("The ﬁrst  ferry , on Br ̈oker’s “Blue Book ” (1, . . . , 9) . . . . . . 12")
    'The first ferry, on Bröker’s “Blue Book” (1, ..., 9) . . . . 12'
    >>> line_text("1.2 Related software.......3"), line_text("2 Simple manipulations . . 8")
    ('1.2 Related software . . . . 3', '2 Simple manipulations . . . . 8')
    """
    text = unicodedata.normalize("NFKC", text).replace("\u00ad", "")
    text = unicodedata.normalize("NFC", _LOOSE_ACCENT.sub(r"\2\1", " ".join(text.split()))).replace("c©", "©")
    return _SPACE_BEFORE.sub("", _ELLIPSIS.sub("...", _LEADER.sub(" . . . . ", text).strip()))


def page_lines(page: Page) -> list[TextLine]:
    """A page's lines (of an ``upright`` page): items in the order the PDF draws them, an item on the line before
    it when their baselines are close (``LINE_TOLERANCE``), else on a line of its own; so is a number drawn after
    its line but starting ``BACK_JUMP`` sizes left of it (a line number in the margin, drawn after its line's text,
    stands on the same baseline as a line of its own, not glued to the line's last word). Keeping the drawing order
    (not sorting by position) keeps two columns apart and gives overlapping glyphs the same order in both readers.
    Between two items a space comes from either item's own space, or from a gap of ``SPACE_GAP`` times the size
    when the reader measured the item before.

    >>> page = Page((Item("converted.", 90, 700, 10, 48), Item("If", 150, 700, 10, 8), Item("x", 158.5, 703, 7, 4),
    ...              Item("y", 90, 688, 10, 5), Item("12", 64, 688, 5, 5)), (0, 0, 612, 792))
    >>> [(line.text, line.y) for line in page_lines(page)]
    [('converted. Ifx', 700), ('y', 688), ('12', 688)]
    """
    groups: list[list[Item]] = []
    texts: list[list[str]] = []
    starts: list[float] = []  # each line's leftmost start so far
    for item in page.items:
        text = item.text if item.text.isprintable() else _CONTROL.sub("", tex_ligatures(item.text))
        if not text.strip():
            if item.width is None and texts and groups and abs(item.y - groups[-1][0].y) < 1:
                texts[-1].append(" ")  # a reader's own space between two of its pieces
            continue
        last = groups[-1][-1] if groups else None
        size = max(item.size, groups[-1][0].size) if groups else item.size
        back = item.x <= starts[-1] - BACK_JUMP * size if groups else False
        if last and abs(item.y - groups[-1][0].y) <= LINE_TOLERANCE * size and not (back and text.strip().isdigit()):
            if last.width is not None and item.x - (last.x + last.width) >= SPACE_GAP * item.size:
                texts[-1].append(" ")
            groups[-1].append(item)
            texts[-1].append(text)
            starts[-1] = min(starts[-1], item.x)
        else:
            groups.append([item])
            texts.append([text])
            starts.append(item.x)
    return [_line(group, "".join(parts)) for group, parts in zip(groups, texts, strict=True)]


def _line(items: list[Item], text: str) -> TextLine:
    chars: dict[float, int] = {}
    for item in items:
        chars[item.size] = chars.get(item.size, 0) + len(item.text.strip())
    size = max(chars, key=chars.__getitem__)  # the first of the most common, as Counter.most_common gives it
    y = next(item.y for item in items if item.size == size)
    return TextLine(line_text(text), min(item.x for item in items), y, size)


def text_lines(text: str, box: tuple[float, float, float, float] = (0, 0, 612, 792)) -> Page:
    """A page given as plain text (as a reader without positions gives it): each line an item of body text,
    12 points apart from the top margin down, so its lines join into blocks as a page's would.

    >>> [(item.text, item.y) for item in text_lines("One\\ntwo").items]
    [('One', 720.0), ('two', 708.0)]
    """
    top = box[3] - 72
    return Page(tuple(Item(line, 72.0, top - 12.0 * n, 10.0) for n, line in enumerate(text.splitlines())), box)
