"""The scoreboard: every technique run on the labelled questions, scored with hit@k, recall@k, MRR and nDCG@10.

The metrics themselves are in ``metrics.py``.

Techniques hand back different units: 2-sentence passages, chunks of 1 or 4 sentences, whole documents. The labels
are 2-sentence passage ids, so each returned unit is mapped to the labelled passages it *overlaps by sentence
span* (same document, at least one sentence in common); see ``covered``.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path

from .documents.chunking import CHUNK_SIZES, DEFAULT_SIZE
from .documents.corpus import CorpusError, LabelledQuestion
from .documents.corpus_data import corpus_data
from .groups import GroupScore, groups
from .lab import Lab
from .metrics import NDCG_K, first_right, hit_at, ndcg_at, recall_at, reciprocal_rank
from .result import Hit
from .search.vectors import Embedder, Vector
from .techniques import TECHNIQUES, Scored, Technique, run
from .techniques.meaning import meaning_search

K = 3  # hit@3 and recall@3: the passages a technique hands to the model by default
DEPTH = 10  # how many units each technique is asked for (the largest top-k)


# --- from returned units to labelled passages ---------------------------------------------------------------------

Span = tuple[str, int, int]  # document slug, first sentence, last sentence (0-based, inclusive)


def unit_spans(lab: Lab) -> dict[str, Span]:
    """The sentence span of every id a technique can return: chunks of each size (``ferry-1``, ``ferry-s1-2``,
    ``rules-s4-1``) and whole documents (``ferry``)."""
    spans: dict[str, Span] = {}
    for size in sorted({*CHUNK_SIZES, DEFAULT_SIZE}):
        for c in lab.chunks(size):
            spans[c.id] = spans[c.sized_id] = (c.slug, c.first, c.first + c.sentences - 1)
    for d in lab.corpus.documents:
        spans[d.slug] = (d.slug, 0, len(d.sentences) - 1)
    return spans


def covered(unit: Span, passages: Mapping[str, Span]) -> list[str]:
    """The labelled passages a returned unit overlaps by sentence span, in passage order.

    Why overlap and not containment: documents, 2- and 4-sentence chunks all start on a passage boundary, so each
    of them either holds a whole 2-sentence passage or none of it, and both rules agree. They differ only for
    1-sentence chunks: containment could never be met, scoring that size 0 by construction, while overlap credits
    a sentence of a labelled passage. The labels say which 2 sentences answer, not which one, so that is as fine
    as they can judge (and it flatters size 1 a little when the answer is in the other sentence).

    >>> covered(("ferry", 1, 1), {"ferry-1": ("ferry", 0, 1), "ferry-2": ("ferry", 2, 3)})
    ['ferry-1']
    >>> covered(("ferry", 0, 5), {"ferry-1": ("ferry", 0, 1), "ferry-2": ("ferry", 2, 3), "bakery-1": ("bakery", 0, 1)})
    ['ferry-1', 'ferry-2']
    """
    slug, first, last = unit
    return [pid for pid, (s, f, la) in passages.items() if s == slug and f <= last and first <= la]


def passage_ranking(unit_ids: Sequence[str], answers: Sequence[str], spans: Mapping[str, Span]) -> list[str]:
    """A technique's ranking of units, rewritten as a ranking of labelled passage ids: each unit becomes the
    labelled passages it newly covers, or stays itself (a wrong id) when it covers none. A whole document that holds
    both answers at rank 1 gives ``[a, b, ...]``: nDCG 1, not half.

    >>> spans = {"ferry": ("ferry", 0, 5), "ferry-2": ("ferry", 2, 3), "ferry-3": ("ferry", 4, 5),
    ...          "bakery": ("bakery", 0, 5)}
    >>> passage_ranking(["bakery", "ferry"], ["ferry-2", "ferry-3"], spans)
    ['bakery', 'ferry-2', 'ferry-3']
    """
    labelled = {pid: spans[pid] for pid in answers}
    out: list[str] = []
    seen: set[str] = set()
    for uid in unit_ids:
        new = [pid for pid in covered(spans[uid], labelled) if pid not in seen]
        seen.update(new)
        out += new or [uid]
    return out


def load_questions(path: str | Path) -> tuple[LabelledQuestion, ...]:
    """A labelled question set in the corpus's ``questions.toml`` layout: ``[[question]] text, answers``."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        raise CorpusError(f"{path}: cannot read labelled questions ({e})") from e
    return corpus_data({"questions.toml": text})["questions"]  # the corpus's own rules and messages


# --- running the techniques ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Ranked:
    """A row's answer to one question: the units it returned, best first, and what it fell back to ("plain meaning
    search": HyDE with no hypothetical answer; "" where it did its own work)."""

    hits: list[Hit]
    fell_back: str = ""


@dataclass(frozen=True)
class Row:
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
    returned: tuple[str, ...]  # the unit ids, best first (up to DEPTH)
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


@dataclass(frozen=True)
class Scoreboard:
    corpus: str
    questions: tuple[str, ...]
    rows: tuple[TechniqueScore, ...]
    skipped: dict[str, str] = field(default_factory=dict)  # technique key -> why it did not run
    notes: tuple[str, ...] = ()
    groups: tuple[GroupScore, ...] = ()  # the questions by the mistake of plain search they show (raglab.mistakes)
    answers: tuple[int, ...] = ()  # each question's number of labelled passages

    def to_dict(self) -> dict:
        """The page's scoreboard: per technique the metrics, per question the rank of the first right passage."""
        return {
            "corpus": self.corpus,
            "k": K,
            "ndcg_k": NDCG_K,
            "questions": list(self.questions),
            "answers": list(self.answers),
            "techniques": [
                {
                    **{k: v for k, v in asdict(r).items() if k != "questions"},
                    "fell_back": r.fell_back,
                    "first_right": [q.first_right for q in r.questions],
                    "right_at_3": [q.hit == 1.0 for q in r.questions],
                    "held_at_3": [q.held for q in r.questions],
                    "fell_back_on": [q.fell_back for q in r.questions],
                }
                for r in self.rows
            ],
            "groups": [g.to_dict() for g in self.groups],
            "skipped": dict(self.skipped),
            "notes": list(self.notes),
        }


def score_technique(row: Row, questions: Sequence[LabelledQuestion], spans: Mapping[str, Span]) -> TechniqueScore:
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
                tuple(ids),
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


def rows_for(lab: Lab, embed: Embedder | None) -> tuple[list[Row], dict[str, str]]:
    """Every technique as a row; chunk size gives one row per size (1 and 4; size 2 is plain search). Meaning
    techniques need ``embed``; without it they are listed in ``skipped``. Two baselines come along: BM25 over the
    passages, and plain meaning search (the question alone), which multi-query and HyDE try to beat."""
    from .search.bm25 import K1, B, BM25Index, bm25_search

    def ranked(t: Technique, scored: Scored) -> Callable[[str], Ranked]:
        def ranking(question: str) -> Ranked:
            result = run(lab, t.key, question, top_k=DEPTH, embed=embed, **t.eval_inputs(lab.corpus, question))
            return Ranked([h for h in result.passages if scored.keep(h)], t.fell_back(result))

        return ranking

    bm25 = BM25Index(lab.chunks())
    rows: list[Row] = []
    skipped: dict[str, str] = {}
    for t in TECHNIQUES.values():
        if t.meaning and embed is None:
            skipped[t.key] = "needs the embedding model all-MiniLM-L6-v2, which is not loaded"
            continue
        rows += [Row(scored.key, scored.title, ranked(t, scored), technique=t.key) for scored in t.rows]
    rows.append(
        Row(
            "bm25",
            f"BM25 over the passages (k1 {K1:g}, b {B:g})",
            lambda q: Ranked(bm25_search(bm25, q, DEPTH)),
            baseline=True,
        )
    )
    if embed is not None:
        rows.append(
            Row(
                "meaning",
                "Plain meaning search (the question alone)",
                lambda q: Ranked(meaning_search(lab, embed, embed([q])[0], DEPTH)),
                baseline=True,
            )
        )
    return rows, skipped


def unknown_answers(unknown: Sequence[str], passages: Sequence[tuple[str, int]]) -> str:
    """What a labelled answer that names no passage says: each wrong id with the closest that exists (difflib's
    ratio, at least 0.6), then every id the corpus has, a document's as one range (``passages``: each passage's
    slug and number, in order).

    >>> print(unknown_answers(["averages-3", "welcom-1"], [("welcome", 1), ("welcome", 2), ("averages", 1),
    ...                                                      ("averages", 2), ("spread", 1)]))
    labelled answers that are not passage ids of this corpus: averages-3 (closest: averages-2), welcom-1 (closest: \
welcome-1). Its passage ids: welcome-1 to welcome-2, averages-1 to averages-2, spread-1 (`raglab corpus --corpus \
DIR` lists them with their text).
    """
    ids = [f"{slug}-{n}" for slug, n in passages]
    by_document: dict[str, list[int]] = {}
    for slug, n in passages:
        by_document.setdefault(slug, []).append(n)
    wrong = []
    for answer in unknown:
        closest = difflib.get_close_matches(answer, ids, n=1, cutoff=0.6)
        wrong.append(f"{answer} (closest: {closest[0]})" if closest else answer)
    ranges = [
        f"{slug}-{min(ns)}" + (f" to {slug}-{max(ns)}" if len(ns) > 1 else "") for slug, ns in by_document.items()
    ]
    return (
        f"labelled answers that are not passage ids of this corpus: {', '.join(wrong)}. Its passage ids: "
        f"{', '.join(ranges)} (`raglab corpus --corpus DIR` lists them with their text)."
    )


def evaluate(
    lab: Lab, embed: Embedder | None = None, questions: Sequence[LabelledQuestion] | None = None
) -> Scoreboard:
    """Run every technique on the labelled questions (the corpus's own unless ``questions`` is given)."""
    questions = tuple(lab.corpus.questions if questions is None else questions)
    spans = unit_spans(lab)
    unknown = sorted({a for q in questions for a in q.answers} - {c.id for c in lab.chunks()})
    if unknown:
        raise CorpusError(unknown_answers(unknown, [(c.slug, c.number) for c in lab.chunks()]))
    embed = _memo(embed) if embed else None
    rows, skipped = rows_for(lab, embed)
    scores = [score_technique(r, questions, spans) for r in rows]
    scores = _with_only_right(scores)
    grouped, group_notes = groups(lab, questions, scores, K, embed)
    notes = [fell_back_note(s, len(questions)) for s in scores if s.fell_back] + list(group_notes)
    notes.append(
        f"A returned chunk or document counts as right when it overlaps a labelled passage by at least "
        f"one sentence. hit@{K} and recall@{K} look at the first {K} units a technique returns, however "
        "long: whole documents hold more sentences (see sentences@3)."
    )
    texts = tuple(q.text for q in questions)
    counts = tuple(len(q.answers) for q in questions)
    return Scoreboard(lab.corpus.name, texts, tuple(scores), skipped, tuple(notes), grouped, counts)


def fell_back_note(score: TechniqueScore, n: int) -> str:
    """Where a row did not do its own work, and what it was there.

    >>> q = lambda fell: QuestionScore("?", ("a",), (), 1, 1.0, 1.0, 1.0, 2, 1, fell)
    >>> fell_back_note(TechniqueScore("hyde", "HyDE: ...", False, 1, 1, 1, 1, 2, (q(""), q("plain meaning search"))), 2)
    'HyDE did its own work on 1 of the 2 questions; on the other 1 it fell back to plain meaning search.'
    """
    what = ", ".join(sorted({q.fell_back for q in score.questions} - {""}))
    own = n - score.fell_back
    return (
        f"{score.title.split(':')[0]} did its own work on {own} of the {n} questions; on the other "
        f"{score.fell_back} it fell back to {what}."
    )


def _with_only_right(scores: list[TechniqueScore]) -> list[TechniqueScore]:
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


def _memo(embed: Embedder) -> Embedder:
    """The embedder with a memory, so a question embedded by several techniques is embedded once. It keeps one
    identity, so the lab's passage vectors are computed once too."""
    cache: dict[str, Vector] = {}

    def embed_once(texts: list[str]):
        missing = [t for t in dict.fromkeys(texts) if t not in cache]
        if missing:
            cache.update(zip(missing, embed(missing), strict=True))
        return [cache[t] for t in texts]

    return embed_once
