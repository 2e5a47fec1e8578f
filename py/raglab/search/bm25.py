"""BM25: a second keyword score that counts how often a word occurs and allows for the passage's length.

The spec's score (``keyword.py``) adds ``ln(1 + N/n)`` once per distinct search word; it stays the default
because it can be checked by hand. BM25 (Robertson & Zaragoza 2009, "The Probabilistic Relevance Framework:
BM25 and Beyond") multiplies each word's idf by a term-frequency part that grows with the count ``tf`` but
saturates (``k1``), and that is scaled by the passage's length against the average (``b``)::

    idf × tf × (k1 + 1) / (tf + k1 × (1 − b + b × len/avglen))

The variants differ mostly in the idf (Kamphuis, de Vries, Boytsov & Lin 2020, "Which BM25 Do You Mean?",
ECIR): one small function each below, and ``idf_lucene`` is the default, as in Lucene, Anserini and bm25s.
Lucene drops the constant factor ``(k1 + 1)``; it changes no ranking, and keeping it makes the tf part exactly 1
for a word seen once in a passage of average length, so such a word adds just its idf, as in the simple score.

Over the 32 Fernport passages (386 search words, avglen 386/32 = 12.06), "How much does the ferry cost?": ferry is
in n = 3 passages, ``idf = ln(1 + (32 − 3 + 0.5)/(3 + 0.5)) = 2.24``; ferry-1 (15 words) says it twice,
``2.24 × 2 × 1.9 / (2 + 0.9 × (1 − 0.4 + 0.4 × 15/12.06)) = 2.85``, and cost once (idf 3.09): 2.95, so 5.81
(the spec's simple score: 5.95).

Words: by default the lab's own search words (stop words dropped, plural "s" cut), counted with repeats; the
index takes its word function as ``analyze`` (``analyzers.py``: Snowball stems, a document's own language).
"""

from __future__ import annotations

import bisect
import math
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Generic, Protocol, TypeVar

from ..result import Hit, Part, best_scored

try:  # numpy makes a search over thousands of passages ~10x faster; without it (a bare Pyodide) plain Python serves
    import numpy as np
except ImportError:  # pragma: no cover - exercised in Pyodide without numpy
    np = None
from .analyzers import Analyzer, terms

if TYPE_CHECKING:
    from numpy import float64, int_
    from numpy.typing import NDArray

    from ..documents.chunking import Chunk

# The two tunables, each with its default and range. Anserini's defaults (also bm25s's reference run on SciFact);
# Robertson & Zaragoza suggest k1 in 1.2-2.0 and b 0.75 for long documents.
K1 = 0.9  # term-frequency saturation: 0 = count each word once (idf only); range 0-3
B = 0.4  # length normalisation: 0 = ignore length, 1 = fully relative to the average length; range 0-1
K1_RANGE = (0.0, 3.0)
B_RANGE = (0.0, 1.0)


# --- idf variants, ``n`` of ``N`` passages contain the word -------------------------------------------------------


def idf_robertson(N: int, n: int) -> float:
    """Robertson-Sparck Jones: ``ln((N − n + 0.5)/(n + 0.5))``; floored at 0 here, since it goes negative for a
    word in more than half the passages (bm25s floors it too).

    >>> round(idf_robertson(32, 3), 2), idf_robertson(32, 20)
    (2.13, 0.0)
    """
    return max(0.0, math.log((N - n + 0.5) / (n + 0.5)))


def idf_lucene(N: int, n: int) -> float:
    """Lucene, Anserini and bm25s's default: ``ln(1 + (N − n + 0.5)/(n + 0.5))``, never negative.

    >>> round(idf_lucene(32, 3), 2)
    2.24
    """
    return math.log(1 + (N - n + 0.5) / (n + 0.5))


def idf_atire(N: int, n: int) -> float:
    """ATIRE (Trotman et al. 2014): ``ln(N/n)``.

    >>> round(idf_atire(32, 3), 2)
    2.37
    """
    return math.log(N / n)


IDF_VARIANTS: dict[str, Callable[[int, int], float]] = {
    "lucene": idf_lucene,
    "robertson": idf_robertson,
    "atire": idf_atire,
}


# --- the formula, written once: the search, the numpy search and each word's breakdown all call these two --------


def length_factor(length: int, avglen: float, k1: float = K1, b: float = B) -> float:
    """A passage's length in the formula: ``k1 × (1 − b + b × len/avglen)``; just k1 at the average length.
    ferry-1 has 15 words, the average is 386/32 = 12.06: ``0.9 × (1 − 0.4 + 0.4 × 15/12.06) = 0.99``.

    >>> length_factor(10, 10.0), round(length_factor(15, 386 / 32), 2)
    (0.9, 0.99)
    """
    return k1 * (1 - b + b * length / avglen)


def term_score(idf: float, tf, factor, k1: float = K1):
    """What a word adds to a passage's score: ``idf × (k1 + 1) × tf / (tf + factor)``, ``factor`` being the
    passage's ``length_factor``. ferry, twice in ferry-1: ``2.24 × 1.9 × 2 / (2 + 0.99) = 2.85``.

    Its tf part ``(k1 + 1) × tf / (tf + factor)`` is 1 for a word seen once in a passage of average length, rises
    towards ``k1 + 1`` as ``tf`` grows, and falls as the passage gets longer than the average. ``tf`` and ``factor``
    may be numpy arrays, one entry per passage of a word's postings: the same operations in the same order, so the
    same floats as one passage at a time.

    >>> round(term_score(idf_lucene(32, 3), 2, length_factor(15, 386 / 32)), 2)
    2.85
    >>> [round(term_score(1.0, tf, length_factor(n, 10.0)), 3) for tf, n in [(1, 10), (2, 10), (1, 20)]]
    [1.0, 1.31, 0.841]
    """
    return idf * (k1 + 1) * tf / (tf + factor)


class HasText(Protocol):
    """What the index reads of a passage: its text (read-only, as a frozen ``Chunk``'s is)."""

    @property
    def text(self) -> str: ...


Passage = TypeVar("Passage", bound=HasText)


@dataclass(frozen=True)
class WordScore:
    """Why a word adds what it adds to one passage's BM25 score."""

    word: str
    idf: float
    tf: int
    length: int
    avglen: float
    k1: float
    b: float

    @property
    def value(self) -> float:
        return term_score(self.idf, self.tf, length_factor(self.length, self.avglen, self.k1, self.b), self.k1)

    @property
    def formula(self) -> str:
        return (
            f"idf {self.idf:.2f} × tf {self.tf} × ({self.k1:g} + 1) / ({self.tf} + {self.k1:g} × "
            f"(1 − {self.b:g} + {self.b:g} × {self.length}/{self.avglen:.2f}))"
        )

    def part(self) -> Part:
        return Part("word", self.word, self.value, self.formula)


class BM25Index(Generic[Passage]):
    """For each word the passages that hold it and how often (postings with term frequencies), and each passage's
    length in words. ``KeywordIndex`` keeps the spec's sets of distinct words; this index adds the counts BM25
    needs and leaves that one untouched. A question's words are ``analyze``'s; a passage's too, unless
    ``analyze_passage`` reads each passage in its own document's language.

    A search touches only the postings of the question's words. Every passage's ``length_factor`` is computed once
    per (k1, b), so moving a slider on the page costs one pass.
    """

    def __init__(
        self,
        chunks: Sequence[Passage],
        analyze: Analyzer = terms,
        idf: str = "lucene",
        analyze_passage: Callable[[Passage], list[str]] | None = None,
    ):
        if idf not in IDF_VARIANTS:
            raise ValueError(f"idf is one of {', '.join(IDF_VARIANTS)}, not {idf!r}")
        self.chunks = list(chunks)
        self.analyze = analyze
        self.idf_variant = idf
        self.lengths: list[int] = []
        self.postings: dict[str, tuple[list[int], list[int]]] = {}  # word -> (passage positions, counts)
        for i, chunk in enumerate(self.chunks):
            counts = Counter(analyze_passage(chunk) if analyze_passage else analyze(chunk.text))
            self.lengths.append(sum(counts.values()))
            for word, tf in counts.items():
                post = self.postings.get(word)
                if post is None:
                    self.postings[word] = ([i], [tf])
                else:
                    post[0].append(i)
                    post[1].append(tf)
        self.avglen = sum(self.lengths) / len(self.lengths) if self.lengths else 0.0
        self._norms: dict[tuple[float, float], list[float]] = {}  # (k1, b) -> each passage's length_factor
        # numpy's copies, made on first use: (k1, b) -> the length factors; word -> (positions, counts)
        self._norm_arrays: dict[tuple[float, float], NDArray[float64]] = {}
        self._arrays: dict[str, tuple[NDArray[int_], NDArray[float64]]] = {}

    def __len__(self) -> int:
        return len(self.chunks)

    def query_words(self, question: str) -> list[str]:
        """The distinct words of a question, analysed as the passages were."""
        return list(dict.fromkeys(self.analyze(question)))

    def idf(self, word: str) -> float:
        n = len(self.postings[word][0])
        return IDF_VARIANTS[self.idf_variant](len(self), n)

    def _length_factors(self, k1: float, b: float) -> list[float]:
        key = (k1, b)
        if key not in self._norms:
            avg = self.avglen or 1.0
            self._norms[key] = [length_factor(length, avg, k1, b) for length in self.lengths]
        return self._norms[key]

    def scores(self, words: Iterable[str], k1: float = K1, b: float = B) -> dict[int, float]:
        """BM25 score of every passage that holds at least one of the (distinct) words, by position."""
        check_parameters(k1, b)
        norms = self._length_factors(k1, b)
        totals: dict[int, float] = {}
        get = totals.get
        for word in dict.fromkeys(words):
            post = self.postings.get(word)
            if post is None:
                continue
            idf = self.idf(word)
            for i, tf in zip(*post, strict=True):
                totals[i] = get(i, 0.0) + term_score(idf, tf, norms[i], k1)
        return totals

    def top(
        self, words: Iterable[str], top_k: int, k1: float = K1, b: float = B, use_numpy: bool | None = None
    ) -> list[tuple[int, float]]:
        """The best ``top_k`` (position, score) pairs above 0, best first; equal scores keep corpus order.

        numpy, when present, does the same sums in the same order, so both paths give the same floats (a test
        checks it)."""
        if use_numpy is None:
            use_numpy = np is not None and len(self) > 1000
        if use_numpy:
            return self._top_numpy(list(dict.fromkeys(words)), top_k, k1, b)
        return best_scored(self.scores(words, k1, b), top_k)

    def _top_numpy(self, words: list[str], top_k: int, k1: float, b: float) -> list[tuple[int, float]]:
        if np is None:
            raise ImportError("use_numpy=True needs numpy")
        check_parameters(k1, b)
        if (k1, b) not in self._norm_arrays:
            self._norm_arrays[k1, b] = np.asarray(self._length_factors(k1, b))
        norms = self._norm_arrays[k1, b]
        totals = np.zeros(len(self))
        for word in words:
            if word not in self.postings:
                continue
            if word not in self._arrays:
                docs, tfs = self.postings[word]
                self._arrays[word] = (np.asarray(docs), np.asarray(tfs, dtype=np.float64))
            docs, tfs = self._arrays[word]
            totals[docs] += term_score(self.idf(word), tfs, norms[docs], k1)
        found = np.flatnonzero(totals > 0)
        # best_scored chooses; numpy only cuts its input down first (every passage at or above the k-th best score
        # stays, ties included): handing it all ~2,300 scored passages of 5,183 made a search 2.4x slower.
        if len(found) > top_k:
            kth = np.partition(totals[found], len(found) - top_k)[len(found) - top_k]
            found = found[totals[found] >= kth]
        return best_scored(dict(zip(found.tolist(), totals[found].tolist(), strict=True)), top_k)

    def word_scores(self, position: int, words: Iterable[str], k1: float = K1, b: float = B) -> list[WordScore]:
        """The breakdown of one passage's score: each search word it holds, with idf, tf and the length factor."""
        out = []
        for word in dict.fromkeys(words):
            post = self.postings.get(word)
            if post is None:
                continue
            docs, tfs = post
            j = _find(docs, position)
            if j is not None:
                out.append(WordScore(word, self.idf(word), tfs[j], self.lengths[position], self.avglen, k1, b))
        return out


def _find(sorted_positions: list[int], position: int) -> int | None:
    j = bisect.bisect_left(sorted_positions, position)
    return j if j < len(sorted_positions) and sorted_positions[j] == position else None


def check_parameters(k1: float, b: float) -> None:
    if not K1_RANGE[0] <= k1 <= K1_RANGE[1]:
        raise ValueError(f"k1 is from {K1_RANGE[0]:g} to {K1_RANGE[1]:g}, not {k1:g}")
    if not B_RANGE[0] <= b <= B_RANGE[1]:
        raise ValueError(f"b is from {B_RANGE[0]:g} to {B_RANGE[1]:g}, not {b:g}")


def bm25_search(index: BM25Index[Chunk], question: str, top_k: int, k1: float = K1, b: float = B) -> list[Hit]:
    """The best ``top_k`` passages by BM25 for a question, read by the index (``query_words``): ``bm25_hits``."""
    return bm25_hits(index, index.query_words(question), top_k, k1, b)


def bm25_hits(index: BM25Index[Chunk], words: Sequence[str], top_k: int, k1: float = K1, b: float = B) -> list[Hit]:
    """The best ``top_k`` passages by BM25 for a question's ``words`` as the index read them (``query_words``),
    each with one part per word: what the page shows and checks. A technique reads its question once and hands
    the words on.

    Only the kept passages get a breakdown, so a search costs the postings walk plus ``top_k`` explanations.
    """
    hits = []
    for rank, (i, score) in enumerate(index.top(words, top_k, k1, b), 1):
        parts = [ws.part() for ws in index.word_scores(i, words, k1, b)]
        hits.append(Hit.of(index.chunks[i], rank, score, "score", parts, note="BM25"))
    return hits
