"""Ties in rank fusion: one rule (fusion.TIE_RULE), applied by fuse_ranks and said in words wherever a tie decides
what is shown. On Fernport, "What costs 6 coins?" fuses to a tie with the real model: 1/61 + 1/62 and 1/62 + 1/61."""

from pathlib import Path

import pytest

from raglab import run
from raglab.search.fusion import TIE_RULE, fuse_ranks, tie_sentences, tied_groups

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def real_embed():
    from tools.models import ensure_minilm

    from raglab.models.onnx_embed import OnnxEmbedder

    return OnnxEmbedder(ensure_minilm(REPO / ".cache" / "models"))


def test_equal_ranks_in_another_order_are_a_tie_not_a_rounding():
    """a: ranks 1, 7, 2 in three lists; b: 7, 2, 1. The float sums differ in their last bit (b's is larger), but
    the fused scores are the same fraction, so the rule decides: a is met first (1st in the first list)."""
    fillers = [f"f{i}" for i in range(5)]
    lists = [["a", *fillers, "b"], ["g0", "b", *fillers[1:], "a"], ["b", "a"]]
    (first, a_total, a_ranks), (second, b_total, b_ranks), *_ = fuse_ranks(lists)
    assert (a_ranks, b_ranks) == ([(0, 1), (1, 7), (2, 2)], [(0, 7), (1, 2), (2, 1)])
    assert a_total < b_total  # as floats, in list order
    assert (first, second) == ("a", "b")
    assert tied_groups(fuse_ranks(lists), top_k=3) == [range(0, 2)]


def test_a_tie_at_the_cut_says_who_is_left_out():
    sentences = tie_sentences(fuse_ranks([["k1", "k2"], ["v1", "v2"]]), ["keyword", "vector"], top_k=3)
    assert sentences[1] == (
        "Tie: k2 and v2 both score 0.0161. The lab breaks ties by one rule: "
        + TIE_RULE.format(lists="keyword, then vector")
        + ". k2 is met first at keyword rank 2, v2 at vector rank 2, so k2 is kept and v2 is left out (the best 3 "
        "are kept)."
    )


def test_no_tie_no_sentence():
    assert tie_sentences(fuse_ranks([["A", "B", "x", "y", "z"], ["p", "B", "q", "r", "A"]]), ["k", "v"], top_k=2) == []


def test_fernport_6_coins_says_how_the_tie_was_broken(lab, real_embed):
    r = run(lab, "hybrid", "What costs 6 coins?", embed=real_embed)
    assert [(h.id, f"{h.score:.4f}") for h in r.passages[:2]] == [("ferry-1", "0.0325"), ("ferry-2", "0.0325")]
    assert r.passages[0].score == r.passages[1].score
    assert r.steps[-1] == (
        "Tie: ferry-1 and ferry-2 both score 0.0325. The lab breaks ties by one rule: a tie goes to the passage met "
        "first, reading the lists one after the other (keyword, then vector), each from its top. ferry-1 is met "
        "first at keyword rank 1, ferry-2 at keyword rank 2, so ferry-1 ranks above ferry-2."
    )
    assert [h.note for h in r.passages] == [
        "tied with ferry-2 (rule for ties in the steps)",
        "tied with ferry-1 (rule for ties in the steps)",
        "",
    ]


def test_the_tie_sentence_reaches_the_page(lab, real_embed):
    from raglab.ui.result_html import render_result

    html = render_result(run(lab, "hybrid", "What costs 6 coins?", embed=real_embed))
    assert "Tie: ferry-1 and ferry-2 both score 0.0325." in html and "tied with ferry-2" in html


def test_the_tie_sentence_reaches_the_command_line(capsys, monkeypatch, real_embed):
    from raglab.cli import main

    monkeypatch.setenv("RAGLAB_MODEL_DIR", str(real_embed.model_dir))
    assert main(["ask", "hybrid", "What costs 6 coins?"]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "5. Tie: ferry-1 and ferry-2 both score 0.0325." in out
    assert "[ferry-1] fused 0.0325 = 1/61 (keyword) + 1/62 (vector) · tied with ferry-2" in out


@pytest.mark.parametrize("question", ["How much is a boat ticket?", "Where does Ida Lund sell fish?"])
def test_fernports_other_hybrid_presets_have_no_tie(lab, real_embed, question):
    r = run(lab, "hybrid", question, embed=real_embed)
    assert not any(s.startswith("Tie:") for s in r.steps) and not any(h.note for h in r.passages)


def test_multi_query_spec_figures_keep_their_seven_steps(lab, real_embed):
    r = run(lab, "multi_query", "What else does Tomas do?", embed=real_embed)
    assert len(r.steps) == 7 and not any(s.startswith("Tie:") for s in r.steps)
    assert [(p.id, f"{p.score:.4f}") for p in r.passages] == [
        ("lighthouse-2", "0.0648"),
        ("bakery-2", "0.0492"),
        ("school-1", "0.0460"),
    ]
