"""Which language a document is written in, found by a small rule over its text: its script, then its stop words.

1. Script. Chinese, Japanese and Korean characters stand for a word or a syllable each, a Latin word for about
   five letters: a text is read as one of them when its CJK characters are at least a third as many as its other
   letters; as Japanese when a tenth of those are Hiragana or Katakana, as Korean when half are Hangul, else as
   Chinese. Their words are the lab's English ones plus pairs of characters (cjk.py).
2. Stop words. Any other text is read as the language whose stop words (Snowball's lists, in ``stop_words/``)
   it uses most, in its first ``SAMPLE`` characters. English unless another language's count is at least twice
   English's and at least ``MIN_STOP_WORDS``: a short text, or one that quotes a few foreign words, stays English.

A worked example, a sentence of Debian's German reference ("Dieses Buch ist frei; Sie dürfen es ... verändern
..."): its 23 words hold German stop words 11 times (dieses, ist, sie, es, unter, den, der, und, die, in, jeder),
English ones once ("in" is in both lists), so with ``min_stop_words=5`` it is German:

>>> text = ("Dieses Buch ist frei; Sie dürfen es unter den Bedingungen der GNU General Public License "
...         "weitergeben und verändern, die in jeder Version gilt.")
>>> counts = stop_word_counts(text)
>>> counts["de"], counts["en"], language_of(text, min_stop_words=5).name
(11, 1, 'German')
>>> language_of(text).name, language_of("光合作用是植物利用光能的过程。").name
('English', 'Chinese')
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from .cjk import CJK_CHARACTER

SAMPLE = 20_000  # characters read from a document's start to find its language
MIN_STOP_WORDS = 20  # fewer stop words than this in the sample: too little to tell, read as English
_FOLDER = Path(__file__).with_name("stop_words")


@dataclass(frozen=True)
class Language:
    """A language the lab reads: ``code`` (ISO 639-1), ``name``, ``snowball`` (the snowballstemmer algorithm that
    stems its words), and ``letters``: its words are made of any letters and cut at apostrophes (Snowball's
    lists hold "l" for the French "l'"), where English keeps the lab's own rule (a-z and digits, "don't" whole)."""

    code: str
    name: str
    snowball: str
    letters: bool = True

    @property
    def english_meaning(self) -> bool:
        """Whether the meaning model (all-MiniLM-L6-v2, trained on English) reads this language."""
        return self.code == "en"


ENGLISH = Language("en", "English", "english", letters=False)
# A CJK text's other words are read as English: technical words and names, mostly.
CJK_LANGUAGES = {
    code: Language(code, name, "english", letters=False)
    for code, name in (("zh", "Chinese"), ("ja", "Japanese"), ("ko", "Korean"))
}
# The languages with a stop word list published with their Snowball stemmer.
STOP_WORD_LANGUAGES = {
    code: Language(code, name.capitalize(), name)
    for code, name in (
        ("da", "danish"),
        ("de", "german"),
        ("es", "spanish"),
        ("fi", "finnish"),
        ("fr", "french"),
        ("ga", "irish"),
        ("hu", "hungarian"),
        ("id", "indonesian"),
        ("it", "italian"),
        ("nl", "dutch"),
        ("no", "norwegian"),
        ("pt", "portuguese"),
        ("ru", "russian"),
        ("st", "sesotho"),
        ("sv", "swedish"),
    )
}
LANGUAGES = {"en": ENGLISH, **CJK_LANGUAGES, **STOP_WORD_LANGUAGES}

_CJK = re.compile(f"[{CJK_CHARACTER}]")
_KANA = re.compile("[\u3040-\u30ff\u31f0-\u31ff]")
_HANGUL = re.compile("[\u1100-\u11ff\u3130-\u318f\uac00-\ud7af]")
_LETTERS = re.compile(f"[^\\W\\d_{CJK_CHARACTER}]")
_WORDS = re.compile(f"[^\\W\\d_{CJK_CHARACTER}]+")


@cache
def snowball_stop_words(language: str) -> frozenset[str]:
    """The stop words Snowball publishes with its stemmer for ``language`` (snowballstemmer's name), from
    ``stop_words/<language>.txt`` as published: a word at the start of a line, comments after "|".

    >>> sorted(snowball_stop_words("german"))[:4], len(snowball_stop_words("french"))
    (['aber', 'alle', 'allem', 'allen'], 154)
    """
    text = (_FOLDER / f"{language}.txt").read_text(encoding="utf-8")
    return frozenset(w for line in text.splitlines() for w in line.split("|")[0].split())


def stop_word_counts(text: str) -> dict[str, int]:
    """How often the first ``SAMPLE`` characters of a text use each language's stop words (English's from
    Snowball's list too, so every language is counted alike), by language code: one pass over its words."""
    counts = dict.fromkeys(("en", *STOP_WORD_LANGUAGES), 0)
    languages_of = _stop_word_languages()
    for word in _WORDS.findall(text[:SAMPLE].lower()):
        for code in languages_of.get(word, ()):
            counts[code] += 1
    return counts


@cache
def _stop_word_languages() -> dict[str, tuple[str, ...]]:
    """Each stop word of any list, with the codes of the languages whose list holds it."""
    lists = {"en": "english", **{code: lang.snowball for code, lang in STOP_WORD_LANGUAGES.items()}}
    found: dict[str, list[str]] = {}
    for code, name in lists.items():
        for word in snowball_stop_words(name):
            found.setdefault(word, []).append(code)
    return {word: tuple(codes) for word, codes in found.items()}


def language_of(text: str, min_stop_words: int = MIN_STOP_WORDS) -> Language:
    """The language a text is read as (the module's rule).

    >>> language_of("ひらがなとカタカナと漢字").name, language_of("The ferry crosses in 40 minutes.").name
    ('Japanese', 'English')
    """
    sample = text[:SAMPLE]
    cjk = len(_CJK.findall(sample))
    if cjk and 3 * cjk >= len(_LETTERS.findall(sample)):
        if 10 * len(_KANA.findall(sample)) >= cjk:
            return CJK_LANGUAGES["ja"]
        if 2 * len(_HANGUL.findall(sample)) >= cjk:
            return CJK_LANGUAGES["ko"]
        return CJK_LANGUAGES["zh"]
    counts = stop_word_counts(sample)
    english = counts.pop("en")
    code, most = max(counts.items(), key=lambda item: item[1])
    if most >= min_stop_words and most >= 2 * english:
        return STOP_WORD_LANGUAGES[code]
    return ENGLISH


def reading_note(language: Language) -> str:
    """What the lab says of a document's language, beside it on the page and in ``raglab corpus``: the meaning
    model was trained on English, and saying so is better than showing its guesses as meaning.

    >>> reading_note(ENGLISH)
    'read as English'
    >>> reading_note(LANGUAGES["de"])
    'read as German; the meaning model reads English only, so meaning search on it is unreliable'
    >>> reading_note(LANGUAGES["zh"]).split(";")[0]
    'read as Chinese, its characters in pairs'
    """
    how = ", its characters in pairs" if language.code in CJK_LANGUAGES else ""
    if language.english_meaning:
        return f"read as {language.name}{how}"
    return f"read as {language.name}{how}; the meaning model reads English only, so meaning search on it is unreliable"
