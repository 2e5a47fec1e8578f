"""BM25 beside the spec's simple score: each formula variant, the breakdown per word with figures checked by hand,
an optional stemmer, and a comparison with bm25s where it is installed."""

import math

import pytest

from raglab.documents.chunking import Chunk
from raglab.search.bm25 import (
    K1,
    B,
    BM25Index,
    bm25_search,
    idf_atire,
    idf_lucene,
    idf_robertson,
    length_factor,
    term_score,
    terms,
)


def chunk(i, text):
    return Chunk(f"d-{i}", "d", "D", text, 2, 2 * i, 2)


TOY = [chunk(0, "ferry ferry cost"), chunk(1, "ferry harbour"), chunk(2, "bakery bread bread bread rye")]


def test_idf_variants_match_their_formulas():
    assert idf_lucene(32, 3) == pytest.approx(math.log(1 + 29.5 / 3.5))
    assert idf_robertson(32, 3) == pytest.approx(math.log(29.5 / 3.5))
    assert idf_atire(32, 3) == pytest.approx(math.log(32 / 3))
    assert idf_robertson(10, 9) == 0.0  # floored: a word in most passages adds nothing


def test_tf_part_is_one_for_a_single_word_in_an_average_passage():
    def tf_part(tf, length, avglen, k1, b):  # the term of a word whose idf is 1
        return term_score(1.0, tf, length_factor(length, avglen, k1, b), k1)

    assert tf_part(1, 10, 10.0, k1=1.2, b=0.75) == 1.0
    assert tf_part(3, 10, 10.0, k1=0.0, b=0.5) == 1.0  # k1 = 0: counts do not matter
    # b = 0: length does not matter
    assert tf_part(2, 40, 10.0, k1=1.2, b=0.0) == pytest.approx(2 * 2.2 / (2 + 1.2))


def test_terms_keep_repeats_and_take_an_optional_stemmer():
    assert terms("Ferries and the ferry") == ["ferry", "ferry"]
    assert terms("running runs", stem=lambda w: w[:3]) == ["run", "run"]
    assert terms("IL-6 at 10:00", split_joined=True) == ["il", "6", "10", "00"]


def test_the_index_takes_its_word_function():
    index = BM25Index(TOY, analyze=lambda text: text.split()[:1])
    assert index.lengths == [1, 1, 1] and index.query_words("ferry cost") == ["ferry"]


def test_toy_index_scores_by_hand():
    index = BM25Index(TOY)
    assert index.lengths == [3, 2, 5] and index.avglen == pytest.approx(10 / 3)
    # ferry: n = 2 of N = 3, idf = ln(1 + 1.5/2.5) = ln 1.6 = 0.4700
    idf = math.log(1.6)
    d0 = idf * 2 * 1.9 / (2 + 0.9 * (1 - 0.4 + 0.4 * 3 / (10 / 3)))
    d1 = idf * 1 * 1.9 / (1 + 0.9 * (1 - 0.4 + 0.4 * 2 / (10 / 3)))
    scores = index.scores(["ferry"])
    assert scores == pytest.approx({0: d0, 1: d1})
    assert index.top(["ferry"], 5) == [(0, pytest.approx(d0)), (1, pytest.approx(d1))]


def test_equal_scores_keep_corpus_order():
    index = BM25Index([chunk(0, "rye"), chunk(1, "rye"), chunk(2, "oat")])
    assert [i for i, _ in index.top(["rye"], 3)] == [0, 1]


def test_parameters_out_of_range_are_refused():
    with pytest.raises(ValueError, match="k1"):
        BM25Index(TOY).scores(["ferry"], k1=5)
    with pytest.raises(ValueError, match="b is"):
        BM25Index(TOY).scores(["ferry"], b=1.5)


def test_fernport_breakdown_per_word_adds_up(lab):
    index = BM25Index(lab.chunks())
    hits = bm25_search(index, "How much does the ferry cost?", 3)
    assert [h.id for h in hits] == ["ferry-1", "ferry-3", "harbour-3"]
    top = hits[0]
    assert [p.label for p in top.parts] == ["ferry", "cost"]
    assert top.score == pytest.approx(sum(p.value for p in top.parts))
    assert [round(p.value, 2) for p in top.parts] == [2.85, 2.95]
    assert top.parts[0].formula == "idf 2.24 × tf 2 × (0.9 + 1) / (2 + 0.9 × (1 − 0.4 + 0.4 × 15/12.06))"
    assert (K1, B) == (0.9, 0.4)


def test_the_simple_keyword_index_is_unchanged(lab):
    # BM25 has its own index: the spec's figures still come from KeywordIndex
    assert round(lab.index().weight("ferry").weight, 2) == 2.46


def test_same_scores_as_bm25s_with_the_same_words():
    """Reference comparison: bm25s's Lucene variant, fed our words, gives our scores up to the constant (k1 + 1)
    that Lucene leaves out."""
    import bm25s  # a dev dependency: the reference implementation

    docs = [
        "the ferry ferry costs six coins",
        "a ferry to the harbour",
        "rye bread bread at the bakery",
        "harbour bell rings at noon",
    ]
    ours = BM25Index([chunk(i, d) for i, d in enumerate(docs)])
    ref = bm25s.BM25(k1=K1, b=B, method="lucene")
    ref.index([terms(d) for d in docs], show_progress=False)
    for query in (["ferry"], ["ferry", "harbour"], ["bread", "bell"]):
        expected = ref.get_scores(query) * (K1 + 1)
        got = ours.scores(query)
        assert [got.get(i, 0.0) for i in range(len(docs))] == pytest.approx(list(expected), rel=1e-5)


def test_docstring_examples():
    import doctest

    import raglab.search.bm25

    failed, attempted = doctest.testmod(raglab.search.bm25)
    assert attempted > 0 and failed == 0


def test_numpy_and_plain_python_give_the_same_ranking(lab):
    index = BM25Index(lab.chunks() * 3)  # repeats make ties: corpus order must break them on both paths
    for question in ("How much does the ferry cost?", "When do the lighthouse tours leave?", "bread"):
        words = index.query_words(question)
        for k in (1, 3, 10):
            assert index.top(words, k, use_numpy=True) == index.top(words, k, use_numpy=False)
