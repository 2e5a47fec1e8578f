"""Names found by rules: an entity list for a visitor's own documents, with no hand-written list and no model.

In the spirit of GraphRAG's fast (noun-phrase) indexing, a name is a run of capitalised words inside a sentence
("Mira Okafor"; "of" may join two of them, "Bank of England", but never ends one). A capital at a sentence's start
proves nothing ("Bikes ride free"): a first word counts when it is capitalised mid-sentence too, or stands before
more capitalised words ("Fernport School teaches"), unless those are a name found mid-sentence elsewhere
("Yesterday Mira Okafor" gives Mira Okafor). A name of 2 or more words is kept from its first passage, a single
word once it is capitalised in 2 passages ("Millbay") or listed alone between commas ("Dublin, Ohio"). Days,
months, "I", titles ("Dr." says the words after it are a name) and words also written in lower case are no one-word
names: the graph finds a name in any case, so "Rose" would find every "rose".

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

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ..documents.chunking import DEFAULT_SIZE, chunk_id
from ..documents.corpus import Document, Entity
from .common_nouns import short_forms_of_common_terms
from .name_aliases import initials, known_parts, person_like, without_initials
from .name_edits import EDITS as EDITS
from .name_edits import apply_edits as apply_edits
from .name_edits import edits_from_record as edits_from_record
from .name_letters import letter_names
from .name_lines import sentence_lines
from .name_runs import is_title, listed_words, sentence_runs
from .name_shapes import common_word, misspelt, nouns_capitalised, one_word_name, shaped, without_trademark
from .name_usage import URL, counted_runs, headings, pairs_in_lower_case, prose, written_in_lower_case
from .name_words import COMMON_ACRONYMS, CONNECTORS, MULTI_WORD_PASSAGES, POSSESSIVE, SINGLE_WORD_PASSAGES, TOKEN


@dataclass(frozen=True)
class FoundName:
    """A name the rules kept, and why: how many words, the passages that use it, the aliases found for it."""

    name: str
    words: int
    passages: tuple[str, ...]  # ids of the passages where the rules found the name itself
    aliases: tuple[str, ...] = ()
    product: bool = False  # one word kept for its shape or a trademark sign ("PostgreSQL", "Neo4J®")
    listed: bool = False  # one word kept from one passage as an item of a list of names ("Moscow, Russia")

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
            else "capitalised, alone between commas in a list of such words"
            if self.listed
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


def after_label(run: tuple[str, ...], written: Mapping[str, int], known: set[tuple[str, ...]]) -> tuple[str, ...]:
    """A run without the common words before a name found mid-sentence elsewhere: "Book John Smith" is a running
    label's word and John Smith, "Normal Unix" a heading's word and Unix."""
    while len(run) > 1 and common_word(run[0], written) and run[1:] in known:
        run = run[1:]
    return run


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
            tokens = TOKEN.findall(line)
            written.update(TOKEN.findall(prose(line)) if "/" in line or "." in line else tokens)
            if "(" in tokens or "," in tokens:
                short_forms |= short_forms_of_common_terms(tokens)
            if "™" in line or "®" in line or "TM" in line:  # "Neo4J®": a product's name, from its first passage
                marked |= {w for w, sign in map(without_trademark, tokens) if sign}
    written.update(  # "rose's" is "rose" written
        {POSSESSIVE.sub("", w): n for w, n in written.items() if "'" in w or "’" in w}
    )
    common: set[tuple[str, ...]] = set()  # runs the text uses as a common noun ("a DBMS", "the Setup section")
    listed: set[str] = set()  # capitalised words the text lists alone between commas ("Dublin, Ohio")
    found = []
    for doc, sentences in lines:
        passage = ""
        nouns = nouns_capitalised(doc.language.code)
        titles = headings(doc)
        for i, line in enumerate(sentences):
            if i % size == 0:  # one id a passage, not a copy for each of its sentences
                passage = chunk_id(doc.slug, size, i // size + 1)
            tokens = TOKEN.findall(URL.sub(" ", line) if "://" in line or "www." in line else line)
            if "," in tokens:
                listed |= listed_words(tokens)
            for run, starts, counted in sentence_runs(tokens, written, line, nouns):
                found.append((run, starts or is_title(tokens), passage))
                if counted or run in titles and any(common_word(w, written) for w in run):
                    common.add(run)  # ("Redirecting Output": a heading of the document, of common words)
    common |= counted_runs(found) | {(w,) for w in short_forms | COMMON_ACRONYMS}
    mid_runs = {run for run, starts, _ in found if not starts}
    found = [(part, starts, passage) for run, starts, passage in found for part in known_parts(run, mid_runs)]
    mid_words = {w for run in mid_runs for w in run}

    passages: dict[tuple[str, ...], dict[str, None]] = {}  # name -> its passages (ordered sets), by first mention
    starting: dict[str, None] = {}  # single words capitalised only at a sentence start: aliases at most
    for run, starts, passage in found:
        if starts and run not in mid_runs and all(common_word(w, written) for w in run):
            continue  # "Naming Consider", "2. Code Review": common words, capitalised where a sentence, a line or a
            # title starts (a heading run into its text), as any first word is
        run = after_label(run, written, mid_runs)
        if starts and run[0] not in mid_words and not (len(run) == 1 and (shaped(run[0]) or run[0] in marked | listed)):
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

    pairs = pairs_in_lower_case(
        (sentences for _, sentences in lines),
        {n for n, ps in passages.items() if len(n) > 1 and len(ps) >= MULTI_WORD_PASSAGES},
    )
    multi = {
        n: None
        for n, ps in passages.items()
        if len(n) > 1
        and len(ps) >= MULTI_WORD_PASSAGES
        and not written_in_lower_case(n, pairs)
        and not all(common_word(w, written) for w in n if w not in CONNECTORS)  # "Language Reference": a title's
    }
    claims: dict[str, list[tuple[str, ...]]] = {}  # a single word -> the names it may stand for
    for name in multi:
        if name in common:
            continue
        for word in dict.fromkeys([*(name if person_like(name) else ()), initials(name)]):
            if word and not any(without_initials(o) == without_initials(name) for o in claims.get(word, ())):
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
            " ".join(n),
            len(n),
            tuple(ps),
            tuple(aliases.get(n, ())),
            len(n) == 1 and (shaped(n[0]) or n[0] in marked),
            len(n) == 1 and len(ps) < SINGLE_WORD_PASSAGES and n[0] in listed,
        )
        for n, ps in passages.items()
        if n not in common
        and (
            n in multi
            or (
                len(n) == 1
                and (len(ps) >= SINGLE_WORD_PASSAGES or shaped(n[0]) or n[0] in marked or n[0] in listed)
                and (one_word_name(n[0]) or n[0] in letters)
                and n[0] not in taken
                and (n[0] not in claims or n[0] in own)  # "John", "License": a word of several names
                and (shaped(n[0]) or not common_word(n[0], written))
                and not misspelt(n[0], written)
            )
        )
    ]
    return NamesFound(tuple(names), tuple(ambiguous.items()))


def find_names(documents: Sequence[Document], size: int = DEFAULT_SIZE) -> tuple[Entity, ...]:
    """The entity list the rules find, by first mention: ``EntityGraph(chunks, find_names(documents))``."""
    return names_found(documents, size).entities
