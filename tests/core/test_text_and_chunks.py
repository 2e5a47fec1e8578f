"""Sentences, search words and chunking: the rules the spec fixes."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from raglab.chunking import chunk_documents
from raglab.text import STOP_WORDS, cut_plural, search_words, split_sentences


@pytest.mark.parametrize(("word", "cut"), [("tours", "tour"), ("leaves", "leave"), ("class", "class"),
                                          ("bus", "bus"), ("famous", "famous"), ("classes", "class"),
                                          ("ferries", "ferry"), ("10:00", "10:00")])
def test_plural_s(word, cut):
    assert cut_plural(word) == cut


def test_stop_words_keep_much_and_time():
    assert {"the", "how", "is", "when"} <= STOP_WORDS
    assert "much" not in STOP_WORDS and "time" not in STOP_WORDS


def test_search_words_lower_case_distinct_in_order():
    assert search_words("Tours, TOURS and the tour!") == ["tour"]
    assert search_words("the lighthouse’s stairs") == ["lighthouse", "stair"]


def test_sentences_keep_times_whole():
    assert split_sentences("Tours at 10:00 and 14:00. The guide is Tomas.") == [
        "Tours at 10:00 and 14:00.", "The guide is Tomas."]


def test_passage_counts_and_ids(lab):
    assert [len(chunk_documents(lab.corpus.documents, s)) for s in (1, 2, 4)] == [56, 32, 20]
    ids = [c.id for c in lab.chunks()]
    assert ids[:4] == ["bakery-1", "bakery-2", "bakery-3", "lighthouse-1"]
    assert len(set(ids)) == 32
    assert lab.chunks(1)[0].id == "bakery-s1-1" and lab.chunks(2)[0].sized_id == "bakery-s2-1"


def test_documents_in_spec_order(lab):
    assert [d.slug for d in lab.corpus.documents] == [
        "bakery", "lighthouse", "ferry", "festival", "rules", "harbour", "school", "market", "weather", "history"]
    assert lab.corpus.document("harbour").title == "Harbour guide"
    assert len(lab.corpus.document("harbour").sentences) == 14


@given(st.text(max_size=200))
def test_search_words_never_hold_stop_words_or_case(text):
    got = search_words(text)
    assert len(got) == len(set(got))
    assert not set(got) & STOP_WORDS
    assert all(w == w.lower() for w in got)
