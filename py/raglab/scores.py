"""One scoreboard row scored on the labelled questions: hit@k, recall@k, MRR, nDCG@10 and the sentences handed over,
per question and on average (the metrics themselves are in ``metrics.py``), and where the row fell back.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace

from .coverage import Span, passage_ranking
from .documents.corpus import LabelledQuestion
from .metrics import first_right, hit_at, ndcg_at, recall_at, reciprocal_rank
from .result import Hit

K = 3  # hit@3 and recall@3: the passages a technique hands to the model by default


@dataclass(frozen=True)
class Ranked:
    """A row's answer to one question: the units it returned, best first, and what it fell back to ("plain meaning
    search": HyDE with no hypothetical answer; "" where it did its own work)."""

    hits: list[Hit]
    fell_back: str = ""


@dataclass(frozen=True)
class ScoreRow:
    """One line of the scoreboard: a technique (or a baseline) and how to get its ranked unit ids."""

    key: str
    title: str
    ranked: Callable[[str], Ranked]
    baseline: bool = False
    technique: str | None = None  # the technique it is (or is one setting of); None for a baseline


@dataclass(frozen=True)
class QuestionScore:
    question: str
    answers: tuple[str, ...]
    first_right: int | None  # rank of the first unit that covers a labelled passage
    hit: float
    recall: float
    ndcg: float
    sentences: int  # sentences in the first K units: what the model would read
    held: int = 0  # labelled passages the first K units hold (recall@K = held / len(answers))
    fell_back: str = ""  # what the technique became on this question ("plain meaning search"), "" if its own work


@dataclass(frozen=True)
class TechniqueScore:
    key: str
    title: str
    baseline: bool
    hit_at_3: float
    recall_at_3: float
    mrr: float
    ndcg_at_10: float
    sentences_at_3: float  # mean sentences handed over in the top 3
    questions: tuple[QuestionScore, ...]
    only_right: tuple[str, ...] = ()  # questions this technique alone gets right (hit@3), among the techniques
    technique: str | None = None  # the page section a row opens in: its technique; None for a baseline

    @property
    def fell_back(self) -> int:
        """The questions it fell back on (did not do its own work)."""
        return sum(bool(q.fell_back) for q in self.questions)


def score_technique(row: ScoreRow, questions: Sequence[LabelledQuestion], spans: Mapping[str, Span]) -> TechniqueScore:
    """``row`` asked every question (``spans``: coverage.unit_spans), each answer scored and the scores averaged."""
    scored, reciprocal = [], []
    for q in questions:
        ranked = row.ranked(q.text)
        hits = ranked.hits
        ids = [h.id for h in hits]
        relevant = set(q.answers)
        # metrics.py reads passage ids, so each unit stands for the labelled passages it holds (passage_ranking).
        # Every unit before the first one holding a right passage stays one wrong id, so the first right passage
        # keeps that unit's rank; hit@K and recall@K count all that the first K units hold, however long they are.
        passages = passage_ranking(ids, q.answers, spans)
        held = passage_ranking(ids[:K], q.answers, spans)
        reciprocal.append(reciprocal_rank(passages, relevant))
        scored.append(
            QuestionScore(
                q.text,
                q.answers,
                first_right(passages, relevant),
                hit_at(held, relevant, len(held)),
                recall_at(held, relevant, len(held)),
                ndcg_at(passages, relevant),
                sum(h.sentences for h in hits[:K]),
                len(relevant.intersection(held)),
                ranked.fell_back,
            )
        )
    n = len(scored) or 1
    return TechniqueScore(
        row.key,
        row.title,
        row.baseline,
        technique=row.technique,
        hit_at_3=sum(s.hit for s in scored) / n,
        recall_at_3=sum(s.recall for s in scored) / n,
        mrr=sum(reciprocal) / n,
        ndcg_at_10=sum(s.ndcg for s in scored) / n,
        sentences_at_3=sum(s.sentences for s in scored) / n,
        questions=tuple(scored),
    )


def fell_back_note(score: TechniqueScore, n: int) -> str:
    """Where a row did not do its own work, and what it was there.

    >>> q = lambda fell: QuestionScore("?", ("a",), 1, 1.0, 1.0, 1.0, 2, 1, fell)
    >>> fell_back_note(TechniqueScore("hyde", "HyDE: ...", False, 1, 1, 1, 1, 2, (q(""), q("plain meaning search"))), 2)
    'HyDE did its own work on 1 of the 2 questions; on the other 1 it fell back to plain meaning search.'
    """
    what = ", ".join(sorted({q.fell_back for q in score.questions} - {""}))
    own = n - score.fell_back
    return (
        f"{score.title.split(':')[0]} did its own work on {own} of the {n} questions; on the other "
        f"{score.fell_back} it fell back to {what}."
    )


def with_only_right(scores: list[TechniqueScore]) -> list[TechniqueScore]:
    """Each technique row with the questions it alone gets right at K among the technique rows (baselines are
    neither given any nor counted against one)."""
    techniques = [s for s in scores if not s.baseline]
    out = []
    for s in scores:
        only: tuple[str, ...] = ()
        if not s.baseline:
            only = tuple(
                q.question
                for i, q in enumerate(s.questions)
                if q.hit and not any(o.questions[i].hit for o in techniques if o is not s)
            )
        out.append(replace(s, only_right=only))
    return out
