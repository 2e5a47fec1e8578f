"""The mistakes plain search makes, each a rule over a labelled question and its passages: the scoreboard's groups
(``raglab.groups`` scores every technique on them).

A group is found from the data, never written beside a question: the question's search words, its labelled
passages, the name list's links and (for one rule) the meaning model. So a course's own ``questions.toml`` is
grouped the same way, and anyone can check why a question is in a group. A question can be in several groups, or
in none (its answer uses its words: plain search's own ground). Each technique declares the mistakes it is built to
fix (``Technique.fixes``).

On Fernport, "How much is a boat ticket?" (ferry-1: "A ferry fare costs 6 coins...") shares none of its search
words (much, boat, ticket) with its answer: it is in ``OTHER_WORDS``.

>>> from raglab import Lab
>>> facts = PassageFacts(Lab())
>>> [m.key for m in MISTAKES if m.holds(facts, "How much is a boat ticket?", ("ferry-1",))]
['other_words']
>>> [m.key for m in MISTAKES if m.holds(facts, "What time does the ferry leave in winter?", ("ferry-2", "ferry-3"))]
['spread']
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING

from .search.vectors import Embedder, rank_by_similarity
from .techniques.registry import CUT_OFF, EXACT_CODE, OTHER_WORDS, SPREAD, TWO_HOPS, UNLIKE

if TYPE_CHECKING:
    from .lab import Lab

# How a group is measured: what counts as a technique getting one of its questions right (raglab.groups says it).
FIRST = "first"  # a labelled passage in the first unit handed over
FOUND = "found"  # a labelled passage in the first K units (hit@K)
COMPLETE = "complete"  # every labelled passage in the first K units (recall@K = 1)


class PassageFacts:
    """What the rules read about a lab's passages: each one's search words, its place, the names it mentions; the
    passage nearest a question in meaning when there is an embedder."""

    def __init__(self, lab: Lab, embed: Embedder | None = None):
        self.lab, self.embed = lab, embed
        self.order = {c.id: n for n, c in enumerate(lab.chunks())}
        self.chunk = {c.id: c for c in lab.chunks()}

    @cached_property
    def words(self) -> dict[str, set[str]]:
        return {c.id: set(self.lab.passage_words(c)) for c in self.lab.chunks()}

    def nearest(self, question: str) -> str | None:
        if self.embed is None:
            return None
        ((i, _),) = rank_by_similarity(self.embed([question])[0], self.lab.vectors(self.embed), 1)
        return self.lab.chunks()[i].id


def _other_words(facts: PassageFacts, question: str, answers: Sequence[str]) -> bool:
    asked = set(facts.lab.search_words(question))
    return bool(asked) and not any(asked & facts.words[a] for a in answers)


def _two_hops(facts: PassageFacts, question: str, answers: Sequence[str]) -> bool:
    graph = facts.lab.graph
    names = set(graph.names_in(question))
    linked = {n for name in names for n in graph.linked_to(name)} - names
    mentioned = {n for a in answers for n in graph.mentions[a]}
    return bool(names) and not names & mentioned and bool(linked & mentioned)


def _spread(facts: PassageFacts, question: str, answers: Sequence[str]) -> bool:
    places = sorted(facts.order[a] for a in answers)
    one_document = len({facts.chunk[a].slug for a in answers}) == 1
    return len(places) > 1 and one_document and places == list(range(places[0], places[0] + len(places)))


def _cut_off(facts: PassageFacts, question: str, answers: Sequence[str]) -> bool:
    missing = set(facts.lab.search_words(question)) - {w for a in answers for w in facts.words[a]}
    titles = {facts.chunk[a].title for a in answers}
    return any(missing & set(facts.lab.search_words(title)) for title in titles)


def _unlike(facts: PassageFacts, question: str, answers: Sequence[str]) -> bool:
    nearest = facts.nearest(question)
    return nearest is not None and nearest not in answers


def _exact_code(facts: PassageFacts, question: str, answers: Sequence[str]) -> bool:
    codes = {w for w in facts.lab.search_words(question) if any(ch.isdigit() for ch in w)}
    return any(codes & facts.words[a] for a in answers)


@dataclass(frozen=True)
class Mistake:
    key: str
    name: str  # what goes wrong, as a group's heading
    rule: str  # the rule that puts a question in the group, as a sentence's end: "questions whose ..."
    measure: str  # FIRST, FOUND or COMPLETE: what getting one of its questions right means
    test: Callable[[PassageFacts, str, Sequence[str]], bool]
    meaning: bool = False  # the rule needs the embedding model

    def holds(self, facts: PassageFacts, question: str, answers: Sequence[str]) -> bool:
        return self.test(facts, question, answers)


MISTAKES = (
    Mistake(
        OTHER_WORDS,
        "Other words for the same thing",
        "whose answer shares none of the question's search words",
        FOUND,
        _other_words,
    ),
    Mistake(
        TWO_HOPS,
        "A name two hops away",
        "that name someone or something the answer never mentions, while the answer mentions a name linked to it",
        FOUND,
        _two_hops,
    ),
    Mistake(
        SPREAD,
        "An answer spread over passages",
        "whose answer takes two or more neighbouring passages of one document",
        COMPLETE,
        _spread,
    ),
    Mistake(
        CUT_OFF,
        "An answer cut off from its subject",
        "whose answer's passage lacks a search word of the question that its document's title holds",
        FIRST,
        _cut_off,
    ),
    Mistake(
        UNLIKE,
        "A question unlike its answer",
        "whose nearest passage in meaning, by all-MiniLM-L6-v2, is not an answer",
        FIRST,
        _unlike,
        meaning=True,
    ),
    Mistake(
        EXACT_CODE,
        "An exact number or code",
        "that ask for a number or code, a search word with a digit, that their answer holds",
        FIRST,
        _exact_code,
    ),
)


__all__ = ["MISTAKES", "FIRST", "FOUND", "COMPLETE", "PassageFacts", "Mistake"]
