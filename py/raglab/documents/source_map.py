"""Where a passage sits in its document: the cut it belongs to, its sentences' places in the text, the pages it
spans, and which words of a PDF page hold it. The source view ("Show in the document") draws from these; nothing
here cuts text again: the passages are chunking's, the sentences the document's own.

A result's passage is found among the cuts of its document by its id, as the techniques name them:

>>> from raglab.documents.corpus import Document, join_pages
>>> doc = Document("rules", "Visitor rules", "Camp at the campsite. No fires in the woods. Dogs on a lead.")
>>> find_place(doc, "rules-2", 2)
Place(passage_id='rules-2', size=2, first=2, count=1, sizes=(2,))
>>> find_place(doc, "rules-s1-2", 2)  # chunk size names its cuts by size, and the view offers all three
Place(passage_id='rules-s1-2', size=1, first=1, count=1, sizes=(1, 2, 4))
>>> find_place(doc, "rules", 2).count  # a whole document (document search, parent document): every sentence
3
>>> sentence_spans(doc)[1], doc.text[22:44]
((22, 44), 'No fires in the woods.')

A PDF page's text, as pdf.js gives it (one string per text item), and the items that hold a passage:

>>> items_in_passage(["Chapter 4: Tides", "Low tide comes twice a", " ", "day. Check the board", "16"],
...                  "Low tide comes twice a day.")
[1, 3]
"""

from __future__ import annotations

import re
import unicodedata
from bisect import bisect_right
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from difflib import SequenceMatcher
from itertools import accumulate

from .chunking import CHUNK_SIZES, WHOLE_DOCUMENT, Chunk, PassageSize, chunk_document
from .corpus import Document
from .steps import Steps, run_steps


@dataclass(frozen=True)
class Place:
    """A result's passage in its document: shown in the cut of ``size`` (the lab's own passage size, one of chunk
    size's, or WHOLE_DOCUMENT), it holds ``count`` sentences from sentence ``first`` (0-based). ``sizes``: the cuts
    the view offers (chunk size's three for its own passages; the lab's one otherwise)."""

    passage_id: str
    size: PassageSize
    first: int
    count: int
    sizes: tuple[PassageSize, ...]

    @property
    def sentences(self) -> range:
        return range(self.first, self.first + self.count)


ChunksOf = Callable[[PassageSize], Sequence[Chunk]]  # a document's chunks of a size


def find_place(doc: Document, passage_id: str, lab_size: PassageSize, chunks: ChunksOf | None = None) -> Place | None:
    """The place of the passage a result calls ``passage_id`` (``ferry-1``, ``rules-s4-1``, or a document's slug for
    a whole document), in the document ``doc`` of a lab whose passages are ``lab_size``; None if it holds none such
    (the document changed since the result was drawn). ``passage_id`` "": the document with no passage of its own
    (opened from a list of documents), in the lab's cut. ``chunks(size)``: the document's chunks of ``size`` as the
    lab already holds them (``Lab.document_chunks``), so a long document is not cut again; by default it is cut
    here. Only the cuts the id can name are looked at: chunk size's when it reads ``{slug}-s{size}-{n}``.

    >>> find_place(Document("d", "D", "One. Two."), "", 2)
    Place(passage_id='', size=2, first=0, count=0, sizes=(2,))
    """
    if not passage_id:
        return Place("", lab_size, 0, 0, (lab_size,))
    if passage_id == doc.slug:
        return Place(passage_id, lab_size, 0, len(doc.sentences), (lab_size,))
    cut = chunks or (lambda size: chunk_document(doc, size))
    chunk = _named(cut(lab_size), passage_id, lambda c: c.id)
    if chunk is not None:
        return Place(passage_id, lab_size, chunk.first, chunk.sentences, (lab_size,))
    for size in CHUNK_SIZES:
        if passage_id.startswith(f"{doc.slug}-s{size}-"):
            chunk = _named(cut(size), passage_id, lambda c: c.sized_id)
            if chunk is not None:
                return Place(passage_id, size, chunk.first, chunk.sentences, CHUNK_SIZES)
    return None


def _named(chunks: Sequence[Chunk], passage_id: str, name: Callable[[Chunk], str]) -> Chunk | None:
    """The chunk called ``passage_id``: the one its number names (``ferry-7``: the 7th), else any so called."""
    number = passage_id.rpartition("-")[2]
    if number.isdigit() and 0 < int(number) <= len(chunks) and name(chunks[int(number) - 1]) == passage_id:
        return chunks[int(number) - 1]
    return next((c for c in chunks if name(c) == passage_id), None)


def passage_label(chunk: Chunk, place: Place) -> str:
    """The id a chunk goes by in the view: as chunk size names it when the view shows chunk size's cuts."""
    return chunk.sized_id if place.sizes == CHUNK_SIZES and chunk.size != WHOLE_DOCUMENT else chunk.id


def sentence_spans(doc: Document) -> list[tuple[int, int]]:
    """(start, end) in ``doc.text`` of each of ``doc.sentences``. A sentence is its text's words joined by single
    spaces, so it ends where those words end in the text, whatever spaces or line breaks stood between them.

    >>> sentence_spans(Document("d", "D", "One  two.\\n\\n# Part\\n\\nThree."))
    [(0, 9), (19, 25)]
    """
    return run_steps(sentence_spans_steps(doc))


STEP_SENTENCES = 5_000  # sentences found in the text a step (the source view's, in the page)


def sentence_spans_steps(doc: Document) -> Steps[list[tuple[int, int]]]:
    """``sentence_spans`` in steps of STEP_SENTENCES sentences."""
    spans: list[tuple[int, int]] = []
    starts, sentences = doc.sentence_starts, doc.sentences
    for at in range(0, len(sentences), STEP_SENTENCES):
        spans += [
            _span_at(doc.text, start, sentence)
            for start, sentence in zip(
                starts[at : at + STEP_SENTENCES], sentences[at : at + STEP_SENTENCES], strict=True
            )
        ]
        yield
    return spans


def _span_at(text: str, start: int, sentence: str) -> tuple[int, int]:
    if text.startswith(sentence, start):
        return start, start + len(sentence)
    m = re.compile(r"\s+".join(re.escape(word) for word in sentence.split(" "))).match(text, start)
    return m.span() if m else (start, start)


def passage_span(doc: Document, place: Place, spans: Sequence[tuple[int, int]] | None = None) -> tuple[int, int]:
    """Where the passage's text starts and ends in ``doc.text`` (from its first sentence's start to its last's end)."""
    if not place.count:
        return 0, 0
    first, last = place.first, place.first + place.count - 1
    if spans is None:  # the two sentences' spans alone (a long document has tens of thousands)
        starts, sentences = doc.sentence_starts, doc.sentences
        return _span_at(doc.text, starts[first], sentences[first])[0], _span_at(
            doc.text, starts[last], sentences[last]
        )[1]
    return spans[first][0], spans[last][1]


def passage_pages(doc: Document, place: Place) -> list[int]:
    """The pages of a PDF the passage's text runs over, from 1 ([] for a document without pages).

    >>> from raglab.documents.corpus import join_pages
    >>> text, starts = join_pages(["The ferry crosses in 40 minutes. A fare", "costs 6 coins.", "Bikes ride free."])
    >>> doc = Document("report", "report.pdf", text, "report.pdf", starts)
    >>> passage_pages(doc, find_place(doc, "report-1", 2)), passage_pages(doc, find_place(doc, "report-2", 2))
    ([1, 2], [3])
    """
    if not doc.page_starts or not place.count:
        return []
    start, end = passage_span(doc, place)
    return list(range(bisect_right(doc.page_starts, start), bisect_right(doc.page_starts, max(start, end - 1)) + 1))


def passage_text(doc: Document, place: Place) -> str:
    return " ".join(doc.sentences[place.first : place.first + place.count])


# Fewer letters and digits in a row than this, matched on a page, are a coincidence rather than the passage (a
# passage shorter than this must be matched whole). A run that starts or ends the passage may be shorter, down to
# LEAST_EDGE: a passage that runs on to the next page may leave only "Boats keep" on this one.
LEAST_MATCH = 16
LEAST_EDGE = 6
WINDOWED_PAGE_CHARS = 20_000  # a page's items longer than this together are compared only around the passage
ANCHOR_LETTERS = 64  # the passage's first and last letters, searched for first in a long page
ANCHOR_RUNS = 4  # runs of the passage's letters searched for in a long page, from its start and from its end


def items_in_passage(items: Sequence[str], passage: str) -> list[int]:
    """The indices of a PDF page's text items (the strings of pdf.js's ``getTextContent().items``, in order) that
    hold the passage's text (``passage_marks``' items).

    >>> items_in_passage(["The ﬁrst exam-", "ple. Page 3", "of 9"], "The first example.")
    [0, 1]
    >>> items_in_passage(["Nothing here is the passage."], "The ferry costs 6 coins.")
    []
    """
    return [item for item, _, _ in passage_marks(items, passage)]


def passage_marks(items: Sequence[str], passage: str) -> list[tuple[int, float, float]]:
    """What of a PDF page's text items holds the passage: (item index, from, to), the part of the item's characters
    from ``from`` to ``to`` (0 to 1: a reader may give a whole line as one item, holding the end of one passage and
    the start of the next). The page draws a box over that part of the item.

    Page and passage are compared as their letters and digits only, in the form words are compared (NFKC, lower
    case), so a word the reader joined ("exam-" "ple"), spaces pdf.js adds or drops, and ligatures do not matter. A
    passage may run on to the next page, and a reader may have left a running header out of it: every run of at
    least LEAST_MATCH letters the page and the passage share, in order, counts (LEAST_EDGE at the passage's start
    or end).

    >>> passage_marks(["Tides", "Low tide is at 9. Boats keep"], "Low tide is at 9.")
    [(1, 0.0, 0.607)]
    >>> round(len("Low tide is at 9.") / len("Low tide is at 9. Boats keep"), 3)
    0.607

    A page of more than WINDOWED_PAGE_CHARS characters is compared only around the passage (``passage_window``),
    so a page of 300,000 items is marked in what a page of a few hundred takes:

    >>> many = [f"w{i}" for i in range(100_000)]
    >>> passage_marks(many, "w50000 w50001 w50002 w50003 w50004")
    [(50000, 0.0, 1.0), (50001, 0.0, 1.0), (50002, 0.0, 1.0), (50003, 0.0, 1.0), (50004, 0.0, 1.0)]
    """
    if sum(map(len, items)) <= WINDOWED_PAGE_CHARS:
        return _marks(items, passage)
    window = passage_window(items, _letters(passage))
    if window is None:
        return []
    first, end = window
    return [(i + first, a, b) for i, a, b in _marks(items[first:end], passage)]


def passage_window(items: Sequence[str], want: str) -> tuple[int, int] | None:
    """The items of a long page around the passage's letters ``want`` (first, end), found by its first and last
    ANCHOR_LETTERS letters (else runs of LEAST_MATCH of them, from its start and its end), searched in the page's
    text with anything but letters allowed between them (one pass of ``re`` each); None when none is there. The
    window reaches half the passage's length further on either side, for what the anchors missed, and is never
    much longer than the passage: anchors found far apart (a run repeated on the page) keep the first one's.

    >>> passage_window(["Tides", "Low tide", "is at 9.", "Boats"] * 10_000, "lowtideisat9boats")
    (0, 7)
    """
    if not want:
        return None
    joined = "\x00".join(items)
    runs = [want[i : i + LEAST_MATCH] for i in range(0, max(len(want) - LEAST_MATCH, 0) + 1, LEAST_MATCH)]
    found = []
    for group in ([want[:ANCHOR_LETTERS], want[-ANCHOR_LETTERS:]], runs[:ANCHOR_RUNS] + runs[-ANCHOR_RUNS:]):
        for run in dict.fromkeys(group):
            hit = re.search(r"[\W_]*".join(map(re.escape, run)), joined, re.IGNORECASE)
            if hit:
                found.append((hit.start(), hit.end()))
        if found:
            break
    if not found:
        return None
    ends = list(accumulate(len(item) + 1 for item in items))  # where each item's text ends, its separator after
    reach = len(want) // 2 + LEAST_MATCH
    start, end = min(s for s, _ in found), max(e for _, e in found)
    if end - start > 4 * len(want) + reach:  # not one place: the first anchor's, as long as the passage
        start = found[0][0]
        end = start + 2 * len(want)
    return bisect_right(ends, max(start - reach, 0)), min(bisect_right(ends, end + reach) + 1, len(items))


def _marks(items: Sequence[str], passage: str) -> list[tuple[int, float, float]]:
    page: list[str] = []
    where: list[tuple[int, int]] = []  # each letter of the page: (item, character in the item)
    for i, item in enumerate(items):
        for at, ch in enumerate(item):
            for letter in _letters(ch):
                page.append(letter)
                where.append((i, at))
    want = _letters(passage)
    if not want or not page:
        return []
    least, edge = min(LEAST_MATCH, len(want)), min(LEAST_EDGE, len(want))
    matcher = SequenceMatcher(None, "".join(page), want, autojunk=False)  # autojunk would drop every letter
    spans: dict[int, list[int]] = {}  # item -> [first, last] character of it that holds the passage
    for a, b, size in matcher.get_matching_blocks():
        if size >= least or (size >= edge and (b == 0 or b + size == len(want))):
            for i, at in where[a : a + size]:
                span = spans.setdefault(i, [at, at])
                span[0], span[1] = min(span[0], at), max(span[1], at)
    marks = []
    for i in sorted(spans):
        text, (first, last) = items[i], spans[i]
        while last + 1 < len(text) and not text[last + 1].isspace() and not text[last + 1].isalnum():
            last += 1  # the passage's punctuation after its last letter ("9.")
        marks.append((i, round(first / len(text), 3), round((last + 1) / len(text), 3)))
    return marks


def _letters(text: str) -> str:
    return "".join(ch for ch in unicodedata.normalize("NFKC", text).lower() if ch.isalnum())
