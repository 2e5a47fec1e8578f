"""A question is read once a run: each technique analyses its question into search words once and hands them to
its searches, its steps and its comparison with plain search; BM25 reads it once more, by its own analyzer, for
both its sums and the sentence that shows its stems. And what a technique needs is found once a question, then
checked against each vector table."""

from __future__ import annotations

import pytest
from tests.core.conftest import stand_in_embed

import raglab.page.needs as needs_module
from raglab import Lab, run
from raglab.page.needs import compare_needs, table_for
from raglab.search.vector_table import VectorTable
from raglab.techniques import TECHNIQUES

QUESTION = "When can I meet the man who taught Mira to bake?"
KEYWORD = [key for key, t in TECHNIQUES.items() if not t.meaning]


class Counting:
    """A function that counts its calls and answers as ``real`` does."""

    def __init__(self, real):
        self.real, self.calls = real, 0

    def __call__(self, *args):
        self.calls += 1
        return self.real(*args)


def counted_lab() -> tuple[Lab, Counting]:
    lab = Lab()
    counting = Counting(lab.search_words)
    lab.search_words = counting  # the instance's, so every technique on this lab reads through it
    return lab, counting


@pytest.mark.parametrize("key", [*KEYWORD, "hybrid", "multi_query", "hyde"])
def test_each_technique_reads_its_question_into_search_words_once(key):
    lab, counting = counted_lab()
    options = {"embed": stand_in_embed} if TECHNIQUES[key].meaning else {}
    result = run(lab, key, QUESTION, **options)
    assert counting.calls == 1
    assert result.search_words == tuple(Lab().search_words(QUESTION))


@pytest.mark.parametrize("scoring", ["bm25", "snowball"])
@pytest.mark.parametrize("key", ["plain", "hybrid"])
def test_bm25_reads_the_question_once_for_its_sums_and_its_sentence(key, scoring):
    lab, counting = counted_lab()
    index = lab.bm25_index_for(scoring)
    analyze = Counting(index.analyze)
    index.analyze = analyze
    options = {"embed": stand_in_embed} if TECHNIQUES[key].meaning else {}
    result = run(lab, key, "How much do the ferries cost?", scoring=scoring, **options)
    assert (counting.calls, analyze.calls) == (1, 1)
    if scoring == "snowball":  # the stems the step names are the words the sums used
        assert any("much, ferri, cost." in step for step in result.steps)
    if key == "plain":  # compared with the sum of word weights over the same search words
        assert result.comparison is not None and [h.id for h in result.comparison.passages] == [
            h.id for h in run(Lab(), "plain", "How much do the ferries cost?").passages
        ]


def test_a_run_s_needs_are_found_once_and_checked_against_each_table(monkeypatch):
    lab = Lab()
    counting = Counting(needs_module.needs_for)
    monkeypatch.setattr(needs_module, "needs_for", counting)
    shipped = VectorTable({t: [1.0] for t in lab.passage_texts()})  # lacks the question: the second table is used
    own = VectorTable({t: [1.0] for t in [*lab.passage_texts(), "Is there a pool?"]})
    table, needs = table_for(lab, "hybrid", "Is there a pool?", {}, [shipped, own])
    assert (table is own, needs.to_embed, counting.calls) == (True, (), 1)


def test_the_compare_view_finds_each_technique_s_needs_once(monkeypatch):
    lab = Lab()
    counting = Counting(needs_module.needs_for)
    monkeypatch.setattr(needs_module, "needs_for", counting)
    tables = [VectorTable({}), VectorTable({t: [1.0] for t in lab.passage_texts()})]
    plan = compare_needs(lab, "Is there a pool?", tables)
    assert (plan.table is tables[1], plan.to_embed) == (True, ("Is there a pool?",))
    assert counting.calls == len(TECHNIQUES)
