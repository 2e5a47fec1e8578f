"""The entity graph as a picture: names on a circle, links as lines, the question's names and their hops marked.

Positions are computed here (a circle needs only sin and cos), so the picture needs neither numpy nor networkx's
layouts in the browser.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from html import escape

WIDTH, HEIGHT, RADIUS = 560, 360, 130


def _positions(names: Sequence[str]) -> dict[str, tuple[float, float]]:
    n = max(len(names), 1)
    return {
        name: (WIDTH / 2 + RADIUS * 1.55 * math.cos(2 * math.pi * i / n - math.pi / 2),
               HEIGHT / 2 + RADIUS * math.sin(2 * math.pi * i / n - math.pi / 2))
        for i, name in enumerate(names)
    }


def graph_svg(details: Mapping) -> str:
    """SVG of ``details`` from the graph technique: ``entities``, ``links``, ``names``, ``linked_names``."""
    names, linked = set(details.get("names", ())), set(details.get("linked_names", ()))
    linked_entities = [e for e in details["entities"] if any(e in (lk["a"], lk["b"]) for lk in details["links"])]
    shown = linked_entities + [e for e in details["entities"] if e in names and e not in linked_entities]
    pos = _positions(shown)
    out = [f'<svg class="graph-svg" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
           f'aria-label="Entity graph: {len(shown)} names, {len(details["links"])} links">']
    for lk in details["links"]:
        (x1, y1), (x2, y2) = pos[lk["a"]], pos[lk["b"]]
        hop = (lk["a"] in names and lk["b"] in linked | names) or (lk["b"] in names and lk["a"] in linked | names)
        out.append(f'<line x1="{x1:.0f}" y1="{y1:.0f}" x2="{x2:.0f}" y2="{y2:.0f}" '
                   f'class="{"edge hop" if hop else "edge"}"><title>{escape(lk["a"])} — {escape(lk["b"])}: '
                   f'{escape(", ".join(lk["passages"]))}</title></line>')
    for name in shown:
        x, y = pos[name]
        kind = "node question" if name in names else "node linked" if name in linked else "node"
        out.append(f'<g class="{kind}"><circle cx="{x:.0f}" cy="{y:.0f}" r="9"/>'
                   f'<text x="{x:.0f}" y="{y - 15:.0f}" text-anchor="middle">{escape(name)}</text></g>')
    out.append("</svg>")
    return "".join(out)
