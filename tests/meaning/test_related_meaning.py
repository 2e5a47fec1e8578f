"""Related words by meaning with the real model (all-MiniLM-L6-v2) on Fernport: the words the spec's word list
holds by hand are among the ones the model finds."""

import pytest

from raglab.search.related import suggest, unknown_words, vocabulary
from raglab.search.vector_table import VectorTable


@pytest.fixture(scope="module")
def fernport_words(lab):
    return vocabulary(lab.index())


@pytest.fixture(scope="module")
def boat_ticket(lab, real_embed, fernport_words):
    words = unknown_words("How much is a boat ticket?", lab.index())
    return {s.word: s for s in suggest(words, fernport_words, real_embed)}


def test_the_question_words_no_passage_holds(lab):
    assert unknown_words("How much is a boat ticket?", lab.index()) == ["much", "boat", "ticket"]


def test_boat_brings_ferry_among_its_three(boat_ticket):
    assert boat_ticket["boat"].labels == ["sail 0.72", "sea 0.65", "ferry 0.63"]


def test_ticket_brings_fare_alone(boat_ticket):
    assert boat_ticket["ticket"].labels == ["fare 0.54"]  # then tour 0.44, travel 0.42: below the floor


def test_much_brings_enough_not_cost(boat_ticket, real_embed, fernport_words):
    # the hand-written list says much -> cost: by meaning alone "cost" is only 10th, below the floor
    assert boat_ticket["much"].labels == ["enough 0.62"]
    [much] = suggest(["much"], fernport_words, real_embed, top=10, floor=-1.0)
    assert much.labels[9] == "cost 0.41"


def test_a_float32_vector_table_gives_the_same_suggestions(lab, real_embed, fernport_words, boat_ticket):
    words = list(boat_ticket)
    table = VectorTable()
    table.add([*words, *fernport_words], real_embed([*words, *fernport_words]))
    table = VectorTable.from_json(table.to_json())  # the page's format
    assert [s.labels for s in suggest(words, fernport_words, table)] == [s.labels for s in boat_ticket.values()]
