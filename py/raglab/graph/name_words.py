"""The words the name rules read one at a time (``names.py``): how a sentence is cut into tokens, which capitalised
words are never names or parts of one (days, section words, interjections, titles), which join two (connectors),
and which make a name a place or an organisation rather than a person.

>>> TOKEN.findall("O'Brien met Mira at Fernport, 2 p.m. in ASN.1, R.")
["O'Brien", 'met', 'Mira', 'at', 'Fernport', ',', '2', 'p', '.', 'm', '.', 'in', 'ASN.1', ',', 'R', '.']
>>> [w for w in ("Tuesday", "It", "US", "LR-box", "Millbay") if is_name_word(w)]
['US', 'Millbay']
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..documents.text import STOP_WORDS

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
# The short forms of common terms of computing that manuals write without spelling them out ("the API", "a GUI",
# "BIOS settings"): a kind of thing, not one, however capitalised; never a name on their own (a longer name may hold
# one: "GLPK API"). The tuning set's (bench/reading) and no more, so the held-out sets stay a test of the list.
COMMON_ACRONYMS = frozenset("API BIOS CI DBMS GUI MSS MTU OS UUID".split())
TITLES = frozenset("Dr Mr Mrs Ms Mx Miss Prof Professor Doctor Sir Dame Lord Lady Rev Capt Lt Col Sgt Gen".split())
# Small words inside a name of several (an organisation, a place, a person), in the languages the lab reads most:
# "Bank of England", "Universidade do Porto", "Programa Doutoral em Engenharia", "Institut für Informatik".
CONNECTORS = frozenset(
    "of de du da do dos das di del della delle degli dei des em la le van von der den für y &".split()
)
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
# punctuation mark is a token of its own, so it ends a run ("Fernport, Millbay" is two names). An acronym with a
# number after a full stop and no space is one word, a standard's name ("ASN.1", "X.509"; ``name_shapes``).
TOKEN = re.compile(r"[A-Z]+\.\d+(?:\.\d+)*(?![\w.])|[^\W\d_][\w'’\-]*|\d[\w.,:]*|[^\w\s]")
_LETTERS = re.compile(r"['’\-]")  # what may join the letters of a name's word
POSSESSIVE = re.compile(r"['’]s?['’]*$")  # and TeX's closing quotes: "``GNU Free Documentation License''"
_STARTS_CLAUSE = frozenset(':“"\n•·▪◦●■►✓*')  # after "Methods:", an opening quote, a line break (see _lines) or
# a list's bullet ("· Initialy the"), a capital is a sentence start again
_VERSION = re.compile(r"\d{1,3}(?:[.,]|$)")  # "5.0", "2": a version or a level, not a year ("R Core Team 2022")
_DOTTED = re.compile(r"\d+\.\d")  # a version number: "4.2.2", "5.0"; not a list's "2."
_INITIAL = re.compile(r"[A-Z]\.")  # "M." in "John M. Chambers": an initial goes on a name
URL = re.compile(r"(?:\w+://|www\.)\S*")  # an address's words are no runs: "RN-AffinityAPI" in a web address
# A path, an address, a file's or a function's name: "/boot/grub/", "pam.d", "debian.org", "read.table". The words in
# one are not counted as written in prose, so "grub" in "/boot/grub" does not make GRUB a common word.
_PATH = re.compile(r"\w[/\\@=]|[/\\]\w|\w\.[^\W\d_]")  # searched in one space-free piece at a time: linear
# An English compound is headed by its last part: with a lower-case head it is a common noun ("LR-box", "CPU-seconds",
# "Unix-alike", as "T-shirt", "X-ray"), however its first part is written; "S-Plus", "Kolmogorov-Smirnov" are not.
_LOWER_CASE_HEAD = re.compile(r"-[^\W\d_A-Z][^\W\dA-Z]*$")


def is_name_word(word: str) -> bool:
    if word in NOT_NAMES or _LOWER_CASE_HEAD.search(word):
        return False
    if word.isupper() and len(word) > 1:
        return True  # an acronym, even one that spells a filler word ("US")
    return word.lower().replace("’", "'").split("'")[0] not in STOP_WORDS  # "It", "I'm" are not names


def capitalised_next(tokens: Sequence[str], i: int) -> bool:
    return i + 1 < len(tokens) and tokens[i + 1][0].isupper()


def title_case(word: str) -> bool:
    """ "Lovelace", "McDonald", "Jean-Pierre"; not "RS", "CTLs", "Orai1" (codes and acronyms are not
    people's names), nor "OpenType", "PowerPoint": a capital inside a word is a product's, except after a surname's
    prefix ("Mc", "Mac", "De", "Van", ...), so "OpenType Math" is no person and "Math" no alias of it.

    >>> [w for w in ["Lovelace", "McDonald", "MacArthur", "Jean-Pierre", "DeVito", "OpenType", "PowerPoint", "RS"]
    ...  if title_case(w)]
    ['Lovelace', 'McDonald', 'MacArthur', 'Jean-Pierre', 'DeVito']
    """
    if not (word[1:2].islower() and word[0].isupper() and _LETTERS.sub("", word).isalpha()):
        return False
    return all(len(part) == 1 or part[1:].islower() or _SURNAME_PREFIX.match(part) for part in _LETTERS.split(word))


_SURNAME_PREFIX = re.compile(r"(?:Mc|Mac|De|Di|Da|Du|Le|La|Van|Von|Fitz)[A-Z][a-z]+$")
