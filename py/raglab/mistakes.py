"""The mistakes plain search makes, each a rule over a labelled question and its passages, and how every technique
does on the questions each rule finds: the scoreboard's groups.

A group is found from the data, never written beside a question: the question's search words, its labelled
passages, the name list's links and (for one rule) the meaning model. So a course's own ``questions.toml`` is
grouped the same way, and anyone can check why a question is in a group. A question can be in several groups, or
in none (its answer uses its words: plain search's own ground). Each technique declares the mistakes it is built to
fix (``Technique.fixes``); a technique is scored on a group only where it did its own work, and the questions where
it fell back (``Technique.fell_back``: HyDE with no hypothetical answer is plain meaning search) are counted apart.

On Fernport, "How much is a boat ticket?" (ferry-1: "A ferry fare costs 6 coins...") shares none of its search
words (much, boat, ticket) with its answer: it is in ``OTHER_WORDS``.

>>> from raglab import Lab
>>> facts = Facts(Lab())
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
from .techniques.registry import CUT_OFF, EXACT_CODE, OTHER_WORDS, SPREAD, TECHNIQUES, TWO_HOPS, UNLIKE

if TYPE_CHECKING:
    from .evaluate import QuestionScore, TechniqueScore
    from .lab import Lab

# How a group is measured: what counts as the technique getting that question right.
FIRST = "first"  # a labelled passage in the first unit handed over
FOUND = "found"  # a labelled passage in the first K units (hit@K)
COMPLETE = "complete"  # every labelled passage in the first K units (recall@K = 1)
MEASURES = {
    FIRST: "puts an answer first",
    FOUND: "hands over an answer in its first {k}",
    COMPLETE: "hands over all the answer's passages in its first {k}",
}
PLAIN_ROWS = ("plain", "meaning")  # the searches every other improves on: plain search, plain meaning search


class Facts:
    """What the rules read about a lab: each passage's search words, its place, the names it mentions; the
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


def _other_words(facts: Facts, question: str, answers: Sequence[str]) -> bool:
    asked = set(facts.lab.search_words(question))
    return bool(asked) and not any(asked & facts.words[a] for a in answers)


def _two_hops(facts: Facts, question: str, answers: Sequence[str]) -> bool:
    graph = facts.lab.graph
    names = set(graph.names_in(question))
    linked = {n for name in names for n in graph.linked_to(name)} - names
    mentioned = {n for a in answers for n in graph.mentions[a]}
    return bool(names) and not names & mentioned and bool(linked & mentioned)


def _spread(facts: Facts, question: str, answers: Sequence[str]) -> bool:
    places = sorted(facts.order[a] for a in answers)
    one_document = len({facts.chunk[a].slug for a in answers}) == 1
    return len(places) > 1 and one_document and places == list(range(places[0], places[0] + len(places)))


def _cut_off(facts: Facts, question: str, answers: Sequence[str]) -> bool:
    missing = set(facts.lab.search_words(question)) - {w for a in answers for w in facts.words[a]}
    titles = {facts.chunk[a].title for a in answers}
    return any(missing & set(facts.lab.search_words(title)) for title in titles)


def _unlike(facts: Facts, question: str, answers: Sequence[str]) -> bool:
    nearest = facts.nearest(question)
    return nearest is not None and nearest not in answers


def _exact_code(facts: Facts, question: str, answers: Sequence[str]) -> bool:
    codes = {w for w in facts.lab.search_words(question) if any(ch.isdigit() for ch in w)}
    return any(codes & facts.words[a] for a in answers)


@dataclass(frozen=True)
class Mistake:
    key: str
    name: str  # what goes wrong, as a group's heading
    rule: str  # the rule that puts a question in the group, as a sentence's end: "questions whose ..."
    measure: str  # FIRST, FOUND or COMPLETE: what getting one of its questions right means
    test: Callable[[Facts, str, Sequence[str]], bool]
    meaning: bool = False  # the rule needs the embedding model

    def holds(self, facts: Facts, question: str, answers: Sequence[str]) -> bool:
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


@dataclass(frozen=True)
class GroupRow:
    """One row's figures on a group: counted on the ``scored`` questions where it did its own work."""

    key: str
    name: str
    baseline: bool
    aimed: bool  # the technique is built to fix this mistake
    scored: int
    fell_back: int  # questions of the group it fell back on, not scored
    fell_back_to: str  # what it became there ("plain meaning search"), "" if never
    first: int
    found: int
    complete: int
    right_on: tuple[bool, ...] = ()  # per question of the group, right by the group's measure (fell back or not)

    def right(self, measure: str) -> int:
        return {FIRST: self.first, FOUND: self.found, COMPLETE: self.complete}[measure]


@dataclass(frozen=True)
class GroupScore:
    key: str
    name: str
    rule: str
    measure: str
    questions: tuple[int, ...]  # indices into the scoreboard's questions
    rows: tuple[GroupRow, ...]
    k: int

    @property
    def verdict(self) -> str:
        """The group's figures in a sentence: each technique aimed at the mistake on the questions it did its own
        work on, then the plain searches they improve on.

        >>> row = lambda key, name, right, scored=2, fell=0, aimed=True: GroupRow(
        ...     key, name, key == "meaning", aimed, scored, fell, "plain meaning search" if fell else "", 0, right, 0)
        >>> GroupScore("unlike", "A question unlike its answer", "...", FOUND, (0, 1), (
        ...     row("hyde", "HyDE", 1, 1, 1), row("plain", "plain search", 0, aimed=False),
        ...     row("meaning", "plain meaning search", 1, aimed=False)), 3).verdict
        'Hands over an answer in its first 3, of the 2 questions: HyDE 1 of 1 (on 1 more it fell back to plain \
meaning search, not counted); plain search 0 of 2, plain meaning search 1 of 2.'
        """
        n = len(self.questions)

        def figure(r: GroupRow) -> str:
            said = f"{r.name} {r.right(self.measure)} of {r.scored}" if r.scored else f"{r.name} not scored"
            if r.fell_back:
                said += f" (on {'all' if not r.scored else f'{r.fell_back} more'} it fell back to {r.fell_back_to}"
                said += ", not counted)" if r.scored else ")"
            return said

        aimed = [figure(r) for r in self.rows if r.aimed]
        plain = [figure(r) for r in self.rows if r.key in PLAIN_ROWS and not r.aimed]
        what = MEASURES[self.measure].format(k=self.k)
        said = f"{what[0].upper()}{what[1:]}, of the {n} question{'s' * (n != 1)}: "
        said += "; ".join(x for x in (", ".join(aimed) or "no technique built for it ran", ", ".join(plain)) if x)
        return said + "."

    @property
    def best(self) -> tuple[str, ...]:
        """The technique rows (not baselines) right on the most questions of the group, among those that did their
        own work on every one of them; none when no row got any right."""
        whole = [r for r in self.rows if not r.baseline and r.scored == len(self.questions)]
        top = max((r.right(self.measure) for r in whole), default=0)
        return tuple(r.key for r in whole if top and r.right(self.measure) == top)

    @property
    def best_said(self) -> str:
        """``best`` in a sentence, with its figure; "" when there is none."""
        if not self.best:
            return ""
        rows = {r.key: r for r in self.rows}
        n = len(self.questions)
        return (
            f"Right on the most, among the techniques that did their own work on all {n}: "
            f"{'; '.join(rows[k].name for k in self.best)}, {rows[self.best[0]].right(self.measure)} of {n}."
        )

    def to_dict(self) -> dict:
        return {
            "key": self.key,
            "name": self.name,
            "rule": self.rule,
            "measure": self.measure,
            "measure_words": MEASURES[self.measure].format(k=self.k),
            "questions": list(self.questions),
            "rows": [vars(r) | {"right": r.right(self.measure), "right_on": list(r.right_on)} for r in self.rows],
            "verdict": self.verdict,
            "best": list(self.best),
            "best_said": self.best_said,
        }


def row_name(row: TechniqueScore) -> str:
    """How a group's sentence names a row: the technique's short name, a chunk size's own title, a baseline's."""
    technique = TECHNIQUES.get(row.technique or "")
    if technique is None:
        return row.title.split(" (")[0][:1].lower() + row.title.split(" (")[0][1:]
    if len(technique.rows) > 1:  # "Chunk size (4 sentences)"
        return f"{technique.name} ({row.title.split(': ')[-1]})"
    return "plain search" if row.key == "plain" else technique.name


def groups(
    lab: Lab, questions: Sequence, rows: Sequence[TechniqueScore], k: int, embed: Embedder | None
) -> tuple[tuple[GroupScore, ...], tuple[str, ...]]:
    """Every mistake's group of ``questions`` (labelled questions) and each row's figures on it; a rule that needs
    the embedding model is left out without one (the second value says so). A group with no question is left out."""
    facts = Facts(lab, embed)
    out, notes = [], []
    for m in MISTAKES:
        if m.meaning and embed is None:
            notes.append(f"“{m.name}” needs the embedding model to find its questions, and it is not loaded.")
            continue
        found = tuple(i for i, q in enumerate(questions) if m.holds(facts, q.text, q.answers))
        if not found:
            continue
        out.append(GroupScore(m.key, m.name, m.rule, m.measure, found, tuple(_row(m, r, found) for r in rows), k))
    return tuple(out), tuple(notes)


def right(measure: str, q: QuestionScore) -> bool:
    """Whether a row got a question right by ``measure``: its first unit holds an answer (FIRST), one of its first
    K does (FOUND), its first K hold every labelled passage (COMPLETE)."""
    if measure == FIRST:
        return q.first_right == 1
    return q.hit == 1 if measure == FOUND else q.held == len(q.answers)


def _row(m: Mistake, r: TechniqueScore, found: Sequence[int]) -> GroupRow:
    own = [r.questions[i] for i in found if not r.questions[i].fell_back]
    fell = {r.questions[i].fell_back for i in found} - {""}
    aimed = r.technique in TECHNIQUES and m.key in TECHNIQUES[r.technique].row_fixes(r.key)
    return GroupRow(
        r.key,
        row_name(r),
        r.baseline,
        aimed,
        len(own),
        len(found) - len(own),
        ", ".join(sorted(fell)),
        sum(right(FIRST, q) for q in own),
        sum(right(FOUND, q) for q in own),
        sum(right(COMPLETE, q) for q in own),
        tuple(right(m.measure, r.questions[i]) for i in found),
    )


__all__ = ["MISTAKES", "MEASURES", "FIRST", "FOUND", "COMPLETE", "Mistake", "GroupRow", "GroupScore", "groups", "right"]
