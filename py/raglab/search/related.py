"""Related words by meaning: for each question word the documents never use, the documents' own words whose
embeddings are closest to it, for the visitor to accept into the word list of query rewriting.

A word is embedded alone, like a question, by the same model as the passages; the cosine of two unit vectors is
their dot product (see vectors.py). With hand-made vectors, "boat" is nearest "ferry" and "sea"; "bread" is at
right angles to it, below the floor:

>>> from raglab.documents.chunking import Chunk
>>> from raglab.search.vector_table import VectorTable
>>> index = KeywordIndex([Chunk("f-1", "f", "F", "The ferry sails the sea. Bread is sold.", 2, 0, 2)])
>>> unknown_words("How much is a boat ticket?", index), vocabulary(index)
(['much', 'boat', 'ticket'], ['bread', 'ferry', 'sail', 'sea', 'sold'])
>>> embed = VectorTable({"boat": [1.0, 0.0], "ferry": [0.8, 0.6], "sea": [0.6, 0.8], "bread": [0.0, 1.0]})
>>> [boat] = suggest(["boat"], ["bread", "ferry", "sea"], embed)
>>> boat.related, boat.labels
((('ferry', 0.8), ('sea', 0.6)), ['ferry 0.80', 'sea 0.60'])
>>> print(word_list_lines([boat], {"boat": ["sea", "ferry", "bread"]}))
boat: ferry, sea
>>> merge_word_list({"boat": ("ship",), "ticket": ("fare",)}, "boat: ferry, ship")
{'boat': ('ship', 'ferry'), 'ticket': ('fare',)}
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..documents.analysis import search_words
from ..documents.word_lists import parse_word_list, word_list_from, word_list_text
from ..result import best_scored
from .keyword import KeywordIndex
from .vectors import Embedder, PassageVectors, cosine_scores

# How many of the documents' words are candidates: 3,000 by default, 1 or more. Each is embedded once (then kept in
# the page's vector table), and the model's time grows with their number, so the default bounds the wait for a
# first suggestion (bench/README.md, "Timings the core relies on"). Fernport has 250. The words most passages hold are
# kept first.
VOCABULARY_SIZE = 3000
TOP = 3  # suggestions per word, 1 or more: the word list entries of Fernport add one to three words
# The cosine a suggestion must be above, -1 to 1. Two of Fernport's 250 words picked at random are above 0.50 one
# time in a hundred (the median pair: 0.26), while boat -> ferry is 0.63 and ticket -> fare 0.54 (all-MiniLM-L6-v2).
FLOOR = 0.5


@dataclass(frozen=True)
class Suggestion:
    """A question word and the documents' words closest to it in meaning, each with its cosine, best first;
    ``related`` is empty when none is above the floor."""

    word: str
    related: tuple[tuple[str, float], ...]

    @property
    def labels(self) -> list[str]:
        """Each related word as the page shows it, its cosine to two decimals: "ferry 0.63"."""
        return [f"{candidate} {cosine:.2f}" for candidate, cosine in self.related]

    def to_dict(self) -> dict[str, Any]:
        return {
            "word": self.word,
            "related": [
                {"word": c, "cosine": s, "label": label}
                for (c, s), label in zip(self.related, self.labels, strict=True)
            ],
        }


def unknown_words(question: str, index: KeywordIndex) -> list[str]:
    """The question's search words that no passage holds: the ones keyword search cannot find."""
    return [w for w in search_words(question) if w not in index.postings]


def vocabulary(index: KeywordIndex, limit: int = VOCABULARY_SIZE) -> list[str]:
    """The documents' own words that could be suggested: words of three letters or more (no numbers, times or
    codes such as "10:00" or "inv-2041"), those held by the most passages first, then in alphabetical order."""
    if limit < 1:
        raise ValueError(f"The vocabulary holds 1 word or more, not {limit}.")
    words = [w for w in index.postings if w.isalpha() and len(w) >= 3]
    words.sort(key=lambda w: (-len(index.postings[w]), w))
    return words[:limit]


def suggest(
    words: Sequence[str], candidates: Sequence[str], embed: Embedder, top: int = TOP, floor: float = FLOOR
) -> list[Suggestion]:
    """For each word, the ``top`` candidates whose cosine to it is above ``floor``, best first (equal cosines in
    candidate order). A candidate that is the word, or is the same search word ("ferries" and "ferry"), is left
    out. Words and candidates are embedded in one call, so a vector table that lacks some raises
    ``MissingVectors`` naming all of them, and the page embeds them and asks again."""
    if top < 1:
        raise ValueError(f"Suggest 1 word or more, not {top}.")
    if not words or not candidates:
        return [Suggestion(word, ()) for word in words]
    texts = list(dict.fromkeys([*words, *candidates]))
    vector_of = dict(zip(texts, embed(texts), strict=True))
    # numpy's matrix of the candidates is made once, for every word: converting 3,000 vectors takes longer than
    # their sums
    candidate_vectors = PassageVectors(vector_of[c] for c in candidates)
    forms = [tuple(search_words(c)) for c in candidates]
    out = []
    for word in words:
        form = tuple(search_words(word))
        scores = cosine_scores(vector_of[word], candidate_vectors)
        kept = {i: s for i, s in enumerate(scores) if candidates[i] != word and forms[i] != form}
        best = best_scored(kept, top, above=floor)
        out.append(Suggestion(word, tuple((candidates[i], s) for i, s in best)))
    return out


def word_list_lines(suggestions: Iterable[Suggestion], accepted: Mapping[str, Iterable[str]]) -> str:
    """The word list lines for the related words the visitor accepted (``accepted``: word -> accepted words),
    in the suggestions' order; an accepted word that was not suggested for that word is ignored."""
    chosen = {}
    for s in suggestions:
        ok = set(accepted.get(s.word, ()))
        related = [c for c, _ in s.related if c in ok]
        if related:
            chosen[s.word] = related
    return word_list_text(chosen)


def merge_word_list(existing: Mapping[str, Sequence[str]], lines: str) -> dict[str, tuple[str, ...]]:
    """The visitor's parsed word list with the new lines added: a new word gets a line at the end, a known one
    its new related words after its own, none twice (the word list's own rules: ``parse_word_list``)."""
    return word_list_from([*existing.items(), *parse_word_list(lines).items()])
