"""A text's search words in its language: words, its stop words dropped, then cut to a stem.

English keeps the spec's rule exactly (a-z and digits, the lab's stop words, the plural cut), so every English
figure is the same; Chinese, Japanese and Korean are read by that rule too, their characters in pairs. Any other
language (``language.py``) reads words of any letters, cut at apostrophes, drops Snowball's stop words for it and
keeps the words whole: the plural cut is English's, and a stem comes from its Snowball stemmer when one is asked
for (BM25 with Snowball stems).

>>> search_words("How much does the ferry cost?"), search_words("When do the tours leave?")
(['much', 'ferry', 'cost'], ['tour', 'leave'])
>>> from raglab.documents.language import LANGUAGES
>>> search_words("Welche Pakete hat die Distribution?", (LANGUAGES["de"],))
['pakete', 'distribution']
>>> search_words("L'installation des paquets", (LANGUAGES["fr"],))
['installation', 'paquets']

A question asked of documents in several languages is read in each of them and its words joined, each once, in
order, the stop words of every one of them dropped ("how" is kept by German's reading but is an English stop word,
"wie" the other way round):

>>> search_words("Wie viele Pakete? How many packages?", (LANGUAGES["en"], LANGUAGES["de"]))
['viele', 'pakete', 'many', 'package', 'packages']
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from .cjk import CJK_CHARACTER, CJK_RUN
from .language import ENGLISH, Language, snowball_stop_words
from .text import LATIN_WORD, STOP_WORDS, comparable, cut_plural, word_list, words

_LETTERS = f"[^\\W_{CJK_CHARACTER}]+"
_LETTER_ONLY = re.compile(f"{_LETTERS}(?:[:\\-.]{_LETTERS})*")
_LETTER_WORD = re.compile(f"{_LETTER_ONLY.pattern}|{CJK_RUN}")
# English's a-z words standing whole, not cut out of a word of other letters ("simbólico" gives no "simb", "lico"):
# how a question is read by English's rule beside other languages. CJK characters do not glue ("6B的10个").
_NOT_GLUED = f"[^\\W_{CJK_CHARACTER}]"
_WHOLE_LATIN = re.compile(f"(?<!{_NOT_GLUED})(?:{LATIN_WORD})(?!{_NOT_GLUED})")
_WHOLE_WORD = re.compile(f"{_WHOLE_LATIN.pattern}|{CJK_RUN}")


def language_words(text: str, language: Language = ENGLISH, whole: bool = False) -> list[str]:
    """Every word of a text, lower case, with repeats, stop words kept; ``whole``: by English's rule, only words
    that stand whole.

    >>> language_words("Größe: Müller’s"), language_words("Größe: Müller’s", Language("de", "German", "german"))
    (['gr', 'e', 'm', 'ller'], ['größe', 'müller', 's'])
    >>> language_words("¿Cómo? ChatGLM3-6B的10个", whole=True)
    ['chatglm3-6b', '的', '10', '个']
    """
    if not language.letters:
        return word_list(_WHOLE_WORD, _WHOLE_LATIN, comparable(text)) if whole else words(text)
    return word_list(_LETTER_WORD, _LETTER_ONLY, comparable(text))


def stop_words(language: Language = ENGLISH) -> frozenset[str]:
    """The words a language drops: the lab's own list for English's rule, else Snowball's for the language."""
    return STOP_WORDS if not language.letters else snowball_stop_words(language.snowball)


def search_terms(
    text: str,
    language: Language = ENGLISH,
    stem: Callable[[str], str] | None = None,
    stops: frozenset[str] | None = None,
    whole: bool = False,
) -> list[str]:
    """Every search word of a text with repeats: stop words dropped (``stops``, else the language's), then
    ``stem``, or the plural cut for English's rule (none for another language); ``whole``: see language_words.

    >>> german = Language("de", "German", "german")
    >>> search_terms("The ferries and the ferry"), search_terms("Die Fähren und die Fähre", german)
    (['ferry', 'ferry'], ['fähren', 'fähre'])
    """
    stops = stop_words(language) if stops is None else stops
    cut = stem or (cut_plural if not language.letters else None)
    found = [w for w in language_words(text, language, whole) if w not in stops]
    return [cut(w) for w in found] if cut else found


def search_words(text: str, languages: Sequence[Language] = (ENGLISH,)) -> list[str]:
    """The distinct search words of a text read in each of ``languages``, in order of first appearance, without
    the stop words of any of them (``question_stop_words``) and, beside another language, English's words only
    where they stand whole."""
    stops, whole = question_stop_words(languages), len(languages) > 1
    return list(dict.fromkeys(w for lang in languages for w in search_terms(text, lang, stops=stops, whole=whole)))


def question_stop_words(languages: Sequence[Language]) -> frozenset[str]:
    """The words a question read in several languages drops: every stop word of each. English's "the" survives
    German's reading, yet no English passage holds it, so the few German passages quoting English text would hold
    it with a rare word's weight; the reading benchmark lost 4 English answers that way.

    >>> from raglab.documents.language import LANGUAGES
    >>> "the" in question_stop_words((ENGLISH, LANGUAGES["de"])), question_stop_words((ENGLISH,)) == STOP_WORDS
    (True, True)
    """
    if len(languages) == 1:  # the language's own set, not a copy: a passage's words are read this way
        return stop_words(languages[0])
    return frozenset().union(*(stop_words(language) for language in languages))


def languages_in(found: Sequence[Language]) -> tuple[Language, ...]:
    """The distinct languages of a collection's documents, in order; English for none.

    >>> [lang.code for lang in languages_in([ENGLISH, Language("de", "German", "german"), ENGLISH])]
    ['en', 'de']
    """
    return tuple(dict.fromkeys(found)) or (ENGLISH,)
