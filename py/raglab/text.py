"""Sentences and search words: the only place where text is cut up.

>>> split_sentences("The ferry crosses in 40 minutes. A fare costs 6 coins.")
['The ferry crosses in 40 minutes.', 'A fare costs 6 coins.']
>>> search_words("How much does the ferry cost?")
['much', 'ferry', 'cost']
>>> search_words("When do the tours leave?")
['tour', 'leave']
"""

from __future__ import annotations

import re

# The stop words (filler words): so common that they say nothing about the topic. The spec names "the", "how",
# "is" and "when" and keeps "much" and "time" (a question about cost or time needs them); the rest is the usual
# short English list of articles, pronouns, auxiliaries, prepositions, conjunctions and question words.
STOP_WORDS = frozenset(
    """
    a about above after again against all am an and any are as at be because been before being below between
    both but by can could did do does doing done down during each else even ever every few for from further get
    gets got had has have having he her here hers herself him himself his how i if in into is it its itself
    just let me more most my myself no nor not of off on once only or other our ours ourselves out over own
    same she should so some such than that the their theirs them themselves then there these they this those
    through to too under until up us very was we were what whatever when where whether which while who whom
    whose why will with would you your yours yourself yourselves
    """.split()
)

# A sentence ends at . ! or ? followed by space and a capital letter, digit or opening quote. This keeps
# "10:00", "8:00" and decimals whole.
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z0-9\"“‘(])")

# A word is letters and digits, joined by inner ":" "-" "." or an apostrophe, so "10:00", "INV-2041" and
# "don't" stay whole. Curly and straight apostrophes are both apostrophes.
_WORD = re.compile(r"[a-z0-9]+(?:[:\-.'’][a-z0-9]+)*")


def split_sentences(text: str) -> list[str]:
    """Cut text into sentences, keeping each sentence's own punctuation."""
    text = " ".join(text.split())
    return [s for s in _SENTENCE_END.split(text) if s] if text else []


def words(text: str) -> list[str]:
    """All words of a text, lower case, possessive "'s" removed: "lighthouse’s" -> "lighthouse"."""
    found = _WORD.findall(text.lower().replace("’", "'"))
    return [w[:-2] if w.endswith("'s") else w for w in found]


def cut_plural(word: str) -> str:
    """Cut a plural "s" so a question's "tours" matches a passage's "tour".

    The spec's rule is a plain cut of the last "s" ("tours" -> "tour", "leaves" -> "leave") that leaves words
    ending in "ss" or "us" alone ("class", "bus", "famous") and short words ("gas", "yes") too. Two small
    additions make other-word questions work: "-sses/-ches/-shes/-xes" lose "es" ("classes" -> "class") and a
    long "-ies" becomes "-y" ("ferries" -> "ferry", "stories" -> "story").

    >>> [cut_plural(w) for w in ["tours", "leaves", "class", "bus", "classes", "ferries", "ties", "10:00"]]
    ['tour', 'leave', 'class', 'bus', 'class', 'ferry', 'tie', '10:00']
    """
    if len(word) <= 3 or not word.endswith("s") or not word.isalpha():
        return word
    if word.endswith(("ss", "us", "is")):
        return word
    if word.endswith(("sses", "ches", "shes", "xes")):
        return word[:-2]
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    return word[:-1]


def search_words(text: str) -> list[str]:
    """The distinct search words of a text, in order of first appearance: lower case, stop words dropped,
    plural "s" cut."""
    seen: dict[str, None] = {}
    for w in words(text):
        if w not in STOP_WORDS:
            seen.setdefault(cut_plural(w), None)
    return list(seen)


def stop_words_in(text: str) -> list[str]:
    """The stop words a text holds, in order, each once (for the message when nothing else is left)."""
    seen: dict[str, None] = {}
    for w in words(text):
        if w in STOP_WORDS:
            seen.setdefault(w, None)
    return list(seen)
