"""A visitor's edits to the names found by rules: read back from the store, checked, and applied (remove, merge,
add); ``names.py`` finds the names they edit."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ..documents.corpus import Entity
from ..documents.records import record_json

EDITS = ("removed", "merged", "added")  # the keys of a visitor's edits, applied in the order: added, merged, removed


def edits_from_record(raw: object) -> tuple[dict, str]:
    """A visitor's edits read back from the store (the page's ``names`` record, JSON text), checked against the
    shape ``apply_edits`` takes, and one sentence when they are not that ("" when they are): no edits then, so the
    lab starts and Graph RAG answers with the names as found.

    >>> edits_from_record('{"added": [{"name": "Pier", "aliases": ["quay"]}], "merged": [["a", "b"]], "removed": []}')
    ({'added': [{'name': 'Pier', 'aliases': ['quay']}], 'merged': [['a', 'b']], 'removed': []}, '')
    >>> edits_from_record("5")[1]
    'Your edits to the names could not be read back; the names are as found in your documents.'
    >>> edits_from_record('{"merged": [["only one"]]}')[0]
    {'added': [], 'merged': [], 'removed': []}
    """
    empty: dict = {kind: [] for kind in ("added", "merged", "removed")}

    def texts(value: object) -> bool:
        return isinstance(value, list) and all(isinstance(v, str) for v in value)

    try:
        edits = record_json(raw)
    except ValueError:
        edits = None

    def added(value: object) -> bool:
        return isinstance(value, dict) and isinstance(value.get("name"), str) and texts(value.get("aliases", []))

    fits = isinstance(edits, dict) and set(edits) <= set(EDITS)
    if isinstance(edits, dict) and fits:
        adds, merges = edits.get("added", []), edits.get("merged", [])
        fits = (
            isinstance(adds, list)
            and all(added(a) for a in adds)
            and isinstance(merges, list)
            and all(texts(m) and len(m) == 2 for m in merges)
            and texts(edits.get("removed", []))
        )
    if not fits or not isinstance(edits, dict):
        return empty, "Your edits to the names could not be read back; the names are as found in your documents."
    return {**empty, **edits}, ""


def apply_edits(found: Sequence[Entity], edits: Mapping[str, Sequence]) -> tuple[Entity, ...]:
    """A visitor's edits applied to the names found; names compare in any case, and an edit whose names are gone
    (the documents changed) is skipped. ``added`` entries are ``{"name", "aliases"}`` (an existing name gains the
    aliases); ``merged`` pairs ``[a, b]`` make b and its aliases aliases of a; ``removed`` drops a name, or an alias.

    >>> found = (Entity("Mira Okafor", ("Mira",)), Entity("Okafor"), Entity("Fernport"), Entity("Millbay"))
    >>> edits = {"added": [{"name": "Saturday market", "aliases": ["market"]}],
    ...          "merged": [["Mira Okafor", "okafor"], ["Gone", "Millbay"]], "removed": ["Fernport", "Mira"]}
    >>> apply_edits(found, edits)  # doctest: +NORMALIZE_WHITESPACE
    (Entity(name='Mira Okafor', aliases=('Okafor',)), Entity(name='Millbay', aliases=()),
     Entity(name='Saturday market', aliases=('market',)))
    """
    unknown = sorted(set(edits) - set(EDITS))
    if unknown:
        raise ValueError(f"unknown edit {unknown[0]!r}: edits are {', '.join(EDITS)}")
    entities = {e.name.casefold(): e for e in found}
    for item in edits.get("added", ()):
        old = entities.get(item["name"].casefold(), Entity(item["name"]))
        entities[old.name.casefold()] = _with_aliases(old, item.get("aliases", ()))
    for a, b in edits.get("merged", ()):
        if a.casefold() in entities and b.casefold() in entities and a.casefold() != b.casefold():
            gone = entities.pop(b.casefold())
            entities[a.casefold()] = _with_aliases(entities[a.casefold()], gone.spellings)
    removed = {r.casefold() for r in edits.get("removed", ())}
    return tuple(
        Entity(e.name, tuple(a for a in e.aliases if a.casefold() not in removed))
        for key, e in entities.items()
        if key not in removed
    )


def _with_aliases(entity: Entity, more: Sequence[str]) -> Entity:
    """The entity with more aliases, each once in any case (the first spelling wins), and never its own name."""
    first: dict[str, str] = {}
    for alias in (*entity.aliases, *more):
        if alias.strip():
            first.setdefault(alias.casefold(), alias)
    first.pop(entity.name.casefold(), None)
    return Entity(entity.name, tuple(first.values()))
