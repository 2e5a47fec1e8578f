"""What a technique needs before it runs once: the wheels to install and the texts to embed.

The page asks this first, gets what is missing (installs the wheels, embeds the texts its vector table lacks,
loading the embedding model only then) and runs the technique once: no run that fails on a missing vector and is
repeated. Nothing is run to find out: the answer comes from the registry's declarations (a technique's needs and
its options', the inputs it embeds), and tests/core/test_needs.py checks it against what each technique embeds.

>>> from raglab import Lab
>>> lab = Lab()
>>> needs = needs_for(lab, "hyde", "Who is Ida? ", {"hypothetical": "Ida  sells fish."})
>>> needs.texts, len(needs.passages), needs.wheels
(('Who is Ida?', 'Ida sells fish.'), 32, ())
>>> [w.module for w in needs_for(lab, "plain", "ferry", {"scoring": "snowball"}).wheels]
['snowballstemmer']
"""

from __future__ import annotations

from collections.abc import Container, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..lab import Lab
from ..proposals import hybrid_questions
from ..techniques import TECHNIQUES, QuestionError, Technique
from ..techniques.common import check_question
from ..techniques.registry import WHEELS, Wheel

if TYPE_CHECKING:
    from ..search.vector_table import VectorTable


@dataclass(frozen=True)
class Needs:
    """What is missing before a technique can run: wheels to install, then vectors for ``texts`` (the question's
    wordings) and ``passages`` (passage texts), each listed once, in the order the technique embeds them."""

    wheels: tuple[Wheel, ...] = ()
    texts: tuple[str, ...] = ()
    passages: tuple[str, ...] = ()

    @property
    def to_embed(self) -> tuple[str, ...]:
        return self.texts + self.passages

    def beyond(self, known: Container[str]) -> Needs:
        """What is still missing where ``known`` texts have vectors already (a vector table's): the same wheels,
        the texts and passages it lacks, in the same order. A question's needs are found once and checked against
        each table.

        >>> Needs((), ("Who?", "Ida."), ("p1", "p2")).beyond({"Who?", "p2"})
        Needs(wheels=(), texts=('Ida.',), passages=('p1',))
        """
        texts = tuple(t for t in self.texts if t not in known)
        return Needs(self.wheels, texts, tuple(p for p in self.passages if p not in known))


def table_for(
    lab: Lab, key: str, question: str, given: Mapping[str, Any] | None, tables: Sequence[VectorTable]
) -> tuple[VectorTable, Needs]:
    """The vector table a run of ``key`` takes every vector from, and what it still lacks there: the first of
    ``tables`` that holds them all (the shipped vectors of the corpus's presets), else the last (the weights the
    page's own model makes vectors with), where the model makes what is missing. Each table's vectors come from one
    set of weights, so one run never compares vectors of two.

    >>> from raglab.search.vector_table import VectorTable
    >>> lab = Lab()
    >>> shipped = VectorTable({t: [1.0] for t in [*lab.passage_texts(), "How much is a boat ticket?"]})
    >>> own = VectorTable({t: [1.0] for t in lab.passage_texts()})
    >>> table, needs = table_for(lab, "hybrid", "How much is a boat ticket?", {}, [shipped, own])
    >>> table is shipped, needs.to_embed
    (True, ())
    >>> table, needs = table_for(lab, "hybrid", "Is there a pool?", {}, [shipped, own])
    >>> table is own, needs.to_embed
    (True, ('Is there a pool?',))
    """
    needs = needs_for(lab, key, question, given)  # found once, then checked against each table
    for table in tables:
        lacking = needs.beyond(table.vectors)
        if not lacking.to_embed:
            break
    return table, lacking


def wordings(t: Technique, corpus, question: str, given: Mapping[str, Any]) -> list[str]:
    """What a meaning technique embeds besides the passages: the question, then each embedded input's lines (as
    given, or a preset's hand-written ones when none is), spaces tidied and blanks left out. None at all when the
    technique refuses the question before it embeds anything (a question it cannot search).

    >>> from raglab.documents.corpus_folder import load_corpus
    >>> fernport, hyde = load_corpus(), TECHNIQUES["hyde"]
    >>> wordings(hyde, fernport, "What are the visitor rules?", {})[1][:60]  # a preset: its hand-written answer
    'Visitors must camp at the campsite, light fires only on the '
    >>> wordings(hyde, fernport, "Who sells fish?", {}), wordings(hyde, fernport, "  ", {"hypothetical": "Ida."})
    (['Who sells fish?'], [])
    >>> wordings(TECHNIQUES["multi_query"], fernport, "Who sells fish?", {"rewrites": [" fish  seller", ""]})
    ['Who sells fish?', 'fish seller']
    """
    if not t.meaning:
        return []
    try:
        question = check_question(question)
    except QuestionError:
        return []
    texts = [question]
    for i in t.inputs:
        if not i.embedded:
            continue
        value = given.get(i.name)
        if value is None:
            value = i.hand_written(corpus, question)
        lines = [" ".join(str(v).split()) for v in (value if isinstance(value, list | tuple) else [value or ""])]
        lines = [line for line in lines if line]
        texts += lines
    return texts


def needs_for(
    lab: Lab, key: str, question: str, given: Mapping[str, Any] | None = None, known: Container[str] = ()
) -> Needs:
    """What technique ``key`` needs to answer ``question`` with ``given`` (its inputs and options by name) on
    ``lab``, beyond what is ``known`` (the texts a vector table holds). A question the technique refuses needs
    nothing: running it says why.

    >>> lab = Lab()
    >>> known = set(lab.passage_texts()) | {"How much is a boat ticket?"}
    >>> needs_for(lab, "hybrid", "How much is a boat ticket?", known=known)
    Needs(wheels=(), texts=(), passages=())
    >>> needs_for(lab, "hybrid", "Is there a pool?", known=known).texts
    ('Is there a pool?',)
    >>> needs_for(lab, "plain", "")
    Needs(wheels=(), texts=(), passages=())
    """
    t = TECHNIQUES[key]
    given = given or {}
    try:
        check_question(question)
    except QuestionError:
        return Needs()
    wheels = tuple(WHEELS[n] for n in sorted(t.needs_for(given)) if n in WHEELS)
    texts = wordings(t, lab.corpus, question, given)
    if not texts:
        return Needs(wheels)
    texts = tuple(dict.fromkeys(texts))
    passages = tuple(text for text in dict.fromkeys(lab.passage_texts()) if text not in texts)
    return Needs(wheels, texts, passages).beyond(known)


def proposal_needs(lab: Lab, known: Container[str]) -> Needs:
    """What hybrid's proposed questions need beyond ``known`` (the texts the page's own vector table holds): the
    candidates ``propose`` runs (``proposals.hybrid_questions``), as hybrid embeds them, and every passage. The page
    embeds the candidates only once no passage is missing: the visitor makes the passages' vectors, never this.

    >>> lab = Lab()
    >>> needs = proposal_needs(lab, set(lab.passage_texts()))
    >>> needs.texts == tuple(hybrid_questions(lab)), needs.passages
    (True, ())
    >>> len(proposal_needs(lab, ()).passages)
    32
    """
    texts = tuple(dict.fromkeys(t for q in hybrid_questions(lab) for t in needs_for(lab, "hybrid", q, {}, known).texts))
    passages = tuple(t for t in dict.fromkeys(lab.passage_texts()) if t not in known and t not in texts)
    return Needs((), texts, passages)


@dataclass(frozen=True)
class ComparePlan:
    """What the compare view needs before it runs every technique once: the wheels of all of them, and for the
    meaning ones the vector table they take every vector from and what it lacks there (``table`` None: they do not
    run, and their rows say ``missing``)."""

    wheels: tuple[tuple[str, Wheel], ...] = ()  # (the first technique that needs it, the wheel)
    table: VectorTable | None = None
    to_embed: tuple[str, ...] = ()
    missing: str = ""


def compare_needs(lab: Lab, question: str, tables: Sequence[VectorTable], refused: str = "") -> ComparePlan:
    """The compare view's needs: every technique's wheels; the first of ``tables`` holding every text the meaning
    techniques embed (the question, a preset's rewrites and made-up answer, the passages), else the last, which the
    page's model fills. ``refused``: why the meaning techniques cannot run (their rows say so; no table).

    >>> from raglab.search.vector_table import VectorTable
    >>> lab = Lab()
    >>> own = VectorTable({t: [1.0] for t in lab.passage_texts()})
    >>> plan = compare_needs(lab, "Is there a pool?", [own])
    >>> [(key, w.module) for key, w in plan.wheels], plan.table is own, plan.to_embed
    ([('graph', 'networkx')], True, ('Is there a pool?',))
    >>> compare_needs(lab, "Is there a pool?", [own], refused="needs vectors").table is None
    True
    """
    every = {key: needs_for(lab, key, question) for key in TECHNIQUES}  # once a technique, checked for each table
    wheels: dict[Wheel, str] = {}
    for key, needs in every.items():
        for wheel in needs.wheels:
            wheels.setdefault(wheel, key)
    needed = tuple((key, wheel) for wheel, key in wheels.items())
    if refused or not tables:
        return ComparePlan(needed, missing=refused)
    meaning = [key for key, t in TECHNIQUES.items() if t.meaning]
    table, texts, passages = tables[-1], (), ()
    for table in tables:
        lacking = [every[key].beyond(table.vectors) for key in meaning]
        texts = tuple(dict.fromkeys(text for n in lacking for text in n.texts))
        passages = tuple(dict.fromkeys(text for n in lacking for text in n.passages if text not in texts))
        if not texts and not passages:
            break
    return ComparePlan(needed, table, texts + passages)


def wheel_failure(key: str, wheel: Wheel, given: Mapping[str, Any] | None = None) -> str:
    """What the page says when ``wheel`` could not be installed for technique ``key``: who needs it (the technique,
    or the option's choice that does), and what to do.

    >>> from raglab.techniques.registry import NETWORKX, SNOWBALL
    >>> wheel_failure("graph", WHEELS[NETWORKX])
    'Graph RAG needs networkx, the graph library, and it could not be downloaded from this site. Check the \
connection and ask again.'
    >>> wheel_failure("plain", WHEELS[SNOWBALL], {"scoring": "snowball"}).split(", and")[0]
    'Plain RAG with scoring “BM25, Snowball stems” needs snowballstemmer, the Snowball stemmer'
    """
    t = TECHNIQUES[key]
    given = given or {}
    who = t.name
    for o in t.options:
        value = given.get(o.name, o.default)
        if (value, wheel.name) in o.needs and wheel.name not in t.needs:
            who = f"{t.name} with {o.label.lower()} “{dict(o.choices).get(value, value)}”"
    return (
        f"{who} needs {wheel.what}, and it could not be downloaded from this site. Check the connection and ask again."
    )
