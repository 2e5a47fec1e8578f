"""The page's address, written after a question and read back at the start or after Back and Forward: the sections'
entries (raglab.page.links), which documents they were asked about, and what else the address holds that is not the
lab's (kept as it is).

>>> written("?utm=course", "", {"plain": (("q", "ferry"),)}, ["plain", "hyde"], "plain")
Address(url='?utm=course&q.plain=ferry#plain', push=True)
>>> read("?q.plain=ferry&corpus=yours&technique=bm99", "#plain", ["plain", "hyde"])
Read(sections={'plain': (('q', 'ferry'),)}, unknown=['bm99'], corpus='yours', focus='plain', embed=False, \
named_technique=True, compare='')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from urllib.parse import parse_qsl, urlencode

from ..techniques.common import MAX_QUESTION_CHARS
from .links import LINK_NAMES, read_link


@dataclass(frozen=True)
class Address:
    url: str  # "?q.plain=...#plain"
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


def pairs_of(search: str) -> list[tuple[str, str]]:
    return parse_qsl(search.removeprefix("?"), keep_blank_values=True)


def written(search: str, corpus: str, links: Mapping[str, tuple], keys: Sequence[str], focus: str) -> Address:
    """The address after a question in section ``focus``: every section's entry in ``links`` (in the sections'
    order) and the documents searched (``corpus``, "" for the site's only one); parameters that are not the lab's
    are kept, and an embed keeps the technique it shows. A new history entry unless it says just what it said.

    >>> written("?embed=1&technique=hyde&q.hyde=old", "", {"hyde": (("q", "new"),)}, ["hyde"], "hyde").url
    '?embed=1&technique=hyde&q.hyde=new#hyde'
    >>> written("?corpus=yours&q.plain=ferry", "yours", {"plain": (("q", "ferry"),)}, ["plain"], "plain").push
    False
    """
    old = pairs_of(search)
    embed = dict(old).get("embed") == "1"
    pairs = [(n, v) for n, v in old if (n.rpartition(".")[0] or n) not in LINK_NAMES or (embed and n == "technique")]
    if corpus:
        pairs.append(("corpus", corpus))
    pairs += [(f"{name}.{key}", value) for key in keys if key in links for name, value in links[key]]
    return Address(f"?{urlencode(pairs)}#{focus}", push=pairs != old)


def read(search: str, fragment: str, keys: Sequence[str]) -> Read:
    """What an address asks for (see ``Read``). Every value is read to the form's limits (raglab.page.links); a name
    the lab does not know, ``__proto__`` included, is a name like any other.

    >>> read("?corpus=__proto__&q.__proto__=x", "", ["plain"])
    Read(sections={}, unknown=['__proto__'], corpus='__proto__', focus=None, embed=False, named_technique=False, \
compare='')
    >>> read("?compare=Who++bakes%3F", "#compare", ["plain"]).compare
    'Who bakes?'
    """
    pairs = pairs_of(search)
    named = dict(pairs)
    sections, unknown = read_link(pairs)
    technique = named.get("technique", "").replace("-", "_")
    focus = next((k for k in (fragment.removeprefix("#"), technique) if k in keys), None)
    compare = " ".join(named.get("compare", "").split())[:MAX_QUESTION_CHARS]
    return Read(
        sections, unknown, named.get("corpus", ""), focus, named.get("embed") == "1", "technique" in named, compare
    )
