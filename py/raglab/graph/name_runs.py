"""The runs of capitalised words in one sentence (``names.py`` reads every sentence through ``sentence_runs``):
where a run starts and ends, what it may hold (connectors, initials, an organisation's "for"), and which runs the
sentence itself shows are no names (code, a word cut at a line's end, initials alone, a counted common noun).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from .common_nouns import counted_noun, defined_term, in_code, section_title
from .name_shapes import common_word, constant, cut_at_line_end, initials_only, shaped, without_trademark
from .name_words import (
    COMPANY_SUFFIXES,
    CONNECTORS,
    INTERJECTIONS,
    PERSON_WORDS,
    PLACE_WORDS,
    POSSESSIVE,
    SECTION_WORDS,
    TITLES,
    capitalised_next,
    is_name_word,
)

_STARTS_CLAUSE = frozenset(':“"\n•·▪◦●■►✓*')  # after "Methods:", an opening quote, a line break (see _lines) or
# a list's bullet ("· Initialy the"), a capital is a sentence start again
_VERSION = re.compile(r"\d{1,3}(?:[.,]|$)")  # "5.0", "2": a version or a level, not a year ("R Core Team 2022")
_DOTTED = re.compile(r"\d+\.\d")  # a version number: "4.2.2", "5.0"; not a list's "2."


def sentence_runs(
    tokens: Sequence[str], written: Mapping[str, int], line: str = "", nouns: bool = False
) -> list[tuple[tuple[str, ...], bool, bool]]:
    """The runs of capitalised words of a sentence's tokens, each with whether it starts the sentence and whether the
    sentence uses it as a common noun (``common_nouns``); a run in code, one cut at a line's end and initials alone
    are left out (``name_shapes``). ``written`` counts every word as written; with ``nouns`` (a language that
    capitalises every noun) only a word's shape or an acronym counts.

    >>> from raglab.graph.name_words import TOKEN
    >>> sentence_runs(TOKEN.findall("Yesterday Dr. Ada Lovelace saw the Bank of England's vaults in London."), {})
    ... # doctest: +NORMALIZE_WHITESPACE
    [(('Yesterday',), True, False), (('Ada', 'Lovelace'), False, False), (('Bank', 'of', 'England'), False, False),
     (('London',), False, False)]
    >>> sentence_runs(TOKEN.findall("Set x ~ FLOW; then store it in a DBMS, or the Oracle section."), {})
    [(('Set',), True, False), (('DBMS',), False, True), (('Oracle',), False, True)]
    """
    runs: list[tuple[tuple[str, ...], bool, bool]] = []
    run: list[str] = []
    starts = run_starts = True  # whether the next word starts the sentence; whether the current run did
    after_title = False
    run_at = 0  # the index of the current run's first token

    def close(end: int):
        while run and (run[-1] in CONNECTORS or run[-1] in ("for", "in")):
            run.pop()
        if len(run) > 1 and end < len(tokens) and _VERSION.match(tokens[end]) and run[-1].lower() in written:
            run.pop()  # "GLPK Version 5.0", "PostScript Level 2": a common word before a number is no part of a name
        if len(run) > 1 and len(run[-1]) == 1 and end < len(tokens) and tokens[end] == ":":
            run.pop()  # "Popcon V:0": a letter that labels a value
        if "&" in run:  # "Thomas Williams & Colin Kelley" is two people; "Chapman & Hall" is one name
            i = run.index("&")
            if min(i, len(run) - i - 1) >= PERSON_WORDS[0]:
                runs.append((tuple(run[:i]), run_starts, False))
                del run[: i + 1]
        if initials_only(tuple(run)) or len(run) == 1 and run_at and _DOTTED.match(tokens[run_at - 1]):
            run.clear()  # "M. Z": no word of a name; "Version 4.2.2 Patched": a version's label
        if side_by_side(run) and len(run) == end - run_at:  # "OpenMP SIMD": OpenMP's SIMD, each a word alone
            for k, word in enumerate(run):
                keep(word, run_at + k, run_at + k + 1, run_starts and not k)
        elif run and not all(w in COMPANY_SUFFIXES for w in run):  # (", Inc." alone is no name)
            keep(run, run_at, end, run_starts)
        run.clear()

    def keep(words: str | list[str], start: int, end: int, starting: bool):
        if not in_code(tokens, start, end, line):
            common = (
                counted_noun(tokens, start, end)
                or section_title(tokens, start, end)
                or defined_term(tokens, start, end)
            )
            runs.append(((words,) if isinstance(words, str) else tuple(words), starting, common))

    for i, token in enumerate(tokens):
        if after_title:
            after_title = False
            if token == ".":  # "Dr." is one title, not the end of a run
                continue
        if token == "." and run and len(run[-1]) == 1 and capitalised_next(tokens, i):
            # "John M. Chambers", "W. N. Venables": an initial; but "to extend R. See Chapter 10": a letter on its
            # own, then a common word (written in lower case too), is a sentence's end
            if len(run) > 1 or len(tokens[i + 1]) == 1 or tokens[i + 1].lower() not in written:
                run[-1] += "."
                continue
        if not token[0].isupper():  # most tokens: kept short, as this loop sees every word of every document
            if run and (
                token in CONNECTORS
                or token == "for"
                and run[-1] in PLACE_WORDS
                or token == "in"
                and "for" in run
                and "in" not in run
            ):
                # ("Department for Applied Informatics": an organisation's word may take "for", and then "in":
                # "Institute for Clarity in Documentation")
                run.append(token)
                continue
            if run:
                close(i)
            starts = token in _STARTS_CLAUSE or (starts and not token[0].isalpha())  # "2. Fill": still the start
        else:
            word = POSSESSIVE.sub("", token) if "'" in token or "’" in token else token
            word, marked = without_trademark(word)
            if nouns and "-" in word and not shaped(word.rsplit("-", 1)[1]):
                word = word.split("-")[0]  # German compounds are headed by their last part: "GRUB2-Module"
            if constant(word) or cut_at_line_end(word):
                run.clear()  # "CARD32 ATOM_OFFSET" is code; "Diffusion Mod-" a word broken at a line's end
                starts = False
            elif nouns and not shaped(word) and not (word.isupper() and len(word) > 1):
                close(i)  # German: "Die Unit-Konfigurationsdateien", every noun capitalised
                starts = False
            elif word in TITLES:
                close(i)
                after_title, starts = True, False  # the name after a title is mid-sentence, whatever came before
            elif word in SECTION_WORDS or word in INTERJECTIONS:
                if word in SECTION_WORDS and i == run_at + len(run):
                    run.clear()  # "the Invariant Sections": words before a section word are a kind of section
                close(i)  # "See Section 4 Tables", "OK Then": what follows proves no more than a sentence's start
                starts = True
            elif word.isupper() and len(word) > 1 and common_word(word, written):
                close(i)  # a shouted common word ("RESULTS", "WHO"): a heading, so a sentence starts after it
                starts = True
            elif is_name_word(word) or (run and len(word) == 1 and _initial_next(tokens, i)):
                # (a capital letter between two capitalised words is an initial: "Ethan A Merritt", and so is one
                # before another's full stop: "Carlos A. P. Campani")
                if not run:
                    run_starts, run_at = starts, i
                run.append(word)
                starts = False
                if marked:  # a trademark sign ends a product's name; a label's common words before it are not
                    while len(run) > 1 and run[0].lower() in written and not shaped(run[0]):  # its ("Key Value")
                        del run[0]
                        run_at += 1
                    close(i + 1)
                elif word != token:  # a possessive ends a name: "Babbage's Difference Engine" is two
                    close(i + 1)
            else:
                close(i)
                starts = False
    close(len(tokens))
    return runs


def _initial_next(tokens: Sequence[str], i: int) -> bool:
    """Whether a capitalised word follows token i, or a full stop and then one (token i is then an initial)."""
    return capitalised_next(tokens, i) or (
        i + 1 < len(tokens) and tokens[i + 1] == "." and capitalised_next(tokens, i + 1)
    )


def side_by_side(run: Sequence[str]) -> bool:
    """Whether a run is a product's name and then acronyms only: "OpenMP SIMD" is OpenMP's SIMD, "IPv6 NAT" IPv6's
    NAT, each a word of its own; a product's name after its maker's ("GNU Libtasn1") or a word in title case ("Arm
    Cortex-A710") is one name.

    >>> [side_by_side(r.split()) for r in ("OpenMP SIMD", "IPv6 NAT", "GNU Libtasn1", "Arm Cortex-A710", "GNU GPL")]
    [True, True, False, False, False]
    """
    return len(run) > 1 and shaped(run[0]) and all(w.isupper() and len(w) > 1 and not shaped(w) for w in run[1:])


def is_title(tokens: Sequence[str]) -> bool:
    """Whether a sentence is all capitalised words (and numbers, connectors): a title, a heading or a contents
    line ("1.2.2 Memory Resources") run into the text, where, as at a sentence's start, a capital proves nothing."""
    return not any(t[0].islower() and t not in CONNECTORS for t in tokens)


def listed_words(tokens: Sequence[str]) -> set[str]:
    """The capitalised words a sentence lists, each alone between commas, two or more together: "Dublin, Ohio",
    "Moscow, Russia". A list says what kind of thing its items are (places on an address line, products, people),
    so such a word is a name from its first passage and even where a line starts; a word run into others
    ("Moscow Aviation Institute, Moscow", "Department of Philology, Literature") or joined by "and" ("Literature,
    and Linguistics": a department's name cut at its commas) is no such item.

    >>> from raglab.graph.name_words import TOKEN
    >>> sorted(listed_words(TOKEN.findall("At Moscow Aviation Institute, Moscow, Russia; in Dublin, Ohio.")))
    ['Dublin', 'Moscow', 'Ohio', 'Russia']
    >>> listed_words(TOKEN.findall("Department of Philology, Literature, and Linguistics"))
    set()
    """
    found: set[str] = set()
    items: list[str] = []
    for i, token in enumerate(tokens):
        alone = (
            token[0].isupper()
            and is_name_word(token)
            and (i == 0 or not (tokens[i - 1][0].isupper() or tokens[i - 1] in CONNECTORS))
            and (i + 1 == len(tokens) or not tokens[i + 1][0].isalpha())
        )
        if alone and (not items or tokens[i - 1] == ","):
            items.append(token)
            continue
        if token == "," and items:
            continue
        if len(items) > 1:
            found.update(items)
        items = [token] if alone else []
    if len(items) > 1:
        found.update(items)
    return found
