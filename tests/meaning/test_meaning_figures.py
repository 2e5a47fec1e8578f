"""The spec's multi-query and HyDE figures, and the page's claims about meaning search, with the real model
(all-MiniLM-L6-v2, passage text without title, each search keeping its best 10)."""

import json

import pytest

from raglab import run
from raglab.cli import main

TOMAS = "What else does Tomas do?"
MIRA = "When can I meet the man who taught Mira to bake?"


def ids(hits, n=3):
    return [h.id for h in hits[:n]]


def test_multi_query_tomas(lab, real_embed):
    r = run(lab, "multi_query", TOMAS, embed=real_embed)
    searches = [ids(s["passages"]) for s in r.details["searches"]]
    assert searches == [
        ["bakery-2", "lighthouse-2", "school-2"],
        ["bakery-2", "lighthouse-2", "history-3"],
        ["lighthouse-2", "festival-2", "lighthouse-3"],
        ["bakery-2", "lighthouse-2", "school-1"],
    ]
    assert [(p.id, f"{p.score:.4f}") for p in r.passages] == [
        ("lighthouse-2", "0.0648"),
        ("bakery-2", "0.0492"),
        ("school-1", "0.0460"),
    ]
    assert [p.formula for p in r.passages[0].parts] == ["1/(60 + 2)", "1/(60 + 2)", "1/(60 + 1)", "1/(60 + 2)"]
    assert [p.formula for p in r.passages[2].parts] == ["1/(60 + 9)", "1/(60 + 4)", "1/(60 + 3)"]
    assert r.steps[-1] == (
        "For this example, the first right passage is at rank 2 for plain meaning search and at "
        "rank 1 for multi-query: a better place. This is one question, not a rule."
    )


def test_hyde_mira(lab, real_embed):
    r = run(lab, "hyde", MIRA, embed=real_embed)
    assert ids(r.passages) == ["lighthouse-2", "festival-2", "festival-1"]
    assert ids(r.comparison.passages) == ["bakery-2", "bakery-1", "lighthouse-2"]
    assert "at rank 3 for plain meaning search and at rank 1 for HyDE: a better place" in r.steps[3]
    assert r.steps[4] == "Right passages in the top 3: 1 of 1 for HyDE, 1 for plain meaning search."


def test_cli_prints_the_figures_with_the_real_model(capsys, minilm_dir, monkeypatch):
    monkeypatch.setenv("RAGLAB_MODEL_DIR", str(minilm_dir))
    assert main(["ask", "multi-query", TOMAS, "--json"]) == 0
    d = json.loads(capsys.readouterr().out)
    assert [(p["id"], round(p["score"], 4)) for p in d["passages"]] == [
        ("lighthouse-2", 0.0648),
        ("bakery-2", 0.0492),
        ("school-1", 0.046),
    ]
    assert main(["ask", "hyde", MIRA]) == 0
    out = capsys.readouterr().out
    assert "1. Fernport Lighthouse [lighthouse-2] rank 1" in out


# The page's "try" lines for the meaning techniques, checked against what the lab computes.


def test_multi_query_mira_stays_at_place_3(lab, real_embed):
    r = run(lab, "multi_query", MIRA, embed=real_embed)
    assert r.details["rewrites_by"] == "hand"
    assert ids(r.passages).index("lighthouse-2") + 1 == 3
    assert ids(r.details["searches"][0]["passages"]).index("lighthouse-2") + 1 == 3


def test_hyde_visitor_rules_claim(lab, real_embed):
    r = run(lab, "hyde", "What are the visitor rules?", embed=real_embed)
    plain = ids(r.comparison.passages)
    assert plain[0].startswith("lighthouse-") and sum(p.startswith("rules-") for p in plain) == 1
    assert ids(r.passages, 2) == ["rules-1", "rules-2"]


@pytest.mark.parametrize(
    ("question", "keyword_rank", "vector_rank", "fused_rank"),
    [("What costs 6 coins?", 1, 2, 1), ("How much is a boat ticket?", None, 1, 1)],
)
def test_hybrid_claims(lab, real_embed, question, keyword_rank, vector_rank, fused_rank):
    r = run(lab, "hybrid", question, embed=real_embed)

    def place(hits):
        return ids(hits, 10).index("ferry-1") + 1 if "ferry-1" in ids(hits, 10) else None

    assert (place(r.details["keyword"]), place(r.details["vector"]), place(r.passages)) == (
        keyword_rank,
        vector_rank,
        fused_rank,
    )
