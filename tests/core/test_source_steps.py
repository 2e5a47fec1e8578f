"""The source view in steps (issue 36: no task of the page over ~50 ms, the source view included): the text is drawn
in runs of blocks, the run holding the highlighted passage first, and the runs put in their places are exactly the
text drawn at once, whatever the document, the passage, the cut or the runs' length."""

from __future__ import annotations

import doctest
import re
from html import unescape

import pytest

import raglab.ui.source_body
from raglab import Lab
from raglab.documents.chunking import CHUNK_SIZES, chunk_document
from raglab.documents.corpus import Corpus, Document, join_pages
from raglab.documents.source_map import (
    STEP_SENTENCES,
    find_place,
    passage_span,
    sentence_spans,
    sentence_spans_steps,
)
from raglab.documents.steps import run_steps
from raglab.ui.source_body import HERE_ID
from raglab.ui.source_html import cut_steps, render_cut


def _manual(pages: int = 40) -> Document:
    """A long PDF-like document: headings of three levels, paragraphs that run from page to page, a running header
    left out at each page's start and a page number left out inside a sentence."""
    texts = []
    for n in range(pages):
        parts = [f"# Chapter {n}"] if n % 10 == 0 else []
        parts += [f"## Part {n}", f"### Note {n}"] if n % 3 == 0 else []
        parts += [f"Boat {n} sails at {n % 12}. Its crew of {n % 7} counts the nets. " * 6 for _ in range(5)]
        texts.append("\n\n".join(parts) + f" The tide turns at {n % 24}, and the")
    text, starts = join_pages(texts)
    left_out = tuple((start, f"Harbour guide <{n}>", "running header") for n, start in enumerate(starts) if n)
    left_out += tuple((text.index("the", start), str(n), "page number") for n, start in enumerate(starts) if n % 4 == 1)
    return Document("guide", "Harbour guide", text, "guide.pdf", starts, left_out=left_out)


def _in_place(steps) -> str:
    """What the page builds from the steps: the frame, then each run at the text's end or start."""
    frame, before, after = None, [], []
    for step in steps:
        if step is None:
            assert frame is None, "every step that finds passages comes before the text"
            continue
        where, html = step
        if where == "cut":
            frame = html
        elif where == "here":
            assert frame is not None and not before and not after, "the passage's run is the text's first"
            after.append(html)
        else:
            (after if where == "end" else before).append(html)
    body = "".join([*reversed(before), *after])
    return frame.replace('<div class="source-text"></div>', f'<div class="source-text">{body}</div>')


@pytest.mark.parametrize("run_chars", [40, 900, 7_000, 1_000_000])
def test_the_runs_in_their_places_are_the_text_drawn_at_once(run_chars):
    doc = _manual()
    chunks = chunk_document(doc, 2)
    places = [find_place(doc, "", 2), find_place(doc, doc.slug, 2)]
    places += [find_place(doc, c.id, 2) for c in (chunks[0], chunks[len(chunks) // 2], chunks[-1])]
    places.append(find_place(doc, chunk_document(doc, 4)[5].sized_id, 2))
    for place in places:
        for size in {place.size, *place.sizes}:
            assert _in_place(cut_steps(doc, place, size, run_chars)) == render_cut(doc, place, size)


def test_every_fernport_document_and_passage_is_the_same_in_steps():
    for doc in Lab().corpus.documents:
        for c in chunk_document(doc, 1):
            place = find_place(doc, c.sized_id, 2)
            for size in CHUNK_SIZES:
                assert _in_place(cut_steps(doc, place, size, 60)) == render_cut(doc, place, size)


def test_the_passage_comes_first_and_each_run_is_short():
    doc = _manual(200)  # about 390,000 characters
    chunks = chunk_document(doc, 2)
    place = find_place(doc, chunks[len(chunks) // 2].id, 2)
    steps = [s for s in cut_steps(doc, place, 2, 20_000) if s is not None]
    assert [w for w, _ in steps[:2]] == ["cut", "here"]
    assert f'id="{HERE_ID}"' in steps[1][1] and place.passage_id in steps[1][1]
    runs = steps[2:]
    assert {w for w, _ in runs} == {"end", "start"} and len(runs) > 15
    assert all(HERE_ID not in html for _, html in runs)  # the highlight's id once, in the passage's run
    block = max(map(len, doc.text.split("\n")))
    shown = [len(unescape(re.sub(r"<[^>]+>", "", html))) for _, html in steps[1:]]  # the text a visitor reads
    assert max(shown) < 1.5 * (20_000 + block), shown  # a run: about 20,000 characters of text, with ids


def test_sentence_spans_in_steps_are_the_spans():
    doc = _manual(300)
    steps = sentence_spans_steps(doc)
    yields = 0
    try:
        while True:
            next(steps)
            yields += 1
    except StopIteration as end:
        spans = end.value
    assert spans == sentence_spans(doc) == run_steps(sentence_spans_steps(doc))
    assert [doc.text[a:b].split() for a, b in spans] == [s.split(" ") for s in doc.sentences]
    assert yields == -(-len(doc.sentences) // STEP_SENTENCES) > 1


def test_the_view_takes_the_labs_own_chunks_and_finds_the_same_places():
    """The page opens the view on the chunks the lab holds (``Lab.document_chunks``), not the document cut again:
    every passage's place, the text drawn in steps, and the span of the passage are what cutting it again gives."""
    doc, other = _manual(12), Document("pier", "Pier", "The pier opens at 7. It closes at dusk. Fish here.")
    lab = Lab(Corpus("mine", [other, doc]), 2)
    assert lab.document_chunks(doc, 4) == chunk_document(doc, 4)  # no lab chunks of 4 yet: the document cut alone
    held = lab.chunks()  # the lab's own passages, cut once
    mine = lab.document_chunks(doc, 2)
    assert mine == chunk_document(doc, 2) and all(c in held for c in mine)
    assert all(a is b for a, b in zip(mine, held[len(lab.document_chunks(other, 2)) :], strict=False))
    assert lab.document_chunks(other, 2) == chunk_document(other, 2)
    lab.chunks(4)
    assert lab.document_chunks(doc, 4) == chunk_document(doc, 4)
    cut = lambda size: lab.document_chunks(doc, size)  # noqa: E731
    ids = [c.id for c in mine[::7]] + [c.sized_id for c in chunk_document(doc, 4)[::5]] + ["", doc.slug, "guide-999"]
    ids += [c.sized_id for c in chunk_document(doc, 1)[::11]] + ["guide-s3-1", "pier-1"]
    spans = sentence_spans(doc)
    for passage_id in ids:
        place = find_place(doc, passage_id, 2, cut)
        assert place == find_place(doc, passage_id, 2), passage_id
        if place is not None:
            assert passage_span(doc, place) == passage_span(doc, place, spans)
    for passage_id in (mine[len(mine) // 2].id, chunk_document(doc, 1)[-1].sized_id):
        place = find_place(doc, passage_id, 2, cut)
        for size in {place.size, *place.sizes}:
            steps = cut_steps(doc, place, size, 5_000, lab.document_chunks(doc, size))
            assert _in_place(steps) == render_cut(doc, place, size), (passage_id, size)
    assert find_place(doc, "guide-999", 2, cut) is None and find_place(doc, "pier-1", 2, cut) is None


def test_worked_examples():
    assert doctest.testmod(raglab.ui.source_body).failed == 0
