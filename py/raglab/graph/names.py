"""Names found by rules: an entity list for a visitor's own documents, with no hand-written list and no model.

In the spirit of GraphRAG's fast (noun-phrase) indexing, a name is a run of capitalised words inside a sentence
("Mira Okafor"; "of" may join two of them, "Bank of England", but never ends one). A capital at a sentence's start
proves nothing ("Bikes ride free"): a first word counts when it is capitalised mid-sentence too, or stands before
more capitalised words ("Fernport School teaches"), unless those are a name found mid-sentence elsewhere
("Yesterday Mira Okafor" gives Mira Okafor). A name of 2 or more words is kept from its first passage, a single
word once it is capitalised in 2 passages ("Millbay"). Days, months, "I", titles ("Dr." says the words after it
are a name) and words also written in lower case are no one-word names: the graph finds a name in any case, so
"Rose" would find every "rose".

A person's name (2-3 words, none a place word like "Bakery") may be called by one of its words alone ("Mira"), and
a name of 2 or more words by its initials ("RS" for "Royal Society"; not "WHO", which the graph would find in every
"who"), when the text uses them on their own; a word that two names could claim belongs to neither.

>>> doc = Document("talk", "A talk", "Dr. Ada Lovelace met Charles Babbage in London. The RS kept her notes. "
...                "Later, Lovelace wrote to the Royal Society from London.")
>>> [(e.name, e.aliases) for e in find_names([doc])]
[('Ada Lovelace', ('Lovelace',)), ('Charles Babbage', ()), ('London', ()), ('Royal Society', ('RS',))]
>>> names_found([doc]).names[2].why
'capitalised, not only where a sentence starts, in 2 passages: talk-1, talk-2'

"Later" starts a sentence and is never capitalised elsewhere, so it is no name; "The" and "her" are filler words.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from ..documents.chunking import DEFAULT_SIZE, chunk_id
from ..documents.corpus import Document, Entity
from ..documents.text import STOP_WORDS
from .common_nouns import counted_noun, defined_term, in_code, section_title, short_forms_of_common_terms
from .name_edits import EDITS as EDITS
from .name_edits import apply_edits as apply_edits
from .name_edits import edits_from_record as edits_from_record
from .name_letters import letter_names
from .name_lines import sentence_lines
from .name_shapes import (
    common_word,
    constant,
    cut_at_line_end,
    initials_only,
    misspelt,
    nouns_capitalised,
    one_word_name,
    shaped,
    without_trademark,
)

SINGLE_WORD_PASSAGES = 2  # a one-word name must be capitalised in this many passages (1-5): once may be chance
MULTI_WORD_PASSAGES = 1  # capitalised words together are rarely chance, so a first passage is enough (1-5)
PERSON_WORDS = (2, 3)  # a person's name has 2 to 3 words; longer runs are titles of things

# Capitalised, but not names: days and months (and their plurals: "Tuesdays").
NOT_NAMES = frozenset(
    """Monday Tuesday Wednesday Thursday Friday Saturday Sunday January February March April May June July August
    September October November December Jan Feb Mar Apr Jun Jul Aug Sep Sept Oct Nov Dec""".split()
) | frozenset(d + "s" for d in "Monday Tuesday Wednesday Thursday Friday Saturday Sunday".split())
# Capitalised, but never a name on their own, and never part of one: the words that name a part of a document
# ("See Section 4", "Chapter 1", "Table of Contents"; a real manual says them on every page), and interjections
# ("OK, it works", "Yes", "Hello"), which start sentences and lines of examples.
SECTION_WORDS = frozenset(
    """Chapter Chapters Section Sections Subsection Subsections Appendix Appendices Figure Figures Fig Table Tables
    Contents Index Part Page Pages Example Examples Exercise Exercises Note Notes Footnote Equation Listing Lst
    Paragraph Volume""".split()
)
INTERJECTIONS = frozenset("OK Ok Okay Yes Yeah No Hello Hi Hey Oh Ah Please Thanks Thank Sorry Welcome Bye".split())
# What follows a company's name ("Free Software Foundation, Inc."): part of a name that stands before it, never a
# name on its own.
COMPANY_SUFFIXES = frozenset("Inc Ltd Ltda GmbH Corp Co LLC LLP PLC Plc plc AG SA SARL BV NV Pty KG AB Oy".split())
TITLES = frozenset("Dr Mr Mrs Ms Mx Miss Prof Professor Doctor Sir Dame Lord Lady Rev Capt Lt Col Sgt Gen".split())
CONNECTORS = frozenset("of de du da di del della des la le van von der den y &".split())
# A word that makes a name a place, building, organisation or event, not a person, so its words are not aliases.
PLACE_WORDS = frozenset(
    """Academy Act Airport Avenue Award Bakery Bank Bay Beach Bridge Building Cafe Café Castle Cathedral Centre
    Center Church City Cliff Club College Committee Company Corporation Council County Court Cup Day Department
    Engine Festival Forest Foundation Gallery Garden Gardens Group Hall Harbour Harbor Hill Hospital Hotel House
    Institute Island Isle Lake Lane Library Lighthouse Market Ministry Mount Mountain Museum Ocean Office Palace
    National North Park Pier Port Prize Republic River Road Royal School Sea Society South Square Station Street
    Theatre Theater Tower Town United University Valley Village War West East""".split()
)

# A word starts with a letter and keeps inner apostrophes and hyphens ("O'Brien", "Anglo-Saxon"); a number or a
# punctuation mark is a token of its own, so it ends a run ("Fernport, Millbay" is two names).
_TOKEN = re.compile(r"[^\W\d_][\w'’\-]*|\d[\w.,:]*|[^\w\s]")
_LETTERS = re.compile(r"['’\-]")  # what may join the letters of a name's word
_POSSESSIVE = re.compile(r"['’]s?['’]*$")  # and TeX's closing quotes: "``GNU Free Documentation License''"
_STARTS_CLAUSE = frozenset(':“"\n•·▪◦●■►✓*')  # after "Methods:", an opening quote, a line break (see _lines) or
# a list's bullet ("· Initialy the"), a capital is a sentence start again
_VERSION = re.compile(r"\d{1,3}(?:[.,]|$)")  # "5.0", "2": a version or a level, not a year ("R Core Team 2022")
_DOTTED = re.compile(r"\d+\.\d")  # a version number: "4.2.2", "5.0"; not a list's "2."
_INITIAL = re.compile(r"[A-Z]\.")  # "M." in "John M. Chambers": an initial goes on a name
_URL = re.compile(r"(?:\w+://|www\.)\S*")  # an address's words are no runs: "RN-AffinityAPI" in a web address
# A path, an address, a file's or a function's name: "/boot/grub/", "pam.d", "debian.org", "read.table". The words in
# one are not counted as written in prose, so "grub" in "/boot/grub" does not make GRUB a common word.
_PATH = re.compile(r"\w[/\\@=]|[/\\]\w|\w\.[^\W\d_]")  # searched in one space-free piece at a time: linear
# An English compound is headed by its last part: with a lower-case head it is a common noun ("LR-box", "CPU-seconds",
# "Unix-alike", as "T-shirt", "X-ray"), however its first part is written; "S-Plus", "Kolmogorov-Smirnov" are not.
_LOWER_CASE_HEAD = re.compile(r"-[^\W\d_A-Z][^\W\dA-Z]*$")


@dataclass(frozen=True)
class FoundName:
    """A name the rules kept, and why: how many words, the passages that use it, the aliases found for it."""

    name: str
    words: int
    passages: tuple[str, ...]  # ids of the passages where the rules found the name itself
    aliases: tuple[str, ...] = ()
    product: bool = False  # one word kept for its shape or a trademark sign ("PostgreSQL", "Neo4J®")

    @property
    def entity(self) -> Entity:
        return Entity(self.name, self.aliases)

    @property
    def why(self) -> str:
        n = len(self.passages)
        how = (
            f"{self.words} capitalised words together"
            if self.words > 1
            else "written as a product's name (a capital inside, digits or a trademark sign)"
            if self.product
            else "capitalised, not only where a sentence starts"
        )
        also = f"; also written {', '.join(self.aliases)}" if self.aliases else ""
        return f"{how}, in {n} passage{'s' * (n != 1)}: {', '.join(self.passages)}{also}"


@dataclass(frozen=True)
class NamesFound:
    """The names, by first mention, and the aliases dropped because two names could claim them."""

    names: tuple[FoundName, ...]
    ambiguous: tuple[tuple[str, tuple[str, ...]], ...] = ()  # (alias, the names that could claim it)

    @property
    def entities(self) -> tuple[Entity, ...]:
        return tuple(n.entity for n in self.names)

    def to_dict(self) -> dict:
        return {
            "names": [
                {"name": n.name, "aliases": list(n.aliases), "passages": list(n.passages), "why": n.why}
                for n in self.names
            ],
            "ambiguous": [{"alias": a, "names": list(names)} for a, names in self.ambiguous],
        }


def _is_name_word(word: str) -> bool:
    if word in NOT_NAMES or _LOWER_CASE_HEAD.search(word):
        return False
    if word.isupper() and len(word) > 1:
        return True  # an acronym, even one that spells a filler word ("US")
    return word.lower().replace("’", "'").split("'")[0] not in STOP_WORDS  # "It", "I'm" are not names


def _runs(
    tokens: Sequence[str], written: Mapping[str, int], line: str = "", nouns: bool = False
) -> list[tuple[tuple[str, ...], bool, bool]]:
    """The runs of capitalised words of a sentence's tokens, each with whether it starts the sentence and whether the
    sentence uses it as a common noun (``common_nouns``); a run in code, one cut at a line's end and initials alone
    are left out (``name_shapes``). ``written`` counts every word as written; with ``nouns`` (a language that
    capitalises every noun) only a word's shape or an acronym counts.

    >>> _runs(_TOKEN.findall("Yesterday Dr. Ada Lovelace saw the Bank of England's vaults in London."), {})
    ... # doctest: +NORMALIZE_WHITESPACE
    [(('Yesterday',), True, False), (('Ada', 'Lovelace'), False, False), (('Bank', 'of', 'England'), False, False),
     (('London',), False, False)]
    >>> _runs(_TOKEN.findall("Set x ~ FLOW; then store it in a DBMS, or the Oracle section."), {})
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
        if run and not all(w in COMPANY_SUFFIXES for w in run) and not in_code(tokens, run_at, end, line):
            # (", Inc." alone is no name)
            common = (
                counted_noun(tokens, run_at, end)
                or section_title(tokens, run_at, end)
                or defined_term(tokens, run_at, end)
            )
            runs.append((tuple(run), run_starts, common))
        run.clear()

    for i, token in enumerate(tokens):
        if after_title:
            after_title = False
            if token == ".":  # "Dr." is one title, not the end of a run
                continue
        if token == "." and run and len(run[-1]) == 1 and _capitalised_next(tokens, i):
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
            word = _POSSESSIVE.sub("", token) if "'" in token or "’" in token else token
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
            elif _is_name_word(word) or (run and len(word) == 1 and _capitalised_next(tokens, i)):
                # (a capital letter between two capitalised words is an initial: "Ethan A Merritt")
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


def _after_label(run: tuple[str, ...], written: Mapping[str, int], known: set[tuple[str, ...]]) -> tuple[str, ...]:
    """A run without the common words before a name found mid-sentence elsewhere: "Book John Smith" is a running
    label's word and John Smith, "Normal Unix" a heading's word and Unix."""
    while len(run) > 1 and common_word(run[0], written) and run[1:] in known:
        run = run[1:]
    return run


def _headings(doc: Document) -> set[tuple[str, ...]]:
    """The words of a document's headings of 2 words or more, without their numbers ("1.2 Redirecting Output")."""
    titles = set()
    for line in doc.text.split("\n"):
        if line.startswith("#"):
            words = _TOKEN.findall(line.lstrip("#"))
            while words and not words[0][0].isalpha():
                words.pop(0)
            if len(words) > 1:
                titles.add(tuple(words))
    return titles


def _without_initials(name: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(w for w in name if not _INITIAL.fullmatch(w))


def _is_title(tokens: Sequence[str]) -> bool:
    """Whether a sentence is all capitalised words (and numbers, connectors): a title, a heading or a contents
    line ("1.2.2 Memory Resources") run into the text, where, as at a sentence's start, a capital proves nothing."""
    return not any(t[0].islower() and t not in CONNECTORS for t in tokens)


def _capitalised_next(tokens: Sequence[str], i: int) -> bool:
    return i + 1 < len(tokens) and tokens[i + 1][0].isupper()


def _title_case(word: str) -> bool:
    """ "Lovelace", "O'Brien", "McDonald"; not "RS", "CTLs", "Orai1" (codes and acronyms are not people's names)."""
    return word[1:2].islower() and word[0].isupper() and _LETTERS.sub("", word).isalpha()


def _initials(name: tuple[str, ...]) -> str:
    """ "RS" for "Royal Society"; "" for a name of one word or with a word that is not in title case ("HPV DNA")."""
    words = [w for w in name if w not in CONNECTORS]
    return "".join(w[0] for w in words) if len(words) > 1 and all(map(_title_case, words)) else ""


def _person_like(name: tuple[str, ...]) -> bool:
    return PERSON_WORDS[0] <= len(name) <= PERSON_WORDS[1] and all(
        _title_case(w) and w not in PLACE_WORDS for w in name
    )


def _prose(line: str) -> str:
    """``line`` without its paths and addresses (each space-free piece holding a _PATH mark).

    >>> _prose("Edit /boot/grub/menu.lst or see debian.org, then read.table() the GRUB way.")
    'Edit or see then the GRUB way.'
    """
    return " ".join(piece for piece in line.split() if not _PATH.search(piece))


def names_found(documents: Sequence[Document], size: int = DEFAULT_SIZE) -> NamesFound:
    """The names of some documents, each with why it was kept; passages are the ``size``-sentence chunks.

    The text is read in passes, each sentence tokenised again in each, and no pass keeps every token: every word
    as written first, then the runs of capitalised words, then, for the names of several words only, whether the
    text also writes their words together in lower case. Keeping every sentence's tokens and every two words
    written together took about 23 MB a MB of text (bench/README.md, "A folder of many large files")."""
    lines = [(doc, sentence_lines(doc)) for doc in documents]
    written: Counter[str] = Counter()  # every word as written, and how often: "Ninja" 109 times, "ninja" 33
    marked: set[str] = set()  # words written with a trademark sign
    short_forms: set[str] = set()  # abbreviations spelled out in lower case ("database management system (DBMS)")
    for _, sentences in lines:
        for line in sentences:
            tokens = _TOKEN.findall(line)
            written.update(_TOKEN.findall(_prose(line)) if "/" in line or "." in line else tokens)
            if "(" in tokens or "," in tokens:
                short_forms |= short_forms_of_common_terms(tokens)
            if "™" in line or "®" in line or "TM" in line:  # "Neo4J®": a product's name, from its first passage
                marked |= {w for w, sign in map(without_trademark, tokens) if sign}
    written.update(  # "rose's" is "rose" written
        {_POSSESSIVE.sub("", w): n for w, n in written.items() if "'" in w or "’" in w}
    )
    common: set[tuple[str, ...]] = set()  # runs the text uses as a common noun ("a DBMS", "the Setup section")
    found = []
    for doc, sentences in lines:
        passage = ""
        nouns = nouns_capitalised(doc.language.code)
        titles = _headings(doc)
        for i, line in enumerate(sentences):
            if i % size == 0:  # one id a passage, not a copy for each of its sentences
                passage = chunk_id(doc.slug, size, i // size + 1)
            tokens = _TOKEN.findall(_URL.sub(" ", line) if "://" in line or "www." in line else line)
            for run, starts, counted in _runs(tokens, written, line, nouns):
                found.append((run, starts or _is_title(tokens), passage))
                if counted or run in titles and any(common_word(w, written) for w in run):
                    common.add(run)  # ("Redirecting Output": a heading of the document, of common words)
    common |= _counted(found) | {(w,) for w in short_forms}
    mid_runs = {run for run, starts, _ in found if not starts}
    found = [(part, starts, passage) for run, starts, passage in found for part in _known_parts(run, mid_runs)]
    mid_words = {w for run in mid_runs for w in run}

    passages: dict[tuple[str, ...], dict[str, None]] = {}  # name -> its passages (ordered sets), by first mention
    starting: dict[str, None] = {}  # single words capitalised only at a sentence start: aliases at most
    for run, starts, passage in found:
        if starts and run not in mid_runs and all(common_word(w, written) for w in run):
            continue  # "Naming Consider", "2. Code Review": common words, capitalised where a sentence, a line or a
            # title starts (a heading run into its text), as any first word is
        run = _after_label(run, written, mid_runs)
        if starts and run[0] not in mid_words and not (len(run) == 1 and (shaped(run[0]) or run[0] in marked)):
            rest = run[1:]
            while rest and rest[0] in CONNECTORS:
                rest = rest[1:]
            if not rest:
                starting[run[0]] = None
                continue
            if rest in mid_runs:  # "Yesterday Mira Okafor", where Mira Okafor is a name found mid-sentence;
                run = rest  # else "Rose Tyler" may be a name (even with "rose" in lower case), so it is kept
        passages.setdefault(run, {})[passage] = None
    del found

    pairs = _pairs_in_lower_case(
        (sentences for _, sentences in lines),
        {n for n, ps in passages.items() if len(n) > 1 and len(ps) >= MULTI_WORD_PASSAGES},
    )
    multi = {
        n: None
        for n, ps in passages.items()
        if len(n) > 1
        and len(ps) >= MULTI_WORD_PASSAGES
        and not _written_in_lower_case(n, pairs)
        and not all(common_word(w, written) for w in n if w not in CONNECTORS)  # "Language Reference": a title's
    }
    claims: dict[str, list[tuple[str, ...]]] = {}  # a single word -> the names it may stand for
    for name in multi:
        if name in common:
            continue
        for word in dict.fromkeys([*(name if _person_like(name) else ()), _initials(name)]):
            if word and not any(_without_initials(o) == _without_initials(name) for o in claims.get(word, ())):
                claims.setdefault(word, []).append(name)  # "Brian D. Ripley" is "Brian Ripley": one claim
    aliases: dict[tuple[str, ...], list[str]] = {}
    ambiguous: dict[str, tuple[str, ...]] = {}
    own: set[str] = set()  # words that names of several words hold, and names on their own
    for word in dict.fromkeys([*(n[0] for n in passages if len(n) == 1), *starting]):
        owners = claims.get(word, ())
        if len(owners) > 1 and len(passages.get((word,), ())) > sum(len(passages[o]) for o in owners):
            own.add(word)  # "Linux" alone more often than "Oracle Linux", "Scientific Linux"...: a name of its own
            continue
        if len(word) < 2 or word.lower() in written:  # the graph matches any case: "Rose" would find "rose"
            continue
        if len(owners) == 1:
            aliases.setdefault(owners[0], []).append(word)
        elif len(owners) > 1:
            ambiguous[word] = tuple(" ".join(o) for o in owners)
    taken = {word for names in aliases.values() for word in names} | set(ambiguous)
    letters = letter_names([doc.text for doc in documents])  # "R": a letter the text writes as a name
    names = [
        FoundName(
            " ".join(n), len(n), tuple(ps), tuple(aliases.get(n, ())), len(n) == 1 and (shaped(n[0]) or n[0] in marked)
        )
        for n, ps in passages.items()
        if n not in common
        and (
            n in multi
            or (
                len(n) == 1
                and (len(ps) >= SINGLE_WORD_PASSAGES or shaped(n[0]) or n[0] in marked)
                and (one_word_name(n[0]) or n[0] in letters)
                and n[0] not in taken
                and (n[0] not in claims or n[0] in own)  # "John", "License": a word of several names
                and (shaped(n[0]) or not common_word(n[0], written))
                and not misspelt(n[0], written)
            )
        )
    ]
    return NamesFound(tuple(names), tuple(ambiguous.items()))


def _counted(found: Sequence[tuple[tuple[str, ...], bool, str]]) -> set[tuple[str, ...]]:
    """The acronyms and the names of several words that the text also writes in the plural, or the singular, in
    ``SINGLE_WORD_PASSAGES`` passages or more: what is counted is a kind of thing, not one ("DBMS" and "DBMSs",
    "Front-Cover Text" and "Front-Cover Texts"; one "Free Software Foundations’s" may be a slip). A word in
    title case keeps its plural ("Unixes", "Makefiles" name a kind).

    >>> found = [(("DBMS",), False, "p1"), (("DBMSs",), False, "p1"), (("DBMSs",), False, "p2"),
    ...          (("Cover", "Text"), False, "p1"), (("Cover", "Texts"), True, "p2"), (("Cover", "Texts"), True, "p3"),
    ...          (("Makefile",), False, "p1"), (("Makefiles",), False, "p2"), (("Makefiles",), False, "p3")]
    >>> sorted(_counted(found))  # "Cover Texts" stays: "Cover Text" is in one passage only
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


def _known_parts(run: tuple[str, ...], known: set[tuple[str, ...]]) -> list[tuple[str, ...]]:
    """A run of more words than a person's name cut into the people's names found elsewhere
    and what stands between them: a title page's line "Fabio Fiorina Simon Josefsson Nikos Mavrogiannopoulos",
    when Simon Josefsson is a name found on its own. Any other run is left whole.

    >>> _known_parts(tuple("Fabio Fiorina Simon Josefsson Nikos Mavrogiannopoulos".split()), {("Simon", "Josefsson")})
    [('Fabio', 'Fiorina'), ('Simon', 'Josefsson'), ('Nikos', 'Mavrogiannopoulos')]
    """
    if len(run) <= PERSON_WORDS[1]:
        return [run]
    parts: list[tuple[str, ...]] = []
    i = last = 0
    while i < len(run):
        n = next((n for n in range(PERSON_WORDS[1], PERSON_WORDS[0] - 1, -1) if run[i : i + n] in known), 0)
        if n and _person_like(run[i : i + n]):
            parts += [run[last:i]] if i > last else []
            parts.append(run[i : i + n])
            i = last = i + n
        else:
            i += 1
    return [*parts, run[last:]] if last < len(run) else parts


def _pairs_in_lower_case(documents: Iterable[Sequence[str]], names: Iterable[tuple[str, ...]]) -> set[tuple[str, str]]:
    """Which two words next to each other in ``names``, in lower case, the text also writes together in lower case
    ("format string"), its sentences tokenised again; not one pass over the text when no name has two words.

    >>> sorted(_pairs_in_lower_case([["Use a Format String.", "A format string, and a free software."]],
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
            tokens = _TOKEN.findall(line)
            seen.update(
                (a, b)
                for a, b in zip(tokens, tokens[1:], strict=False)
                if a in firsts and (a, b) in wanted and a.islower() and b.islower()
            )
    return seen


def _written_in_lower_case(name: tuple[str, ...], pairs: set[tuple[str, str]]) -> bool:
    """Whether every two words of a name are also written together in lower case: the graph finds a name in any
    case, so "Format String" would find every "format string" ("Free Software Foundation" is never so written)."""
    return all((a.lower(), b.lower()) in pairs for a, b in zip(name, name[1:], strict=False))


def find_names(documents: Sequence[Document], size: int = DEFAULT_SIZE) -> tuple[Entity, ...]:
    """The entity list the rules find, by first mention: ``EntityGraph(chunks, find_names(documents))``."""
    return names_found(documents, size).entities
