"""Keyword weights and scores, over an inverted index.

The weight of a search word is ``ln(1 + N / n)``: N chunks are searched and n of them contain the word, so a rare
word weighs more. A chunk's score is the sum of the weights of the distinct search words it contains. For
"How much does the ferry cost?" over the 32 Fernport passages: ferry is in 3 passages, ``ln(1 + 32/3) = 2.46``;
cost is in 1, ``ln(1 + 32/1) = 3.50``; "much" is in none. ferry-1 holds both: 5.95.

The index maps each word to the chunks that contain it, so a search touches only the chunks that share a word
with the question, not every chunk. A search adds up scores first and explains only the chunks it keeps: on the
5,183 SciFact abstracts a claim's words reach about 1,800 of them, and 10 are kept.

The index holds only that map, each word once and its chunks as an array of positions (4 bytes each): a kept chunk's
words are read again from its text for its breakdown. A set of words per chunk (a frozenset and a copy of each
word for every chunk) would hold many times the map's memory (``bench/README.md``, "A folder of many large files").
"""

from __future__ import annotations

import math
from array import array
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass

from ..documents.analysis import search_words
from ..documents.chunking import Chunk
from ..result import Hit, Part, best_scored


@dataclass(frozen=True)
class WordWeight:
    word: str
    weight: float
    chunks: int  # N, the chunks searched
    containing: int  # n, the chunks that contain the word

    @property
    def formula(self) -> str:
        return f"ln(1 + {self.chunks}/{self.containing})"


def idf_weight(chunks: int, containing: int) -> float:
    """The weight of a word that ``containing`` of ``chunks`` chunks hold.

    >>> round(idf_weight(32, 3), 2)
    2.46
    """
    return math.log(1 + chunks / containing)


def chunk_words(chunk: Chunk) -> list[str]:
    """A chunk's search words, read by the spec's English rule (a lab reads each in its document's language)."""
    return search_words(chunk.text)


class KeywordIndex:
    """For each search word, the chunks (by position, in order) that contain it; ``words_of`` gives a chunk's
    search words."""

    def __init__(self, chunks: Sequence[Chunk], words_of: Callable[[Chunk], list[str]] = chunk_words):
        self.chunks = list(chunks)
        self.words_of = words_of
        self.indexed = 0  # the chunks indexed so far (in_steps indexes them a step at a time)
        self.postings: dict[str, array[int]] = {}
        self._index(len(self.chunks))

    @classmethod
    def in_steps(
        cls, chunks: Sequence[Chunk], step: int = 64, words_of: Callable[[Chunk], list[str]] = chunk_words
    ) -> Iterator[KeywordIndex | None]:
        """The same index, built ``step`` chunks at a time: None after each step, then the index. A page lets the
        browser draw between steps, so a large collection's index never holds the page in one long task
        (bench/README.md, "Timings the page's glue relies on").

        >>> steps = list(KeywordIndex.in_steps([Chunk("a-1", "a", "A", "Boats sail.", 1, 0, 1)] * 3, step=2))
        >>> steps[:-1], len(steps[-1]), list(steps[-1].postings["boat"])
        ([None, None], 3, [0, 1, 2])
        """
        index = cls([], words_of)
        index.chunks = list(chunks)
        while index.indexed < len(index.chunks):
            index._index(step)
            yield None
        yield index

    def _index(self, count: int) -> None:
        """Index the next ``count`` chunks not yet indexed."""
        start, postings, words_of = self.indexed, self.postings, self.words_of
        for i, chunk in enumerate(self.chunks[start : start + count], start):
            for w in set(words_of(chunk)):
                chunks = postings.get(w)
                if chunks is None:
                    postings[w] = array("i", (i,))
                else:
                    chunks.append(i)
        self.indexed = min(start + count, len(self.chunks))

    def __len__(self) -> int:
        return len(self.chunks)

    def weight(self, word: str) -> WordWeight | None:
        """The word's weight over this index, or None when no chunk contains it."""
        n = len(self.postings.get(word, ()))
        return WordWeight(word, idf_weight(len(self), n), len(self), n) if n else None

    def weights(self, words: Iterable[str]) -> list[WordWeight]:
        return [w for w in (self.weight(word) for word in dict.fromkeys(words)) if w]

    def word_parts(self, words: Iterable[str]) -> dict[int, list[Part]]:
        """For every chunk holding at least one of the words: the words it holds, each with its weight."""
        parts: dict[int, list[Part]] = {}
        for ww in self.weights(words):
            part = Part("word", ww.word, ww.weight, ww.formula)
            for i in self.postings[ww.word]:
                parts.setdefault(i, []).append(part)
        return parts

    def search(self, words: Iterable[str], top_k: int) -> list[Hit]:
        """The best ``top_k`` chunks above 0, best first, equal scores in corpus order, each with one part per
        search word it holds: the same hits as ``rank_scored(chunks, word_parts(words), top_k)``, but scores are
        added up first and only the kept chunks get a breakdown.

        Weights are added in search-word order, the order of the breakdown's parts, so each score is bit for bit
        the sum of its parts."""
        weights = self.weights(words)
        totals: dict[int, float] = {}
        get = totals.get
        for ww in weights:
            weight = ww.weight
            for i in self.postings[ww.word]:
                totals[i] = get(i, 0.0) + weight
        parts = [Part("word", ww.word, ww.weight, ww.formula) for ww in weights]
        hits = []
        for rank, (i, score) in enumerate(best_scored(totals, top_k), 1):
            held = set(self.words_of(self.chunks[i]))
            hits.append(Hit.of(self.chunks[i], rank, score, "score", [p for p in parts if p.label in held]))
        return hits
