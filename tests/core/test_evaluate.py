"""The scoreboard: metrics on hand-made rankings with answers worked out by hand, the unit-to-passage rule, and
`raglab eval` on Fernport."""

import json
import math

import pytest

from raglab import Lab, load_corpus
from raglab.cli import main
from raglab.coverage import covered, passage_ranking, unit_spans
from raglab.documents.corpus import LabelledQuestion
from raglab.evaluate import evaluate
from raglab.metrics import hit_at, ndcg_at, recall_at, reciprocal_rank

RANKING = ["x", "a", "y", "b", "z"]
RIGHT = {"a", "b"}


def test_hit_at_k_needs_one_right_id_in_the_first_k():
    assert [hit_at(RANKING, RIGHT, k) for k in (1, 2, 3)] == [0.0, 1.0, 1.0]


def test_recall_at_k_is_the_share_of_right_ids_found():
    assert [recall_at(RANKING, RIGHT, k) for k in (1, 3, 4)] == [0.0, 0.5, 1.0]


def test_reciprocal_rank_is_one_over_the_first_right_rank():
    assert reciprocal_rank(RANKING, RIGHT) == 0.5
    assert reciprocal_rank(["x", "y"], RIGHT) == 0.0


def test_ndcg_uses_the_log2_discount_and_the_ideal_ranking():
    # DCG = 1/log2(3) + 1/log2(5) = 0.6309 + 0.4307 = 1.0616; ideal = 1/log2(2) + 1/log2(3) = 1.6309
    assert ndcg_at(RANKING, RIGHT) == pytest.approx(1.0616 / 1.6309, abs=1e-4)
    assert ndcg_at(["a", "b", "x"], RIGHT) == 1.0
    assert ndcg_at(["x", "y"], RIGHT) == 0.0


def test_ndcg_cuts_at_k():
    late = ["n"] * 10 + ["a"]
    assert ndcg_at(late, {"a"}) == 0.0
    assert ndcg_at(late, {"a"}, k=11) == pytest.approx(1 / math.log2(12))


def test_a_unit_is_right_when_it_overlaps_a_labelled_passage_by_a_sentence(lab):
    spans = unit_spans(lab)
    ferry_1 = {"ferry-1": spans["ferry-1"]}
    assert covered(spans["ferry"], ferry_1) == ["ferry-1"]  # the whole document holds it
    assert covered(spans["ferry-s4-1"], ferry_1) == ["ferry-1"]  # sentences 1-4
    assert covered(spans["ferry-s1-2"], ferry_1) == ["ferry-1"]  # its second sentence
    assert covered(spans["ferry-s1-3"], ferry_1) == []  # the sentence after it
    assert covered(spans["bakery"], ferry_1) == []


def test_a_document_holding_both_answers_at_rank_1_is_a_perfect_ranking(lab):
    spans = unit_spans(lab)
    ranking = passage_ranking(["ferry", "bakery"], ["ferry-2", "ferry-3"], spans)
    assert ranking == ["ferry-2", "ferry-3", "bakery"]
    assert ndcg_at(ranking, {"ferry-2", "ferry-3"}) == 1.0


def test_scoreboard_on_two_questions_without_an_embedder(lab):
    questions = [
        LabelledQuestion("How much does the ferry cost?", ("ferry-1",)),
        LabelledQuestion("How much is a boat ticket?", ("ferry-1",)),
    ]
    board = evaluate(lab, None, questions)
    rows = {r.key: r for r in board.rows}
    assert set(board.skipped) == {"multi_query", "hyde", "hybrid"}
    # plain finds ferry-1 first for the first question and nothing for "boat ticket"; query rewriting finds both
    assert [q.first_right for q in rows["plain"].questions] == [1, None]
    assert (rows["plain"].hit_at_3, rows["plain"].mrr) == (0.5, 0.5)
    assert (rows["query"].hit_at_3, rows["query"].mrr, rows["query"].ndcg_at_10) == (1.0, 1.0, 1.0)
    assert rows["query"].only_right == ("How much is a boat ticket?",)


def test_scoreboard_with_the_stand_in_embedder_runs_every_technique(lab, embed):
    board = evaluate(lab, embed)
    keys = [r.key for r in board.rows]
    assert keys == [
        "plain",
        "query",
        "graph",
        "document",
        "multi_query",
        "hyde",
        "parent",
        "chunk_size_1",
        "chunk_size_4",
        "hybrid",
        "bm25",
        "meaning",
    ]
    assert not board.skipped and len(board.questions) == len(lab.corpus.questions)
    for r in board.rows:
        assert 0 <= r.hit_at_3 <= 1 and r.recall_at_3 <= r.hit_at_3 + 1e-9


def test_unknown_answer_ids_are_refused(lab):
    from raglab.documents.corpus import CorpusError

    with pytest.raises(CorpusError, match="ferry-99"):
        evaluate(lab, None, [LabelledQuestion("How much does the ferry cost?", ("ferry-99",))])


def test_raglab_eval_json_has_metrics_and_first_ranks(capsys, tmp_path):
    qs = tmp_path / "q.toml"
    qs.write_text('[[question]]\ntext = "How much does the ferry cost?"\nanswers = ["ferry-1"]\n')
    assert main(["eval", "--questions", str(qs), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    plain = next(t for t in out["techniques"] if t["key"] == "plain")
    assert out["questions"] == ["How much does the ferry cost?"]
    assert (plain["hit_at_3"], plain["mrr"], plain["first_right"], plain["right_at_3"]) == (1.0, 1.0, [1], [True])


def test_raglab_eval_prints_the_table_on_fernport(capsys):
    assert main(["eval"]) == 0
    out = capsys.readouterr().out
    assert "hit@3" in out and "nDCG@10" in out
    assert f"{len(load_corpus().questions)} labelled questions" in out
    assert out.count("\n  ") > 0 and Lab  # the per-technique lists are indented
