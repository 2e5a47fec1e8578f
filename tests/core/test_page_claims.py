"""The "try" lines of the page make claims about the lexical techniques; the lab's own results must bear them out."""

import pytest

from raglab import run


def ids(hits):
    return [h.id for h in hits]


def test_plain_the_fare_comes_first(lab):
    top = run(lab, "plain", "How much does the ferry cost?").passages[0]
    assert "fare" in top.text and len(top.parts) == 2


def test_query_plain_finds_nothing_rewrite_finds_the_fare(lab):
    r = run(lab, "query", "How much is a boat ticket?")
    assert r.comparison.passages == () and "fare" in r.passages[0].text


def test_graph_finds_the_tours_plain_search_cannot(lab):
    r = run(lab, "graph", "When can I meet the man who taught Mira to bake?")
    assert "lighthouse-2" in ids(r.passages) and "lighthouse-2" not in ids(r.comparison.passages)
    assert "Mira" not in lab.chunks()[4].text and lab.chunks()[4].id == "lighthouse-2"


def test_document_plain_search_leaves_out_the_season(lab):
    r = run(lab, "document", "What time does the ferry leave in winter?")
    assert "ferry-3" in ids(r.comparison.passages) and "ferry-2" not in ids(r.comparison.passages)
    assert "December to February" in r.passages[0].text and "only one crossing" in r.passages[0].text


def test_parent_whole_timetable_from_one_sentence(lab):
    r = run(lab, "parent", "What time does the ferry leave in winter?")
    assert r.details["children"][0].sentences == 1 and "December to February" in r.passages[0].text


def test_chunk_size_claims(lab):
    rules = run(lab, "chunk_size", "What are the visitor rules?").passages
    holds_all = [p.id for p in rules if all(w in p.text for w in ("camp", "Fires", "Dogs"))]
    assert holds_all == ["rules-s4-1"]
    assert not any("December to February" in c.text and "only one crossing" in c.text for c in lab.chunks(4))
    ferry = run(lab, "chunk_size", "How much does the ferry cost?").passages
    assert ferry[0].sentences == 1 and "fare costs 6 coins" in ferry[0].text


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        ("Can I bring my pet?", "rules-2"),
        ("When does the boat leave in winter?", "ferry-2"),
        ("Where can I pitch a tent?", "rules-1"),
        ("How much is a bicycle on the ship?", "ferry-2"),
        ("What is the price of a ticket?", "ferry-1"),
        ("Where can I buy a loaf?", "bakery-2"),
        ("How many inhabitants are there?", "history-3"),
    ],
)
def test_the_word_list_makes_other_word_questions_work(lab, question, answer):
    """Questions in other words than the documents': plain search misses the answer, query rewriting finds it."""
    assert answer not in ids(run(lab, "plain", question).passages)
    assert answer in ids(run(lab, "query", question).passages)
