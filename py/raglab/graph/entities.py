"""The entity graph: which names each passage mentions, and the links between names (networkx).

Two names are linked when one passage mentions both. In Fernport that gives 4 links: Fernport Bakery — Mira Okafor
(bakery-1), Mira Okafor — Tomas Reyes (bakery-2), Fernport Lighthouse — Tomas Reyes (lighthouse-2) and Fernport
Lighthouse — Lantern Festival (festival-2). A name is found as whole words in any case, by its full name or an
alias from ``entities.toml``; "lighthouse’s" mentions the lighthouse, "bake" does not mention the bakery.

networkx is imported here only, so pages that never use the graph never load it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property
from itertools import combinations

from ..documents.chunking import Chunk
from ..documents.corpus import Entity

# A word is a run of the characters a regex's \w matches (letters, digits, "_"), so "lighthouse’s" holds the word
# "lighthouse" and "bakery-2" the word "bakery", while "bake" is a word of its own.
_WORD = re.compile(r"\w+")


@dataclass(frozen=True)
class Link:
    a: str
    b: str
    passages: tuple[str, ...]  # ids of the passages that mention both


@dataclass(frozen=True)
class Spelling:
    """A spelling as the scan looks it up: its words' stretch in any case (``core``, from the first word to the
    last, with what stands between them as written), what comes before and after that stretch, and its words.

    >>> Spelling.of("Bank of England")
    Spelling(core='bank of england', lead='', trail='', words=3, exact='')
    >>> Spelling.of("U.S.")  # a full stop after the last word must be in the text too, and then no word
    Spelling(core='u.s', lead='', trail='.', words=2, exact='')
    """

    core: str
    lead: str
    trail: str
    words: int
    exact: str = ""  # a spelling of two capitals ("IM", "FU") is found only as written: not "Im", "im" or "fu"

    @classmethod
    def of(cls, spelling: str) -> Spelling | None:
        """None for a spelling with no word ("", "&"): nothing could mention it.

        >>> Spelling.of("IM").exact, Spelling.of("IBM").exact
        ('IM', '')
        """
        folded = spelling.casefold()
        words = [m.span() for m in _WORD.finditer(folded)]
        if not words:
            return None
        start, end = words[0][0], words[-1][1]
        exact = spelling if _TWO_CAPITALS.fullmatch(spelling) else ""
        return cls(folded[start:end], folded[:start], folded[end:], len(words), exact)


# Two capital letters: in any case they are words of many languages ("Im Gegensatz", "it", "on", "de"), so such a
# spelling is found only as written (bench/README.md, names, run 7).
_TWO_CAPITALS = re.compile(r"[A-Z]{2}")


class EntityGraph:
    """The names of ``entities`` found in each chunk, and the graph they make.

    Each passage is read once, whatever the number of names: its words are looked up in a dict from every
    spelling's text in any case (``casefold``) to its entities, trying only the word counts of the spellings
    that start with that word. On SciFact (5,183 abstracts, 25,219 passages, the 10,951 names ``find_names``
    finds) one regular expression per name took 2,659 s; this takes 1.0 s, and finds the same 61,160 mentions
    (tests/core/test_entities_scale.py compares the two on random texts). Where case rules differ, casefold
    wins: "STRASSE" mentions "Straße", which a regular expression in any case did not find.

    >>> chunks = [Chunk("tour-1", "tour", "Tour", "Mira’s BAKERY bakes. MIRA OKAFOR walks to the lighthouse.", 2,
    ...                 0, 2)]
    >>> g = EntityGraph(chunks, [Entity("Fernport Lighthouse", ("lighthouse",)), Entity("Mira Okafor", ("Mira",)),
    ...                          Entity("Fernport Bakery", ("bakery",)), Entity("Okafor")])
    >>> g.mentions["tour-1"]  # in entity-list order; "Okafor" inside "Mira Okafor" counts too
    ('Fernport Lighthouse', 'Mira Okafor', 'Fernport Bakery', 'Okafor')
    >>> g.names_in("Fernport bakes in the lighthouse-keeper's house")
    ['Fernport Lighthouse']
    """

    def __init__(self, chunks: Sequence[Chunk], entities: Sequence[Entity]):
        self.entities = list(entities)
        self._spellings: dict[str, list[tuple[str, str, int, str]]] = {}  # core -> (lead, trail, entity, exact)
        lengths: dict[str, set[int]] = {}  # a spelling's first word -> the word counts of spellings it starts
        for i, entity in enumerate(self.entities):
            for s in filter(None, map(Spelling.of, entity.spellings)):
                self._spellings.setdefault(s.core, []).append((s.lead, s.trail, i, s.exact))
                first = _WORD.match(s.core)
                assert first is not None  # a spelling's core starts with its first word (Spelling.of)
                lengths.setdefault(first[0], set()).add(s.words)
        self._lengths = {word: tuple(sorted(ns)) for word, ns in lengths.items()}
        self.mentions: dict[str, tuple[str, ...]] = {c.id: tuple(self.names_in(c.text)) for c in chunks}

    def names_in(self, text: str) -> list[str]:
        """The entities a text mentions, in entity-list order."""
        return [self.entities[i].name for i in sorted(self._found(text))]

    def _found(self, text: str) -> set[int]:
        # Every spelling found counts, even inside a longer one ("Okafor" in "Mira Okafor"): each name has always
        # been looked for on its own, and a passage that says "Bank of England" does say "England".
        t = text.casefold()
        spans = [m.span() for m in _WORD.finditer(t)]
        written: list[str] = []  # the text's words as written, for a spelling found only so (read when one is)
        found: set[int] = set()
        for i, (start, end) in enumerate(spans):
            for n in self._lengths.get(t[start:end], ()):
                if i + n > len(spans):
                    break
                stop = spans[i + n - 1][1]
                for lead, trail, entity, exact in self._spellings.get(t[start:stop], ()):
                    if exact:
                        written = written or _WORD.findall(text)
                        if len(written) != len(spans) or written[i] != exact:
                            continue
                    if _stands_alone(t, start - len(lead), stop + len(trail), lead, trail):
                        found.add(entity)
        return found

    @cached_property
    def graph(self):
        import networkx as nx

        g = nx.Graph()
        g.add_nodes_from(e.name for e in self.entities)
        for chunk_id, names in self.mentions.items():
            for a, b in combinations(sorted(names), 2):
                if g.has_edge(a, b):
                    g.edges[a, b]["passages"].append(chunk_id)
                else:
                    g.add_edge(a, b, passages=[chunk_id])
        return g

    @cached_property
    def links(self) -> tuple[Link, ...]:
        """Every link, the two names in alphabetical order, links in the order their first passage comes (kept: on
        SciFact's 73,243 links the sort takes 0.5 s, and every question to the graph asks for them)."""
        return tuple(Link(a, b, tuple(data["passages"])) for a, b, data in self._edges_in_passage_order())

    def _edges_in_passage_order(self):
        order = {cid: i for i, cid in enumerate(self.mentions)}
        edges = [(*sorted((a, b)), data) for a, b, data in self.graph.edges(data=True)]
        return sorted(edges, key=lambda e: (order[e[2]["passages"][0]], e[0], e[1]))

    def linked_to(self, name: str) -> list[str]:
        """The names one hop from ``name``, alphabetically."""
        return sorted(self.graph.neighbors(name))


def _stands_alone(t: str, start: int, stop: int, lead: str, trail: str) -> bool:
    """Whether t[start:stop] holds a spelling's lead and trail, with no word character just outside: a word
    stretch already has none (its words are whole), so only a lead or trail needs looking at."""
    if lead and (start < 0 or not t.startswith(lead, start) or (start and _WORD.match(t, start - 1))):
        return False
    return not trail or (t.startswith(trail, stop - len(trail)) and not _WORD.match(t, stop))
