"""Vectors first, then run once: what the registry says a technique needs for a question (wheels, texts to embed)
is exactly what running it takes, so the page gets them first and runs the technique once, with no missing vector
caught and no second run."""

from __future__ import annotations

import pytest
from tests.core.conftest import stand_in_embed
from tools.build import pins

from raglab import Lab, load_corpus, run
from raglab.documents.chunking import WHOLE_DOCUMENT
from raglab.page.needs import Needs, needs_for, wheel_failure
from raglab.search.vector_table import VectorTable
from raglab.techniques import TECHNIQUES, QuestionError
from raglab.techniques.registry import WHEELS

TYPED = "Who sells fish at the market?"
# (technique, question, inputs and options): presets with their hand-written inputs, typed questions with and
# without inputs, inputs with blank lines and runs of spaces, a question of stop words only.
CASES = [
    ("multi_query", "What else does Tomas do?", {}),
    ("multi_query", "When can I meet the man who taught Mira to bake?", {}),
    ("multi_query", TYPED, {}),
    ("multi_query", TYPED, {"rewrites": [" fish  seller ", "", "market stall"]}),
    ("multi_query", "What else does Tomas do?", {"rewrites": []}),  # none, even for a preset: the question alone
    ("hyde", "What are the visitor rules?", {}),
    ("hyde", TYPED, {"hypothetical": "Ida Lund sells  fish."}),
    ("hybrid", "How much is a boat ticket?", {}),
    ("hybrid", "  the and   of ", {"scoring": "bm25"}),
    ("plain", "How much does the ferry cost?", {}),
]


class Recording:
    """An embedder that notes every text it is asked for, in order."""

    def __init__(self):
        self.texts: list[str] = []

    def __call__(self, texts):
        self.texts += texts
        return stand_in_embed(texts)


@pytest.fixture(scope="module")
def labs():
    corpus = load_corpus()
    return {"passages": Lab(corpus), "documents": Lab(corpus, WHOLE_DOCUMENT)}


@pytest.mark.parametrize("size", ["passages", "documents"])
@pytest.mark.parametrize(("key", "question", "given"), CASES)
def test_the_texts_named_are_the_texts_the_technique_embeds_in_its_order(labs, size, key, question, given):
    lab = Lab(labs[size].corpus, labs[size].passage_size)  # its own lab: vectors are kept per embedder
    embed = Recording()
    run(lab, key, question, embed=embed, **given)
    assert list(needs_for(lab, key, question, given).to_embed) == list(dict.fromkeys(embed.texts))


@pytest.mark.parametrize(("key", "question", "given"), CASES)
def test_a_table_holding_just_those_texts_runs_the_technique_once(labs, key, question, given):
    needs = needs_for(labs["passages"], key, question, given)
    table = VectorTable(dict(zip(needs.to_embed, stand_in_embed(list(needs.to_embed)), strict=True)))
    result = run(Lab(labs["passages"].corpus), key, question, embed=table, **given)  # no MissingVectors
    assert result.passages


def test_what_the_table_knows_is_not_needed_again(labs):
    lab = labs["passages"]
    known = set(lab.passage_texts()) | {"What else does Tomas do?", "What is the job of Tomas Reyes?"}
    needs = needs_for(lab, "multi_query", "What else does Tomas do?", {}, known=known)
    assert needs == Needs(texts=("Who leads the lighthouse tours?", "What does Tomas Reyes teach?"))


@pytest.mark.parametrize(
    ("key", "question", "given", "said"),
    [
        ("hyde", "  ", {"hypothetical": "Ida sells fish."}, "Type a question first."),
        ("multi_query", "  ", {}, "Type a question first."),
        ("hybrid", "x" * 501, {}, "The question is 501 characters long"),
        ("graph", "", {}, "Type a question first."),
    ],
)
def test_a_question_the_technique_refuses_needs_nothing(labs, key, question, given, said):
    """Intent: no model is loaded and no wheel installed for a question the technique refuses before it embeds."""
    assert needs_for(labs["passages"], key, question, given) == Needs()
    with pytest.raises(QuestionError, match=said):
        run(labs["passages"], key, question, embed=Recording(), **given)


@pytest.mark.parametrize(
    ("key", "given", "modules"),
    [
        ("graph", {}, ["networkx"]),
        ("plain", {"scoring": "snowball"}, ["snowballstemmer"]),
        ("hybrid", {"scoring": "snowball"}, ["snowballstemmer"]),
        ("plain", {"scoring": "bm25"}, []),
        ("plain", {}, []),
        ("hyde", {"hypothetical": "A fish seller."}, []),
    ],
)
def test_the_wheels_a_question_needs(labs, key, given, modules):
    assert [w.module for w in needs_for(labs["passages"], key, "Who is Ida Lund?", given).wheels] == modules


def test_every_wheel_a_technique_can_need_is_one_the_site_ships():
    needs = {n for t in TECHNIQUES.values() for n in t.needs} | {
        need for t in TECHNIQUES.values() for o in t.options for _, need in o.needs
    }
    wheels = {n for n in needs if n in WHEELS}
    assert wheels == {"networkx", "snowball"} and wheels <= pins.WHEELS.keys()


def test_the_page_says_who_needs_a_wheel_that_could_not_be_downloaded():
    assert wheel_failure("graph", WHEELS["networkx"]) == (
        "Graph RAG needs networkx, the graph library, and it could not be downloaded from this site. Check the "
        "connection and ask again."
    )
    assert wheel_failure("hybrid", WHEELS["snowball"], {"scoring": "snowball"}) == (
        "Hybrid search with scoring “BM25, Snowball stems” needs snowballstemmer, the Snowball stemmer, and it could "
        "not be downloaded from this site. Check the connection and ask again."
    )


def test_what_a_result_adds_is_declared_with_its_technique(labs, embed):
    """The renderer picks a result's extras by the shape of ``details`` today: the declaration says the same."""
    lab = labs["passages"]
    found = {}
    for key in TECHNIQUES:
        details = run(lab, key, "When can I meet the man who taught Mira to bake?", embed=embed).details
        shape = {
            "graph": details.get("links") is not None,
            "lists": "vector_search" in details,
            "sizes": "sizes" in details,
            "searches": "searches" in details,
        }
        found[key] = {extra for extra, there in shape.items() if there}
    assert found == {key: set(t.shows) for key, t in TECHNIQUES.items()}
