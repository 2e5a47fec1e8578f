"""Questions proposed from the documents themselves, for each technique one or two that show what it does
differently there, written by no one and checked by the techniques: candidates are built from the documents
(their headings and titles, the names the graph found and their links, the word list, two neighbouring passages
each with a word the other lacks), each is run through its technique, and a candidate is kept only where the
result differs from plain search in the way the technique is meant to. The reason is worded from that result.

At most ``BUDGET`` candidates are run per technique, so a visitor's collection of a few hundred passages is done
in a moment in the page; a technique none of whose candidates shows its difference, or that cannot be checked
(a meaning technique with no embedding model, rewrites no one wrote), says why in one sentence.

>>> from raglab import Lab
>>> found = propose(Lab())
>>> [p.question for p in found.of("graph")]
['What is Mira Okafor?', 'What is Tomas Reyes?']
>>> found.of("graph")[0].why
'finds lighthouse-2 through the link Mira Okafor - Tomas Reyes; plain search does not have it in its first 3.'
>>> found.of("graph")[0].said[:40]
'Graph RAG: “What is Mira Okafor?” finds '
>>> found.why_none["hyde"][:58]
'HyDE searches with a made-up answer to the question, which'
"""

from __future__ import annotations

from collections.abc import Generator, Mapping, Sequence
from dataclasses import dataclass, field

from .documents.corpus import SECTION_SEPARATOR
from .documents.steps import run_steps
from .lab import Lab
from .question_candidates import Cut, cuts, heading_questions, name_questions
from .result import Hit, Result
from .search.fusion import RRF_DEPTH
from .search.vectors import Embedder
from .techniques import TECHNIQUES, run
from .techniques.common import TOP_K, QuestionError

BUDGET = 12  # candidates run per technique, at most: each is one run of the technique and its plain comparison
KEPT = 2  # proposals kept per technique, at most


@dataclass(frozen=True)
class Proposal:
    technique: str
    question: str
    why: str  # what the technique did there and plain search did not, from the result: "finds x through ..."

    @property
    def said(self) -> str:
        """The reason with the technique's name: "Graph RAG: “What is Neo4J?” finds ..."."""
        return f"{TECHNIQUES[self.technique].name}: “{self.question}” {self.why}"


@dataclass(frozen=True)
class Proposals:
    found: Mapping[str, tuple[Proposal, ...]] = field(default_factory=dict)  # technique -> its proposals
    why_none: Mapping[str, str] = field(default_factory=dict)  # technique -> why it has none, one sentence

    def of(self, technique: str) -> tuple[Proposal, ...]:
        return self.found.get(technique, ())

    def presets(self) -> dict[str, tuple[str, ...]]:
        """The proposed questions by technique, as a corpus's presets are held."""
        return {key: tuple(p.question for p in found) for key, found in self.found.items() if found}


def _words(hit: Hit) -> set[str]:
    """The search words a hit holds, from its own score's parts."""
    return {p.label for p in hit.parts if p.kind == "word"}


def _holding(hits: Sequence[Hit], words: set[str]) -> Hit | None:
    return next((h for h in hits if words <= _words(h)), None)


def _quoted(words: Sequence[str]) -> str:
    return " and ".join(f"“{w}”" for w in words)


def _first_of_plain(result: Result) -> str:
    hits = result.comparison.passages if result.comparison else ()
    return f"plain search puts {hits[0].id} first" if hits else "plain search finds nothing"


# --- each technique's check: the result differs from plain search as it is meant to ---------------------------------


def _plain(lab: Lab, question: str, heading: str) -> str | None:
    result = run(lab, "plain", question)
    if not result.passages:
        return None
    first = result.passages[0]
    if heading not in (first.section.split(SECTION_SEPARATOR) if first.section else [first.title]):
        return None
    shared = ", ".join(f"“{p.label}”" for p in first.parts if p.kind == "word")
    return f"finds {first.id} first, score {first.score:.2f}: it holds the search words {shared}."


def _query(lab: Lab, question: str) -> str | None:
    result = run(lab, "query", question)
    added = result.details.get("added_words", [])
    if not added or not result.passages:
        return None
    first, plain = result.passages[0], result.comparison.passages if result.comparison else ()
    gained = {w for a in added for w in a["related"]}
    if first.id in {h.id for h in plain} or not _words(first) & gained:
        return None
    said = "; ".join(f"{', '.join(a['related'])} for {a['word']}" for a in added)
    return f"gains {said} from the word list and finds {first.id} first; {_first_of_plain(result)}."


def _graph(lab: Lab, question: str) -> str | None:
    result = run(lab, "graph", question)
    plain = {h.id for h in result.comparison.passages} if result.comparison else set()
    hops = result.details.get("hops", [])
    for hit in result.passages:
        linked = [p.label for p in hit.parts if p.kind == "linked name"]
        via = next(([a, b] for a, b in hops if b in linked), None)
        reached = not any(p.kind == "name" for p in hit.parts)  # through the link alone: it names no asked name
        if hit.id not in plain and via and reached:
            return (
                f"finds {hit.id} through the link {via[0]} - {via[1]}; plain search does not have it in its first "
                f"{TOP_K}."
            )
    return None


def _plain_misses(result: Result, words: set[str]) -> bool:
    """No passage of plain search's holds every word."""
    return _holding(result.comparison.passages if result.comparison else (), words) is None


def _document(lab: Lab, cut: Cut) -> str | None:
    result = run(lab, "document", cut.question)
    words = set(cut.words)
    if not result.passages or result.passages[0].slug != cut.slug or not _plain_misses(result, words):
        return None
    whole = result.passages[0]
    return (
        f"hands over the whole {whole.title}, which holds both {_quoted(cut.words)}; no passage of plain search's "
        f"first {TOP_K} holds both."
    )


def _parent(lab: Lab, cut: Cut) -> str | None:
    result = run(lab, "parent", cut.question)
    words = set(cut.words)
    children = result.details.get("children", [])
    if not result.passages or not children or result.passages[0].slug != cut.slug or not _plain_misses(result, words):
        return None
    child = children[0]
    return (
        f"matches the sentence {child.id} and hands over its whole document, {result.passages[0].title}, which holds "
        f"both {_quoted(cut.words)}; no passage of plain search's first {TOP_K} holds both."
    )


def _chunk_size(lab: Lab, cut: Cut) -> str | None:
    result = run(lab, "chunk_size", cut.question)
    by_id = {h.id: h for h in result.passages}
    best = {size: by_id[ids[0]] for size, ids in result.details.get("sizes", {}).items() if ids and ids[0] in by_id}
    small, big, words = best.get("1"), best.get("4"), set(cut.words)
    if small is None or big is None or not words <= _words(big) or words <= _words(small):
        return None
    held = sorted(_words(small) & words)
    return (
        f"finds both {_quoted(cut.words)} in the best 4-sentence chunk, {big.id}, while the best 1-sentence chunk, "
        f"{small.id}, holds only {_quoted(held)}."
    )


def _hybrid(lab: Lab, question: str, embed: Embedder) -> str | None:
    result = run(lab, "hybrid", question, embed=embed)
    keyword = {h.id for h in result.details.get("keyword", ())}
    vector = {h.id: h.rank for h in result.details.get("vector", ())}
    for hit in result.passages:
        if hit.id not in keyword and hit.id in vector:
            # a keyword list shorter than its depth holds every passage with a search word
            held = (
                "it holds no search word"
                if len(keyword) < RRF_DEPTH
                else f"it is not in the keyword list's first {RRF_DEPTH}"
            )
            return f"hands over {hit.id} at rank {hit.rank}: {held}, and the vector list ranks it {vector[hit.id]}."
    return None


# --- all of them -----------------------------------------------------------------------------------------------------

EMPTY = {  # why a kind of candidate gives none, by the words ``trial`` names it with
    "their headings and titles": "no heading or title holds two search words",
    "the word list": "no word of the word list is a search word",
    "the names found and their links": "no two names found are mentioned in one passage, so no name has a link",
    "passages cut apart": "no two neighbouring passages each hold a rare word the other lacks",
    "the documents' passages and headings": "no passage or heading gives a question",
}
UNWRITTEN = {
    "multi_query": "Multi-query searches with rewrites of the question, which only you or the model write for these "
    "documents, so no question of theirs can be checked here: type one, then write its rewrites or let the model.",
    "hyde": "HyDE searches with a made-up answer to the question, which only you or the model write for these "
    "documents, so no question of theirs can be checked here: type one, then write an answer or let the model.",
}


NO_MODEL = (
    "Hybrid search differs from plain search by its vector side, and no embedding model was given to check a "
    "question of these documents with it."
)
NO_VECTORS = (  # the page's, until every passage of the visitor's has a meaning vector
    "Hybrid search differs from plain search by its vector side: its proposals come once meaning vectors are made "
    "for your passages (Make meaning vectors, under Your documents)."
)
NOT_KEPT = (  # the page's, when the vectors are kept but the model is not loaded and loading it would download it
    "Hybrid search differs from plain search by its vector side, and the embedding model is not loaded in this page, "
    "so no question of these documents was checked with it: ask Hybrid search a question, and its proposals follow."
)


def propose(lab: Lab, embed: Embedder | None = None, budget: int = BUDGET, without: str = NO_MODEL) -> Proposals:
    """Up to KEPT proposals per technique, each run and kept where its result shows the technique's difference
    from plain search, with ``budget`` candidates run per technique at most; for every technique without one, why.
    ``embed``: the embedding model, for hybrid's vector side (without it hybrid is plain search, and hybrid says
    ``without``)."""
    return run_steps(propose_steps(lab, embed, budget, without))


def hybrid_questions(
    lab: Lab, budget: int = BUDGET, headings: Sequence[tuple[str, str]] | None = None, cut_list: Sequence[Cut] = ()
) -> list[str]:
    """The candidates hybrid's proposals are tried on, in order: questions from passages cut apart, then from
    headings, each once and at most ``budget`` (every one ``propose`` can run, so a page embeds just these).
    ``headings`` and ``cut_list``: those already built from ``lab``, else built here.

    >>> hybrid_questions(Lab(), budget=2)  # doctest: +NORMALIZE_WHITESPACE
    ['What do “Bakery” and “bake” have to do with each other?',
     'What do “kilometre” and “climbed” have to do with each other?']
    """
    if headings is None:
        headings, cut_list = list(heading_questions(lab)), cuts(lab)
    questions = dict.fromkeys([*(c.question for c in cut_list), *(q for q, _ in headings)])
    return list(questions)[:budget]


def propose_steps(
    lab: Lab, embed: Embedder | None = None, budget: int = BUDGET, without: str = NO_MODEL
) -> Generator[str, None, Proposals]:
    """``propose`` a technique at a time (a page runs one step a task): yields each technique's key once it is
    done, and returns the proposals. ``without``: why hybrid has none when no ``embed`` is given."""
    found: dict[str, list[Proposal]] = {key: [] for key in TECHNIQUES}
    why_none: dict[str, str] = {}
    headings = list(heading_questions(lab))
    cut_list = cuts(lab)

    def trial(key: str, candidates, check, what: str) -> None:
        tried, name = 0, TECHNIQUES[key].name
        try:
            for candidate in candidates:
                if tried >= budget or len(found[key]) >= KEPT:
                    break
                question = candidate[0] if isinstance(candidate, tuple) else getattr(candidate, "question", candidate)
                if any(p.question == question for p in found[key]):
                    continue
                tried += 1
                try:
                    why = check(candidate)
                except QuestionError:
                    why = None
                if why:
                    found[key].append(Proposal(key, question, why))
        except ImportError as missing:  # the graph library, where the page could not install it
            why_none[key] = f"{name} could not run here: {missing.name} is not installed."
            return
        if not found[key]:
            some = "The one question" if tried == 1 else f"None of the {tried} questions"
            verb = "does not show" if tried == 1 else "shows"
            why_none[key] = (
                f"{some} tried from {what} {verb} {name} doing anything plain search does not."
                if tried
                else f"{name} has no question to try here: {EMPTY[what]}."
            )

    trial("plain", headings, lambda h: _plain(lab, *h), "their headings and titles")
    yield "plain"
    if lab.corpus.related_words:
        words = [f"What about {w}?" for w in lab.corpus.related_words]
        trial("query", words, lambda q: _query(lab, q), "the word list")
    else:
        why_none["query"] = (
            "Query RAG adds related words from the lab's word list, and these documents have none, so no question of "
            "theirs can be checked here: write a word list, or let the model rewrite a question."
        )
    yield "query"
    trial("graph", name_questions(lab), lambda q: _graph(lab, q), "the names found and their links")
    yield "graph"
    whole = {"document": _document, "parent": _parent}
    for key, check in whole.items():
        if len(lab.corpus.documents) == 1:
            why_none[key] = (
                f"{TECHNIQUES[key].name} hands over whole documents, and these are one document: every question "
                "gets all of it."
            )
        else:
            trial(key, cut_list, lambda c, check=check: check(lab, c), "passages cut apart")
        yield key
    trial("chunk_size", cut_list, lambda c: _chunk_size(lab, c), "passages cut apart")
    yield "chunk_size"
    why_none.update(UNWRITTEN)
    if embed is None:
        why_none["hybrid"] = without
    else:
        candidates = hybrid_questions(lab, budget, headings, cut_list)
        trial("hybrid", candidates, lambda q: _hybrid(lab, q, embed), "the documents' passages and headings")
    return Proposals(
        {key: tuple(ps) for key, ps in found.items() if ps},
        {key: why for key, why in why_none.items() if not found.get(key)},
    )


__all__ = [
    "BUDGET",
    "KEPT",
    "NO_MODEL",
    "NOT_KEPT",
    "NO_VECTORS",
    "Proposal",
    "Proposals",
    "hybrid_questions",
    "propose",
    "propose_steps",
]
