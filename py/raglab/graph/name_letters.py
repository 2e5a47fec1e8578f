"""One-letter names a text itself treats as names ("R’s", "the R language"), which capitals alone never prove
(``names.py`` asks).

A capital letter on its own is most often a variable, an initial or a list's label, and the graph finds a name in
any case, so a letter name mentions every lower-case letter written as a word. A letter is a name when the text
writes it as one, with a possessive or before a word that says what kind of thing it is (``KINDS``: "R’s
functions", "the R language", "R code"), at least ``USES`` times, and writes it in lower case as a word, as the
graph reads words, less than ``LOWER_CASE_SHARE`` as often as in capitals: R manuals write "R" 1,176 times and "r"
156; "S" gives way to every "’s", "C" to R's ``c()``.

>>> letter_names(["R’s functions run in the R language; R code is read by R. See r.", "An S object: S’s one."])
{'R'}
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence

from .name_shapes import LOWER_CASE_SHARE

USES = 2  # a letter must be written as a name this many times (1-5): once may be an example's variable
KINDS = (
    "language code compiler console environment interpreter package packages program programming project session"
    " software system"
)  # what a language's or a program's name stands before ("the R language", "C compiler")
_AS_NAME = re.compile(rf"([A-Z])(?<![\w.’'][A-Z])(?:['’]s|\s+(?:{'|'.join(KINDS.split())}))(?!\w)")


def letter_names(texts: Sequence[str]) -> set[str]:
    """The capital letters the texts write as names, and in lower case less than ``LOWER_CASE_SHARE`` as often."""
    uses: dict[str, int] = {}
    for text in texts:
        for letter in _AS_NAME.findall(text):
            uses[letter] = uses.get(letter, 0) + 1
    candidates = {w for w, n in uses.items() if n >= USES}
    if not candidates:
        return set()
    # Counted as the graph reads words (runs of \w), so "’s" is an "s" and "c(1, 2)" a "c"; one pass for all.
    cases = "".join(c + c.lower() for c in sorted(candidates))
    alone = re.compile(rf"[{cases}](?<!\w[{cases}])(?!\w)")  # a letter first: the scan skips to its letters
    letters = Counter(c for t in texts for c in alone.findall(t))
    return {c for c in candidates if letters[c.lower()] < LOWER_CASE_SHARE * letters[c]}
