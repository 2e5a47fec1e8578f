"""A PDF's words broken at line ends, joined the way the document spells them elsewhere."""

from __future__ import annotations

import re
from collections import Counter

_WORD = re.compile(r"\w+(?:[-_]\w+)*")
_BARE = re.compile(r"^[(\[{“‘\"']+|[.,;:!?)\]}”’\"']+$")


def word_counts(texts) -> Counter[str]:
    """How the document spells its words, lower case: each word (hyphens and underscores kept inside it) and each
    run of non-spaces without its surrounding punctuation ("https://cran.r-project.org").

    >>> sorted(word_counts(["An ELEMENT of update-mime-database (see https://x.org)."]))
    ['an', 'element', 'https', 'https://x.org', 'of', 'org', 'see', 'update-mime-database', 'x']
    """
    counts: Counter[str] = Counter()
    for text in texts:
        lower = text.lower()
        counts.update(_WORD.findall(lower))
        counts.update(_BARE.sub("", token) for token in lower.split() if "." in token or "/" in token)
    return counts


_BROKEN = re.compile(r"(\w+(?:[-_]\w+)*)([-_])$")
_HEAD = re.compile(r"\w+(?:[-_]\w+)*")


def ends_broken(text: str) -> bool:
    """Whether a text's last word is broken ("filesys-", "ASN1_"), to be joined with the next line's first."""
    return bool(_BROKEN.search(text.rsplit(" ", 1)[-1]))


def join_lines(first: str, second: str, spellings: Counter[str]) -> str:
    """Two lines of one block joined: a word broken at the line end is joined the way the document spells it
    elsewhere (the joined word, or with its hyphen); when it does not say, a lower-case continuation is one word
    ("man-" "agement"), a capital one keeps the hyphen ("Self-" "Service") unless both halves are capitals
    ("ELE-" "MENT"), and a word with a hyphen already keeps this one too ("update-mime-" "database"). A break
    after "_" or "/" is always inside one identifier or address, and one after "." is when the document has the
    whole ("https://cran.r-" "project.org").

    >>> words = Counter({"update-mime-database": 1, "element": 2, "https://x.org": 1})
    >>> for a, b in [("the man-", "agement team"), ("ASN1_", "SYNTAX_ERROR."), ("an ELE-", "MENT"), ("Self-",
    ...              "Service desks"), ("see update-mime-", "database"), ("X.", "690"), ("(https://x.", "org)")]:
    ...     print(join_lines(a, b, words))
    the management team
    ASN1_SYNTAX_ERROR.
    an ELEMENT
    Self-Service desks
    see update-mime-database
    X. 690
    (https://x.org)
    """
    last, head = first.rsplit(" ", 1)[-1], _HEAD.match(second)
    broken = _BROKEN.search(last)  # the last word only: a block's text grows line by line
    if last.endswith("/") or (
        last.endswith(".") and _BARE.sub("", (last + second.split(" ", 1)[0]).lower()) in spellings
    ):
        return first + second
    if not broken or not head:
        return f"{first} {second}"
    if broken[2] == "_":
        return first + second
    start, tail = broken[1], head[0]
    joined, kept = (start + tail).lower(), f"{start}-{tail}".lower()
    if (joined in spellings) != (kept in spellings):
        one_word = joined in spellings
    elif "-" in start:
        one_word = False
    else:
        one_word = tail[0].islower() or (start[-1].isupper() and tail[:2].isupper())
    return first[:-1] + second if one_word else first + second
