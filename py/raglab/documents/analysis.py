"""A text's search words in its language: words, its stop words dropped, then cut to a stem.

English keeps the spec's rule exactly (``text.search_words``: a-z and digits, the lab's stop words, the plural
cut), so every English figure is the same; Chinese, Japanese and Korean are read by that rule too, their
characters in pairs. Any other language (``language.py``) reads words of any letters, cut at apostrophes, drops
Snowball's stop words for it and keeps the words whole: the plural cut is English's, and a stem comes from its
Snowball stemmer when one is asked for (BM25 with Snowball stems).

>>> from raglab.documents.language import LANGUAGES
>>> search_words("Welche Pakete hat die Distribution?", (LANGUAGES["de"],))
['pakete', 'distribution']
>>> search_words("L'installation des paquets", (LANGUAGES["fr"],))
['installation', 'paquets']

A question asked of documents in several languages is read in each of them and its words joined, each once, in
order: a word can only match a passage whose own language kept it ("how", kept by German's reading, is found
in no English passage, which dropped it).

>>> search_words("Wie viele Pakete? How many packages?", (LANGUAGES["en"], LANGUAGES["de"]))
['wie', 'viele', 'pakete', 'many', 'package', 'how', 'packages']
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence

from .cjk import CJK_CHARACTER, CJK_RUN
from .language import ENGLISH, Language, snowball_stop_words
from .text import STOP_WORDS, comparable, cut_plural, word_list, words

_LETTERS = f"[^\\W_{CJK_CHARACTER}]+"
_LETTER_ONLY = re.compile(f"{_LETTERS}(?:[:\\-.]{_LETTERS})*")
_LETTER_WORD = re.compile(f"{_LETTER_ONLY.pattern}|{CJK_RUN}")


def language_words(text: str, language: Language = ENGLISH) -> list[str]:
    """Every word of a text, lower case, with repeats, stop words kept.

    >>> language_words("Größe: Müller’s"), language_words("Größe: Müller’s", Language("de", "German", "german"))
    (['gr', 'e', 'm', 'ller'], ['größe', 'müller', 's'])
    """
    if not language.letters:
        return words(text)
    return word_list(_LETTER_WORD, _LETTER_ONLY, comparable(text))


def stop_words(language: Language = ENGLISH) -> frozenset[str]:
    """The words a language drops: the lab's own list for English's rule, else Snowball's for the language."""
    return STOP_WORDS if not language.letters else snowball_stop_words(language.snowball)


def search_terms(text: str, language: Language = ENGLISH, stem: Callable[[str], str] | None = None) -> list[str]:
    """Every search word of a text with repeats: stop words dropped, then ``stem``, or the plural cut for
    English's rule (none for another language).

    >>> german = Language("de", "German", "german")
    >>> search_terms("The ferries and the ferry"), search_terms("Die Fähren und die Fähre", german)
    (['ferry', 'ferry'], ['fähren', 'fähre'])
    """
    stops = stop_words(language)
    cut = stem or (cut_plural if not language.letters else None)
    found = [w for w in language_words(text, language) if w not in stops]
    return [cut(w) for w in found] if cut else found


def search_words(text: str, languages: Iterable[Language] = (ENGLISH,)) -> list[str]:
    """The distinct search words of a text read in each of ``languages``, in order of first appearance."""
    return list(dict.fromkeys(w for language in languages for w in search_terms(text, language)))


def languages_in(found: Sequence[Language]) -> tuple[Language, ...]:
    """The distinct languages of a collection's documents, in order; English for none.

    >>> [lang.code for lang in languages_in([ENGLISH, Language("de", "German", "german"), ENGLISH])]
    ['en', 'de']
    """
    return tuple(dict.fromkeys(found)) or (ENGLISH,)
