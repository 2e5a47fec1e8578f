"""Questions built from the documents themselves, for raglab.proposals to try: their headings and titles as
topics, the names the graph found that have a link, and the places where two neighbouring passages each hold a
rare word the other lacks (a question naming both needs what the cut put apart). Written by no one: each is a
template filled from the documents' own words.

>>> from raglab import Lab
>>> lab = Lab()
>>> next(heading_questions(lab)), next(name_questions(lab)), cuts(lab)[0].question
(('What about Fernport Bakery?', 'Fernport Bakery'), 'What is Fernport Bakery?', 'What about bakery and bake?')
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from .lab import Lab

RARE = 3  # a word of a cut is in at most this many passages, so the two words pick out their passages


def _topic(heading: str) -> str:
    """A heading as a topic, as written but for its numbering: ``_topic("2.1 Vectors and assignment")`` is
    "Vectors and assignment"."""
    words = heading.split()
    while words and words[0].rstrip(".").replace(".", "").isdigit():
        words = words[1:]
    return " ".join(words)


def heading_questions(lab: Lab) -> Iterator[tuple[str, str]]:
    """("What about {topic}?", the section or title it names) for every heading, then every title, with two or more
    search words."""
    seen = set()
    named = [h[2] for d in lab.corpus.documents for h in d.headings] + [d.title for d in lab.corpus.documents]
    for heading in named:
        topic = _topic(heading)
        question = f"What about {topic}?"
        if topic.casefold() in seen or len(lab.search_words(question)) < 2:
            continue
        seen.add(topic.casefold())
        yield question, heading


def name_questions(lab: Lab) -> Iterator[str]:
    """The question "What is {name}?" for each name that has a link, in the order of the links."""
    seen = set()
    for link in lab.graph.links:
        for name in (link.a, link.b):
            if name not in seen:
                seen.add(name)
                yield f"What is {name}?"


@dataclass(frozen=True)
class Cut:
    """Two neighbouring passages of a document, each holding a rare word the other does not, that no passage
    holds together: a question naming both needs what was cut apart."""

    first: str  # the passages' ids
    second: str
    words: tuple[str, str]
    slug: str

    @property
    def question(self) -> str:
        return f"What about {self.words[0]} and {self.words[1]}?"


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
            found.append((rareness, i, Cut(a.id, b.id, (first, second), a.slug)))
    found.sort(key=lambda f: (f[0], f[1]))
    per_doc: dict[str, int] = {}
    ordered = []
    for _, _, cut in found:
        per_doc[cut.slug] = per_doc.get(cut.slug, 0) + 1
        ordered.append((per_doc[cut.slug], cut))
    return [cut for _, cut in sorted(ordered, key=lambda o: o[0])]  # (a stable sort: rarest first within a round)


__all__ = ["RARE", "Cut", "cuts", "heading_questions", "name_questions"]
