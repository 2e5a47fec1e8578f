"""The source view ("Show in the document"): a document as the lab read it. Each passage is outlined with its id,
headings are headings, and what a reader left out of the text (``Document.left_out``: running headers, page
numbers, contents) is struck through with the reason; the passage a result gave is highlighted. For a visitor's
PDF, the page itself is drawn beside it (``web/pdf_view.js``), its words marked where ``passage_marks`` says.

Everything the document supplies is escaped: a document is shown as text, never as HTML.

>>> from raglab.documents.corpus import Document
>>> from raglab.documents.source_map import find_place
>>> doc = Document("pier", "<b>Pier</b>", "# Hours\\n\\nThe pier opens at 7:00. It closes at dusk. Fish <here>.")
>>> html = render_cut(doc, find_place(doc, "pier-2", 2))
>>> "<h4>Hours</h4>" in html, '<mark class="psg hl psg-b" data-id="pier-2" id="source-here" tabindex="-1">' in html
(True, True)
>>> "&lt;here&gt;" in html and "<here>" not in html
True
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections.abc import Sequence
from dataclasses import dataclass
from html import escape

from ..documents.chunking import BLOCKS, CHUNK_SIZES, WHOLE_DOCUMENT, PassageSize, chunk_document
from ..documents.corpus import Document
from ..documents.source_map import Place, passage_label, sentence_spans

TITLE_ID = "source-title"
HERE_ID = "source-here"  # the first piece of the highlighted passage: scrolled to and focused when the view opens
_BLOCK = re.compile(r"[^\n]+")  # a document's blocks are its lines (blank lines only separate them)


def render_source(doc: Document, place: Place | None, size: PassageSize | None = None) -> str:
    """The whole view: its heading and Close, the choice of cut (chunk size's passages only), the place for the
    PDF's page (filled by the page when it has the PDF) and the text as cut (``render_cut``)."""
    head = (
        f'<div class="source-head"><h2 id="{TITLE_ID}">{escape(doc.title)}</h2>'
        '<button type="button" class="source-close">Close</button></div>'
    )
    if place is None:
        return (
            f'{head}<p class="message">That passage is no longer in this document: it was read again or cut '
            "differently since the result was drawn. Ask the question again.</p>"
        )
    size = place.size if size is None else size
    return (
        f'{head}{_size_choice(place, size)}<div class="source-parts"><div class="pdf-part" hidden></div>'
        f'<div class="source-cut">{render_cut(doc, place, size)}</div></div>'
    )


def _size_choice(place: Place, size: PassageSize) -> str:
    if len(place.sizes) < 2:
        return ""
    radios = "".join(
        f'<label><input type="radio" name="source-size" value="{s}"{" checked" * (s == size)}> '
        f"{escape(_size_words(s))}</label>"
        for s in place.sizes
    )
    return f'<fieldset class="source-sizes"><legend>Cut into</legend>{radios}</fieldset>'


def _size_words(size: PassageSize) -> str:
    """A cut as the view names it: "2 sentences", "blocks (paragraphs, lists, tables)", "whole documents"."""
    if size == BLOCKS:
        return "blocks (paragraphs, lists, tables)"
    return "whole documents" if size == WHOLE_DOCUMENT else f"{size} sentence{'s' * (size != 1)}"


def render_cut(doc: Document, place: Place, size: PassageSize | None = None) -> str:
    """The document's text cut into passages of ``size`` (the place's own by default): a line saying what is shown,
    then every block, heading or paragraph, with each passage outlined and labelled, the passages that hold the
    place's sentences highlighted, and each left-out line struck through where it stood."""
    size = place.size if size is None else size
    spans = sentence_spans(doc)
    chunks = [c for c in chunk_document(doc, size) if c.sentences]
    held = set(place.sentences)
    passages = [
        _Passage(
            spans[c.first][0],
            spans[c.first + c.sentences - 1][1],
            passage_label(c, place),
            c.page,
            not held.isdisjoint(range(c.first, c.first + c.sentences)),
        )
        for c in chunks
    ]
    left_out = sorted(doc.left_out, key=lambda line: line[0])
    body = _Body(doc.text, passages, left_out, doc.headings).html()
    return (
        f'<p class="source-about">{escape(_about(doc, place, size, len(chunks), len(left_out)))}</p>'
        f'<h3 class="source-text-h">The text as the lab cut it</h3><div class="source-text">{body}</div>'
    )


def _about(doc: Document, place: Place, size: PassageSize, passages: int, left_out: int) -> str:
    """What the view shows, in a sentence built from the document.

    >>> from raglab.documents.source_map import find_place
    >>> doc = Document("r", "Rules", "Camp here. No fires. Dogs on a lead.", "rules.txt")
    >>> _about(doc, find_place(doc, "r-s1-2", 2), 2, 2, 0)
    'How the lab read rules.txt: 2 passages of 2 sentences. Each passage is outlined, its id first; the passages \
of 2 sentences that hold the sentences of r-s1-2 (the passage the result gave) are highlighted.'
    >>> _about(doc, find_place(doc, "r-1", BLOCKS), BLOCKS, 1, 0).split(": ")[1].split(". ")[0]
    '1 passage of blocks (paragraphs, lists, tables)'
    """
    cut = (
        "1 passage, the whole document"
        if size == WHOLE_DOCUMENT
        else f"{passages:,} passage{'s' * (passages != 1)} of {_size_words(size)}"
    )
    out = f", {left_out:,} line{'s' * (left_out != 1)} left out" if left_out else ""
    if not place.passage_id:
        came = "every passage of the lab's cut is here"
    elif place.passage_id == doc.slug:
        came = "the whole document is what the result gave, so every passage is highlighted"
    elif size != place.size:
        came = (
            f"the passages of {_size_words(size)} that hold the sentences of {place.passage_id} (the passage the "
            "result gave) are highlighted"
        )
    else:
        came = f"the passage the result gave, {place.passage_id}, is highlighted"
    struck = " Struck-through lines were left out of the passages, each with the reason." if left_out else ""
    return (
        f"How the lab read {doc.source or doc.title}: {cut}{out}. Each passage is outlined, its id first; "
        f"{came}.{struck}"
    )


@dataclass(frozen=True)
class _Passage:
    start: int
    end: int
    id: str
    page: int | None
    lit: bool  # highlighted: it holds a sentence of the place


class _Body:
    """The blocks of a text as HTML, passages and left-out lines put in where they stand. A passage may run over
    several blocks, and a block hold several passages, so each is drawn in pieces, one per block (its id on the
    first); a left-out line at a block's start stands before it, one inside a block (a page break within a
    sentence) inside it. Passages and lines are found by bisection: a 300-page manual has thousands of each."""

    def __init__(
        self,
        text: str,
        passages: Sequence[_Passage],
        left_out: Sequence[tuple[int, str, str]],
        headings: Sequence[tuple[int, int, str]],
    ):
        self.text, self.passages, self.left_out = text, passages, left_out
        self.starts = [p.start for p in passages]
        self.bounds = sorted({o for p in passages for o in (p.start, p.end)} | {line[0] for line in left_out})
        self.next_left = 0  # the first left-out line not drawn yet
        self.here = False  # the highlighted passage's first piece is drawn (it carries HERE_ID)
        self.headings = {offset: level for offset, level, _ in headings}  # a heading's title offset: its level
        self.heading_starts = sorted(self.headings)
        # the document's heading levels in use, so the view's headings go h4, h5, ... with no level skipped
        self.levels = sorted(set(self.headings.values()))

    def html(self) -> str:
        out, previous = [], 3
        for block in _BLOCK.finditer(self.text):
            start, end = block.start(), block.end()
            i = bisect_left(self.heading_starts, start)  # a heading's title starts after its "#" mark
            heading = i < len(self.heading_starts) and self.heading_starts[i] < end
            content = self.heading_starts[i] if heading else start
            out.append(self._left_out_until(content, "p"))
            pieces = self._pieces(content, end)
            if heading:
                level = min(6, 4 + self.levels.index(self.headings[content]), previous + 1)
                previous = level
                out.append(f"<h{level}>{pieces}</h{level}>")
            elif pieces.strip():
                out.append(f"<p>{pieces}</p>")
        out.append(self._left_out_until(len(self.text), "p"))
        return "".join(out)

    def _left_out_until(self, offset: int, tag: str) -> str:
        """The left-out lines not drawn yet that stood at or before ``offset``."""
        out = []
        while self.next_left < len(self.left_out) and self.left_out[self.next_left][0] <= offset:
            _, line, reason = self.left_out[self.next_left]
            out.append(
                f'<{tag} class="left-out"><del>{escape(line)}</del> <span class="why">(left out: '
                f"{escape(reason)})</span></{tag}>"
            )
            self.next_left += 1
        return "".join(out)

    def _pieces(self, start: int, end: int) -> str:
        cuts = [start, *self.bounds[bisect_right(self.bounds, start) : bisect_left(self.bounds, end)], end]
        out = []
        for a, b in zip(cuts, cuts[1:], strict=False):
            if a > start:
                out.append(self._left_out_until(a, "span"))
            out.append(self._piece(a, b))
        return "".join(out)

    def _piece(self, a: int, b: int) -> str:
        text = escape(self.text[a:b])
        n = bisect_right(self.starts, a) - 1
        if n < 0 or a >= self.passages[n].end:
            return text  # between passages
        p = self.passages[n]
        label = ""
        if a == p.start:
            page = f" · p. {p.page}" if p.page is not None else ""
            label = f'<span class="pid">{escape(p.id)}{page}</span> '
        here = ""
        if p.lit and not self.here:
            here, self.here = f' id="{HERE_ID}" tabindex="-1"', True
        tag, css = ("mark", "psg hl") if p.lit else ("span", "psg")
        css += " psg-b" if n % 2 else ""
        return f'<{tag} class="{css}" data-id="{escape(p.id)}"{here}>{label}{text}</{tag}>'


# How large a PDF's page is drawn: "fit", as wide as the room it has; "print", its printed size (CSS px are 1/96
# inch, a PDF's points 1/72), scrolled inside its part to the passage's words. In a room narrower than FIT_ROOM
# (a phone: 390 px gives about 360), a fitted page is drawn at under 0.6 of its printed size, its 10-12 pt body
# text 8-10 px high, too small to read: there it opens at "print".
PDF_SCALES = {"fit": None, "print": 96 / 72}
FIT_ROOM = 480
ZOOM_WORDS = {"fit": "Zoom in to print size", "print": "Show the whole page"}  # the button: what pressing it does


def pdf_zoom_for(room: float) -> str:
    """The zoom a PDF's page opens at in a room ``room`` CSS px wide.

    >>> pdf_zoom_for(366), pdf_zoom_for(560)
    ('print', 'fit')
    """
    return "print" if room < FIT_ROOM else "fit"


def other_zoom(zoom: str) -> str:
    return "fit" if zoom == "print" else "print"


def render_pdf_part(doc: Document, pages: Sequence[int], zoom: str = "fit") -> str:
    """The place for the pages of a visitor's PDF that the passage runs over, each a canvas pdf_view.js draws at
    ``zoom`` (PDF_SCALES), with the button that draws them at the other.

    >>> from raglab.documents.corpus import Document
    >>> html = render_pdf_part(Document("g", "g.pdf", "Tide.", "g.pdf", (0,)), [1], "print")
    >>> html[: html.index("</div>") + 6]
    '<div class="pdf-part-top"><h3 class="pdf-part-h">The page in g.pdf</h3><button type="button" class="pdf-zoom" \
data-zoom="fit">Show the whole page</button></div>'
    """
    name = escape(doc.source or doc.title)
    figures = "".join(
        f'<figure class="pdf-page" data-page="{n}"><div class="pdf-sheet"><canvas role="img" aria-label="Page {n} '
        f'of {name}"></canvas></div><figcaption>Page {n} of {doc.pages}, drawn from the PDF…</figcaption></figure>'
        for n in pages
    )
    other = other_zoom(zoom)
    button = f'<button type="button" class="pdf-zoom" data-zoom="{other}">{ZOOM_WORDS[zoom]}</button>'
    heading = f'<h3 class="pdf-part-h">The {"page" if len(pages) == 1 else "pages"} in {name}</h3>'
    return f'<div class="pdf-part-top">{heading}{button}</div>{figures}'


def pdf_caption(page: int, pages: int, marked: int) -> str:
    """A drawn page's caption, from how many of its text items hold the passage.

    >>> pdf_caption(3, 9, 4)
    'Page 3 of 9: the passage’s words are marked.'
    """
    if marked:
        return f"Page {page} of {pages}: the passage’s words are marked."
    return (
        f"Page {page} of {pages}. The passage’s words could not be found in this page’s text as pdf.js gives it, "
        "so nothing is marked."
    )


def show_how_read(slug: str, name: str, corpus: str = "") -> str:
    """The control a list of documents may give each document: the source view of it, no passage highlighted (the
    page's glue opens any ``button.show-source``; ``data-id`` names the passage, when there is one; ``data-corpus``
    the documents it is in, "fernport" or "yours", when a list knows: a visitor's slug may be one of the site's).
    Its name says which document, after the words it shows.

    >>> show_how_read("ferry", "Ferry <timetable>", "yours")
    '<button type="button" class="show-source" data-slug="ferry" data-corpus="yours"><span>Show how the lab read \
it<span class="visually-hidden"> (Ferry &lt;timetable&gt;)</span></span></button>'
    """
    where = f' data-corpus="{escape(corpus)}"' if corpus else ""
    return (
        f'<button type="button" class="show-source" data-slug="{escape(slug)}"{where}><span>Show how the lab '
        f'read it<span class="visually-hidden"> ({escape(name)})</span></span></button>'
    )


def size_of(value: str) -> PassageSize:
    """A size radio's value as a passage size: "2" -> 2 (CHUNK_SIZES), anything else the whole document."""
    return int(value) if value.isdigit() and int(value) in CHUNK_SIZES else WHOLE_DOCUMENT
