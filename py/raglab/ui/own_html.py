"""What the page says of the visitor's own documents where it says Fernport's on the site's: "Try this first" and
each section's questions, from the questions proposed from their documents (raglab.proposals), and the line
about their passages and their word list. The page model (raglab.page.model) draws them into the places page_html
and technique_html leave (``own-try-first``, ``own-presets-<key>``, ``own-try-<key>``, ``own-documents``,
``own-word-list-example``) whenever they change.

>>> from raglab.proposals import Proposal, Proposals
>>> neo4j = Proposal("graph", "What is Neo4J?", "finds slides-4 through the link Neo4J - Cypher.")
>>> found = Proposals({"graph": (neo4j,)}, {"hyde": "HyDE needs a made-up answer."})
>>> print(try_first(found))  # doctest: +NORMALIZE_WHITESPACE
<li>In <a class="section-link" href="#graph">Graph RAG</a>, press “What is Neo4J?”: it finds slides-4 through the
link Neo4J - Cypher.</li><li>Each other technique’s section says why no question of your documents shows its
difference yet.</li>
>>> own_presets("graph", found)
'<a class="preset" role="button" href="#graph" data-q="What is Neo4J?">What is Neo4J?</a>'
>>> own_try("hyde", found)
'HyDE needs a made-up answer.'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape

from ..documents.chunking import BLOCKS, WHOLE_DOCUMENT, PassageSize
from ..proposals import Proposals
from ..techniques import TECHNIQUES
from ..techniques.common import plural
from .terms_html import section_name

FINDING = "Questions from your documents are being found: each is run through its technique and kept where it shows "
FINDING += "what that technique does differently from plain search."


def try_first(found: Proposals | None) -> str:
    """The steps of "Try this first" on the visitor's documents: the first question proposed for each technique
    that has one, with what it shows; then, if any has none, where to read why."""
    if found is None:
        return f"<li>{escape(FINDING)}</li>"
    steps = [
        f'<li>In <a class="section-link" href="#{key}">{escape(section_name(key))}</a>, press '
        f"“{escape(proposed[0].question)}”: it {escape(proposed[0].why)}</li>"
        for key in TECHNIQUES
        if (proposed := found.of(key))
    ]
    if any(key in found.why_none for key in TECHNIQUES):
        other = "other " if steps else ""
        steps.append(
            f"<li>Each {other}technique’s section says why no question of your documents shows its difference yet.</li>"
        )
    return "".join(steps)


def own_presets(key: str, found: Proposals | None) -> str:
    """The section's buttons: the questions proposed for it (pressed, they are asked as a typed one is)."""
    if found is None:
        return ""
    return "".join(
        f'<a class="preset" role="button" href="#{key}" data-q="{escape(p.question)}">{escape(p.question)}</a>'
        for p in found.of(key)
    )


def own_try(key: str, found: Proposals | None) -> str:
    """The section's line under its explanation: what each proposed question shows, or why there is none."""
    if found is None:
        return escape(FINDING)
    proposed = found.of(key)
    if proposed:
        return " ".join(f"Try “{escape(p.question)}”: it {escape(p.why)}" for p in proposed)
    return escape(found.why_none.get(key, ""))


def word_list_example(related: Mapping[str, Sequence[str]]) -> str:
    """How query rewriting adds words, with the lab's own word list as the example (``{word_list_example}`` in a
    technique's explanation), or saying it has none.

    >>> word_list_example({"boat": ("ferry", "crossing"), "ticket": ("fare",), "much": ("cost",)})
    'related words from the lab’s word list are added (boat → ferry, ticket → fare).'
    >>> word_list_example({})[:70]
    'related words from a word list are added, and this lab has none of its'
    """
    if not related:
        return (
            "related words from a word list are added, and this lab has none of its own: here a question gains "
            "words only when the model rewrites it, or from your own word list under “Your documents”."
        )
    shown = ", ".join(f"{word} → {words[0]}" for word, words in list(related.items())[:2])
    return f"related words from the lab’s word list are added ({shown})."


def word_list_line(related: Mapping[str, Sequence[str]]) -> str:
    """Query RAG's example on the visitor's documents: their own word list, or that they have none.

    >>> word_list_line({"graph": ("node",)})
    'related words from the lab’s word list are added (graph → node).'
    """
    return escape(word_list_example(related))


def documents_line(documents: int, passages: int, size: PassageSize) -> str:
    """What the documents' place says of the visitor's documents.

    >>> documents_line(5, 346, "blocks")[:83]
    'Your 5 documents are cut into 346 passages along their paragraphs, lists and tables'
    """
    if not documents:
        return ""
    cut = (
        "along their paragraphs, lists and tables"
        if size == BLOCKS
        else "one a document"
        if size == WHOLE_DOCUMENT
        else f"of {plural(int(size), 'sentence')} each"
    )
    them = "Your document is" if documents == 1 else f"Your {documents} documents are"
    return escape(
        f"{them} cut into {plural(passages, 'passage')} {cut}; every technique searches them, and nothing else. "
        "They are listed under “Your documents”, where “Show the text read” shows each as the lab read it."
    )


__all__ = ["FINDING", "documents_line", "own_presets", "own_try", "try_first", "word_list_line"]


def for_each(site: str, yours: str | None, tag: str = "span") -> str:
    """What a place says on the site's documents and, where it differs, on the visitor's (lab.css shows the one
    the lab searches: ``body[data-corpus=yours]``).

    >>> for_each("Read the ferry timetable.", "Read a document.")
    '<span class="for-site">Read the ferry timetable.</span><span class="for-yours">Read a document.</span>'
    >>> for_each("The same.", "The same."), for_each("Only here.", None)
    ('The same.', 'Only here.')
    """
    if yours is None or yours == site:
        return site
    return f'<{tag} class="for-site">{site}</{tag}><{tag} class="for-yours">{yours}</{tag}>'
