"""The page's address: what it keeps of each section's question, and how a link is read back.

``#hyde&q.plain=...&scoring.plain=bm25&q.hyde=...&hy.hyde=...`` holds every section the visitor asked in: its
question, its inputs (repeatable ``rw.``, ``hy.``), and the options that differ from their defaults. The links of
older versions, ``?technique=hyde&q=...&hy=...``, and the presets' links, which say the same, still open. Every
value is read to the form's own limits (each Input's and Option's ``read``). The page (web/main.py) writes and reads
the address with these; the core never touches a browser.
"""

from __future__ import annotations

from ..techniques import TECHNIQUES

LINK_NAMES = {
    "technique",
    "corpus",
    "q",
    *(i.param for t in TECHNIQUES.values() for i in t.inputs),
    *(o.name for t in TECHNIQUES.values() for o in t.options),
}  # the address's own parameters


def link_entry(key: str, question: str, given: dict) -> tuple:
    """What the address keeps of one question in section ``key``: (parameter, value) pairs, the question's spaces
    tidied, each input line by line, the options that differ from their defaults.

    >>> link_entry("plain", " ferry  cost ", {"scoring": "bm25", "k1": 1.2, "b": 0.4})  # b 0.4 is the default
    (('q', 'ferry cost'), ('scoring', 'bm25'), ('k1', '1.2'))
    """
    t = TECHNIQUES[key]
    pairs = [("q", " ".join(question.split()))]
    for i in t.inputs:
        value = given.get(i.name)
        pairs += [(i.param, line) for line in (value if isinstance(value, list) else [value] if value else [])]
    for o in t.options:
        value = given.get(o.name)
        if value is not None and value != o.default:
            pairs.append((o.name, str(value) if o.choices else f"{value:g}"))
    return tuple(pairs)


def asked_in(key: str, pairs) -> tuple[str, dict]:
    """The question and the inputs and options by name that an entry's pairs give, read to the form's limits."""
    t = TECHNIQUES[key]
    values = {}
    for name, value in pairs:
        values.setdefault(name, []).append(value)
    given = {i.name: i.read(values[i.param]) for i in t.inputs if i.param in values}
    given.update({o.name: o.read(values[o.name][0]) for o in t.options if o.name in values})
    return (values.get("q") or [""])[0], given


def read_link(pairs: list) -> tuple[dict, list]:
    """The sections an address asks for, {key: entry}, and the technique names in it the lab does not have.

    >>> from urllib.parse import parse_qsl
    >>> read_link(parse_qsl("q.plain=ferry&q.hyde=Who+is+Ida%3F&hy.hyde=A+fish+seller."))
    ({'plain': (('q', 'ferry'),), 'hyde': (('q', 'Who is Ida?'), ('hy', 'A fish seller.'))}, [])
    >>> read_link(parse_qsl("technique=hyde&q=Who+is+Ida%3F&hy=A+fish+seller."))  # an older link
    ({'hyde': (('q', 'Who is Ida?'), ('hy', 'A fish seller.'))}, [])
    >>> read_link(parse_qsl("technique=bm99"))
    ({}, ['bm99'])
    """
    found, unknown = {}, []
    for name, value in pairs:
        base, dot, key = name.rpartition(".")
        if dot and base in LINK_NAMES:
            if key.replace("-", "_") in TECHNIQUES:
                found.setdefault(key.replace("-", "_"), []).append((base, value))
            elif key not in unknown:
                unknown.append(key)
    named = dict(pairs).get("technique", "")
    key = named.replace("-", "_")
    if named and key not in TECHNIQUES and named not in unknown:
        unknown.append(named)
    if key in TECHNIQUES and key not in found:
        found[key] = [(name, value) for name, value in pairs if name in LINK_NAMES - {"technique", "corpus"}]
    entries = {k: link_entry(k, *asked_in(k, found[k])) for k in TECHNIQUES if k in found}
    return {k: entry for k, entry in entries.items() if entry[0][1]}, unknown
