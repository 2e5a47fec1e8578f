"""Questions built from the documents themselves, for raglab.proposals to try: their headings and titles as
topics, the names the graph found that have a link, and the places where two neighbouring passages each hold a
rare word the other lacks (a question naming both needs what the cut put apart). Written by no one: each is a
template filled from the documents' own words.

>>> from raglab import Lab
>>> lab = Lab()
>>> next(heading_questions(lab)), next(name_questions(lab)), cuts(lab)[0].question
... # doctest: +NORMALIZE_WHITESPACE
(('What is Fernport Bakery?', 'Fernport Bakery'), 'What is Fernport Bakery?',
 'What do “Bakery” and “bake” have to do with each other?')
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from .lab import Lab

RARE = 3  # a word of a cut is in at most this many passages, so the two words pick out their passages


def heading_topic(heading: str) -> str:
    """A heading as a topic, as written but for its numbering: ``heading_topic("2.1 Vectors and assignment")`` is
    "Vectors and assignment"."""
    words = heading.split()
    while words and words[0].rstrip(".").replace(".", "").isdigit():
        words = words[1:]
    return " ".join(words)


# How a learner asks about a topic, by the language of its document: what it is, and for a heading that starts with
# an English verb's -ing form, how to do it. A frame is used only where the lab reads none of its own words as search
# words (the stop words of the documents' languages), so a question searches exactly its topic's words; else English.
FRAMES = {
    "en": ("What is {}?", "What are {}?"),
    "de": ("Was ist {}?", "Was sind {}?"),
    "es": ("¿Qué es {}?", "¿Qué son {}?"),
    "fr": ("Qu'est-ce que {} ?", "Qu'est-ce que {} ?"),
}
HOW = "How do I {}?"
_WORD = re.compile(r"[^\W\d_]+")


def written_words(lab: Lab) -> set[str]:
    """Every word the lab's passages write in lower case, as written (not as searched)."""
    return {w for text in lab.passage_texts() for w in _WORD.findall(text) if w.islower()}


def _base_form(word: str, written: set[str]) -> str:
    """The verb an English -ing form is made from, as the documents themselves write it, else "": "running" is "run"
    (when they do not write "runn"), "using" "use", "adding" "add", "installing" "install".

    >>> [_base_form(w, {"run", "use", "us", "add", "ad", "install"}) for w in ("running", "using", "adding", "string")]
    ['run', 'use', 'add', '']
    """
    if len(word) < 5 or not word.endswith("ing"):
        return ""
    stem = word[:-3]
    doubled = stem[:-1] if stem[-1] == stem[-2] and stem not in written else ""
    return next((base for base in (doubled, stem + "e", stem) if base and base in written), "")


def topic_question(topic: str, language: str, written: set[str], frames_read) -> str:
    """A topic as a learner asks about it: a heading that is a question already as written; "How do I redirect
    output?" for "Redirecting output"; else "What is ...?", or "What are ...?" for a plural or a list, in the
    document's language where its frame has no search words (``frames_read(frame)``: the frame's search words).
    A first word written in lower case elsewhere is a sentence's capital, so it goes in lower case; a name keeps its.

    >>> words = {"redirect", "output", "vectors", "assignment"}
    >>> ask = lambda topic, language="en": topic_question(topic, language, words, lambda frame: [])
    >>> ask("Redirecting output"), ask("Vectors and assignment"), ask("Fernport Bakery"), ask("Why is R slow?")
    ('How do I redirect output?', 'What are vectors and assignment?', 'What is Fernport Bakery?', 'Why is R slow?')
    >>> ask("Paketverwaltung", "de"), ask("软件包管理", "zh")
    ('Was ist Paketverwaltung?', 'What is 软件包管理?')
    """
    if topic.endswith(("?", "？")):
        return topic
    first, _, rest = topic.partition(" ")
    if first[:1].isupper() and first[1:].islower() and first.lower() in written:
        first = first.lower()
    if language == "en" and (base := _base_form(first.lower(), written)):
        return HOW.format(f"{base} {rest}".strip())
    said = f"{first} {rest}".strip()
    ends = {said.split()[0], said.split()[-1]}  # the head noun: "Suggestions to the reader", "Related packages"
    plural = " and " in said or (
        language == "en" and any(w.endswith("s") and not w.endswith(("ss", "us", "is")) for w in ends)
    )
    frames = FRAMES.get(language, FRAMES["en"])
    if language != "en" and frames_read(frames[0].format("")):
        frames = FRAMES["en"]
    return frames[plural].format(said)


def heading_questions(lab: Lab) -> Iterator[tuple[str, str]]:
    """(a learner's question about it, the section or title it names) for every heading, then every title, whose
    topic has two or more search words (``topic_question`` words it)."""
    seen = set()
    written = written_words(lab)
    named = [(h[2], d) for d in lab.corpus.documents for h in d.headings] + [(d.title, d) for d in lab.corpus.documents]
    for heading, doc in named:
        topic = heading_topic(heading)
        if topic.casefold() in seen or len(lab.search_words(topic)) < 2:
            continue
        seen.add(topic.casefold())
        yield topic_question(topic, doc.language.code, written, lab.search_words), heading


def name_questions(lab: Lab) -> Iterator[str]:
    """ "What is {name}?" for each name that has a link, in the order of the links, then "How is {a} related to
    {b}?" for each link. (Graph RAG's check wants a passage reached through a link alone, naming no asked name,
    which a question naming both ends of a link rarely leaves: so those come last.)"""
    seen = set()
    for link in lab.graph.links:
        for name in (link.a, link.b):
            if name not in seen:
                seen.add(name)
                yield f"What is {name}?"
    for link in lab.graph.links:
        yield f"How is {link.a} related to {link.b}?"


@dataclass(frozen=True)
class Cut:
    """Two neighbouring passages of a document, each holding a rare word the other does not, that no passage
    holds together: a question naming both needs what was cut apart."""

    first: str  # the passages' ids
    second: str
    words: tuple[str, str]  # as searched
    slug: str
    written: tuple[str, str]  # the same words as the passages write them, for the question ("AEGIS", not "aegis")

    @property
    def question(self) -> str:
        return f"What do “{self.written[0]}” and “{self.written[1]}” have to do with each other?"


def as_written(text: str, word: str) -> str:
    """Search word ``word`` as ``text`` writes it: in lower case where the text once does ("Boats sail" and "boats"
    give "boats"), else as it first writes it ("AEGIS", "December"); ``word`` itself for a stem the text never writes.

    >>> [as_written(t, w) for t, w in [("AEGIS fleets.", "aegis"), ("Boats sail; boats.", "boats"), ("x", "decemb")]]
    ['AEGIS', 'boats', 'decemb']
    """
    found = re.findall(rf"(?<!\w){re.escape(word)}(?!\w)", text, re.IGNORECASE)
    return word if not found or word in found else found[0]


def cuts(lab: Lab) -> list[Cut]:
    """The cuts of the lab's passages, the rarest words first, one per document before a second of any."""
    index = lab.index()
    postings = index.postings
    chunks = index.chunks
    found: list[tuple[int, int, Cut]] = []
    for i in range(len(chunks) - 1):
        a, b = chunks[i], chunks[i + 1]
        if a.slug != b.slug:
            continue
        wa, wb = set(lab.passage_words(a)), set(lab.passage_words(b))

        def rarest(own: set[str], other: set[str]) -> str | None:
            usable = [
                w
                for w in own - other
                if len(w) > 3 and w.isalpha() and len(postings.get(w, ())) <= RARE and lab.search_words(w) == [w]
            ]
            return min(usable, key=lambda w: (len(postings[w]), w), default=None)

        first, second = rarest(wa, wb), rarest(wb, wa)
        if first and second and not set(postings[first]) & set(postings[second]):
            rareness = len(postings[first]) + len(postings[second])
            written = (as_written(a.text, first), as_written(b.text, second))
            found.append((rareness, i, Cut(a.id, b.id, (first, second), a.slug, written)))
    found.sort(key=lambda f: (f[0], f[1]))
    per_doc: dict[str, int] = {}
    ordered = []
    for _, _, cut in found:
        per_doc[cut.slug] = per_doc.get(cut.slug, 0) + 1
        ordered.append((per_doc[cut.slug], cut))
    return [cut for _, cut in sorted(ordered, key=lambda o: o[0])]  # (a stable sort: rarest first within a round)


__all__ = [
    "heading_topic",
    "FRAMES",
    "RARE",
    "Cut",
    "as_written",
    "cuts",
    "heading_questions",
    "name_questions",
    "topic_question",
    "written_words",
]
