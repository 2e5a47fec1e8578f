"""The page's address, written after a question and read back at the start or after Back and Forward: the sections'
entries (raglab.page.links), which documents they were asked about, and what else the address holds that is not the
lab's (kept as it is).

The questions live in the fragment (``#plain&q.plain=ferry``), which a browser never sends to the host, not even on
a reload or with a shared link; the query keeps only what says nothing of the visitor (``corpus=``, an embed's
``embed=1&technique=``, another site's parameters). A link of an older version, with its questions in the query
(``?q.plain=ferry``), still opens, and ``moved`` gives the address to put in its place. An address is read to a
bound (``MAX_ADDRESS_CHARS``, ``MAX_ADDRESS_PAIRS``) before anything else, so no address, however long, holds the page.

>>> written("?utm=course", "", "", {"plain": (("q", "ferry"),)}, ["plain", "hyde"], "plain")
Address(url='?utm=course#plain&q.plain=ferry', push=True)
>>> read("?corpus=yours&technique=bm99", "#plain&q.plain=ferry", ["plain", "hyde"])
Read(sections={'plain': (('q', 'ferry'),)}, unknown=['bm99'], corpus='yours', focus='plain', embed=False, \
named_technique=True, compare='')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from urllib.parse import parse_qsl, urlencode

from ..techniques.common import MAX_QUESTION_CHARS
from .links import LINK_NAMES, read_link

MAX_ADDRESS_CHARS = 65_536  # what tools/serve and most hosts accept in a URL; the rest of a longer one is not read
MAX_ADDRESS_PAIRS = 1_000  # every section asked, each with its inputs and options, is a few hundred
MAX_UNKNOWN_NAMED = 10  # the names the page's sentence lists of those the lab does not have
KEPT_IN_QUERY = {"technique", "corpus"}  # of the lab's own names, those that say nothing of the visitor


@dataclass(frozen=True)
class Address:
    url: str  # "?corpus=yours#plain&q.plain=...", or "#plain&q.plain=..." for no query (after the page's path)
    push: bool  # a new history entry; False: it says just what it said, so the entry is replaced


@dataclass(frozen=True)
class Read:
    """What an address asks for: each section's entry, the technique names the lab does not have, the documents it
    names ("" none), the section it points at (the fragment, or ``technique=``), and whether it is an embed."""

    sections: dict[str, tuple]
    unknown: list[str]
    corpus: str
    focus: str | None
    embed: bool
    named_technique: bool  # technique= (an older link, or an embed): points at a section even without a question
    compare: str = ""  # compare=: a question for the compare view (its list's links), read to a question's limit


def pairs_of(part: str) -> list[tuple[str, str]]:
    """The (name, value) pairs of a query or a fragment, read to the address's bounds.

    >>> pairs_of("#plain&q.plain=ferry+cost")
    [('plain', ''), ('q.plain', 'ferry cost')]
    >>> len(pairs_of("?" + "&".join(f"q.x{i}=1" for i in range(50_000))))
    1000
    """
    text = part.removeprefix("?").removeprefix("#")[:MAX_ADDRESS_CHARS]
    fields = text.split("&", MAX_ADDRESS_PAIRS)[:MAX_ADDRESS_PAIRS]
    return parse_qsl("&".join(fields), keep_blank_values=True)


def split(here: str) -> tuple[str, str]:
    """An address's query and fragment ("?...", "#...").

    >>> split("?corpus=yours#plain&q.plain=ferry")
    ('?corpus=yours', '#plain&q.plain=ferry')
    """
    search, hash_, fragment = here.partition("#")
    return search, hash_ + fragment


def is_question(name: str) -> bool:
    """Whether a parameter holds something of a visitor's question (it belongs in the fragment).

    >>> [is_question(n) for n in ("q.plain", "hy.hyde", "q", "compare", "corpus", "technique", "utm")]
    [True, True, True, True, False, False, False]
    """
    base = name.rpartition(".")[0] or name
    return name == "compare" or (base in LINK_NAMES and base not in KEPT_IN_QUERY and name not in KEPT_IN_QUERY)


def written(
    search: str, fragment: str, corpus: str, links: Mapping[str, tuple], keys: Sequence[str], focus: str
) -> Address:
    """The address after a question in section ``focus``: every section's entry in ``links`` (in the sections'
    order) in the fragment, and the documents searched (``corpus``, "" for the site's only one) in the query;
    parameters that are not the lab's are kept, and an embed keeps the technique it shows. A new history entry
    unless it says just what it said.

    >>> written("?embed=1&technique=hyde&q.hyde=old", "", "", {"hyde": (("q", "new"),)}, ["hyde"], "hyde").url
    '?embed=1&technique=hyde#hyde&q.hyde=new'
    >>> written("?corpus=yours", "#plain&q.plain=ferry", "yours", {"plain": (("q", "ferry"),)}, ["plain"], "plain")
    Address(url='?corpus=yours#plain&q.plain=ferry', push=False)
    """
    old = pairs_of(search)
    embed = dict(old).get("embed") == "1"
    pairs = [(n, v) for n, v in old if (n.rpartition(".")[0] or n) not in LINK_NAMES or (embed and n == "technique")]
    pairs = [(n, v) for n, v in pairs if not is_question(n)]
    if corpus:
        pairs.append(("corpus", corpus))
    asked = [(f"{name}.{key}", value) for key in keys if key in links for name, value in links[key]]
    url = f"?{urlencode(pairs)}#{focus}" + (f"&{urlencode(asked)}" if asked else "")
    old_asked = [(n, v) for n, v in pairs_of(fragment) if is_question(n)]
    return Address(url.removeprefix("?") if not pairs else url, push=(pairs, asked) != (old, old_asked))


def moved(search: str, fragment: str, keys: Sequence[str]) -> str | None:
    """An older link's address with its questions moved from the query to the fragment (for history.replaceState),
    or None when the query holds none.

    >>> moved("?utm=course&q.plain=ferry&compare=Who+bakes%3F", "#plain", ["plain"])
    '?utm=course#plain&q.plain=ferry&compare=Who+bakes%3F'
    >>> moved("?technique=plain&q=ferry", "", ["plain"])
    '?technique=plain#plain&q.plain=ferry'
    >>> moved("?compare=Can+I+bring+my+pet%3F", "#compare", ["plain"])  # the compare list's links
    '#compare&compare=Can+I+bring+my+pet%3F'
    >>> moved("?corpus=yours", "#plain&q.plain=ferry", ["plain"]) is None
    True
    """
    old = pairs_of(search)
    if not any(is_question(n) for n, _ in old):
        return None
    asked = read(search, fragment, keys)
    kept = [(n, v) for n, v in old if not is_question(n)]
    questions = [
        (f"{name}.{key}", value) for key in keys if key in asked.sections for name, value in asked.sections[key]
    ]
    if asked.compare:
        questions.append(("compare", asked.compare))
    anchor = next((n for n, v in pairs_of(fragment) if not v and "." not in n), "")  # "#compare", "#plain"
    focus = asked.focus or anchor or next(iter(asked.sections), "")
    query = f"?{urlencode(kept)}" if kept else ""
    return f"{query}#{focus}" + (f"&{urlencode(questions)}" if questions else "")


def read(search: str, fragment: str, keys: Sequence[str]) -> Read:
    """What an address asks for (see ``Read``): the questions in the fragment, or in the query of an older link.
    Every value is read to the form's limits (raglab.page.links); a name the lab does not know, ``__proto__``
    included, is a name like any other.

    >>> read("?corpus=__proto__", "#q.__proto__=x", ["plain"])
    Read(sections={}, unknown=['__proto__'], corpus='__proto__', focus=None, embed=False, named_technique=False, \
compare='')
    >>> read("", "#compare&compare=Who++bakes%3F", ["plain"]).compare
    'Who bakes?'
    >>> read("?q.plain=ferry", "#plain", ["plain"]).sections  # an older link
    {'plain': (('q', 'ferry'),)}
    """
    query, hashed = pairs_of(search), pairs_of(fragment)
    asked = [(n, v) for n, v in hashed if is_question(n) and v]  # "#compare" is where to look, not a question
    pairs = [(n, v) for n, v in query if not (asked and is_question(n))] + asked
    named = dict(pairs)
    sections, unknown = read_link(pairs)
    unknown = unknown[:MAX_UNKNOWN_NAMED]
    technique = named.get("technique", "").replace("-", "_")
    bare = [n for n, v in hashed if not v and "." not in n][:1]
    focus = next((k for k in (*bare, technique) if k in keys), None)
    compare = " ".join(named.get("compare", "").split())[:MAX_QUESTION_CHARS]
    return Read(
        sections, unknown, named.get("corpus", ""), focus, named.get("embed") == "1", "technique" in named, compare
    )
