"""Graph RAG: word score plus a bonus for the question's names and for the names one hop away in the graph."""

from __future__ import annotations

from ..lab import Lab
from ..result import Part, Result, rank_scored
from .common import TOP_K, check_question, empty_result, finish, no_words_message, plain_comparison

NAME_BONUS = 1.0  # for every name from the question a passage mentions
LINK_BONUS = 0.5  # for every name linked to the question's names (one hop) a passage mentions


def graph(lab: Lab, question: str, top_k: int = TOP_K) -> Result:
    """For "When can I meet the man who taught Mira to bake?": Mira Okafor is linked to Fernport Bakery and
    Tomas Reyes, so bakery-2 scores 6.33 + 1 (Mira) + 0.5 (Tomas) = 7.83 and lighthouse-2, which shares no word
    with the question, 0.50 for Tomas."""
    question = check_question(question)
    g = lab.graph
    words = lab.search_words(question)
    names = g.names_in(question)
    if not words and not names:
        return empty_result("graph", question, no_words_message(question))
    linked = sorted({n for name in names for n in g.linked_to(name)} - set(names))
    index = lab.index()
    parts = index.word_parts(words)
    hop = set(linked)
    for i, chunk in enumerate(index.chunks):
        mentioned = set(g.mentions[chunk.id])
        if not mentioned:
            continue
        # Sets, not a scan of every linked name: on SciFact a name may have 1,500 neighbours and 25,000 passages.
        bonus = [Part("name", n, NAME_BONUS, "name in your question") for n in names if n in mentioned]
        bonus += [Part("linked name", n, LINK_BONUS, "linked name") for n in sorted(mentioned & hop)]
        if bonus:
            parts.setdefault(i, []).extend(bonus)
    hits = rank_scored(index.chunks, parts, top_k)

    if names:
        steps = [f"Names in your question: {', '.join(names)}."]
        for name in names:
            hop = g.linked_to(name)
            steps.append(
                f"In the graph, {name} is linked to: {', '.join(hop)}."
                if hop
                else f"In the graph, {name} has no links: no passage mentions it with another name."
            )
    else:
        steps = [
            f"No name from the name list is in your question, so no links are followed: this is plain search "
            f"(the list has {len(g.entities):,} name{'s' * (len(g.entities) != 1)})."
        ]
    steps.append(
        f"Each passage gets its word score, plus {NAME_BONUS:g} for every name from your question and "
        f"{LINK_BONUS:g} for every linked name it mentions."
    )
    steps.append(
        f"Kept the best {top_k}." if len(hits) == top_k else f"Kept the best {top_k}: {len(hits)} scored above 0."
    )
    details = {
        "names": names,
        "linked_names": linked,
        "hops": [[name, n] for name in names for n in g.linked_to(name)],
        "entities": [e.name for e in g.entities],
        "links": [{"a": link.a, "b": link.b, "passages": list(link.passages)} for link in g.links],
        "bonus": {"name": NAME_BONUS, "linked_name": LINK_BONUS},
    }
    return finish("graph", question, words, steps, hits, plain_comparison(lab, words, top_k), details)


SHOWN_LINKS = 3  # linked names a compare sentence names before "and N more"


def graph_fell_back(result: Result) -> str:
    """Plain search, where the question holds no name from the name list: no link is followed.

    >>> from raglab import Lab
    >>> graph_fell_back(graph(Lab(), "How much does the ferry cost?")), graph_fell_back(graph(Lab(), "Who is Mira?"))
    ('plain search', '')
    """
    return "" if result.details.get("names") or not result.search_words else "plain search"


def graph_did(result: Result) -> str:
    """>>> from raglab import Lab
    >>> graph_did(graph(Lab(), "When can I meet the man who taught Mira to bake?"))
    'hopped from Mira Okafor to Fernport Bakery, Tomas Reyes'
    """
    names = result.details.get("names", [])
    if not names:
        return f"found no name from the name list: {graph_fell_back(result)}" if result.search_words else ""
    said = []
    for name in names:
        linked = [b for a, b in result.details.get("hops", []) if a == name]
        more = len(linked) - SHOWN_LINKS
        shown = ", ".join(linked[:SHOWN_LINKS]) + (f" and {more} more" if more > 0 else "")
        said.append(f"hopped from {name} to {shown}" if linked else f"found {name}, which has no links")
    return "; ".join(said)
