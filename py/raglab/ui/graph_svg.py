"""The entity graph as a picture: names on a circle, links as lines, the question's names and their hops marked.

A small graph is drawn whole: every name with a link, on one circle (Fernport: 5 names, 4 links). A real
collection has thousands (SciFact's 5,183 abstracts: 10,951 names, 73,243 links), and a circle of them is
unreadable, so past ``MOST_NAMES`` the picture folds: the question's names in the middle, the names one hop from
them on the circle (the most linked first), only the links among those, and a last line saying what is left out.
With no name in the question a folded graph is not drawn at all (``result_html``: no link is followed, so there
is nothing to show); ``graph_view`` still names the most linked. The links listed under the picture are the ones
it draws.

Positions are computed here (a circle needs only sin and cos), so the picture needs neither numpy nor networkx's
layouts in the browser.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from html import escape

WIDTH, HEIGHT, RADIUS = 560, 360, 130
MOST_NAMES = 12  # names drawn whole (up to); once folded, the most of the question's names and of the others (4-20)
# A folded picture cuts a longer name with "…" (its tooltip has it whole): 18 letters at 15 px are about 150 wide,
# so a label centred on the circle's rightmost name (x 481) still ends inside the 560-wide picture (6-30).
LABEL_CHARS = 18
MIDDLE = 0.35  # the question's names sit on a circle this fraction of the outer one


@dataclass(frozen=True)
class GraphView:
    """What the picture draws: ``middle`` names (the question's, once folded) and ``around`` names, the links among
    them, and how many names and links it leaves out.

    >>> links = [{"a": a, "b": b, "passages": ["p-1"]} for a, b in ("AB", "AC", "BC", "CD")]
    >>> view = graph_view({"entities": list("ABCDE"), "links": links, "names": ["A"], "linked_names": ["B", "C"]})
    >>> view.around, len(view.links), view.more_names, view.more_links, view.folded
    (('A', 'B', 'C', 'D'), 4, 0, 0, False)
    >>> GraphView((), ("B",), (), 812, 1930, True).note
    'and 812 more names, 1,930 more links, not drawn'
    """

    middle: tuple[str, ...]
    around: tuple[str, ...]
    links: tuple[Mapping, ...]
    more_names: int
    more_links: int
    folded: bool

    @property
    def names(self) -> tuple[str, ...]:
        return self.middle + self.around

    @property
    def note(self) -> str:
        """What is left out, as the picture's last line ("" when nothing is)."""
        more = [
            f"{n:,} more {what}{'s' * (n != 1)}"
            for n, what in ((self.more_names, "name"), (self.more_links, "link"))
            if n
        ]
        return f"and {', '.join(more)}, not drawn" if more else ""


def graph_view(details: Mapping) -> GraphView:
    """The names and links to draw for ``details`` from the graph technique (see the module's docstring)."""
    names, links = details.get("names", ()), details["links"]
    ends = {lk["a"] for lk in links} | {lk["b"] for lk in links}
    linked_entities = [e for e in details["entities"] if e in ends]
    shown = linked_entities + [e for e in details["entities"] if e in names and e not in ends]
    if len(shown) <= MOST_NAMES:
        return GraphView((), tuple(shown), tuple(links), 0, 0, False)
    degree = Counter([lk["a"] for lk in links] + [lk["b"] for lk in links])
    order = {e: i for i, e in enumerate(details["entities"])}  # names with as many links keep the entity order
    most = sorted(details.get("linked_names", ()) if names else linked_entities, key=lambda n: (-degree[n], order[n]))
    middle, around = tuple(names[:MOST_NAMES]), tuple(most[:MOST_NAMES])
    drawn = set(middle + around)
    kept = tuple(lk for lk in links if lk["a"] in drawn and lk["b"] in drawn)
    return GraphView(middle, around, kept, len(shown) - len(drawn), len(links) - len(kept), True)


def _positions(names: Sequence[str], scale: float = 1.0) -> dict[str, tuple[float, float]]:
    if len(names) == 1 and scale < 1:
        return {names[0]: (WIDTH / 2, HEIGHT / 2)}  # one name in the middle sits at the centre
    n = max(len(names), 1)
    return {
        name: (
            WIDTH / 2 + RADIUS * 1.55 * scale * math.cos(2 * math.pi * i / n - math.pi / 2),
            HEIGHT / 2 + RADIUS * scale * math.sin(2 * math.pi * i / n - math.pi / 2),
        )
        for i, name in enumerate(names)
    }


def _label(name: str) -> str:
    return name if len(name) <= LABEL_CHARS else name[: LABEL_CHARS - 1].rstrip() + "…"


def graph_svg(details: Mapping, view: GraphView | None = None) -> str:
    """SVG of ``details`` from the graph technique: ``entities``, ``links``, ``names``, ``linked_names``."""
    view = view or graph_view(details)
    names, linked = set(details.get("names", ())), set(details.get("linked_names", ()))
    pos = {**_positions(view.middle, MIDDLE), **_positions(view.around)}
    if view.folded:
        head = (
            f'<svg class="graph-svg folded" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" aria-label="Entity graph: '
            f"{len(view.names)} of {len(view.names) + view.more_names:,} names, {len(view.links)} of "
            f'{len(details["links"]):,} links">'
        )
    else:
        head = (
            f'<svg class="graph-svg" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
            f'aria-label="Entity graph: {len(view.names)} names, {len(details["links"])} links">'
        )
    out = [head]
    for lk in view.links:
        (x1, y1), (x2, y2) = pos[lk["a"]], pos[lk["b"]]
        hop = (lk["a"] in names and lk["b"] in linked | names) or (lk["b"] in names and lk["a"] in linked | names)
        out.append(
            f'<line x1="{x1:.0f}" y1="{y1:.0f}" x2="{x2:.0f}" y2="{y2:.0f}" '
            f'class="{"edge hop" if hop else "edge"}"><title>{escape(lk["a"])} — {escape(lk["b"])}: '
            f"{escape(', '.join(lk['passages']))}</title></line>"
        )
    for name in view.names:
        x, y = pos[name]
        kind = "node question" if name in names else "node linked" if name in linked else "node"
        label, tip = (_label(name), f"<title>{escape(name)}</title>") if view.folded else (name, "")
        out.append(
            f'<g class="{kind}">{tip}<circle cx="{x:.0f}" cy="{y:.0f}" r="9"/>'
            f'<text x="{x:.0f}" y="{y - 15:.0f}" text-anchor="middle">{escape(label)}</text></g>'
        )
    if view.note:
        out.append(
            f'<text class="more" x="{WIDTH / 2:.0f}" y="{HEIGHT - 10}" text-anchor="middle">{escape(view.note)}</text>'
        )
    out.append("</svg>")
    return "".join(out)
