"""The scoreboard's groups: the labelled questions by the mistake of plain search each shows, found by the rules of
raglab.mistakes over Fernport's data, and every technique's figures on each group, counted only where it did its
own work. Exact figures on Fernport's 50 questions, without and with the real embedding model."""

from pathlib import Path

import pytest

from raglab import Lab, load_corpus
from raglab.evaluate import evaluate
from raglab.mistakes import MISTAKES, PassageFacts
from raglab.techniques import TECHNIQUES

MODEL_DIR = Path(__file__).resolve().parents[2] / ".cache" / "models"
MIRA = "When can I meet the man who taught Mira to bake?"
WINTER = "What time does the ferry leave in winter?"


@pytest.fixture(scope="module")
def board(lab):
    return evaluate(lab)


@pytest.fixture(scope="module")
def full_board(lab):
    from tools.models import ensure_minilm

    from raglab.models.onnx_embed import OnnxEmbedder

    return evaluate(lab, OnnxEmbedder(ensure_minilm(MODEL_DIR)))


def group(board, key):
    return next(g for g in board.groups if g.key == key)


def members(board, key):
    return [board.questions[i] for i in group(board, key).questions]


def row(board, key, technique):
    return next(r for r in group(board, key).rows if r.key == technique)


def test_each_rule_reads_the_question_its_answers_and_the_documents(lab):
    facts = PassageFacts(lab)
    holds = {m.key: m for m in MISTAKES}
    # other words: "boat ticket" shares none of much, boat, ticket with ferry-1
    assert holds["other_words"].holds(facts, "How much is a boat ticket?", ("ferry-1",))
    assert not holds["other_words"].holds(facts, "How much does the ferry cost?", ("ferry-1",))
    # two hops: lighthouse-2 names Tomas Reyes, linked to Mira; "What else does Tomas do?" names Tomas himself
    assert holds["two_hops"].holds(facts, MIRA, ("lighthouse-2",))
    assert not holds["two_hops"].holds(facts, "What else does Tomas do?", ("lighthouse-2",))
    # spread: two neighbouring passages of one document, not two passages of two documents
    assert holds["spread"].holds(facts, WINTER, ("ferry-2", "ferry-3"))
    assert not holds["spread"].holds(facts, "What does Tomas do?", ("bakery-2", "lighthouse-2"))
    assert not holds["spread"].holds(facts, "What does the ferry do?", ("ferry-1", "ferry-3"))
    # cut off: "The shop opens at 7..." lacks "bakery", its document's title "Fernport Bakery" has it
    assert holds["cut_off"].holds(facts, "When does the bakery open?", ("bakery-3",))
    assert not holds["cut_off"].holds(facts, "Who runs the bakery?", ("bakery-1",))
    # an exact code: 14:00 is a search word and lighthouse-2 holds it
    assert holds["exact_code"].holds(facts, "What happens at 14:00?", ("lighthouse-2",))
    assert not holds["exact_code"].holds(facts, "What happens at 14:00?", ("ferry-3",))


def test_fernports_groups_without_the_embedding_model(board):
    assert [g.key for g in board.groups] == ["other_words", "two_hops", "spread", "cut_off", "exact_code"]
    assert "“A question unlike its answer” needs the embedding model" in " ".join(board.notes)
    assert members(board, "two_hops") == [
        MIRA,
        "Where does Mira's teacher work?",
        "Who taught the owner of Fernport Bakery?",
    ]
    assert members(board, "spread") == [WINTER, "What are the visitor rules?", "When does the boat leave in winter?"]
    assert members(board, "exact_code") == [
        "What happened in 1702?",
        "What costs 6 coins?",
        "What happens at 14:00?",
        "What happens at 17:00?",
        "What happened in 1650?",
    ]
    assert len(members(board, "other_words")) == 7 and len(members(board, "cut_off")) == 5


def test_the_split_winter_answer_shows_on_the_spread_group(board):
    """Every technique puts a winter passage first, but only the whole timetable holds both halves."""
    winter = board.questions.index(WINTER)
    rows = {r.key: r.questions[winter] for r in board.rows}
    assert {r.first_right for r in rows.values()} == {1}
    assert (rows["plain"].held, rows["document"].held, rows["parent"].held, rows["query"].held) == (1, 2, 2, 2)
    spread = group(board, "spread")
    assert [(r.key, r.complete, r.scored) for r in spread.rows if r.aimed] == [
        ("document", 3, 3),
        ("parent", 3, 3),
        ("chunk_size_4", 2, 3),
    ]
    assert (row(board, "spread", "plain").complete, row(board, "spread", "plain").found) == (0, 3)
    assert spread.best == ("document", "parent")
    assert spread.verdict == (
        "Hands over all the answer's passages in its first 3, of the 3 questions: Document RAG 3 of 3, "
        "Parent-document 3 of 3, Chunk size (4 sentences) 2 of 3; plain search 0 of 3."
    )


def test_a_technique_is_counted_only_where_it_did_its_own_work(board):
    query = row(board, "other_words", "query")  # the word list knows boat, ticket, pet... not warm, eat, teacher
    assert (query.scored, query.fell_back, query.fell_back_to, query.found) == (3, 4, "plain search", 2)
    graph = row(board, "two_hops", "graph")
    assert (graph.aimed, graph.scored, graph.found) == (True, 3, 2)
    assert row(board, "two_hops", "plain").found == 0


def test_with_the_model_hyde_is_scored_only_on_its_written_answers(full_board, lab):
    unlike = group(full_board, "unlike")
    assert len(unlike.questions) == 15
    hyde = row(full_board, "unlike", "hyde")
    written = sum(full_board.questions[i] in lab.corpus.hypothetical for i in unlike.questions)
    assert (hyde.scored, hyde.fell_back, hyde.first) == (written, 15 - written, 8) == (8, 7, 8)
    meaning = row(full_board, "unlike", "meaning")  # by the rule, the nearest passage is never an answer
    assert (meaning.baseline, meaning.first, meaning.found) == (True, 0, 9)
    assert "hyde" not in unlike.best and "meaning" not in unlike.best
    assert unlike.verdict.startswith(
        "Puts an answer first, of the 15 questions: HyDE 8 of 8 (on 7 more it fell back to plain meaning search, "
        "not counted); plain search 8 of 15, plain meaning search 0 of 15."
    )
    code = group(full_board, "exact_code")
    assert [(r.key, r.first) for r in code.rows if r.key in ("hybrid", "meaning", "plain")] == [
        ("plain", 5),
        ("hybrid", 5),
        ("meaning", 1),
    ]


def test_every_group_names_the_techniques_built_for_it(full_board):
    for g in full_board.groups:
        aimed = {r.key for r in g.rows if r.aimed}
        declared = {s.key for t in TECHNIQUES.values() for s in t.rows if g.key in t.row_fixes(s.key)}
        assert aimed == declared and aimed, g.key


def test_another_corpus_is_grouped_by_the_same_rules():
    ledger = evaluate(Lab(load_corpus(Path(__file__).resolve().parents[2] / "corpus" / "ledger")))
    codes = members(ledger, "exact_code")
    assert "How much is INV-2041?" in codes and all(any(ch.isdigit() for ch in q) for q in codes)


def test_raglab_eval_shows_the_groups(capsys):
    import json

    from raglab.cli import main

    assert main(["eval", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    spread = next(g for g in out["groups"] if g["key"] == "spread")
    assert spread["questions"] == [
        out["questions"].index(WINTER),
        out["questions"].index("What are the visitor rules?"),
        out["questions"].index("When does the boat leave in winter?"),
    ]
    assert spread["verdict"].startswith("Hands over all the answer's passages in its first 3")
    assert main(["eval"]) == 0
    text = capsys.readouterr().out
    assert "An answer spread over passages (3 questions" in text and spread["verdict"] in text.replace("\n  ", " ")
