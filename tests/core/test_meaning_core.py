"""Multi-query, HyDE and hybrid with a deterministic stand-in embedder: the mechanics, not the model's figures
(those are in the meaning-search tests, with the real model)."""

import pytest

from raglab import run
from raglab.show import score_label


def test_multi_query_fused_scores_are_sums_of_reciprocal_ranks(lab, embed):
    r = run(lab, "multi_query", "What else does Tomas do?", embed=embed)
    assert r.details["rewrites_by"] == "hand" and len(r.details["rewrites"]) == 3
    assert len(r.details["searches"]) == 4
    for p in r.passages:
        assert p.score_kind == "fused"
        for part in p.parts:
            rank = [h.id for h in r.details["searches"][int(part.label.split()[1]) - 1]["passages"]].index(p.id) + 1
            assert part.value == pytest.approx(1 / (60 + rank))
        assert p.score == pytest.approx(sum(part.value for part in p.parts))
    assert [p.score for p in r.passages] == sorted((p.score for p in r.passages), reverse=True)


def test_multi_query_typed_rewrites_are_marked(lab, embed):
    r = run(lab, "multi_query", "ferry price", embed=embed, rewrites=["boat fare", "  "], source="visitor")
    assert r.details["rewrites"] == ["boat fare"] and "written by you" in r.steps[0]


def test_hyde_uses_the_hand_written_answer_and_compares(lab, embed):
    q = "When can I meet the man who taught Mira to bake?"
    r = run(lab, "hyde", q, embed=embed)
    assert r.details["hypothetical_answer"].startswith("Tomas Reyes guides the lighthouse tours")
    assert r.comparison.label.startswith("plain meaning search")
    assert any(s.startswith("Right passages in the top 3:") for s in r.steps)


def test_hyde_without_an_answer_is_plain_meaning_search_said_in_one_line(lab, embed):
    """Intent: issue 21. A question with no hypothetical answer (typed, not a preset) is not refused: HyDE searches
    with the question's own meaning, as multi-query does with no rewrites, and its first step says so."""
    typed = "Who sells fish at the market?"
    r = run(lab, "hyde", typed, embed=embed)
    assert (
        r.steps[0].startswith("No hypothetical answer for this question yet") and r.details["hypothetical_answer"] == ""
    )
    assert [p.id for p in r.passages] == [p.id for p in r.comparison.passages]
    assert [p.id for p in r.passages] == [p.id for p in run(lab, "multi_query", typed, embed=embed).passages]


def test_hybrid_fuses_both_lists(lab, embed):
    r = run(lab, "hybrid", "What happened in 1702?", embed=embed)
    assert r.details["vector_search"] is True
    labels = {part.label for p in r.passages for part in p.parts}
    assert labels <= {"keyword", "vector"}
    top = r.passages[0]
    assert top.id == "history-2"  # the only passage with "1702", first by keyword
    assert any(part.label == "keyword" and part.formula == "1/(60 + 1)" for part in top.parts)


def test_a_fused_part_carries_its_k_and_rank(lab, embed):
    r = run(lab, "hybrid", "What happened in 1702?", embed=embed, k=20)
    keyword, vector = r.to_dict()["passages"][0]["parts"]
    assert keyword == {"kind": "rank", "label": "keyword", "value": 1 / 21, "formula": "1/(20 + 1)", "k": 20, "rank": 1}
    assert (vector["k"], vector["rank"]) == (20, 2)
    assert score_label(r.passages[0]) == f"fused {1 / 21 + 1 / 22:.4f} = 1/21 (keyword) + 1/22 (vector)"


def test_the_passages_matrix_is_made_once_and_ranks_as_plain_python():
    import numpy

    from raglab.search.vectors import PassageVectors, cosine_scores

    vectors = PassageVectors([[0.6, 0.8], [1.0, 0.0], [0.0, 1.0]])
    first = vectors.matrix(numpy)
    assert cosine_scores([1.0, 0.0], vectors, use_numpy=True) == pytest.approx([0.6, 1.0, 0.0])
    assert vectors.matrix(numpy) is first  # kept for the next question
    assert cosine_scores([1.0, 0.0], vectors, use_numpy=False) == pytest.approx([0.6, 1.0, 0.0])


def test_every_fused_passage_is_found_in_the_lists_the_page_shows(lab, embed):
    """Intent: issue 34. Each term 1/(60 + rank) of a fused score names its search and its rank, and the rendered
    result lists each search as ranked, so school-1's 1/69 in the spec's example is its 9th place in search 1."""
    from html.parser import HTMLParser

    from raglab.show import score_sum
    from raglab.ui import render_result

    r = run(lab, "multi_query", "What else does Tomas do?", embed=embed)
    html = render_result(r)
    start = html.index('<details class="lists">')
    lists = html[start : html.index('<details class="did">', start)]  # what the technique did follows

    class Lists(HTMLParser):  # each list's passage ids in the order drawn
        def __init__(self):
            super().__init__()
            self.lists: list[list[str]] = []
            self.feed(lists)

        def handle_starttag(self, tag, attrs):
            a = dict(attrs)
            if tag == "ol":
                self.lists.append([])
            elif tag == "li" and "data-id" in a and self.lists:
                self.lists[-1].append(a["data-id"])

    shown = Lists().lists
    assert shown == [[h.id for h in s["passages"]] for s in r.details["searches"]] and len(shown) == 4
    for p in r.passages:
        for part in p.parts:
            assert shown[int(part.label.split()[1]) - 1].index(p.id) + 1 == part.rank
            assert f"{part.label} rank {part.rank}: " in score_sum(p)
    for n, search in enumerate(r.details["searches"]):
        against = "your question" if n == 0 else f"rewrite {n}"
        assert search["against"] == against and f"{search['label'].capitalize()}: {against}" in lists
        assert all(h.parts[0].formula == f"cos({against}, {h.id})" for h in search["passages"])


def test_each_cosine_names_the_two_texts_it_compares(lab, embed):
    from raglab.show import score_sum

    r = run(lab, "hyde", "When can I meet the man who taught Mira to bake?", embed=embed)
    top, plain = r.passages[0], r.comparison.passages[0]
    assert top.parts[0].formula == f"cos(the made-up answer, {top.id})"
    assert plain.parts[0].formula == f"cos(your question, {plain.id})"
    assert score_sum(top).startswith(f"cosine similarity {top.score:.4f} = cos(the made-up answer, {top.id}): ")
    assert "question's embedding" not in score_sum(top)
