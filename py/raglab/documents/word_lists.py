"""The word list of query rewriting: made from (word, related words) pairs through the search-word rules, read
from what a visitor writes, and written back for them to edit."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence

from .analysis import search_words
from .corpus import CorpusError


def word_list_from(pairs: Iterable[tuple[str, Sequence[str]]]) -> dict[str, tuple[str, ...]]:
    """The word list of query rewriting from (word, related words) pairs. Keys and values go through the
    search-word rules, so the list matches what a question becomes.

    >>> word_list_from([("Boats", ["ferry", "the crossings"]), ("boat", ["ferry", "ship"])])
    {'boat': ('ferry', 'crossing', 'ship')}
    """
    related: dict[str, tuple[str, ...]] = {}
    for key, values in pairs:
        for word in search_words(key):
            extra = [w for value in values for w in search_words(value) if w != word]
            related[word] = tuple(dict.fromkeys(related.get(word, ()) + tuple(extra)))
    return related


# "10:00: ten" is the word "10:00": the colon that ends the word is the first one a space follows (or, when no
# colon has a space after it, the first one).
_WORD_AND_RELATED = re.compile(r"(.*?):(?:\s+|$)(.*)")
_WORD_AND_RELATED_TIGHT = re.compile(r"([^:]*):(.*)")


def parse_word_list(text: str) -> dict[str, tuple[str, ...]]:
    """The word list as the visitor writes it: one word a line, a colon, its related words separated by commas;
    blank lines and "#" comments ignored. Words go through the search-word rules, as in synonyms.toml.

    >>> parse_word_list("# mine\\nBoats: ferry, the crossings\\n\\nticket: fare")
    {'boat': ('ferry', 'crossing'), 'ticket': ('fare',)}
    >>> parse_word_list("boat: ferry\\nboat ferry")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    raglab.documents.corpus.CorpusError: Line 2 of the word list has no colon: write a word, a colon and its ...
    """
    pairs = []
    for n, line in enumerate(text.splitlines(), 1):
        line = line.split("#", 1)[0].strip()  # no search word holds a "#"
        if not line:
            continue
        parts = _WORD_AND_RELATED.fullmatch(line) or _WORD_AND_RELATED_TIGHT.fullmatch(line)
        if not parts:
            raise CorpusError(
                f"Line {n} of the word list has no colon: write a word, a colon and its related "
                "words, like “boat: ferry, crossing”."
            )
        key, related = parts[1], [v.strip() for v in parts[2].split(",") if v.strip()]
        if not search_words(key):
            raise CorpusError(
                f"Line {n} of the word list starts with “{key.strip()}”, which is not a search word "
                "(it is empty, or a filler word)."
            )
        if not any(word_list_from([(key, related)]).values()):
            raise CorpusError(f"Line {n} of the word list gives “{key.strip()}” no related search words.")
        pairs.append((key, related))
    return word_list_from(pairs)


def word_list_text(related: Mapping[str, Iterable[str]]) -> str:
    """The word list as the visitor edits it (``parse_word_list`` reads it back the same).

    >>> print(word_list_text({"boat": ("ferry", "crossing"), "ticket": ("fare",)}))
    boat: ferry, crossing
    ticket: fare
    """
    return "\n".join(f"{word}: {', '.join(words)}" for word, words in related.items())
