"""One question put to every technique side by side: what each hands the model, where each of those passages stood
in plain search, what the technique did differently, and, where the corpus labels the question, which passages
answer it and which techniques put an answer first.

Every row is computed from the technique's own result (``Technique.did`` words what it did); the page, the
command line (``raglab compare``) and the JSON read the same ``Compared``.

>>> from raglab import Lab
>>> compared = compare(Lab(), "How much is a boat ticket?")
>>> row = compared.row("query")
>>> row.did, [(p.id, p.rank, p.plain_rank, p.move) for p in row.passages]
('added cost for much; ferry for boat; fare for ticket', [('ferry-1', 1, None, 'new'), ('ferry-3', 2, None, 'new'), \
('harbour-3', 3, None, 'new')])
>>> compared.row("multi_query").missing[:45]
'needs the embedding model (all-MiniLM-L6-v2),'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from .coverage import Span, covered, unit_spans
from .lab import Lab
from .result import Hit, Result
from .search.vectors import Embedder
from .techniques import TECHNIQUES, QuestionError, run
from .techniques.common import check_question, keyword_search, plural
from .techniques.meaning import PLAIN_MEANING, meaning_search
from .techniques.registry import SHOWS_SIZES

FIRST_WORDS = 12  # words of a passage a row shows
NO_MODEL = "needs the embedding model (all-MiniLM-L6-v2), which is not loaded here"
MEANING = "meaning"  # the plain meaning baseline's row key
REFERENCE = "plain"  # the technique every row's moves are measured against: plain keyword search, a baseline too
MOVES = ("up", "down", "same", "new")


@dataclass(frozen=True)
class ComparedPassage:
    """One unit a row hands the model: its id and label, its first words, its rank here and the best rank of the
    passages it holds in plain search (None: plain search does not find them), the move that makes, and whether it
    holds a labelled answer (None: the question is not labelled)."""

    id: str
    title: str
    section: str
    first_words: str
    rank: int
    plain_rank: int | None
    move: str
    answers: bool | None


@dataclass(frozen=True)
class CompareRow:
    key: str
    name: str
    passages: tuple[ComparedPassage, ...] = ()
    did: str = ""
    missing: str = ""  # why it did not run ("" when it ran)
    baseline: bool = False
    technique: str | None = None  # the section a row opens: its technique (None for a baseline of its own)

    @property
    def answer_first(self) -> bool | None:
        """Its first unit holds an answer (None: not labelled, or nothing handed over)."""
        return self.passages[0].answers if self.passages else None


@dataclass(frozen=True)
class Compared:
    question: str
    rows: tuple[CompareRow, ...]
    answers: tuple[str, ...] | None  # the labelled passages that answer it; None when it is not labelled
    results: Mapping[str, Result] = field(default_factory=dict, compare=False)  # each row's result, by key

    def row(self, key: str) -> CompareRow:
        return next(r for r in self.rows if r.key == key)

    @property
    def first(self) -> tuple[str, ...]:
        """The rows (techniques and baselines) whose first unit answers."""
        return tuple(r.key for r in self.rows if r.answer_first)

    @property
    def verdict(self) -> str:
        """Which techniques put an answer first, in words.

        >>> from raglab import Lab
        >>> compare(Lab(), "How much is a boat ticket?").verdict
        'An answer first: Query RAG. Not first: Plain RAG, Graph RAG, Document RAG, Parent-document, Chunk size. \
Not run: Multi-query, HyDE, Hybrid search, Plain meaning search.'
        """
        if self.answers is None:
            return "This question is not labelled, so the lab cannot say which passages answer it."
        ran = [r for r in self.rows if not r.missing]
        first = [r.name for r in ran if r.answer_first]
        rest = [r.name for r in ran if not r.answer_first]
        skipped = [r.name for r in self.rows if r.missing]
        said = [f"An answer first: {', '.join(first)}." if first else "No technique puts an answer first."]
        if rest and first:
            said.append(f"Not first: {', '.join(rest)}.")
        if skipped:
            said.append(f"Not run: {', '.join(skipped)}.")
        return " ".join(said)

    def to_dict(self) -> dict[str, Any]:
        return {
            "question": self.question,
            "answers": list(self.answers) if self.answers is not None else None,
            "rows": [{**asdict(r), "answer_first": r.answer_first} for r in self.rows],
            "first": list(self.first),
            "verdict": self.verdict,
        }


def first_words(text: str, n: int = FIRST_WORDS) -> str:
    """>>> first_words("one two three four", 3)
    'one two three …'
    """
    words = text.split(maxsplit=n)  # the first n, and the rest (if any) unsplit: a long text is not split whole
    return " ".join(words[:n]) + (" …" if len(words) > n else "")


def move(rank: int, plain_rank: int | None) -> str:
    """>>> [move(1, 3), move(3, 1), move(2, 2), move(1, None)]
    ['up', 'down', 'same', 'new']
    """
    if plain_rank is None:
        return "new"
    return "up" if rank < plain_rank else "down" if rank > plain_rank else "same"


def plain_ranks(lab: Lab, question: str) -> dict[str, int]:
    """Every passage plain search finds (a search word in it), by id: its rank there."""
    words = lab.search_words(question)
    hits = keyword_search(lab, words, len(lab.chunks())) if words else []
    return {h.id: h.rank for h in hits}


def own_ranks(result: Result) -> dict[str, int]:
    """Each unit's rank in its own list: its place in the result, except where the result lists several sizes
    side by side (chunk size: ``details["sizes"]``), where it is its place among the chunks of its size.

    >>> from raglab import Lab
    >>> from raglab.techniques.granularity import chunk_size
    >>> own_ranks(chunk_size(Lab(), "What are the visitor rules?"))
    {'rules-s1-1': 1, 'rules-s2-1': 1, 'rules-s4-1': 1}
    """
    by_size = result.details.get("sizes") if SHOWS_SIZES in TECHNIQUES[result.technique].shows else None
    if by_size:
        return {uid: rank for ids in by_size.values() for rank, uid in enumerate(ids, 1)}
    return {h.id: h.rank for h in result.passages}


def places(
    hits: Sequence[Hit],
    ranks: Mapping[str, int],
    spans: Mapping[str, Span],
    answers: Sequence[str] | None,
    own: Mapping[str, int] | None = None,
) -> tuple[ComparedPassage, ...]:
    """Each unit with where the passages it holds stood in plain search (the best of them) and whether it holds
    an answer; a unit of another size (a chunk, a whole document) holds the passages it overlaps by a sentence.
    ``own``: each unit's rank in its own list, where that is not its rank in ``hits``."""
    passage_spans = {pid: spans[pid] for pid in ranks}
    answer_spans = {pid: spans[pid] for pid in answers or ()}
    out = []
    for h in hits:
        rank = own.get(h.id, h.rank) if own else h.rank
        span = spans.get(h.id)
        held = covered(span, passage_spans) if span else []
        best = min((ranks[pid] for pid in held), default=None)
        answers_it = bool(span and covered(span, answer_spans)) if answers is not None else None
        out.append(
            ComparedPassage(h.id, h.title, h.section, first_words(h.text), rank, best, move(rank, best), answers_it)
        )
    return tuple(out)


def compare(lab: Lab, question: str, embed: Embedder | None = None, missing: str = NO_MODEL) -> Compared:
    """Every technique on ``question`` with its defaults (a preset's hand-written inputs where the corpus has
    them), then the plain meaning baseline. Without ``embed``, the meaning techniques do not run: their rows say
    ``missing``. A QuestionError when the question cannot be used at all."""
    question = check_question(question)
    spans = unit_spans(lab)
    ranks = plain_ranks(lab, question)
    answers = lab.corpus.answers_for(question)
    rows: list[CompareRow] = []
    results: dict[str, Result] = {}
    for t in TECHNIQUES.values():
        if t.meaning and embed is None:
            rows.append(CompareRow(t.key, t.name, missing=missing, technique=t.key))
            continue
        try:
            result = run(lab, t.key, question, embed=embed)
        except QuestionError as error:
            rows.append(CompareRow(t.key, t.name, missing=str(error), technique=t.key))
            continue
        results[t.key] = result
        did = t.did(result) or result.message
        placed = places(result.passages, ranks, spans, answers, own_ranks(result))
        rows.append(CompareRow(t.key, t.name, placed, did, baseline=t.key == REFERENCE, technique=t.key))
    name = PLAIN_MEANING.split(" (")[0].capitalize()
    if embed is None:
        rows.append(CompareRow(MEANING, name, missing=missing, baseline=True))
    else:
        hits = meaning_search(lab, embed, embed([question])[0], TECHNIQUES["plain"].top_k)
        did = "searched by meaning with the question alone: the baseline the meaning techniques try to beat"
        rows.append(CompareRow(MEANING, name, places(hits, ranks, spans, answers), did, baseline=True))
    return Compared(question, tuple(rows), answers, results)


def probes(compared: Compared) -> list[tuple[str, str]]:
    """The texts a meaning map draws for a compared question, each with its label: the question, multi-query's
    rewrites and HyDE's made-up answer (those it ran with).

    >>> probes(Compared("Who is Ida?", (), None))
    [('your question', 'Who is Ida?')]
    """
    out = [("your question", compared.question)]
    multi = compared.results.get("multi_query")
    if multi:
        out += [(f"rewrite {i}", r) for i, r in enumerate(multi.details.get("rewrites", []), 1)]
    hyde = compared.results.get("hyde")
    if hyde and hyde.details.get("hypothetical_answer"):
        out.append(("made-up answer (HyDE)", hyde.details["hypothetical_answer"]))
    return out


def moves_said(row: CompareRow) -> str:
    """Its passages' moves against plain search, counted.

    >>> moves_said(CompareRow("q", "Q", (ComparedPassage("a", "A", "", "", 1, None, "new", None),) * 2))
    '2 new'
    """
    counts = {m: sum(p.move == m for p in row.passages) for m in MOVES}
    said = [f"{n} {'moved ' + m if m in ('up', 'down') else m}" for m, n in counts.items() if n]
    return ", ".join(said) if said else plural(0, "passage")


__all__ = [
    "CompareRow",
    "Compared",
    "ComparedPassage",
    "compare",
    "first_words",
    "move",
    "moves_said",
    "plain_ranks",
    "probes",
]
