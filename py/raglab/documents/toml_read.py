"""TOML files read with a bound on how deep their lists and tables nest."""

from __future__ import annotations

import re
import tomllib

from .corpus import CorpusError

MAX_TOML_DEPTH = 20  # tables inside each other, by brackets or dotted keys: the corpus files need 3; tomllib ran out
# of stack at 340 "[", and a key of 8,000 parts (related.a.a.a… = 1) made a table 8,000 deep that the next
# recursive step (a repr, a copy, the page's conversion) could not walk


def parse_toml(name: str, text: str) -> dict:
    """A TOML file's data, once its lists and tables are found nested no deeper than MAX_TOML_DEPTH, by brackets or
    by dotted keys: tomllib calls itself for each "[", so 5,000 of them raised a RecursionError (a traceback), and a
    key of 8,000 parts made a table 8,000 deep that overflowed the browser's stack in the page.

    >>> parse_toml("synonyms.toml", "a = " + "[" * 5000 + "]" * 5000)
    Traceback (most recent call last):
    raglab.documents.corpus.CorpusError: synonyms.toml: lists or tables nested more than 20 deep, the most the lab reads
    >>> parse_toml("presets.toml", "related." + "a." * 8000 + "a = 1")
    Traceback (most recent call last):
    raglab.documents.corpus.CorpusError: presets.toml: lists or tables nested more than 20 deep, the most the lab reads
    """
    too_deep = CorpusError(f"{name}: lists or tables nested more than {MAX_TOML_DEPTH} deep, the most the lab reads")
    if toml_depth(text, MAX_TOML_DEPTH) > MAX_TOML_DEPTH:
        raise too_deep
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise CorpusError(f"{name}: {e}") from e
    except RecursionError as e:  # only if toml_depth misread a string: the bound holds either way
        raise too_deep from e


_TOML_MARK = re.compile(r"""[\[\]{}#"'.=,\n]""")
_TOML_STRING_END = {  # from just after its opening quotes to just after its closing ones, by TOML 1.0's rules
    '"""': re.compile(r'(?:[^"\\]|\\.|"{1,2}(?!"))*"{3,5}', re.DOTALL),
    "'''": re.compile(r"(?:[^']|'{1,2}(?!'))*'{3,5}"),
    '"': re.compile(r'(?:[^"\\\n]|\\.)*"'),
    "'": re.compile(r"[^'\n]*'"),
}


def toml_depth(text: str, stop: int) -> int:
    """How deep a TOML text's lists and tables nest ("[" and "{" outside strings and comments, and each part of a
    dotted key after the first, counted under its table header's parts), found in one pass that ends once it passes
    ``stop``; an unclosed string ends it too (tomllib then says where). A "." counts only in a key (at a line's start,
    in a header, after "{" or an inline table's ","), so a number's point never does.

    >>> toml_depth('a = [[1], {b = "]]]"}]  # [[[', 20), toml_depth("[[entity]]", 20), toml_depth("[" * 50, 3)
    (2, 2, 4)
    >>> toml_depth("[a.b]\\nc.d = 1.5\\ne = [1.5, 2.5]", 20), toml_depth("x = {a.b.c = 1}", 20)
    (3, 3)
    """
    opened: list[str] = []  # the "[" and "{" open where the scan is
    deepest = at = header = key_parts = 0  # header: the parts of the last [table] header's key
    in_key, in_header = True, False
    while deepest <= stop and (mark := _TOML_MARK.search(text, at)):
        char, at = mark.group(), mark.end()
        if char in "[{":
            if char == "[" and in_key and not opened:  # a [table] or [[array]] header
                in_header, header = True, 1
            opened.append(char)
            in_key, key_parts = char == "{" or in_header, 0
        elif char in "]}":
            if opened:
                opened.pop()
            if in_header and not opened:
                in_header = in_key = False
        elif char == "." and in_key:
            key_parts += 1
            if in_header:
                header = key_parts + 1
        elif char == "=":
            in_key = False
        elif char == ",":
            in_key, key_parts = bool(opened) and opened[-1] == "{", 0
        elif char == "\n" and not opened:
            in_key, key_parts = True, 0
        elif char == "#":
            at = text.find("\n", at)  # a comment ends with its line
            if at < 0:
                break
        elif char in "\"'":
            quotes = char * 3 if text.startswith(char * 3, mark.start()) else char
            end = _TOML_STRING_END[quotes].match(text, mark.start() + len(quotes))
            if not end:
                break
            at = end.end()
        deepest = max(deepest, len(opened) + (key_parts if in_header else header + key_parts))
    return deepest
