"""The scoreboard's groups scored: every row's figures on the questions of each mistake of plain search
(``raglab.mistakes`` finds them), counted only where the row did its own work, and the sentences they make.

A technique is scored on a group only where it did its own work; the questions where it fell back
(``Technique.fell_back``: HyDE with no hypothetical answer is plain meaning search) are counted apart, and the
group's sentence says how many.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .lab import Lab
from .mistakes import COMPLETE, FIRST, FOUND, MISTAKES, Mistake, PassageFacts
from .scores import QuestionScore, TechniqueScore
from .search.vectors import Embedder
from .techniques.registry import TECHNIQUES

MEASURES = {
    FIRST: "puts an answer first",
    FOUND: "hands over an answer in its first {k}",
    COMPLETE: "hands over all the answer's passages in its first {k}",
}
PLAIN_ROWS = ("plain", "meaning")  # the searches every other improves on: plain search, plain meaning search


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
    facts = PassageFacts(lab, embed)
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


__all__ = ["MEASURES", "GroupRow", "GroupScore", "groups", "right"]
