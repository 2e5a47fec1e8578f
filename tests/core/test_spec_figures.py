"""Every figure of the spec's lexical techniques, to two decimals, with ids, order and steps."""

import pytest

from raglab import run
from raglab.prompt import INSTRUCTION


def ranked(result, passages=None):
    return [(p.id, f"{p.score:.2f}") for p in (passages if passages is not None else result.passages)]


def test_plain_ferry_cost(lab):
    r = run(lab, "plain", "How much does the ferry cost?")
    assert r.search_words == ("much", "ferry", "cost")
    assert ranked(r) == [("ferry-1", "5.95"), ("ferry-3", "2.46"), ("harbour-3", "2.46")]
    assert r.steps[0] == "Search words in your question: much, ferry, cost."
    assert r.steps[1].startswith("Scored all 32 passages")


def test_plain_prompt_is_the_spec_word_for_word(lab):
    r = run(lab, "plain", "How much does the ferry cost?")
    assert r.prompt == "\n".join(
        [
            INSTRUCTION,
            "",
            "[1] Ferry timetable: The ferry crosses from Millbay on the mainland to Fernport in 40 minutes. "
            "A ferry fare costs 6 coins, and children ride free.",
            "[2] Ferry timetable: Then there is only one crossing a day, at 10:00 from Millbay. "
            "The rest of the year, the ferry leaves Millbay at 8:00, 12:00 and 17:00.",
            "[3] Harbour guide: The ferry from the mainland ties up at the harbour, at the far end of the east pier. "
            "A small harbour office hands out maps and answers questions.",
            "",
            "Question: How much does the ferry cost?",
        ]
    )
    assert INSTRUCTION == (
        "Answer the question using only the passages below. If they do not contain the answer, say you do not know."
    )


def test_query_boat_ticket(lab):
    r = run(lab, "query", "How much is a boat ticket?")
    assert r.search_words == ("much", "boat", "ticket")
    assert ranked(r) == [("ferry-1", "9.45"), ("ferry-3", "2.46"), ("harbour-3", "2.46")]
    assert r.steps[1] == "Rewrote the question by adding related words: much → cost, boat → ferry, ticket → fare."
    assert r.comparison.passages == ()
    assert r.comparison.message == "No passage found, so the model gets no help from the documents."


def test_graph_mira(lab):
    r = run(lab, "graph", "When can I meet the man who taught Mira to bake?")
    assert ranked(r) == [("bakery-2", "7.83"), ("bakery-1", "4.33"), ("lighthouse-2", "0.50")]
    assert ranked(r, r.comparison.passages) == [("bakery-2", "6.33"), ("bakery-1", "2.83")]
    assert r.steps[:2] == (
        "Names in your question: Mira Okafor.",
        "In the graph, Mira Okafor is linked to: Fernport Bakery, Tomas Reyes.",
    )
    links = [(link["a"], link["b"]) for link in r.details["links"]]
    assert links == [
        ("Fernport Bakery", "Mira Okafor"),
        ("Mira Okafor", "Tomas Reyes"),
        ("Fernport Lighthouse", "Tomas Reyes"),
        ("Fernport Lighthouse", "Lantern Festival"),
    ]


def test_graph_bonus_parts_add_up(lab):
    r = run(lab, "graph", "When can I meet the man who taught Mira to bake?")
    parts = {(p.kind, p.label): p.value for p in r.passages[0].parts}
    assert parts[("name", "Mira Okafor")] == 1.0
    assert parts[("linked name", "Tomas Reyes")] == 0.5
    assert sum(parts.values()) == pytest.approx(r.passages[0].score)


def test_document_winter_ferry(lab):
    r = run(lab, "document", "What time does the ferry leave in winter?")
    assert r.search_words == ("time", "ferry", "leave", "winter")
    assert ranked(r) == [("ferry", "5.95")]
    assert r.passages[0].text == lab.corpus.document("ferry").text
    # the spec's step, and what it leaves unsaid: the weights are the passages' (issue 34)
    assert r.steps[1] == (
        "Scored each of the 10 whole documents instead of 2-sentence passages, with each word's weight over the 32 "
        "passages: a document holds a word when one of its passages does."
    )
    assert r.steps[2] == "Picked “Ferry timetable” and passed the whole document, in its original order."
    assert ranked(r, r.comparison.passages) == [("ferry-3", "5.95"), ("ferry-1", "2.46"), ("harbour-3", "2.46")]


def test_parent_winter_ferry(lab):
    r = run(lab, "parent", "What time does the ferry leave in winter?")
    children = r.details["children"]
    assert [f"{c.score:.2f}" for c in children] == ["6.75", "2.71", "2.71"]
    assert [c.id for c in children] == ["ferry-s1-6", "ferry-s1-1", "ferry-s1-2"]
    assert len(r.passages) == 1 and r.passages[0].title == "Ferry timetable"
    assert f"{r.passages[0].score:.2f}" == "6.75" and r.passages[0].score_kind == "best sentence"
    assert (
        "the best 3 sentences are: “The rest of the year, the ferry leaves Millbay at 8:00, 12:00 and 17:00.” "
        "(6.75)" in r.steps[1]
    )
    assert r.steps[2] == "Those belong to 1 parent document, each passed once, whole and in order: Ferry timetable."


def test_chunk_size_visitor_rules(lab):
    r = run(lab, "chunk_size", "What are the visitor rules?")
    assert r.search_words == ("visitor", "rule")
    got = [(p.id, f"{p.score:.2f}", len(p.text)) for p in r.passages]
    assert got == [("rules-s1-1", "4.04", 57), ("rules-s2-1", "3.50", 113), ("rules-s4-1", "3.04", 156)]
    assert "Size 1: best chunk is rules-s1-1, 57 characters, score 4.04." in r.steps
    assert ranked(r, r.comparison.passages) == [("rules-1", "3.50")]


@pytest.mark.parametrize("technique", ["plain", "query", "graph", "document", "parent", "chunk_size"])
def test_every_lexical_preset_runs_and_explains_itself(lab, technique):
    for question in lab.corpus.presets[technique]:
        r = run(lab, technique, question)
        assert r.steps and r.prompt.endswith(f"Question: {question}")
        for p in r.passages:
            assert sum(part.value for part in p.parts) == pytest.approx(p.score)


def test_the_demo_sentences_read_as_the_spec_and_are_marked_as_fernports():
    """Intent: issue 21. Multi-query's and HyDE's explanations keep the spec's sentence that the presets' inputs were
    written by hand, marked (span.demo) so the page hides it on a visitor's own documents, where no one wrote them."""
    from page_toml import load_page_text

    from raglab import Lab
    from raglab.documents.corpus import default_corpus_dir
    from raglab.ui import render_main

    html = render_main(Lab(), load_page_text(default_corpus_dir()), {})
    spec = {
        "multi_query": "These rewrites were written by hand for this demo; a real system asks a language model for "
        "them.",
        "hyde": "The answers here were written by hand for this demo.",
    }
    for key, sentence in spec.items():
        section = html[html.index(f'<section class="technique" id="{key}"') :]
        explain = section[section.index('<p class="explain">') : section.index("</p>")]
        assert f'<span class="demo">{sentence}</span>' in explain, key
        assert explain.count("written by hand") == 1, key
