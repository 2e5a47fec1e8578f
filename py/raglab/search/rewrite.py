"""Query rewriting: add the related words of the word list to the question's search words.

>>> related = {"boat": ("ferry",), "ticket": ("fare",), "much": ("cost",)}
>>> words, added = rewrite_words(["much", "boat", "ticket"], related)
>>> words
['much', 'boat', 'ticket', 'cost', 'ferry', 'fare']
>>> added
[('much', ('cost',)), ('boat', ('ferry',)), ('ticket', ('fare',))]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence


def rewrite_words(
    words: Sequence[str], related: Mapping[str, Sequence[str]]
) -> tuple[list[str], list[tuple[str, tuple[str, ...]]]]:
    """The search words with the related words added (each once), and which word brought which."""
    added: list[tuple[str, tuple[str, ...]]] = []
    out = dict.fromkeys(words)
    for w in words:
        new = tuple(r for r in related.get(w, ()) if r not in out)
        if new:
            added.append((w, new))
            out.update(dict.fromkeys(new))
    return list(out), added
