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

from collections.abc import Iterator, Sequence
from html import escape

from ..documents.chunking import BLOCKS, CHUNK_SIZES, WHOLE_DOCUMENT, Chunk, PassageSize, chunk_document
from ..documents.corpus import Document
from ..documents.source_map import Place, passage_label, sentence_spans_steps
from ..documents.steps import Steps, run_steps
from .source_body import RUN_CHARS, Body, Passage

TITLE_ID = "source-title"
STEP_CHUNKS = 2_000  # passages outlined a step, before the text is drawn


def render_source(doc: Document, place: Place | None, size: PassageSize | None = None, cut: str | None = None) -> str:
    """The whole view: its heading and Close, the choice of cut (chunk size's passages only), the place for the
    PDF's page (filled by the page when it has the PDF) and the text as cut (``render_cut``; ``cut`` "": left
    empty, for the page to draw in steps, ``cut_steps``)."""
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
    cut = render_cut(doc, place, size) if cut is None else cut
    return (
        f'{head}{_size_choice(place, size)}<div class="source-parts"><div class="pdf-part" hidden></div>'
        f'<div class="source-cut">{cut}</div></div>'
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
    about, body = run_steps(_cut_steps(doc, place, size))
    return _frame(about, body.html())


def cut_steps(
    doc: Document,
    place: Place,
    size: PassageSize | None = None,
    run_chars: int = RUN_CHARS,
    chunks: Sequence[Chunk] | None = None,
) -> Iterator[tuple[str, str] | None]:
    """``render_cut`` in steps, for the page: None while the passages are found, then ("cut", the line saying what
    is shown and an empty ``.source-text``), then the text in runs (``Body.runs``: ("here", the run that holds the
    highlighted passage), then ("end", html) to go after what is drawn and ("start", html) before it, in turn).
    The runs (of about ``run_chars`` characters of text) put in their places are ``render_cut``'s text.
    ``chunks``: the document's chunks of that size as the lab holds them (``Lab.document_chunks``), else it is cut
    here, in one step."""
    about, body = yield from _cut_steps(doc, place, size, chunks)
    yield "cut", _frame(about, "")
    yield from body.runs(run_chars)


def _cut_steps(
    doc: Document, place: Place, size: PassageSize | None, cut: Sequence[Chunk] | None = None
) -> Steps[tuple[str, Body]]:
    """The sentence of what is shown, and the text's passages and left-out lines, found a few thousand a step."""
    size = place.size if size is None else size
    spans = yield from sentence_spans_steps(doc)
    if cut is None:
        cut = chunk_document(doc, size)
        yield
    chunks = [c for c in cut if c.sentences]
    held = set(place.sentences)
    passages: list[Passage] = []
    for at in range(0, len(chunks), STEP_CHUNKS):
        passages += [
            Passage(
                spans[c.first][0],
                spans[c.first + c.sentences - 1][1],
                passage_label(c, place),
                c.page,
                not held.isdisjoint(range(c.first, c.first + c.sentences)),
            )
            for c in chunks[at : at + STEP_CHUNKS]
        ]
        yield
    left_out = sorted(doc.left_out, key=lambda line: line[0])
    return _about(doc, place, size, len(chunks), len(left_out)), Body(doc.text, passages, left_out, doc.headings)


def _frame(about: str, body: str) -> str:
    return (
        f'<p class="source-about">{escape(about)}</p><h3 class="source-text-h">The text as the lab cut it</h3>'
        f'<div class="source-text">{body}</div>'
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
