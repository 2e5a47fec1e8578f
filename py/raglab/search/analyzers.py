"""The word functions BM25 indexes with (analyzers): text to its search words with repeats, in a language.

By default the lab's own search words (stop words dropped, plural "s" cut). A benchmark can pass ``partial(terms,
stem=..., split_joined=True)``: a stemmer as a function (``Stemmer.Stemmer("english").stemWord`` from PyStemmer,
or snowballstemmer's ``stemWord``), which replaces the plural cut as Snowball stemming does in bm25s, and joined
words cut into their parts ("il-6" -> "il", "6") as bm25s's and Lucene's tokenizers do. The core imports no
stemmer, so it runs in Pyodide with nothing more installed.

A collection whose documents are in several languages reads each passage in its document's language and a
question in each of them (``collection_analyzers``), as ``Lab.search_words`` does for the spec's sum.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Mapping, Sequence
from typing import Protocol

from ..documents.analysis import language_words, question_stop_words, stop_words
from ..documents.language import ENGLISH, Language
from ..documents.text import cut_plural

Stemmer = Callable[[str], str]
Analyzer = Callable[[str], list[str]]  # text -> its words with repeats
_JOINS = re.compile(r"[:\-.'’]")


def terms(
    text: str,
    stem: Stemmer | None = None,
    split_joined: bool = False,
    language: Language = ENGLISH,
    stops: frozenset[str] | None = None,
    whole: bool = False,
) -> list[str]:
    """Every search word of a text with repeats, in order: ``language``'s stop words dropped, then the plural cut
    (English's rule; none for another language: documents/analysis.py), or ``stem``. ``split_joined`` cuts words
    the lab keeps whole ("10:00", "INV-2041", "il-6") into their parts. ``stops`` replaces the language's stop
    words and ``whole`` reads only whole words (a question read in several languages: documents/analysis.py).

    >>> terms("The ferry fare: ferries cost 6 coins, and the ferry is slow.")
    ['ferry', 'fare', 'ferry', 'cost', '6', 'coin', 'ferry', 'slow']
    >>> terms("IL-6 levels at 10:00", split_joined=True)
    ['il', '6', 'level', '10', '00']
    """
    cut = stem or (cut_plural if not language.letters else None)
    found = language_words(text, language, whole)
    if split_joined:
        found = [part for w in found for part in _JOINS.split(w) if part]
    stops = stop_words(language) if stops is None else stops
    return [cut(w) if cut else w for w in found if w not in stops]


def snowball_terms(language: Language = ENGLISH, stops: frozenset[str] | None = None, whole: bool = False) -> Analyzer:
    """``terms`` with ``language``'s Snowball stemmer (the pure-Python snowballstemmer package, installed in the page
    on first use) and joined words cut into parts: the words that lift BM25 on SciFact from 0.644 to 0.682, as in
    bm25s and Lucene. Each distinct word is stemmed once (a stem costs ~5 µs; 5,183 abstracts hold 1.2 million
    words but 50,000 distinct ones). snowballstemmer gives PyStemmer's stems on all 49,523 SciFact words.

    >>> snowball_terms()("Running studies of IL-6 levels")
    ['run', 'studi', 'il', '6', 'level']
    >>> from raglab.documents.language import LANGUAGES
    >>> snowball_terms(LANGUAGES["de"])("Die Pakete des Paketes")
    ['pak', 'pak']
    """
    try:
        import snowballstemmer
    except ImportError as e:  # a CLI without it; the page installs it before it asks
        raise ImportError("Snowball stemming needs the snowballstemmer package (pip install snowballstemmer)") from e
    stem = functools.lru_cache(maxsize=None)(snowballstemmer.stemmer(language.snowball).stemWord)
    return functools.partial(terms, stem=stem, split_joined=True, language=language, stops=stops, whole=whole)


class HasSlug(Protocol):
    @property
    def slug(self) -> str: ...

    @property
    def text(self) -> str: ...


def collection_analyzers(
    languages: Mapping[str, Language], question_languages: Sequence[Language], snowball: bool = False
) -> tuple[Analyzer, Callable[[HasSlug], list[str]]]:
    """The words of a question (read in each of ``question_languages``, joined, without the stop words of any) and
    of a passage (read in its document's language, ``languages[slug]``), with Snowball stems or the lab's words.
    For English alone both are ``terms`` (or ``snowball_terms()``).

    >>> from raglab.documents.language import LANGUAGES
    >>> ask, read = collection_analyzers({"a": ENGLISH}, (ENGLISH, LANGUAGES["de"]))
    >>> ask("Pakete and packages")
    ['pakete', 'package', 'pakete', 'packages']
    """

    def analyzer(language: Language, stops: frozenset[str] | None = None, whole: bool = False) -> Analyzer:
        if snowball:
            return snowball_terms(language, stops, whole)
        return functools.partial(terms, language=language, stops=stops, whole=whole)

    analyzers = {language: analyzer(language) for language in {*languages.values(), *question_languages}}
    several = len(question_languages) > 1
    stops = question_stop_words(question_languages) if several else None
    asking = [analyzer(language, stops, several) for language in question_languages]

    def ask(text: str) -> list[str]:
        return [w for analyze in asking for w in analyze(text)]

    def read(passage: HasSlug) -> list[str]:
        return analyzers[languages[passage.slug]](passage.text)

    return ask, read
