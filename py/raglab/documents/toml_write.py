"""TOML written for the corpus folder's files (synonyms.toml, presets.toml, entities.toml), so any word, question or
name is written safely and read back as a hand-written file is."""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping

from .corpus import Entity


def toml_string(text: str) -> str:
    return json.dumps(text, ensure_ascii=False).replace("\x7f", "\\u007f")  # TOML, unlike JSON, escapes DEL


def entities_toml(entities: Iterable[Entity], comment: str = "") -> str:
    """entities.toml for names (found by rules, with a visitor's edits), read back as a hand-written list is.

    >>> print(entities_toml([Entity("Ada Lovelace", ("Lovelace",)), Entity("London")], "Found by rules."), end="")
    # Found by rules.
    <BLANKLINE>
    [[entity]]
    name = "Ada Lovelace"
    aliases = ["Lovelace"]
    <BLANKLINE>
    [[entity]]
    name = "London"
    aliases = []
    """
    entries = [
        f"[[entity]]\nname = {toml_string(e.name)}\naliases = [{', '.join(map(toml_string, e.aliases))}]\n"
        for e in entities
    ]
    return "\n".join([f"# {comment}\n" if comment else "", *entries]).lstrip("\n")


def toml_table(name: str, entries: Mapping[str, Iterable[str]]) -> str:
    """One TOML table of string lists, as synonyms.toml and presets.toml hold them. JSON's strings are TOML's
    basic strings (TOML also escapes DEL), and every key is quoted, so any word or question is written safely.

    >>> print(toml_table("related", {"boat": ("ferry",), "10:00": ("ten",)}))
    [related]
    "boat" = ["ferry"]
    "10:00" = ["ten"]
    <BLANKLINE>
    """
    rows = [f"{toml_string(key)} = [{', '.join(toml_string(v) for v in values)}]" for key, values in entries.items()]
    return "\n".join([f"[{name}]", *rows]) + "\n"
