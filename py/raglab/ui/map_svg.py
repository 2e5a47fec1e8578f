"""The meaning map as SVG, with its text alternative: every passage a dot (hover or tap shows it), each text a
technique searched with a marker of its own joined to its nearest passages by cosine, the labelled answers ringed,
and the sentences that say how much the flat picture bends.

It draws ``MeaningMap.to_dict()`` (raglab.meaning_map), as the scoreboard draws its dict: the renderers sit below
the layer that computes the map.

>>> from raglab.meaning_map import MeaningMap, Near, Point, Probe
>>> m = MeaningMap((Point("a-1", "A", 0.0, 0.0), Point("b-1", "B", 1.0, 1.0)),
...                (Probe("your question", "Q?", 0.9, 0.8, (Near("b-1", 1, 0.5),), ("b-1",)),), 0.5, 2)
>>> svg = map_figure(m.to_dict(), answers=("b-1",))
>>> svg.count('<circle class="point'), svg.count('class="near-line'), "answer" in svg
(2, 1, True)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape
from typing import Any

WIDTH, HEIGHT, MARGIN = 640, 400, 24  # the picture's viewBox and the room kept round the points
BIG_MAP = 1500  # more points than this: smaller dots, and a dot's hover text is its label only
PROBE_SHAPES = {"your question": "question", "made-up answer (HyDE)": "hyde"}  # any other label: a rewrite


Map = Mapping[str, Any]  # MeaningMap.to_dict()


def _scale(meaning: Map):
    xs = [p["x"] for p in meaning["points"]] + [p["x"] for p in meaning["probes"]]
    ys = [p["y"] for p in meaning["points"]] + [p["y"] for p in meaning["probes"]]
    x0, x1 = (min(xs), max(xs)) if xs else (0.0, 1.0)
    y0, y1 = (min(ys), max(ys)) if ys else (0.0, 1.0)
    sx = (WIDTH - 2 * MARGIN) / ((x1 - x0) or 1.0)
    sy = (HEIGHT - 2 * MARGIN) / ((y1 - y0) or 1.0)
    return lambda x, y: (round(MARGIN + (x - x0) * sx, 1), round(HEIGHT - MARGIN - (y - y0) * sy, 1))


def _marker(kind: str, x: float, y: float) -> str:
    if kind == "question":  # a diamond
        return f'<path class="probe question" d="M{x} {y - 8}L{x + 8} {y}L{x} {y + 8}L{x - 8} {y}Z"/>'
    if kind == "hyde":  # a square
        return f'<rect class="probe hyde" x="{x - 6}" y="{y - 6}" width="12" height="12"/>'
    return f'<path class="probe rewrite" d="M{x} {y - 7}L{x + 7} {y + 6}L{x - 7} {y + 6}Z"/>'  # a triangle


def map_svg(meaning: Map, answers: Sequence[str] = ()) -> str:
    """The picture; ``answers``: the labelled passages to ring. A dot's hover text is its label and first words
    (its label only on a big map)."""
    at = _scale(meaning)
    big = len(meaning["points"]) > BIG_MAP
    near = {n["id"] for p in meaning["probes"] for n in p["nearest"]}
    index = {p["id"]: p for p in meaning["points"]}
    lines = []
    for probe in meaning["probes"]:
        px, py = at(probe["x"], probe["y"])
        kind = PROBE_SHAPES.get(probe["label"], "rewrite")
        for n in probe["nearest"]:
            if n["id"] in index:
                qx, qy = at(index[n["id"]]["x"], index[n["id"]]["y"])
                lines.append(f'<line class="near-line {kind}" x1="{px}" y1="{py}" x2="{qx}" y2="{qy}"/>')
    dots = []
    for p in meaning["points"]:
        x, y = at(p["x"], p["y"])
        css = "point" + " near" * (p["id"] in near) + " answer" * (p["id"] in answers)
        words = "" if big or not p.get("words") else f": {p['words']}"
        r = 2 if big and p["id"] not in near else 4
        dots.append(
            f'<circle class="{css}" cx="{x}" cy="{y}" r="{r}" data-id="{escape(p["id"])}">'
            f"<title>{escape(p['title'])} [{escape(p['id'])}]{escape(words)}</title></circle>"
        )
    probes = []
    for probe in meaning["probes"]:
        x, y = at(probe["x"], probe["y"])
        kind = PROBE_SHAPES.get(probe["label"], "rewrite")
        probes.append(
            f'<g class="probe-mark" data-label="{escape(probe["label"])}">{_marker(kind, x, y)}'
            f"<title>{escape(probe['label'])}: {escape(probe['text'])}</title>"
            f'<text class="probe-label" x="{x + 10}" y="{y - 8}">{escape(probe["label"])}</text></g>'
        )
    return (
        f'<svg class="meaning-map" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" aria-labelledby="map-title" '
        f'focusable="false"><title id="map-title">{escape(meaning["share_sentence"])} The list below the picture '
        "names the same nearest passages.</title>"
        f"{''.join(lines)}{''.join(probes)}{''.join(dots)}</svg>"  # dots on top: each stays tappable
    )


def _probe_text(probe: Map, titles: Mapping[str, str], answers: Sequence[str]) -> str:
    near = "".join(
        f'<li><span class="pid">{escape(n["id"])}</span> {escape(titles.get(n["id"], ""))}: cosine '
        f"{n['cosine']:.3f}{' · answers' if n['id'] in answers else ''}</li>"
        for n in probe["nearest"]
    )
    return (
        f'<li class="probe-text"><span class="probe-name">{escape(probe["label"])}</span>: '
        f"“{escape(probe['text'])}”, nearest in meaning:<ol>{near}</ol>"
        f'<p class="distortion">{escape(probe["sentence"])}</p></li>'
    )


def map_figure(meaning: Map, answers: Sequence[str] = ()) -> str:
    """The picture, a line a tapped dot fills, its legend and the text alternative (every text's nearest
    passages and how many of them the picture keeps)."""
    titles = {p["id"]: p["title"] for p in meaning["points"]}
    k = len(meaning["probes"][0]["nearest"]) if meaning["probes"] else 0
    legend = (
        '<ul class="map-legend"><li><span class="key question"></span>your question</li>'
        '<li><span class="key rewrite"></span>a rewrite (multi-query)</li>'
        '<li><span class="key hyde"></span>a made-up answer (HyDE)</li>'
        '<li><span class="key near"></span>a nearest passage, joined by a line</li>'
        + ('<li><span class="key answer"></span>a passage that answers (labelled)</li>' if answers else "")
        + "</ul>"
    )
    listed = "".join(_probe_text(p, titles, answers) for p in meaning["probes"])
    return (
        f'<figure class="map"><figcaption><h3>Where the passages sit in meaning</h3>'
        f"<p>Each dot is a passage, placed by its meaning vector flattened to two directions; nearer dots mean "
        f"more alike. The lines join each text searched with to its {k} nearest passages by the exact cosine, in "
        f"all {meaning['dimensions']} dimensions, wherever the flat picture puts them. "
        f"{escape(meaning['share_sentence'])}</p></figcaption>"
        f"{map_svg(meaning, answers)}"
        f'<p class="map-point" aria-live="polite">Point at a dot, or tap it, to read its passage.</p>{legend}'
        f'<ul class="map-text">{listed}</ul></figure>'
    )


__all__ = ["map_figure", "map_svg"]
