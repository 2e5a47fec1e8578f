"""What a technique is, as data: what it takes, what it needs, what a model can write for it, and how it is scored.

The command line, the page (its forms, handlers and pre-render), the scoreboard and the renderer loop over these
declarations; none of them names a technique. A tenth technique is one ``register(Technique(...))``.

>>> hyde = Technique("hyde", "HyDE", lambda lab, question, **_: None, needs=frozenset({EMBEDDINGS}),
...                  inputs=(Input("hypothetical", "hy", "A hypothetical answer", "text"),))
>>> hyde.meaning, [i.param for i in hyde.inputs]
(True, ['hy'])
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..result import Hit, Result
from .common import TOP_K

NETWORKX = "networkx"  # the entity graph (installed on first use in the page)
SNOWBALL = "snowball"  # Snowball's English stemmer (installed on first use in the page)
EMBEDDINGS = "embeddings"  # an embedding model, passed in as ``embed(texts) -> unit vectors``
MAX_TOP_K = 10  # the range of top-k is 1 to this
LINE_CHARS = 200  # the longest line of a "lines" input (a rewrite); a text input's longest is its own ``limit``


@dataclass(frozen=True)
class Wheel:
    """A pure-Python package a need is met by: the page installs it from the site's own wheels (build.py's
    ``WHEELS[name]``) the first time a question needs it; the command line has it installed."""

    name: str  # the need, and the key of its wheels in the site's settings
    module: str  # what is imported
    what: str  # the package in words: "networkx, the graph library"


WHEELS: dict[str, Wheel] = {
    NETWORKX: Wheel(NETWORKX, "networkx", "networkx, the graph library"),
    SNOWBALL: Wheel(SNOWBALL, "snowballstemmer", "snowballstemmer, the Snowball stemmer"),
}
EMBED_HEIGHT = 1800  # an embed's height in px when its technique declares none (see Technique.embed_height)
# What a result adds to its passages, for the renderer to draw (Technique.shows): the entity graph and its links,
# the keyword and vector lists side by side, passages of several sizes.
SHOWS_GRAPH, SHOWS_LISTS, SHOWS_SIZES = "graph", "lists", "sizes"
SHOWS_SEARCHES = "searches"  # each search's best list, as ranked, under the fused passages (multi-query)
# The mistakes of plain search a technique is built to fix (Technique.fixes); raglab.mistakes holds each one's rule,
# which finds the labelled questions it is made on.
OTHER_WORDS = "other_words"  # the answer says it in other words
TWO_HOPS = "two_hops"  # the answer names someone linked to the question's name, not that name
SPREAD = "spread"  # the answer is spread over neighbouring passages
CUT_OFF = "cut_off"  # the answer's passage does not name its subject; a neighbour does
UNLIKE = "unlike"  # another passage sounds more like the question than its answer does
EXACT_CODE = "exact_code"  # the question asks for an exact number or code


@dataclass(frozen=True)
class ModelWrites:
    """A language model can write this input: the prompt it is given (the question only, never the documents),
    how its reply is read, and the words the page uses for it."""

    prompt: Callable[[str], str]  # question -> prompt
    read: Callable[[str], Any]  # the model's reply -> the input's value
    label: str  # "rewrites": "The rewrites, written by the model"
    button: str  # "Let the model write the rewrites"


@dataclass(frozen=True)
class Input:
    """Something a technique takes besides the question (rewrites, a hypothetical answer).

    ``kind`` "lines" (a list of up to ``limit`` lines of up to LINE_CHARS characters each) or "text" (one line of
    up to ``limit`` characters): the page's box holds ``max_chars``, a link is read to these limits (``read``), and
    the command line refuses more (``too_long``).
    ``param`` names it in a link (``?rw=...``) and in the page's form; ``flag`` on the command line (None: not
    offered there). ``field`` False: the page has no box for it (only the model writes it). ``hand_written``
    gives a preset's own value from the corpus (``corpus, question -> value or None``). ``embedded``: its text is
    embedded, as the question is (a meaning technique's rewrites).
    """

    name: str  # the keyword the technique's function takes
    param: str
    label: str
    kind: str = "text"
    limit: int = 500
    flag: str | None = None
    help: str = ""
    field: bool = True
    hand_written: Callable[[Any, str], Any] = lambda corpus, question: None
    model: ModelWrites | None = None
    embedded: bool = False

    @property
    def max_chars(self) -> int:
        """The most characters the page's box for it holds: 3 rewrites of 200 give 600; a text its ``limit``."""
        return LINE_CHARS * self.limit if self.kind == "lines" else self.limit

    def read(self, values: Sequence[str]) -> Any:
        """The input's value from what a form or a link gave (every value of its param), cut to the limits as the
        form's box cuts what is typed: a link is anyone's to write, and each rewrite it holds is embedded. None
        when empty.

        >>> Input("rewrites", "rw", "Rewrites", "lines", limit=2).read(["a\\n\\n b ", "c"])
        ['a', 'b']
        >>> Input("hypothetical", "hy", "An answer", limit=9).read(["The ferry  costs 6 coins."])
        'The ferry'
        """
        if self.kind == "lines":
            return [line[:LINE_CHARS].rstrip() for line in self._lines(values)[: self.limit]] or None
        return self._text(values)[: self.limit].rstrip() or None

    def too_long(self, values: Sequence[str], what: str) -> str | None:
        """What in these values is over the limits, said of ``what`` (a command-line flag); None when nothing is.

        >>> rewrites = Input("rewrites", "rw", "Rewrites", "lines", limit=2)
        >>> rewrites.too_long(["a", "b", "c"], "--rewrite")
        '--rewrite: 3 given; it takes up to 2.'
        >>> rewrites.too_long(["a", "b" * 201], "--rewrite")
        '--rewrite number 2 is 201 characters long; keep each to 200.'
        >>> Input("hypothetical", "hy", "An answer", limit=9).too_long(["The ferry costs 6 coins."], "--hypothetical")
        '--hypothetical is 24 characters long; keep it to 9.'
        """
        if self.kind == "lines":
            lines = self._lines(values)
            if len(lines) > self.limit:
                return f"{what}: {len(lines)} given; it takes up to {self.limit}."
            long = next(((n, len(line)) for n, line in enumerate(lines, 1) if len(line) > LINE_CHARS), None)
            return f"{what} number {long[0]} is {long[1]} characters long; keep each to {LINE_CHARS}." if long else None
        text = self._text(values)
        return f"{what} is {len(text)} characters long; keep it to {self.limit}." if len(text) > self.limit else None

    @staticmethod
    def _lines(values: Sequence[str]) -> list[str]:
        return [line.strip() for value in values for line in str(value).splitlines() if line.strip()]

    @staticmethod
    def _text(values: Sequence[str]) -> str:
        return " ".join(" ".join(str(v) for v in values).split())

    def shown(self, value: Any) -> str:
        """The value as a form box shows it."""
        return "\n".join(value) if isinstance(value, list | tuple) else str(value or "")


@dataclass(frozen=True)
class Option:
    """A setting of a technique, with its default and its range (``low``..``high``) or its ``choices``."""

    name: str
    label: str
    default: Any
    low: float | None = None
    high: float | None = None
    step: float | None = None
    choices: tuple[tuple[str, str], ...] = ()  # (value, words)
    help: str = ""
    needs: tuple[tuple[str, str], ...] = ()  # (choice, need): a choice that needs a wheel ("snowball", SNOWBALL)

    def read(self, text: str) -> Any:
        """The option's value from a form or the command line; a number that is not one reads as NaN, so the
        technique's own range check says what is allowed."""
        if self.choices:
            return str(text)
        try:
            return float(text)
        except (TypeError, ValueError):
            return float("nan")


@dataclass(frozen=True)
class Scored:
    """One scoreboard row a technique gives: which of its result's passages count."""

    key: str
    title: str
    keep: Callable[[Hit], bool] = lambda hit: True
    fixes: tuple[str, ...] | None = None  # the mistakes this row is built to fix; None: its technique's


@dataclass(frozen=True)
class Technique:
    key: str
    title: str
    run: Callable[..., Result]
    top_k: int = TOP_K  # default, range 1 to MAX_TOP_K
    needs: frozenset[str] = frozenset()  # NETWORKX, EMBEDDINGS: cannot run without them
    uses: frozenset[str] = frozenset()  # runs without them, does more with them (hybrid: the vector side)
    inputs: tuple[Input, ...] = ()
    options: tuple[Option, ...] = ()
    # How it is scored on a labelled question: the inputs it runs with (by default its own, as a preset would),
    # and the rows it gives (by default one, all its passages).
    eval_inputs: Callable[[Any, str], Mapping[str, Any]] = lambda corpus, question: {}
    scored: tuple[Scored, ...] = ()
    # The frame's height in an embed when the course page does not run the snippet's script: the embed's height
    # with its pre-rendered preset in a 720 px column, measured in Chromium, plus 50 px for another browser's
    # fonts, rounded up to 100 px (tests/browser/test_embed_host.py measures them again).
    embed_height: int = EMBED_HEIGHT
    shows: frozenset[str] = frozenset()  # SHOWS_GRAPH, SHOWS_LISTS, SHOWS_SIZES: what its result adds
    # What it did differently from plain search, in a few words from its result ("added ferry for boat"), for the
    # compare view (raglab.compare); "" says nothing more than its passages do.
    did: Callable[[Result], str] = lambda result: ""
    # The mistakes it is built to fix (OTHER_WORDS, ...), and what it became on a result where it could not do its
    # own work ("plain meaning search": HyDE with no hypothetical answer); "" where it did.
    fixes: tuple[str, ...] = ()
    fell_back: Callable[[Result], str] = lambda result: ""

    @property
    def meaning(self) -> bool:
        """Searches by meaning: takes an embedding model (``embed``)."""
        return EMBEDDINGS in self.needs | self.uses

    @property
    def name(self) -> str:
        """The short name: "Graph RAG" of "Graph RAG: follow the links between names"."""
        return self.title.split(":")[0]

    @property
    def rows(self) -> tuple[Scored, ...]:
        return self.scored or (Scored(self.key, self.title),)

    def row_fixes(self, key: str) -> tuple[str, ...]:
        """The mistakes the scoreboard row ``key`` is built to fix: the row's own, else the technique's."""
        row = next((r for r in self.rows if r.key == key), None)
        return self.fixes if row is None or row.fixes is None else row.fixes

    def input(self, name: str) -> Input:
        return next(i for i in self.inputs if i.name == name)

    def needs_for(self, given: Mapping[str, Any]) -> frozenset[str]:
        """What it needs to run with the inputs and options ``given``: its own needs and those of the options'
        chosen values.

        >>> scoring = Option("scoring", "Scoring", "sum", choices=(("sum", "sum"), ("snowball", "stems")),
        ...                  needs=(("snowball", SNOWBALL),))
        >>> t = Technique("plain", "Plain", lambda lab, question, **_: None, options=(scoring,))
        >>> sorted(t.needs_for({"scoring": "snowball"})), sorted(t.needs_for({}))
        (['snowball'], [])
        """
        chosen = {need for o in self.options for value, need in o.needs if given.get(o.name, o.default) == value}
        return self.needs | chosen

    def hand_written(self, corpus, question: str) -> dict[str, Any]:
        """A preset's own inputs, from the corpus (those it has)."""
        found = {i.name: i.hand_written(corpus, question) for i in self.inputs}
        return {name: value for name, value in found.items() if value}


TECHNIQUES: dict[str, Technique] = {}


def register(technique: Technique) -> Technique:
    """Add a technique; the command line, the page and the scoreboard take it from here."""
    TECHNIQUES[technique.key] = technique
    return technique


def options_of(technique: Technique, given: Mapping[str, Any]) -> dict[str, Any]:
    """Only what ``technique`` declares, of ``given`` (inputs and options by name, None left out)."""
    names = {i.name for i in technique.inputs} | {o.name for o in technique.options}
    return {k: v for k, v in given.items() if k in names and v is not None}


__all__ = [
    "EMBEDDINGS",
    "NETWORKX",
    "SNOWBALL",
    "WHEELS",
    "Wheel",
    "EMBED_HEIGHT",
    "SHOWS_GRAPH",
    "SHOWS_LISTS",
    "SHOWS_SIZES",
    "SHOWS_SEARCHES",
    "OTHER_WORDS",
    "TWO_HOPS",
    "SPREAD",
    "CUT_OFF",
    "UNLIKE",
    "EXACT_CODE",
    "TOP_K",
    "MAX_TOP_K",
    "LINE_CHARS",
    "Input",
    "ModelWrites",
    "Option",
    "Scored",
    "Technique",
    "TECHNIQUES",
    "register",
    "options_of",
]
