"""The compare view's rows, from the techniques' own results: the passages each hands over, where they stood in plain
search, what each did, which answer, and the questions that show the differences (raglab.compare, raglab.showcase)."""

import json

import pytest

from raglab import TECHNIQUES, QuestionError
from raglab.cli import main
from raglab.compare import MEANING, NO_MODEL, compare, plain_ranks
from raglab.evaluate import evaluate
from raglab.showcase import showcase
from raglab.techniques import run

MIRA = "When can I meet the man who taught Mira to bake?"
BOAT = "How much is a boat ticket?"


def test_every_technique_then_the_meaning_baseline_in_the_registry_order(lab, embed):
    rows = compare(lab, MIRA, embed).rows
    assert [r.key for r in rows] == [*TECHNIQUES, MEANING]
    assert [r.key for r in rows if r.baseline] == ["plain", MEANING]
    assert all(not r.missing for r in rows)


def test_each_row_hands_over_what_its_technique_returns(lab, embed):
    compared = compare(lab, MIRA, embed)
    for key in TECHNIQUES:
        result = run(lab, key, MIRA, embed=embed)
        assert [p.id for p in compared.row(key).passages] == [h.id for h in result.passages], key


def test_moves_are_measured_against_plain_search_ranks(lab):
    ranks = plain_ranks(lab, MIRA)
    assert ranks["bakery-2"] == 1 and "lighthouse-2" not in ranks
    graph = compare(lab, MIRA).row("graph")
    assert [(p.id, p.rank, p.plain_rank, p.move) for p in graph.passages] == [
        ("bakery-2", 1, 1, "same"),
        ("bakery-1", 2, 2, "same"),
        ("lighthouse-2", 3, None, "new"),
    ]
    assert graph.did == "hopped from Mira Okafor to Fernport Bakery, Tomas Reyes"
    # a whole document stands where its best passage stood; each chunk size is ranked among its own size
    assert [(p.id, p.plain_rank, p.move) for p in compare(lab, MIRA).row("document").passages] == [
        ("bakery", 1, "same")
    ]
    sizes = compare(lab, MIRA).row("chunk_size").passages
    assert [(p.id, p.rank) for p in sizes] == [("bakery-s1-4", 1), ("bakery-s2-2", 1), ("bakery-s4-1", 1)]


def test_a_labelled_question_marks_its_answers_and_says_who_put_one_first(lab):
    compared = compare(lab, BOAT)
    assert compared.answers == ("ferry-1",)
    query = compared.row("query")
    assert query.did == "added cost for much; ferry for boat; fare for ticket"
    assert [(p.id, p.answers) for p in query.passages][0] == ("ferry-1", True) and query.answer_first
    assert compared.row("plain").passages == () and compared.row("plain").answer_first is None
    assert compared.first == ("query",)
    assert compared.verdict.startswith("An answer first: Query RAG. Not first: Plain RAG, Graph RAG")


def test_an_unlabelled_question_says_so(lab):
    compared = compare(lab, "Is there a swimming pool?")
    assert compared.answers is None
    assert {p.answers for r in compared.rows for p in r.passages} == {None}
    assert compared.verdict == "This question is not labelled, so the lab cannot say which passages answer it."


def test_without_an_embedder_the_meaning_rows_say_why_and_the_rest_run(lab):
    compared = compare(lab, MIRA, missing="needs every passage’s meaning vector first")
    meaning = [r for r in compared.rows if r.key == MEANING or r.key in TECHNIQUES and TECHNIQUES[r.key].meaning]
    assert {r.key for r in meaning} == {"multi_query", "hyde", "hybrid", MEANING}
    assert {r.missing for r in meaning} == {"needs every passage’s meaning vector first"}
    assert all(r.passages for r in compared.rows if r not in meaning)
    assert compare(lab, MIRA).row("hyde").missing == NO_MODEL


def test_a_question_that_cannot_be_used_is_refused(lab):
    with pytest.raises(QuestionError, match="Type a question first"):
        compare(lab, "   ")
    every_word_a_stop_word = compare(lab, "What is it?")
    assert every_word_a_stop_word.row("plain").did.startswith("Nothing to search for")


def test_the_json_holds_the_rows_the_verdict_and_the_first(lab, embed):
    out = json.loads(json.dumps(compare(lab, BOAT, embed).to_dict()))
    assert out["answers"] == ["ferry-1"] and out["verdict"].startswith("An answer first: Query RAG")
    assert out["rows"][1]["passages"][0] == {
        "id": "ferry-1",
        "title": "Ferry timetable",
        "section": "",
        "first_words": "The ferry crosses from Millbay on the mainland to Fernport in 40 …",
        "rank": 1,
        "plain_rank": None,
        "move": "new",
        "answers": True,
    }


def test_the_showcase_questions_are_those_a_technique_finds_and_plain_search_misses(lab):
    found = showcase(evaluate(lab))
    assert [(s.technique, s.question) for s in found] == [
        ("query", BOAT),
        ("graph", MIRA),
        ("document", "Who taught the owner of Fernport Bakery?"),
        ("parent", "How old is Fernport?"),
    ]
    assert found[1].why == "Graph RAG puts an answer at rank 3; plain search has none in its first 10."
    for s in found:  # checked by the compare view's own rows: the technique has an answer in its first 3, plain not
        compared = compare(lab, s.question)
        shown = [p.answers for p in compared.row(s.technique).passages][:3]
        assert any(shown), s
        assert not any(p.answers for p in compared.row("plain").passages[:3]), s


def test_the_ledger_has_questions_that_show_the_differences_too():
    from pathlib import Path

    from raglab import Lab, load_corpus

    ledger = Lab(load_corpus(Path(__file__).resolve().parents[2] / "corpus" / "ledger"))
    found = showcase(evaluate(ledger))
    assert [s.technique for s in found] == ["query", "document"]
    assert found[0].question == "How early do we tell the landlord we are moving out?"
    for s in found:
        assert any(p.answers for p in compare(ledger, s.question).row(s.technique).passages[:3]), s


def test_the_command_line_compares_as_text_and_json(capsys):
    assert main(["compare", BOAT, "--embedder", "none"]) == 0
    text = capsys.readouterr().out
    assert "Query RAG: added cost for much; ferry for boat; fare for ticket" in text
    assert "1. Ferry timetable [ferry-1] · new: plain search does not find it · answers" in text
    assert f"Multi-query: {NO_MODEL}" in text
    assert main(["compare", BOAT, "--embedder", "none", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["first"] == ["query"] and out["map"] is None
    assert main(["compare", "--embedder", "none"]) == 0
    assert "How much is a boat ticket?\n    Query RAG puts an answer at rank 1" in capsys.readouterr().out
    assert main(["compare", " ", "--embedder", "none"]) == 2
