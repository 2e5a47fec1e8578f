"""Related words by meaning, with hand-made unit vectors: each question word's axis vector makes every cosine a
candidate's own coordinate, so the expected cosines are exact."""

import pytest

import raglab.search.related
import raglab.search.vectors
from raglab.documents.word_lists import parse_word_list
from raglab.search.related import (
    FLOOR,
    TOP,
    VOCABULARY_SIZE,
    Suggestion,
    merge_word_list,
    suggest,
    unknown_words,
    vocabulary,
    word_list_lines,
)
from raglab.search.vector_table import MissingVectors, VectorTable

VECTORS = {
    "boat": [1.0, 0.0, 0.0],
    "ticket": [0.0, 1.0, 0.0],
    "ferry": [0.8, 0.6, 0.0],
    "fare": [0.0, 0.96, 0.28],
    "sea": [0.6, 0.0, 0.8],
    "pier": [0.5, 0.0, 0.75**0.5],  # exactly at the floor: not above it
    "bread": [0.0, 0.0, 1.0],
    "boats": [1.0, 0.0, 0.0],  # the same search word as "boat"
}
CANDIDATES = ["bread", "sea", "ferry", "fare", "pier", "boat", "boats"]


class FakeEmbed:
    """Looks texts up in VECTORS and remembers each call."""

    def __init__(self):
        self.calls = []

    def __call__(self, texts):
        self.calls.append(list(texts))
        return [VECTORS[t] for t in texts]


def test_the_defaults_are_stated():
    assert (VOCABULARY_SIZE, TOP, FLOOR) == (3000, 3, 0.5)


def test_unknown_words_are_the_search_words_no_passage_holds(lab):
    index = lab.index()
    assert unknown_words("How much is a boat ticket?", index) == ["much", "boat", "ticket"]
    assert unknown_words("How much does the ferry cost?", index) == ["much"]
    assert unknown_words("When do the ferries leave at 10:00?", index) == []


def test_vocabulary_is_the_documents_words_most_passages_first(lab):
    index = lab.index()
    words = vocabulary(index)
    assert len(words) == 250 and len(index.postings) == 272  # the 22 others are numbers and times
    assert words[:5] == ["harbour", "fernport", "morning", "children", "cliff"]  # 10, 9, 5, 4, 4 passages
    assert "10:00" not in words and "1702" not in words
    assert vocabulary(index, limit=3) == ["harbour", "fernport", "morning"]
    with pytest.raises(ValueError, match="1 word or more"):
        vocabulary(index, limit=0)


def test_suggestions_are_the_closest_candidates_above_the_floor_with_their_cosines():
    boat, ticket = suggest(["boat", "ticket"], CANDIDATES, FakeEmbed())
    assert boat == Suggestion("boat", (("ferry", 0.8), ("sea", 0.6)))  # pier 0.5 is at the floor, bread 0
    assert ticket == Suggestion("ticket", (("fare", 0.96), ("ferry", 0.6)))


def test_the_word_itself_and_its_plural_are_not_suggested():
    [boat] = suggest(["boat"], CANDIDATES, FakeEmbed(), floor=0.9)
    assert boat.related == ()  # "boat" and "boats" have cosine 1, but are the word itself


def test_top_and_floor_are_the_callers():
    [boat] = suggest(["boat"], CANDIDATES, FakeEmbed(), top=1)
    assert boat.related == (("ferry", 0.8),)
    [boat] = suggest(["boat"], CANDIDATES, FakeEmbed(), floor=0.0)
    assert [c for c, _ in boat.related] == ["ferry", "sea", "pier"]
    with pytest.raises(ValueError, match="1 word or more"):
        suggest(["boat"], CANDIDATES, FakeEmbed(), top=0)


def test_equal_cosines_keep_candidate_order():
    [boat] = suggest(["boat"], ["sea", "ferry", "pier"], lambda texts: [VECTORS["boat"]] + [VECTORS["sea"]] * 3)
    assert boat.related == (("sea", 0.6), ("ferry", 0.6), ("pier", 0.6))


def test_words_and_candidates_are_embedded_in_one_call_each_once():
    embed = FakeEmbed()
    suggest(["boat", "ticket"], CANDIDATES, embed)
    assert embed.calls == [["boat", "ticket", "bread", "sea", "ferry", "fare", "pier", "boats"]]


def test_no_words_or_no_candidates_embed_nothing():
    embed = FakeEmbed()
    assert suggest([], CANDIDATES, embed) == []
    assert suggest(["boat"], [], embed) == [Suggestion("boat", ())]
    assert embed.calls == []


def test_a_vector_table_names_every_missing_text_for_the_page_to_embed():
    table = VectorTable({t: VECTORS[t] for t in ("boat", "ferry")})
    with pytest.raises(MissingVectors) as e:
        suggest(["boat", "ticket"], ["ferry", "fare", "sea"], table)
    assert e.value.texts == ["ticket", "fare", "sea"]
    table.add(e.value.texts, [VECTORS[t] for t in e.value.texts])
    assert suggest(["boat", "ticket"], ["ferry", "fare", "sea"], table)[1].related == (("fare", 0.96), ("ferry", 0.6))


def test_plain_python_gives_the_same_suggestions_as_numpy(monkeypatch):
    with_numpy = suggest(["boat", "ticket"], CANDIDATES, FakeEmbed(), floor=-1.0)
    monkeypatch.setattr(raglab.search.vectors, "_numpy", lambda: None)
    assert not raglab.search.vectors.numpy_available()
    assert suggest(["boat", "ticket"], CANDIDATES, FakeEmbed(), floor=-1.0) == with_numpy


def test_labels_round_only_for_display():
    s = Suggestion("boat", (("ferry", 0.6345236), ("sea", 0.6517324)))
    assert s.labels == ["ferry 0.63", "sea 0.65"] and s.related[0][1] == 0.6345236
    assert s.to_dict() == {
        "word": "boat",
        "related": [
            {"word": "ferry", "cosine": 0.6345236, "label": "ferry 0.63"},
            {"word": "sea", "cosine": 0.6517324, "label": "sea 0.65"},
        ],
    }


def test_word_list_lines_hold_what_the_visitor_accepted_in_suggestion_order():
    suggestions = suggest(["boat", "ticket"], CANDIDATES, FakeEmbed())
    lines = word_list_lines(suggestions, {"boat": ["sea", "ferry", "bread"], "ticket": [], "much": ["cost"]})
    assert lines == "boat: ferry, sea"  # bread and cost were not suggested; ticket accepted nothing
    assert parse_word_list(lines) == {"boat": ("ferry", "sea")}
    assert word_list_lines(suggestions, {}) == ""


def test_merging_adds_new_words_and_lines_without_duplicates():
    mine = parse_word_list("boat: ship, ferry\nprice: cost")
    merged = merge_word_list(mine, "boat: ferry, sea\nticket: fare")
    assert merged == {"boat": ("ship", "ferry", "sea"), "price": ("cost",), "ticket": ("fare",)}
    assert merge_word_list(mine, "") == mine
