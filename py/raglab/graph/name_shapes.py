"""What a word's own letters, and how often the text writes it in lower case, say about a name (``names.py`` asks).

1. **A shape no common word has.** A capital after a small letter, or letters and digits mixed: "PostgreSQL",
   "ClickHouse", "CMake", "Neo4J", "ChatGLM3-6B", "GRUB2", "IPv6", an acronym and a dotted number ("ASN.1"). Such a
   word is a product's or a project's name wherever it stands, at a sentence's start too, and once is enough. Not
   "V1" or "x2" (a letter and an index).
2. **A trademark sign** ends a name ("Neo4J®", "Valkey™", "ValkeyTM" as a PDF gives it): the sign is dropped, and
   the words before it that the text writes in lower case belong to the sentence, not the name ("Key Value
   ValkeyTM" is a label's words and Valkey).
3. **Code, not a name:** a constant in capitals with an underscore ("ASN1_SUCCESS", "KERN_NOTICE") and what stands
   next to one ("CARD32 ATOM_OFFSET": a declaration's type).
4. **A word cut at a line's end** ("Diffusion Mod-"): a hyphen with nothing after it is a word the reader could not
   join, so the run it ends is a piece of something.
5. **Initials alone** ("M. Z"): no word of a name is there to find.
6. **A misspelt common word** ("Initialy" for "initially", "Adress"): one letter of a doubled pair dropped, where the
   text writes the word in lower case with both.
7. **As often in lower case as capitalised** (``LOWER_CASE_SHARE``): the graph finds a name in any case, so a word
   the text writes in lower case at least 0.4 times as often as capitalised is a common word ("Format", "Make" in a
   manual that says "make" 136 times); "Ninja" (109 times) and "ninja" (33, the command) name the same program.
8. **A language that capitalises every noun** (German): there a capital proves nothing, so only the shapes of rule 1
   and acronyms count ("Die Unit-Konfigurationsdateien" is no name; "GRUB2", "UEFI" are).
9. **A date's or a time's format** ("YYYYMMDDhhmmss", "YYYY-MM-DD", "hh’mm"): each letter stands for a part of a
   date, doubled as the digits it takes; the mixed case is a pattern's, not a product's.
10. **A report's number** ("PR102024", a bug; "P2334R1", a paper and its revision): a letter or two before five
   digits or more, or before four and a revision, count things filed, not a product ("LA464", "GRUB2", "C90" are).

>>> [w for w in ["PostgreSQL", "ClickHouse", "Neo4J", "ChatGLM3-6B", "IPv6", "CMake", "Stata", "V1", "OSes", "RS"]
...  if shaped(w)]
['PostgreSQL', 'ClickHouse', 'Neo4J', 'ChatGLM3-6B', 'IPv6', 'CMake']
>>> without_trademark("Neo4J®"), without_trademark("ValkeyTM"), without_trademark("HTML")
(('Neo4J', True), ('Valkey', True), ('HTML', False))
>>> misspelt("Initialy", {"initially": 3}), misspelt("Stata", {"state": 4})
(True, False)
"""

from __future__ import annotations

import re
from collections.abc import Mapping

LOWER_CASE_SHARE = 0.4  # a word written in lower case at least this often per capitalised use is a common word (0-1)
NOUNS_CAPITALISED = frozenset({"de"})  # languages (ISO 639-1) that capitalise every noun

_INNER_CAPITAL = re.compile(r"[a-z][A-Z]|^[A-Z]{2,}[a-z]{2}")  # "PostgreSQL", "ClickHouse"; "CMake", "TEXLive"
_LETTERS_AND_DIGITS = re.compile(r"[^\W\d_]{2,}\d|\d[^\W\d_]|[^\W\d_]\d+[^\W\d_]|^[A-Z]+\.\d")  # "X11", "6B", "ASN.1"
_ACRONYM_PLURAL = re.compile(r"[A-Z]{2,}e?s")
_TRADEMARK = re.compile(r"(?<=[a-z0-9])(?:TM|™|®)$|[™®]$")
_DATE_FORMAT = re.compile(r"(?=.*(?:YY|MM|DD))(?:YYYY|YY|MM|DD|hh|HH|mm|ss|SS|[-:.’'/+])+")  # "YYYYMMDDhhmmss"
_REPORT_NUMBER = re.compile(r"[A-Z]{1,2}\d{5,}|[A-Z]{1,2}\d{4}R\d{1,2}")  # "PR102024", "P2334R1"
_CONSTANT = re.compile(r"^[A-Z0-9]*_[A-Z0-9_]*$|^[A-Z][A-Z0-9]*_")  # "ASN1_SUCCESS", "_OFFSET", "R_HOME"


def shaped(word: str) -> bool:
    """Whether a word's letters make it a name wherever it stands (rule 1)."""
    if "_" in word or _ACRONYM_PLURAL.fullmatch(word) or date_format(word):
        return False  # a constant; "OSes", "PCs"; "YYYYMMDDhhmm"
    return bool(_INNER_CAPITAL.search(word) or _LETTERS_AND_DIGITS.search(word))


def date_format(word: str) -> bool:
    """Whether a word is a date's or a time's format, its letters doubled for the digits they take (rule 9).

    >>> [w for w in ["YYYYMMDDhhmmss", "YYYY-MM-DD", "YYYYMMDDhhmm-hh’mm", "MMDD", "DDR", "YYZ"] if date_format(w)]
    ['YYYYMMDDhhmmss', 'YYYY-MM-DD', 'YYYYMMDDhhmm-hh’mm', 'MMDD']
    """
    return bool(_DATE_FORMAT.fullmatch(word))


def without_trademark(word: str) -> tuple[str, bool]:
    """The word without a trademark sign, and whether it had one (rule 2)."""
    bare = _TRADEMARK.sub("", word)
    return (bare, True) if bare != word and bare else (word, False)


def constant(word: str) -> bool:
    """Whether a word is a constant of code (capitals, digits and an underscore: rule 3) or a report's number
    (rule 10).

    >>> [w for w in ["ASN1_SUCCESS", "PR102024", "PR19808", "P2334R1", "LA464", "X11", "ISO9660"] if constant(w)]
    ['ASN1_SUCCESS', 'PR102024', 'PR19808', 'P2334R1']
    """
    return "_" in word and bool(_CONSTANT.match(word)) or bool(_REPORT_NUMBER.fullmatch(word))


def cut_at_line_end(word: str) -> bool:
    """Whether a word ends in a hyphen: the first half of a word broken across a line (rule 4)."""
    return word.endswith("-")


def initials_only(run: tuple[str, ...]) -> bool:
    """Whether every word of a run is one letter, with or without its full stop (rule 5): "M. Z", "J. K", "M."; a
    letter alone with no full stop is left to ``name_letters`` ("R")."""
    return all(len(w.rstrip(".")) == 1 for w in run) and (len(run) != 1 or run[0].endswith("."))


def misspelt(word: str, counts: Mapping[str, int]) -> bool:
    """Whether a word is a lower-case word of the text with one of a doubled letter dropped (rule 6)."""
    lower = word.lower()
    if len(lower) < 5 or lower in counts:
        return False
    return any(lower[: i + 1] + lower[i:] in counts for i in range(1, len(lower)) if lower[i].isalpha())


def common_word(word: str, counts: Mapping[str, int]) -> bool:
    """Whether the text writes the word in lower case at least ``LOWER_CASE_SHARE`` as often as as written (rule 7).

    >>> common_word("Ninja", {"Ninja": 109, "ninja": 33}), common_word("Make", {"Make": 27, "make": 136})
    (False, True)
    """
    lower = word.lower()
    return lower != word and counts.get(lower, 0) > 0 and counts[lower] >= LOWER_CASE_SHARE * counts.get(word, 0)


def nouns_capitalised(language_code: str) -> bool:
    """Whether a capital in this language proves nothing, as every noun has one (rule 8)."""
    return language_code in NOUNS_CAPITALISED


def one_word_name(word: str) -> bool:
    """Whether a word alone may be a name: not one letter (``name_letters`` says which are), not a capital and one
    letter ("Xb", "Sm": an example's variables, far more often than a name), not one letter with an index ("V1",
    "M_1", "x2": a variable, as in mathematics), not an acronym's plural ("DBMSs", "PRs", "OSes": a common noun's).

    >>> [w for w in ["R", "Xb", "V1", "M_1", "ARG0", "Excel", "CRAN", "DBMSs", "PRs", "OSes"] if one_word_name(w)]
    ['ARG0', 'Excel', 'CRAN']
    """
    letters = sum(c.isalpha() for c in word)
    return letters > 2 - word.isupper() and not _ACRONYM_PLURAL.fullmatch(word) and not date_format(word)
