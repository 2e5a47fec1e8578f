"""The scoreboard: every technique run on the labelled questions, scored with hit@k, recall@k, MRR and nDCG@10.

Each row is scored in ``scores.py`` (the metrics themselves are in ``metrics.py``), on the labelled passages its
returned units hold (``coverage.py``); the questions are grouped by the mistake of plain search they show
(``groups.py``).
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path

from .coverage import unit_spans
from .documents.corpus import CorpusError, LabelledQuestion
from .documents.corpus_data import corpus_data
from .groups import GroupScore, groups
from .lab import Lab
from .metrics import NDCG_K
from .scores import K, Ranked, ScoreRow, TechniqueScore, fell_back_note, score_technique, with_only_right
from .search.vectors import Embedder, Vector
from .techniques import TECHNIQUES, Scored, Technique, run
from .techniques.meaning import meaning_search

DEPTH = 10  # how many units each technique is asked for (the largest top-k)


def load_questions(path: str | Path) -> tuple[LabelledQuestion, ...]:
    """A labelled question set in the corpus's ``questions.toml`` layout: ``[[question]] text, answers``."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        raise CorpusError(f"{path}: cannot read labelled questions ({e})") from e
    return corpus_data({"questions.toml": text})["questions"]  # the corpus's own rules and messages


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


def rows_for(lab: Lab, embed: Embedder | None) -> tuple[list[ScoreRow], dict[str, str]]:
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
    rows: list[ScoreRow] = []
    skipped: dict[str, str] = {}
    for t in TECHNIQUES.values():
        if t.meaning and embed is None:
            skipped[t.key] = "needs the embedding model all-MiniLM-L6-v2, which is not loaded"
            continue
        rows += [ScoreRow(scored.key, scored.title, ranked(t, scored), technique=t.key) for scored in t.rows]
    rows.append(
        ScoreRow(
            "bm25",
            f"BM25 over the passages (k1 {K1:g}, b {B:g})",
            lambda q: Ranked(bm25_search(bm25, q, DEPTH)),
            baseline=True,
        )
    )
    if embed is not None:
        rows.append(
            ScoreRow(
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
    scores = with_only_right(scores)
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
