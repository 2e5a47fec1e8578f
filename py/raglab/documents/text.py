"""Sentences and words: the only place where text is cut up (a text's search words are analysis.py's, from these
words).

>>> split_sentences("The ferry crosses in 40 minutes. A fare costs 6 coins.")
['The ferry crosses in 40 minutes.', 'A fare costs 6 coins.']
>>> split_sentences("Dr. J. R. R. Tolkien wrote it, e.g. in 1937. It sold well.")
['Dr. J. R. R. Tolkien wrote it, e.g. in 1937.', 'It sold well.']
>>> split_sentences("叶绿体是场所。植物吸收水分！「为什么？」他问。")
['叶绿体是场所。', '植物吸收水分！', '「为什么？」', '他问。']

Text with lines is first cut into blocks (paragraphs, headings, list items); a block always ends a sentence, and
a heading is structure, not a sentence (``outline`` gives both):

>>> split_sentences("# Hours\\nWe open at 9:00\\nand close at 17:30.\\n\\n- Bring water\\n- No dogs. Cats are fine.")
['We open at 9:00 and close at 17:30.', 'Bring water', 'No dogs.', 'Cats are fine.']
"""

from __future__ import annotations

import re
import unicodedata
from typing import NamedTuple

from .cjk import CJK_RUN, RUN, pairs
from .steps import Steps, run_steps

# The stop words (filler words): so common that they say nothing about the topic. The spec names "the", "how",
# "is" and "when" and keeps "much" and "time" (a question about cost or time needs them); the rest is the usual
# short English list of articles, pronouns, auxiliaries, prepositions, conjunctions and question words.
STOP_WORDS = frozenset(
    """
    a about above after again against all am an and any are as at be because been before being below between
    both but by can could did do does doing done down during each else even ever every few for from further get
    gets got had has have having he her here hers herself him himself his how i if in into is it its itself
    just let me more most my myself no nor not of off on once only or other our ours ourselves out over own
    same she should so some such than that the their theirs them themselves then there these they this those
    through to too under until up us very was we were what whatever when where whether which while who whom
    whose why will with would you your yours yourself yourselves
    """.split()
)

# A sentence may end at . ! or ? (and a closing quote or bracket) followed by space and a capital letter, digit or
# opening quote. This keeps "10:00", "8:00" and decimals whole; the abbreviation rules below keep "Dr. Lund" whole.
# Only where a run of marks starts, and without giving back what it took (possessive "++"), so a run of 100,000 full
# stops is read once, not once from each of its marks: linear in the text (bench/README.md, "Hostile text").
# Chinese and Japanese end a sentence with "。", "！" or "？" and no space after it (NFKC never reaches the
# sentences, so the full-width marks are read as typed).
_END = re.compile(
    r"(?<![.!?。！？])([.!?]++|[。！？]++)[\"'”’)\]」』）]*+"
    r"(\s++(?=[A-Z0-9\"“‘(À-ÖØ-Þ])|(?<=[。！？」』）])\s*+(?=\S))"
)

# Words that a full stop follows without ending the sentence. Titles are matched as written ("Ms" is a title,
# "ms" milliseconds); the rest in lower case.
_TITLES = frozenset("Dr Mr Mrs Ms Mx Prof St Mt Fr Rev Gen Gov Sen Rep Capt Lt Col Sgt Hon".split())
_NEVER_LAST = frozenset("vs cf approx e.g i.e viz ca resp".split())
_BEFORE_NUMBER = frozenset("no nos fig figs vol eq p pp ch sec ref refs tab art".split())  # "Fig. 3", "No. 5"
# These can end a sentence too ("... and Acme Inc. The firm ..."): there the next word decides.
_MAY_END = frozenset("etc inc ltd co corp bros llc plc jr sr esq al ph.d".split())
_ACRONYM = re.compile(r"(?:[A-Za-z]\.)+[A-Za-z]")  # "U.S", "a.m" (the last full stop is the candidate end)
_NEXT_WORD = re.compile(r"[\"“‘(]*([A-Za-z]+)(\.?)")

# A line that starts a block of its own: a Markdown heading, a bullet or a numbered list item.
_MARK = re.compile(r"(#{1,6}|[-*+•]|\d{1,3}[.)])(?:\s+|$)")
_RULE = re.compile(r"([-*_=])\1{2,}")  # "---", "***", "===": a line that is only a rule

# A word is letters and digits, joined by inner ":" "-" "." or an apostrophe, so "10:00", "INV-2041" and
# "don't" stay whole. Curly and straight apostrophes are both apostrophes. A run of Chinese, Japanese or Korean
# characters gives its overlapping pairs (cjk.py).
LATIN_WORD = r"[a-z0-9]++(?:[:\-.'’][a-z0-9]++)*+"
_WORD = re.compile(f"{LATIN_WORD}|{CJK_RUN}")
_LATIN = re.compile(LATIN_WORD)


def split_sentences(text: str) -> list[str]:
    """Cut text into sentences, keeping each sentence's own punctuation; spaces and line breaks inside a sentence
    become one space. Headings are structure, not sentences (see ``outline``)."""
    return [sentence for _, sentence in located_sentences(text)]


def located_sentences(text: str) -> list[tuple[int, str]]:
    """Each sentence with the offset in ``text`` where it starts (a PDF's page is found from it).

    >>> located_sentences("One. Two.\\n\\n- Three\\n# Four")
    [(0, 'One.'), (5, 'Two.'), (13, 'Three')]
    """
    return outline(text)[0]


def outline(text: str) -> tuple[list[tuple[int, str]], list[tuple[int, int, str]]]:
    """A text's sentences, each with its offset, and its headings, each as (offset, level, title): one pass over
    the blocks. A heading is a Markdown "#" line (level = the number of "#") or a line underlined with "===" (1)
    or "---" (2); it is never a sentence, so no passage glues it to the text after it.

    >>> outline("# Hours\\nWe open at 9.\\n\\nPier\\n----\\nIt is long.")
    ([(8, 'We open at 9.'), (33, 'It is long.')], [(2, 1, 'Hours'), (23, 2, 'Pier')])
    """
    return run_steps(outline_steps(text))


def outline_steps(text: str) -> Steps[tuple[list[tuple[int, str]], list[tuple[int, int, str]]]]:
    """``outline`` a block at a time (steps.py): a long text's sentences are cut in steps the page runs between its
    tasks, so no task holds a long text's whole cut (bench/README.md, "Timings the core relies on")."""
    sentences: list[tuple[int, str]] = []
    headings: list[tuple[int, int, str]] = []
    for block in _blocks(text):
        if block.level:
            headings.append((block.first, block.level, " ".join(text[block.first : block.end].split())))
        else:
            sentences += [
                (start, " ".join(text[start:end].split()))
                for start, end in _sentence_spans(text, block.first, block.look_from, block.end)
            ]
        yield
    return sentences, headings


def paragraphs(text: str) -> list[str]:
    """The blocks of a text, each on one line, heading and list marks kept (an underlined heading as "#" or
    "##"): the form a document is stored in, which cuts into the same sentences and headings again. Blank lines
    and rules ("---") only separate blocks.

    >>> paragraphs("# Hours\\nWe open\\n  at 9.\\n\\n\\n---\\n- water\\n- a map\\n\\nPier\\n====")
    ['# Hours', 'We open at 9.', '- water', '- a map', '# Pier']
    """
    return [
        ("#" * block.level + " " + " ".join(text[block.first : block.end].split()))
        if block.level
        else " ".join(line.strip() for line in text[block.start : block.end].splitlines())
        for block in _blocks(text)
    ]


class _Block(NamedTuple):
    """A block of a text: a heading (``level`` 1-6) or a block of sentences (``level`` 0), which starts at
    ``start`` (its mark included), has its first sentence (or its title) at ``first``, its sentence ends looked
    for from ``look_from`` (after a list's number), and ends at ``end``."""

    level: int
    start: int
    first: int
    look_from: int
    end: int


def _blocks(text: str) -> list[_Block]:
    """The blocks of a text. A heading's "#" and a bullet are marks, not text; a number ("2. Fill the tank")
    stays in the sentence but is not cut after.

    Consecutive plain lines are one block (hard-wrapped prose), unless no sentence ends in them: then each line
    is a block (a title page, a list of authors, table rows), so lines with no full stops never run together into
    one long "sentence". Text on one line is one block, so a one-line document (every Fernport document) cuts
    exactly as the sentence rule alone."""
    blocks: list[_Block] = []
    current: list[int] = []  # the block being read as [start, first, look_from, end]; empty between blocks
    lines: list[tuple[int, int]] = []  # the (start, end) of each of its lines
    for lead, end in _lines(text):
        mark = _MARK.match(text, lead, end)
        rule = _RULE.fullmatch(text, lead, end)
        if rule and rule[1] in "=-" and len(lines) == 1 and current[0] == current[1]:  # "Title\n=====": a heading
            blocks.append(_Block(1 if rule[1] == "=" else 2, *current))
            current, lines = [], []
            continue
        if mark or rule or lead >= end:
            _close(text, blocks, current, lines)
            current, lines = [], []
        if rule or lead >= end:
            continue
        if mark and mark.group(1)[0] == "#":
            if mark.end() < end:  # a lone "#" holds no text
                blocks.append(_Block(len(mark.group(1)), lead, mark.end(), mark.end(), end))
        elif mark:
            current, lines = [lead, lead if mark.group(1)[0].isdigit() else mark.end(), mark.end(), end], []
        elif current:
            current[3] = end
            lines.append((lead, end))
        else:
            current, lines = [lead, lead, lead, end], [(lead, end)]
    _close(text, blocks, current, lines)
    return blocks


def _lines(text: str):
    """Each line of a text as (its first non-space, its end without trailing space)."""
    pos = 0
    for line in text.splitlines(keepends=True):
        start, pos = pos, pos + len(line)
        yield start + len(line) - len(line.lstrip()), start + len(line.rstrip())


def _close(text: str, blocks: list[_Block], block: list[int], lines: list[tuple[int, int]]) -> None:
    if not block or block[1] >= block[3]:  # a lone "-" holds no text
        return
    if len(lines) > 1 and not _has_end(text, block[1], block[2], block[3]):
        blocks += [_Block(0, start, start, start, end) for start, end in lines]
    else:
        blocks.append(_Block(0, *block))


def _has_end(text: str, first: int, look_from: int, end: int) -> bool:
    """Whether a sentence ends in text[first:end]: before its end, or at it (a last ".", "!" or "?")."""
    return (
        text[end - 1] in ".!?。！？"
        or text[first:end].rstrip("\"'”’)]」』）").endswith((".", "!", "?", "。", "！", "？"))
        or any(_ends_sentence(text, m, first) for m in _END.finditer(text, look_from, end))
    )


def _sentence_spans(text: str, first: int, look_from: int, end: int):
    start = first
    for m in _END.finditer(text, look_from, end):
        if _ends_sentence(text, m, first):
            yield start, m.start(2)
            start = m.end()
    yield start, end


def _ends_sentence(text: str, m: re.Match, block_start: int) -> bool:
    """Whether a candidate end really ends the sentence: not after "Dr.", "e.g.", "Fig." before a number, or an
    initial ("J. R. R. Tolkien"); after "Inc.", "U.S." or an initial only when the next word is a capitalised
    filler word that starts sentences ("The", "It", "In"), as in "... in the U.S. The law ..."."""
    dot = m.start(1)
    if m.group(1) != "." or m.end(1) != m.start(2):
        return True  # "!", "?", "..." or a closing quote: an end
    i = dot
    while i > block_start and not text[i - 1].isspace():  # back to the word's start: linear, words do not overlap
        i -= 1
    word = text[i:dot].lstrip("\"'“‘([")
    key = word if word.isupper() else word.lower()
    if word in _TITLES or key in _NEVER_LAST:
        return False
    if key in _BEFORE_NUMBER:
        return not text[m.end()].isdigit()
    if key in _MAY_END or _ACRONYM.fullmatch(word) or (len(word) == 1 and word.isupper()):
        nxt = _NEXT_WORD.match(text, m.end())
        return bool(nxt and nxt[1][0].isupper() and nxt[1].lower() in STOP_WORDS and not nxt[2])
    return True


def words(text: str) -> list[str]:
    """All words of a text, lower case, possessive "'s" removed: "lighthouse’s" -> "lighthouse". A word is the
    same however its letters were typed: "cafe\\u0301" (e and a combining accent) is "café", the PDF ligature in
    "ﬁsh" is "fi". Chinese and Japanese give pairs of characters beside the Latin words.

    >>> words("cafe\\u0301") == words("café"), words("ﬁsh ＦＥＲＲＹ")
    (True, ['fish', 'ferry'])
    >>> words("ChatGLM3-6B 10个问题总耗时多少?")
    ['chatglm3-6b', '10', '个问', '问题', '题总', '总耗', '耗时', '时多', '多少']
    """
    return word_list(_WORD, _LATIN, comparable(text))


def word_list(pattern: re.Pattern, latin: re.Pattern, text: str) -> list[str]:
    """The words ``pattern`` finds in a comparable text, a CJK run as its pairs, possessive "'s" removed; a text
    with no CJK character is read by ``latin``, the same pattern without the CJK runs, which is faster."""
    if not RUN.search(text):
        return [_no_possessive(w) for w in latin.findall(text)]
    return [p for w in pattern.findall(text) for p in (pairs(w) if RUN.match(w) else (_no_possessive(w),))]


def comparable(text: str) -> str:
    """Text as words are compared: NFKC, lower case, one kind of apostrophe. NFKC, not NFC: both join a letter
    and its combining accent (a Mac's file names and some keyboards send "e" + U+0301), and NFKC also folds the
    forms a reader takes for the same letters, ligatures ("ﬁ", common in PDFs), full-width letters and
    superscripts. Only words are compared in this form; sentences are shown as written. Lower case after NFKC,
    which may give capitals ("Ⅻ" -> "XII")."""
    return unicodedata.normalize("NFKC", text).lower().replace("’", "'")


def _no_possessive(word: str) -> str:
    return word[:-2] if word.endswith("'s") else word


def has_search_words(text: str) -> bool:
    """Whether the text gives any search word, in any language's letters, without reading a long text to its end.

    >>> has_search_words("The and of it is to the."), has_search_words("The ferry."), has_search_words("Привет, мир")
    (False, True, True)
    """
    return any(
        _no_possessive(m.group()) not in STOP_WORDS
        for piece in _pieces(text)
        for m in _ANY_WORD.finditer(comparable(piece))
    )


_ANY_WORD = re.compile(f"{LATIN_WORD}|{CJK_RUN}|[^\\W\\d_a-z]+")


def _pieces(text: str, size: int = 4096):
    """``text`` in pieces of about ``size`` characters, each cut just before a space (a word never spans one, and no
    character joins one across it in NFKC), so a long text is made comparable only as far as it is read: a
    search word near its start is found without normalising the whole text (bench/README.md,
    "Timings the core relies on").

    >>> list(_pieces("one two three", size=4))
    ['one two', ' three']
    """
    start = 0
    while start < len(text):
        space = _SPACE.search(text, start + size)
        end = space.start() if space else len(text)
        yield text[start:end]
        start = end


_SPACE = re.compile(r"\s")


def cut_plural(word: str) -> str:
    """Cut a plural "s" so a question's "tours" matches a passage's "tour".

    The spec's rule is a plain cut of the last "s" ("tours" -> "tour", "leaves" -> "leave") that leaves words
    ending in "ss" or "us" alone ("class", "bus", "famous") and short words ("gas", "yes") too. Two small
    additions make other-word questions work: "-sses/-ches/-shes/-xes" lose "es" ("classes" -> "class") and a
    long "-ies" becomes "-y" ("ferries" -> "ferry", "stories" -> "story").

    >>> [cut_plural(w) for w in ["tours", "leaves", "class", "bus", "classes", "ferries", "ties", "10:00"]]
    ['tour', 'leave', 'class', 'bus', 'class', 'ferry', 'tie', '10:00']
    """
    if len(word) <= 3 or not word.endswith("s") or not word.isalpha():
        return word
    if word.endswith(("ss", "us", "is")):
        return word
    if word.endswith(("sses", "ches", "shes", "xes")):
        return word[:-2]
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    return word[:-1]


def stop_words_in(text: str) -> list[str]:
    """The stop words a text holds, in order, each once (for the message when nothing else is left)."""
    seen: dict[str, None] = {}
    for w in words(text):
        if w in STOP_WORDS:
            seen.setdefault(w, None)
    return list(seen)
