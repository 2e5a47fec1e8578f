"""The names the graph uses: on a visitor's documents, the list found by rules with the visitor's edits (remove, merge,
add); on a corpus with a hand-written list, both side by side ("by hand" against "found by rules")."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape

from ..documents.corpus import Entity
from ..graph.names import NamesFound

SHOWN = 300  # names listed at most (the rest are counted): a long list is scrolled, a huge one only slows the page


def _spellings(e: Entity) -> str:
    also = f' <span class="aliases">also {escape(", ".join(e.aliases))}</span>' if e.aliases else ""
    return f'<span class="name">{escape(e.name)}</span>{also}'


def render_names(entities: Sequence[Entity], found: NamesFound, edits: Mapping) -> str:
    """The editable list: each name with its aliases and how many passages use it, a box to choose it and a
    "Remove" button, one "Remove the chosen names" button for many at once, and the forms to add a name or merge
    two.

    >>> from raglab.graph.names import FoundName
    >>> found = NamesFound((FoundName("Ada Lovelace", 2, ("talk-1",), ("Lovelace",)),))
    >>> "in 1 passage" in render_names(found.entities, found, {})
    True
    """
    passages = {n.name: len(n.passages) for n in found.names}
    added = {a["name"] for a in edits.get("added", ())}
    rows = []
    for e in entities[:SHOWN]:
        n = passages.get(e.name)
        where = "added by you" if e.name in added or n is None else f"in {n} passage{'s' * (n != 1)}"
        rows.append(
            f'<li data-name="{escape(e.name)}"><input type="checkbox" class="choose-name" value="{escape(e.name)}" '
            f'aria-label="Choose {escape(e.name)}"> {_spellings(e)} <span class="facts">{where}</span> '
            f'<button type="button" class="remove-name" data-name="{escape(e.name)}" '
            f'aria-label="Remove {escape(e.name)}">Remove</button></li>'
        )
    more = len(entities) - SHOWN
    more_line = f'<p class="facts">and {more:,} more names, not listed.</p>' if more > 0 else ""
    options = "".join(f'<option value="{escape(e.name)}">' for e in entities[:SHOWN])
    undo = (
        '<button type="button" class="reset-names">Undo my edits</button>'
        if any(edits.get(k) for k in ("added", "merged", "removed"))
        else ""
    )
    return (
        f"<p>{len(entities):,} names found by rules in your documents (capitalised words, not only where a "
        "sentence starts; a single word only when capitalised in 2 passages, or written as a product's name: a "
        "capital inside, digits or a trademark sign). Two names are linked when one "
        "passage mentions both. Remove a name that is not one (or choose several and remove them at once), merge "
        "two spellings of the same name, or add a name the rules missed; your edits are kept.</p>"
        f'<ul class="names-list">{"".join(rows)}</ul>{more_line}'
        '<div class="row"><button type="button" class="remove-chosen">Remove the chosen names</button></div>'
        f'<datalist id="name-choices">{options}</datalist>'
        '<div class="row"><label>Add a name <input id="name-add" maxlength="80" autocomplete="off"></label>'
        '<label>also called (commas) <input id="name-add-aliases" maxlength="200" autocomplete="off"></label>'
        '<button type="button" class="add-name">Add</button></div>'
        '<div class="row"><label>Merge <input id="merge-into" list="name-choices" maxlength="80" '
        'autocomplete="off"></label><label>with <input id="merge-from" list="name-choices" maxlength="80" '
        'autocomplete="off"></label><button type="button" class="merge-names">Merge</button></div>'
        f"{undo}"
    )


def render_names_compared(by_hand: Sequence[Entity], found: NamesFound) -> str:
    """A hand-written list beside the rules' list: which names each has that the other lacks.

    >>> from raglab.graph.names import FoundName
    >>> html = render_names_compared([Entity("Saturday market")], NamesFound((FoundName("Millbay", 1, ("f-1",)),)))
    >>> "Found by hand only: Saturday market" in html and "Found by rules only: Millbay" in html
    True
    """

    def spellings(e: Entity) -> set[str]:
        return {s.casefold() for s in e.spellings}

    rules = found.entities
    both = [e for e in by_hand if any(spellings(e) & spellings(f) for f in rules)]
    hand_only = [e.name for e in by_hand if e not in both]
    rules_only = [f.name for f in rules if not any(spellings(f) & spellings(e) for e in by_hand)]
    column = "".join
    return (
        '<details class="names-lesson"><summary>Names by hand, against names found by rules</summary>'
        f"<p>The graph here uses a hand-written list of {len(by_hand)} names. Rules alone (capitalised words, "
        f"no model) find {len(rules)} in the same documents; {len(both)} of the hand-written names are among "
        "them. Your own documents get the rules' list, which you can edit.</p>"
        '<div class="side-by-side"><div class="col"><h4>By hand</h4><ul>'
        f'{column(f"<li>{_spellings(e)}</li>" for e in by_hand)}</ul></div><div class="col"><h4>Found by rules'
        f"</h4><ul>{column(f'<li>{_spellings(e)}</li>' for e in rules)}</ul></div></div>"
        f"<p>Found by hand only: {escape(', '.join(hand_only) or 'none')}. "
        f"Found by rules only: {escape(', '.join(rules_only) or 'none')}.</p></details>"
    )


def no_link_note(details: Mapping) -> str:
    """On a visitor's lab, what Graph RAG could not do with the names found by rules, and the names list's editor
    offered (a button the page opens it with); "" when the question's names have links to follow. ``details`` is
    a Graph RAG result's (``names``, ``hops``, ``entities``, ``links``).

    >>> no_link_note({"names": ["Ana Silva"], "hops": [], "entities": ["Ana Silva", "Lisbon"], "links": []})
    ... # doctest: +NORMALIZE_WHITESPACE
    '<p class="names-note">The rules found 2 names in your documents and no passage mentions two of them, so the
    graph has no links to follow. Add or merge names (an alias joins two spellings) in the names list, and Graph
    RAG follows the links they make. <button type="button" class="open-names">Edit the names</button></p>'
    """
    names, links, entities = details.get("names", []), details.get("links", []), details.get("entities", [])
    if names and details.get("hops"):
        return ""
    n = len(entities)
    found = f"{n:,} name{'s' * (n != 1)}"
    if not links:
        said = (
            f"The rules found {found} in your documents and no passage mentions two of them, so the graph has no "
            "links to follow."
        )
    elif names:
        said = f"In your documents, no passage mentions {', '.join(names)} with another of the {found}."
    else:
        said = f"Your question holds none of the {found} the rules found in your documents."
    return (
        f'<p class="names-note">{escape(said)} Add or merge names (an alias joins two spellings) in the names list, '
        "and Graph RAG follows the links they make. "
        '<button type="button" class="open-names">Edit the names</button></p>'
    )
