"""Signs, in the text itself, that capitalised words are a common noun or code, not a name (``names.py`` asks).

A capital says a word may be a name; how the text uses it can say it is not. Each sign below is one a grammar
book gives for English, where a proper noun names one thing:

1. **A determiner that counts.** "a DBMS", "an MMC Site may", "any Warranty Disclaimers,", "this License,": a
   name takes no "a", "any", "this" or "these" (it names one thing already), so capitalised words after one, ending
   their noun phrase, are a common noun, however written. Ending the phrase matters: "a CRAN mirror", "an R
   package" use a name to modify a common noun.
2. **A plural.** "DBMS" and "DBMSs", "Front-Cover Text" and "Front-Cover Texts": what the text counts is a kind of
   thing. (A one-word name in title case keeps its plural, "Unixes", "Makefiles": it names the kind.)
3. **An abbreviation spelled out in lower case.** "database management system (DBMS)", "the weighted sum of
   squared residuals, WSSR": a common term's short form; "Comprehensive R Archive Network (CRAN)" is a name's.
   The long form is found as Schwartz and Hearst find it (A simple algorithm for identifying abbreviation
   definitions in biomedical text, PSB 2003): each letter of the short form, from the last, in the words before
   it, the first letter at the start of a word. In a script with no capitals (Chinese, Japanese), words of that
   script spelling it out are written as lower case is: "最大传输单元 (MTU)" (maximum transmission unit) is a term.
4. **A section's title.** "the Continuous Integration section", "see Change Log in The GNU Emacs Manual": the
   words name a part of a document.
6. **A term the text defines.** "“Massive Multiauthor Collaboration Site” (or “MMC Site”) means any ...", "“Title
   Page” means": words in quotes that the sentence then says the meaning of are a term of the text.
5. **Code and drawn tables.** "MC <- function(f)", "l ~ LOC, quantity[l] ~ QUAN;", "x(San~Diego,Topeka)": a word
   next to an operator, or called with "(", is an identifier, and so is a string in a list of them ('c("LMH",
   "SPC")'); in a line with a rule drawn in hyphens ("------"), capitalised words are a table's headings. Their
   capitals prove nothing.

>>> tokens = "For larger data use a database management system ( DBMS ) , not a DBMS .".split()
>>> short_forms_of_common_terms(tokens), short_forms_of_common_terms("设置最佳 最大传输单元 ( MTU ) 。".split())
({'DBMS'}, {'MTU'})
>>> [counted_noun(tokens, i, i + 1) for i in (9, 14)]  # "( DBMS )"; "a DBMS ."
[False, True]
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence

from ..documents.text import STOP_WORDS
from .name_shapes import shaped

# Words that count what follows them ("the" and "this" do not: "the Royal Society", "this London").
COUNTING = frozenset("a an another any each every no several some such this these those".split())
MODALS = frozenset("may might must shall".split())  # not in STOP_WORDS, yet end a noun phrase as "can" does
SECTION_NOUNS = frozenset("section sections subsection chapter appendix".split())
# Operators of code: a word touching one is an identifier (so is one touching "<-", ":=", or a statement's last
# ";"). Not what prose writes around names: "/" ("ISO/IEC"), "+" ("GDI+"), "*", "&" ("Chapman & Hall"), "-",
# "<" and ">" ("Harley Mackenzie <hjm@bigpond.com>"), "|" (a Markdown table's cells), "[" and "]" ("[Nature Methods
# 8:441]"), ";" mid-sentence, nor "=" in a web address ("package=XLConnect").
CODE_MARKS = frozenset("= ~ { } $ ^".split())
_PAIRS = (["<", "-"], [":", "="])
PHRASE_ENDS = frozenset(',.;:)!?"”’')  # not "/", "-" or "(": "a Chinese/Japanese locale", "a FAQ (...) list"
LONGEST = 5  # a long form may have up to min(letters + LONGEST, 2 * letters) words (Schwartz and Hearst)


def counted_noun(tokens: Sequence[str], start: int, end: int) -> bool:
    """Whether tokens[start:end] (capitalised words) follow a counting word and end their noun phrase (rule 1).

    A line that stops with no mark after them proves no end: a page or a footnote may cut the sentence there ("the
    default for an R" and, after the break, "package").

    >>> counted_noun("for a DBMS .".split(), 2, 3), counted_noun("the default for an R".split(), 4, 5)
    (True, False)
    """
    if start == 0 or tokens[start - 1] not in COUNTING:  # "A First Course in Statistics" is a title
        return False
    return end < len(tokens) and _ends_phrase(tokens, end)


def section_title(tokens: Sequence[str], start: int, end: int) -> bool:
    """Whether tokens[start:end] are followed by "section" or "chapter", or are a cross-reference's part of a
    manual: "see Change Log in The GNU Emacs Manual" (rule 4). A title is of words; a product's shape is a name
    before "sections" too: "OpenMP sections" are OpenMP's.

    >>> [section_title(t.split(), 1, 3) for t in ("the Continuous Integration section", "in OpenMP sections")]
    [True, False]
    """
    if end == len(tokens) or all(shaped(t) for t in tokens[start:end]):
        return False
    return tokens[end] in SECTION_NOUNS or (tokens[end] == "in" and start > 0 and tokens[start - 1] == "see")


OPENING_QUOTES = frozenset('“"‘')
CLOSING_QUOTES = frozenset('”"’')
DEFINING = 8  # tokens after the closing quote that may come before "means" ("(or “MMC Site”) means")


def defined_term(tokens: Sequence[str], start: int, end: int) -> bool:
    """Whether tokens[start:end] stand in quotes that the sentence then defines with "means" (rule 6).

    >>> tokens = "“ Title Page ” means the text near".split()
    >>> defined_term(tokens, 1, 3), defined_term("“ Title Page ” is long".split(), 1, 3)
    (True, False)
    """
    if start == 0 or tokens[start - 1] not in OPENING_QUOTES or end >= len(tokens) or tokens[end] not in CLOSING_QUOTES:
        return False
    return "means" in tokens[end + 1 : end + 1 + DEFINING]


def in_code(tokens: Sequence[str], start: int, end: int, line: str) -> bool:
    """Whether tokens[start:end] touch an operator or are called: "MC(" (rule 5).

    >>> line = "MC <- function(f) f; x(San~Diego, Topeka)"
    >>> tokens = "MC < - function ( f ) f ; x ( San ~ Diego , Topeka )".split()
    >>> [in_code(tokens, i, i + 1, line) for i in (0, 11, 13, 15)]
    [True, True, True, False]
    """
    before = tokens[start - 1] if start else ""
    after = tokens[end] if end < len(tokens) else ""
    if before == "=" and "://" in line and "=" + tokens[start] in line.split("://", 1)[1]:
        before = ""  # "https://CRAN.R-project.org/package=XLConnect": a web address's query, not code
    if before in CODE_MARKS or after in CODE_MARKS or after == "(" and tokens[end - 1] + "(" in line:
        return True
    if (
        before == after == '"'
        and ", " in line
        and (tokens[start - 2 : start - 1] == [","] or tokens[end + 1 : end + 2] == [","])
    ):
        return True  # a string in a list of them: c("LMH", "SJC", "SPC"), a program's data
    if "---" in line:  # a table drawn in text: "Row name St Activity Lower bound Upper bound Marginal ------"
        return True
    return tokens[max(start - 2, 0) : start] in _PAIRS or tokens[end : end + 2] in _PAIRS or after == ";" == tokens[-1]


def _ends_phrase(tokens: Sequence[str], at: int) -> bool:
    """Whether tokens[at] ends a noun phrase: a punctuation mark (not the dot of ".xls"), a filler word, a modal."""
    token = tokens[at]
    if token[0].isalpha():
        return token.lower() in STOP_WORDS or token in MODALS
    if token == "." and at + 1 < len(tokens) and tokens[at + 1][0].islower():
        return False  # "an Excel .xls file"
    return token in PHRASE_ENDS


def short_forms_of_common_terms(tokens: Sequence[str]) -> set[str]:
    """The short forms a sentence spells out in lower case, "long form (SHORT)" or "long form, SHORT" (rule 3)."""
    found = set()
    for i, token in enumerate(tokens):
        if i < 2 or tokens[i - 1] not in ("(", ",") or not _short_form(token):
            continue
        if tokens[i - 1] == "(" and unicodedata.category(tokens[i - 2][-1]) == "Lo":
            found.add(token)  # spelt out in a script with no capitals: "最大传输单元 (MTU)"
            continue
        letters = [c.lower() for c in token if c.isalpha()]
        if token.endswith("s") and token[:-1].isupper():
            letters.pop()  # "DBMSs": the plural's s is no initial
        most = min(len(letters) + LONGEST, 2 * len(letters))
        words = [t for t in tokens[max(i - 1 - most, 0) : i - 1] if t[0].isalpha()]
        long_form = _long_form(letters, words)
        if long_form and all(w[0].islower() for w in long_form[1:]):
            if long_form[0][0].islower() or _first(tokens, long_form[0]):  # a sentence's capital proves nothing
                found.add(token)
    return found


def _short_form(token: str) -> bool:
    """ "DBMS", "DBMSs", "Q-Q": at least 2 capitals and no lower-case letter but a plural's s."""
    core = token[:-1] if token.endswith("s") else token
    return sum(c.isupper() for c in core) >= 2 and not any(c.islower() for c in core)


def _first(tokens: Sequence[str], word: str) -> bool:
    """Whether ``word`` is the sentence's first word (its capital is the sentence's)."""
    return next((t for t in tokens if t[0].isalpha()), "") == word


def _long_form(letters: Sequence[str], words: Sequence[str]) -> list[str]:
    """The words that spell ``letters`` out, Schwartz and Hearst's way: from the last letter back, each found in the
    text before the previous one, the first at the start of a word; [] when they do not.

    >>> _long_form(list("wssr"), "the weighted sum of squared residuals".split())
    ['weighted', 'sum', 'of', 'squared', 'residuals']
    >>> _long_form(list("qq"), ["Quantile-quantile"])
    ['Quantile-quantile']
    >>> _long_form(list("cran"), "the R archive".split())
    []
    """
    text = " ".join(words).lower()
    at = len(text) - 1
    for k in range(len(letters) - 1, -1, -1):
        c = letters[k]
        while at >= 0 and (text[at] != c or (k == 0 and at > 0 and text[at - 1].isalnum())):
            at -= 1
        if at < 0:
            return []
        at -= 1
    return list(words[len(text[: at + 1].split()) :])
