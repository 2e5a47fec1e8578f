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

from .chunking import Chunk
from .corpus import Entity


@dataclass(frozen=True)
class Link:
    a: str
    b: str
    passages: tuple[str, ...]  # ids of the passages that mention both


def _pattern(entity: Entity) -> re.Pattern[str]:
    alternatives = sorted((re.escape(s) for s in entity.spellings if s.strip()), key=len, reverse=True)
    return re.compile(r"(?<!\w)(?:" + "|".join(alternatives) + r")(?!\w)", re.IGNORECASE)


class EntityGraph:
    def __init__(self, chunks: Sequence[Chunk], entities: Sequence[Entity]):
        self.entities = list(entities)
        self._patterns = [(e.name, _pattern(e)) for e in self.entities]
        self.mentions: dict[str, tuple[str, ...]] = {c.id: tuple(self.names_in(c.text)) for c in chunks}

    def names_in(self, text: str) -> list[str]:
        """The entities a text mentions, in entity-list order."""
        return [name for name, pattern in self._patterns if pattern.search(text)]

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

    @property
    def links(self) -> list[Link]:
        """Every link, the two names in alphabetical order, links in the order their first passage comes."""
        return [Link(a, b, tuple(data["passages"])) for a, b, data in self._edges_in_passage_order()]

    def _edges_in_passage_order(self):
        order = {cid: i for i, cid in enumerate(self.mentions)}
        edges = [(*sorted((a, b)), data) for a, b, data in self.graph.edges(data=True)]
        return sorted(edges, key=lambda e: (order[e[2]["passages"][0]], e[0], e[1]))

    def linked_to(self, name: str) -> list[str]:
        """The names one hop from ``name``, alphabetically."""
        return sorted(self.graph.neighbors(name))
