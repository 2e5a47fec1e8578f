"""Ties, rank fusion on hand-made lists, and both vector paths."""

import pytest

from raglab.documents.chunking import Chunk
from raglab.result import Part, rank_scored
from raglab.search.fusion import fuse_ranks
from raglab.search.keyword import KeywordIndex, idf_weight
from raglab.search.vectors import rank_by_similarity


def chunk(i, text):
    return Chunk(f"d-{i}", "d", "D", text, 2, 0, 2)


def test_equal_scores_keep_corpus_order():
    chunks = [chunk(1, "red boat"), chunk(2, "blue boat"), chunk(3, "green boat"), chunk(4, "a cart")]
    index = KeywordIndex(chunks)
    hits = rank_scored(chunks, index.word_parts(["boat"]), top_k=3)
    assert [h.id for h in hits] == ["d-1", "d-2", "d-3"]
    assert {round(h.score, 4) for h in hits} == {round(idf_weight(4, 3), 4)}


def test_zero_scores_are_not_kept():
    chunks = [chunk(1, "red boat"), chunk(2, "a cart")]
    hits = rank_scored(chunks, KeywordIndex(chunks).word_parts(["boat"]), top_k=3)
    assert [h.id for h in hits] == ["d-1"]


def test_hybrid_lesson_example():
    fused = {item: total for item, total, _ in fuse_ranks([["A", "B", "x", "y", "z"], ["p", "B", "q", "r", "A"]])}
    assert round(fused["A"], 4) == 0.0318 and round(fused["B"], 4) == 0.0323
    assert max(fused, key=fused.get) == "B"


def test_fusion_keeps_each_lists_best_ten_only():
    long_list = [f"p{i}" for i in range(1, 15)]
    fused = {item: ranks for item, _, ranks in fuse_ranks([long_list])}
    assert "p10" in fused and "p11" not in fused


def test_fusion_parts_name_list_and_rank():
    (item, total, ranks), *_ = fuse_ranks([["a", "b"], ["c", "a"]])
    assert item == "a" and ranks == [(0, 1), (1, 2)]
    assert total == pytest.approx(1 / 61 + 1 / 62)


def test_rank_scored_sums_parts():
    chunks = [chunk(1, "x")]
    hits = rank_scored(chunks, {0: [Part("word", "x", 1.25, ""), Part("name", "X", 1.0, "")]}, top_k=3)
    assert hits[0].score == 2.25


def test_numpy_and_plain_python_rank_alike(lab, embed):
    vectors = lab.vectors(embed)
    for question in ["How much does the ferry cost?", "Who guides the lighthouse tours?", "rye bread"]:
        (q,) = embed([question])
        with_numpy = rank_by_similarity(q, vectors, 32, use_numpy=True)
        plain = rank_by_similarity(q, vectors, 32, use_numpy=False)
        assert [i for i, _ in with_numpy] == [i for i, _ in plain]
        assert [s for _, s in with_numpy] == pytest.approx([s for _, s in plain])


def test_score_first_search_equals_the_full_breakdown_ranking(lab):
    """KeywordIndex.search sums first and explains only the kept hits: the same hits, floats and ties."""
    from raglab.documents.analysis import search_words

    for size in (1, 2, 4):
        index = lab.index(size)
        for q in lab.corpus.questions:
            words = search_words(q.text)
            for k in (1, 3, 10, len(index)):
                assert index.search(words, k) == rank_scored(index.chunks, index.word_parts(words), k)
