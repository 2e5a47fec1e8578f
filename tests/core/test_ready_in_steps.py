"""A visitor's documents made ready a few at a time: counting their passages never cuts them into sentences twice,
the counts and texts are those of the passages the lab makes, and the lab made in steps (Lab.prepare_in_steps)
searches exactly as the lab made at once, saying how far it is on the way."""

from __future__ import annotations

import pytest

import raglab.documents.corpus
from raglab import Lab, run
from raglab.documents.chunking import (
    WHOLE_DOCUMENT,
    chunk_document,
    chunk_documents,
    cut_sentences,
    cut_sentences_steps,
    passage_count,
    passage_texts,
)
from raglab.documents.corpus import Corpus, Document, join_pages
from raglab.documents.corpus_folder import load_corpus
from raglab.lab import Preparing
from raglab.search.keyword import KeywordIndex
from raglab.ui.documents_html import preparing_sentence, render_read

SIZES = (1, 2, 3, 4, WHOLE_DOCUMENT)


def _documents() -> list[Document]:
    """Fernport's ten documents, a PDF of three pages, a Markdown file with a list, and a one-sentence note."""
    text, starts = join_pages(["Camp at the campsite. No fires", "in the woods.", "Dogs on a lead."])
    return [
        *load_corpus().documents,
        Document("rules", "rules.pdf", text, "rules.pdf", starts),
        Document("guide", "guide.md", "# Reef guide\n\n- Wear boots\n- Bring water. Lots.\n\nLow tide twice."),
        Document("note", "note.txt", "One sentence only"),
    ]


@pytest.mark.parametrize("size", SIZES)
def test_counts_and_texts_are_those_of_the_passages_made(size):
    """Intent: the number and texts the page shows and embeds before the lab makes the passages are exactly the
    passages it then makes, at every size."""
    for doc in _documents():
        made = chunk_document(doc, size)
        assert passage_count(doc, size) == len(made), (doc.slug, size)
        assert passage_texts(doc, size) == [c.text for c in made], (doc.slug, size)


def test_the_read_lists_heading_counts_the_passages_the_lab_makes():
    """Intent: "Read 10 files: ... 32 passages." is Fernport's 32 passages of 2 sentences (the spec's figure), 56
    of 1, 20 of 4, 10 whole documents."""
    docs = list(load_corpus().documents)
    for size, passages in [(2, 32), (1, 56), (4, 20), (WHOLE_DOCUMENT, 10)]:
        assert len(chunk_documents(docs, size)) == passages
        assert f" {passages} passages." in render_read(docs, size=size), size


def test_a_document_cut_as_it_is_read_is_never_cut_again(monkeypatch):
    """Intent: the page cuts each file as it reads it; after that, the read list's counts at any size, the lab's
    passage texts and its preparation in steps never cut a document into sentences again (5,183 abstracts cut in
    one task froze the page for 3 s)."""
    docs = [cut_sentences(doc) for doc in _documents()]
    cuts = []
    real = raglab.documents.corpus.outline
    monkeypatch.setattr(raglab.documents.corpus, "outline", lambda text: cuts.append(text) or real(text))
    for size in SIZES:
        render_read(docs, size=size)
        lab = Lab(Corpus("mine", tuple(docs)), size)
        lab.passage_texts()
        list(lab.prepare_in_steps(step=5))
    assert cuts == []
    assert len(Document("n", "n", "Not cut yet. So it is cut now.").sentences) == 2 and len(cuts) == 1


def test_the_lab_made_in_steps_says_how_far_it_is_and_searches_as_the_lab_made_at_once():
    """Intent: 13 documents, 5 at a time: 3 steps cutting them (5, 10, 13 of 13), then the 37 passages indexed 5
    at a time; the passages, the index and a question's answer are those of the lab made in one go."""
    corpus = Corpus("mine", tuple(_documents()))
    stepped, at_once = Lab(corpus), Lab(corpus)
    steps = list(stepped.prepare_in_steps(step=5))
    passages = len(at_once.chunks())
    assert passages == 37
    assert steps[:3] == [Preparing("cut", 5, 13), Preparing("cut", 10, 13), Preparing("cut", 13, 13)]
    assert steps[3:] == [Preparing("indexed", n, 37) for n in (5, 10, 15, 20, 25, 30, 35, 37)]
    assert stepped.chunks() == at_once.chunks()
    assert stepped.index().postings == at_once.index().postings
    question = "Where do dogs go on a lead?"
    assert run(stepped, "plain", question).to_dict() == run(at_once, "plain", question).to_dict()


def test_a_question_asked_midway_builds_the_rest_and_the_steps_stop():
    """Intent: outside the page (where a question waits), a question asked while the lab is made in steps gets the
    whole index at once, and the steps then stop without building another."""
    lab = Lab(Corpus("mine", tuple(_documents())))
    steps = lab.prepare_in_steps(step=5)
    assert [next(steps).stage for _ in range(4)] == ["cut", "cut", "cut", "indexed"]
    index = lab.index()
    assert list(steps) == [] and lab.index() is index
    assert index.postings == KeywordIndex(chunk_documents(lab.corpus.documents)).postings


def test_the_waiting_line_says_how_far_it_is():
    """Intent: the line a waiting question shows is built from the preparation's own figures."""
    assert preparing_sentence(Preparing("cut", 64, 5183)) == (
        "Getting your documents ready: 64 of 5,183 documents cut into passages. Your question is answered then."
    )
    assert preparing_sentence(Preparing("indexed", 1, 1)) == (
        "Getting your documents ready: 1 of 1 passage indexed. Your question is answered then."
    )


def test_a_cut_in_steps_splits_the_words_once_a_step():
    """Issue 36: the cut's last step split every word of a 297,000-word PDF twice (each sentence's words, then the
    text's: 70-80 ms in Pyodide); now each count is a step of its own, and the document keeps what the cut at once
    keeps."""
    doc = Document("guide", "guide.md", "# Reef guide\n\nWear boots. Bring water.\n\nLow tide twice.")
    steps, kept = cut_sentences_steps(doc), []
    while True:
        try:
            next(steps)
        except StopIteration as end:
            assert end.value is doc
            break
        kept.append({"sentence_words", "word_count"} & set(vars(doc)))
    assert {"sentence_words"} in kept  # one step kept the sentences' words and not yet the text's
    assert kept[-1] == {"sentence_words", "word_count"}
    whole = cut_sentences(Document("guide", "guide.md", doc.text))
    assert (doc.sentences, doc.sentence_words, doc.word_count) == (whole.sentences, whole.sentence_words, 10)
