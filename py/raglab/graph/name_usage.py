"""How the whole text uses a run of capitalised words, which no one sentence shows (``names.py``): the words as
written in prose (not in paths and addresses), the runs it counts in the plural, the pairs it also writes in lower
case, and the document's own headings.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from ..documents.corpus import Document
from .name_words import SINGLE_WORD_PASSAGES, TOKEN

URL = re.compile(r"(?:\w+://|www\.)\S*")  # an address's words are no runs: "RN-AffinityAPI" in a web address
# A path, an address, a file's or a function's name: "/boot/grub/", "pam.d", "debian.org", "read.table". The words in
# one are not counted as written in prose, so "grub" in "/boot/grub" does not make GRUB a common word.
_PATH = re.compile(r"\w[/\\@=]|[/\\]\w|\w\.[^\W\d_]")  # searched in one space-free piece at a time: linear


def headings(doc: Document) -> set[tuple[str, ...]]:
    """The words of a document's headings of 2 words or more, without their numbers ("1.2 Redirecting Output")."""
    titles = set()
    for line in doc.text.split("\n"):
        if line.startswith("#"):
            words = TOKEN.findall(line.lstrip("#"))
            while words and not words[0][0].isalpha():
                words.pop(0)
            if len(words) > 1:
                titles.add(tuple(words))
    return titles


def prose(line: str) -> str:
    """``line`` without its paths and addresses (each space-free piece holding a _PATH mark).

    >>> prose("Edit /boot/grub/menu.lst or see debian.org, then read.table() the GRUB way.")
    'Edit or see then the GRUB way.'
    """
    return " ".join(piece for piece in line.split() if not _PATH.search(piece))


def counted_runs(found: Sequence[tuple[tuple[str, ...], bool, str]]) -> set[tuple[str, ...]]:
    """The acronyms and the names of several words that the text also writes in the plural, or the singular, in
    ``SINGLE_WORD_PASSAGES`` passages or more: what is counted is a kind of thing, not one ("DBMS" and "DBMSs",
    "Front-Cover Text" and "Front-Cover Texts"; one "Free Software Foundations’s" may be a slip). A word in
    title case keeps its plural ("Unixes", "Makefiles" name a kind).

    >>> found = [(("DBMS",), False, "p1"), (("DBMSs",), False, "p1"), (("DBMSs",), False, "p2"),
    ...          (("Cover", "Text"), False, "p1"), (("Cover", "Texts"), True, "p2"), (("Cover", "Texts"), True, "p3"),
    ...          (("Makefile",), False, "p1"), (("Makefiles",), False, "p2"), (("Makefiles",), False, "p3")]
    >>> sorted(counted_runs(found))  # "Cover Texts" stays: "Cover Text" is in one passage only
    [('Cover', 'Text'), ('DBMS',)]
    """
    passages: dict[tuple[str, ...], set[str]] = {}
    for run, _, passage in found:
        passages.setdefault(run, set()).add(passage)
    counted = set()
    for run in passages:
        last = run[-1]
        if len(run) == 1 and not (len(last) > 1 and last.rstrip("s").isupper()):
            continue
        other = (
            last + "s",
            last + "es",
            last[:-1] if last.endswith("s") else "",
            last[:-2] if last.endswith("es") else "",
        )
        if any(len(passages.get((*run[:-1], form), ())) >= SINGLE_WORD_PASSAGES for form in other if form):
            counted.add(run)
    return counted


def pairs_in_lower_case(documents: Iterable[Sequence[str]], names: Iterable[tuple[str, ...]]) -> set[tuple[str, str]]:
    """Which two words next to each other in ``names``, in lower case, the text also writes together in lower case
    ("format string"), its sentences tokenised again; not one pass over the text when no name has two words.

    >>> sorted(pairs_in_lower_case([["Use a Format String.", "A format string, and a free software."]],
    ...                             [("Format", "String"), ("Free", "Software", "Foundation")]))
    [('format', 'string'), ('free', 'software')]
    """
    wanted = {(a.lower(), b.lower()) for name in names for a, b in zip(name, name[1:], strict=False)}
    seen: set[tuple[str, str]] = set()
    if not wanted:
        return seen
    firsts = {a for a, _ in wanted}
    for sentences in documents:
        for line in sentences:
            tokens = TOKEN.findall(line)
            seen.update(
                (a, b)
                for a, b in zip(tokens, tokens[1:], strict=False)
                if a in firsts and (a, b) in wanted and a.islower() and b.islower()
            )
    return seen


def written_in_lower_case(name: tuple[str, ...], pairs: set[tuple[str, str]]) -> bool:
    """Whether every two words of a name are also written together in lower case: the graph finds a name in any
    case, so "Format String" would find every "format string" ("Free Software Foundation" is never so written)."""
    return all((a.lower(), b.lower()) in pairs for a, b in zip(name, name[1:], strict=False))
