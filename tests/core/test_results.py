"""The result object, bad input, and the core's independence from the browser."""

import ast
import json
from pathlib import Path

import pytest

import raglab
from raglab import EmbedderMissing, QuestionError, run


def test_json_contract_fields(lab):
    d = run(lab, "query", "How much is a boat ticket?").to_dict()
    assert set(d) >= {
        "technique",
        "question",
        "search_words",
        "steps",
        "passages",
        "comparison",
        "prompt",
        "details",
        "message",
        "summary",
    }
    p = d["passages"][0]
    assert set(p) >= {"id", "title", "text", "rank", "score", "score_kind", "parts"}
    assert p["parts"][0] == {
        "kind": "word",
        "label": "cost",
        "value": pytest.approx(3.4965, abs=1e-4),
        "formula": "ln(1 + 32/1)",
    }
    assert d["details"]["added_words"][1] == {"word": "boat", "related": ["ferry"]}
    json.dumps(d)


def test_only_stop_words_gives_a_message(lab):
    r = run(lab, "plain", "How is it?")
    assert r.passages == () and "stop word" in r.message and "how, is, it" in r.message


@pytest.mark.parametrize("question", ["", "   ", "x" * 501])
def test_unusable_questions_raise_a_clear_error(lab, question):
    with pytest.raises(QuestionError):
        run(lab, "plain", question)


def test_unknown_technique_and_top_k(lab):
    with pytest.raises(QuestionError, match="No technique"):
        run(lab, "magic", "ferry")
    with pytest.raises(QuestionError, match="top-k"):
        run(lab, "plain", "ferry", top_k=0)


def test_meaning_techniques_say_they_need_an_embedder(lab):
    for t in ("multi_query", "hyde"):
        with pytest.raises(EmbedderMissing, match="embedding model"):
            run(lab, t, "What else does Tomas do?")
    r = run(lab, "hybrid", "What happened in 1702?")
    assert r.details["vector_search"] is False and "Vector search is off" in " ".join(r.steps)


def test_html_in_a_question_stays_text(lab):
    q = "<img src=x onerror=alert(1)> ferry"
    r = run(lab, "plain", q)
    assert r.question == q and r.prompt.endswith(f"Question: {q}")


def test_core_imports_nothing_from_the_browser():
    banned = {"js", "pyodide", "pyscript"}
    for path in Path(raglab.__file__).parent.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = (
                [a.name for a in node.names]
                if isinstance(node, ast.Import)
                else [node.module or ""]
                if isinstance(node, ast.ImportFrom) and node.level == 0
                else []
            )
            assert not {n.split(".")[0] for n in names} & banned, f"{path.name} imports {names}"


def test_query_with_a_model_written_rewrite(lab):
    r = run(lab, "query", "How much is a boat ticket?", rewrite="What does the ferry fare cost?", source="model")
    assert r.details["rewrite_by"] == "model" and r.details["all_words"] == [
        "much",
        "boat",
        "ticket",
        "ferry",
        "fare",
        "cost",
    ]
    assert "written by the model" in r.steps[1] and r.passages[0].id == "ferry-1"


def test_plain_search_with_bm25(lab):
    r = run(lab, "plain", "How much does the ferry cost?", scoring="bm25")
    assert [(p.id, f"{p.score:.2f}") for p in r.passages] == [
        ("ferry-1", "5.81"),
        ("ferry-3", "2.21"),
        ("harbour-3", "2.14"),
    ]
    assert r.passages[0].parts[0].formula.startswith("idf 2.24 × tf 2 × (0.9 + 1)")
    assert r.comparison.label == "the sum of word weights" and r.comparison.passages[0].score > 5.9
    with pytest.raises(QuestionError, match="k1 is from 0 to 3"):
        run(lab, "plain", "ferry", scoring="bm25", k1=7)


def test_bm25_on_snowball_stems_in_plain_and_in_hybrids_keyword_side(lab):
    """Snowball stems meet where the plural cut does not ("ferries" and "ferry" both "ferri"), joined words are cut
    into parts; hybrid's keyword side scores the same way and says so."""
    from raglab.search.analyzers import snowball_terms
    from raglab.search.bm25 import BM25Index

    r = run(lab, "plain", "How much do the ferries cost?", scoring="snowball")
    index = BM25Index(lab.chunks(), snowball_terms())
    assert index.query_words("How much do the ferries cost?") == ["much", "ferri", "cost"]
    assert [(p.id, round(p.score, 6)) for p in r.passages] == [
        (i.id, round(s, 6)) for i, s in ((index.chunks[i], s) for i, s in index.top(["much", "ferri", "cost"], 3))
    ]
    assert "Snowball stems" in r.steps[1] and r.details["scoring"] == "snowball"
    h = run(lab, "hybrid", "How much do the ferries cost?", scoring="snowball")
    assert h.details["scoring"] == "snowball" and "Snowball stems" in h.steps[1]
    assert [x.id for x in h.details["keyword"]] == [
        x.id for x in run(lab, "plain", "How much do the ferries cost?", scoring="snowball", top_k=10).passages
    ]
    assert run(lab, "hybrid", "What costs 6 coins?").details.get("scoring") is None  # the spec's sum by default
    with pytest.raises(QuestionError, match="Scoring is one of “sum”, “bm25”, “snowball”, not “tf”"):
        run(lab, "hybrid", "ferry", scoring="tf")
