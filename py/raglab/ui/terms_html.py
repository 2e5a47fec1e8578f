"""The page's words: a word-list term shows its definition in place (an HTML popover: no script needed) and still
links to the word list; ``{plain}`` in the page's text links to that technique's section.

>>> terms = Terms([{"term": "chunk", "meaning": "A piece of a document."}])
>>> print(terms.link("Each chunk is scored in {plain}."))  # doctest: +NORMALIZE_WHITESPACE
Each <button type="button" class="term" popovertarget="def-1">chunk</button><span class="def" popover id="def-1">A
piece of a document. <a href="#w-chunk">In the word list</a></span> is scored in <a class="section-link"
href="#plain">Plain RAG</a>.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from html import escape

from ..techniques import TECHNIQUES

_SECTION = re.compile(r"\{([a-z_]+)\}")


def word_id(term: str) -> str:
    return "w-" + re.sub(r"[^a-z0-9]+", "-", term.lower()).strip("-")


def section_name(key: str) -> str:
    """A technique's short name, as the navigation and the links say it: "Plain RAG"."""
    return TECHNIQUES[key].title.split(":")[0]


class Terms:
    """The word list's terms, linked where the page's text first mentions each (once per text)."""

    def __init__(self, words: Sequence[Mapping[str, str]], places: Mapping[str, str] = {}, prefix: str = "def"):
        self.places = dict(places)  # ``{documents}`` in a text: a link to the page's place of that id, in these words
        self.prefix = prefix  # of the popovers' ids: a second Terms on one page (the visitor's words) takes another
        self.meanings: dict[str, str] = {}  # word id -> meaning
        keys = []
        for w in words:
            self.meanings[word_id(w["term"])] = w["meaning"]
            main, _, extra = w["term"].partition(" (")
            keys += [(key, word_id(w["term"])) for key in [main, *([extra.rstrip(")")] if extra else [])]]
        self.keys = sorted(keys, key=lambda k: -len(k[0]))
        self.ids = {k.lower(): i for k, i in self.keys}
        self.pattern = (
            re.compile(r"(?<!\w)(" + "|".join(re.escape(k) for k, _ in self.keys) + r")(s|es)?(?!\w)", re.IGNORECASE)
            if self.keys
            else None
        )
        self.popovers = 0  # popover ids are numbered in the order the page is written, so a build is reproducible

    def link(self, text: str) -> str:
        """Escape ``text``, give the first mention of each term its definition in place, link ``{key}`` to a
        technique's section or to one of ``places``.

        >>> Terms([], {"yours": "“Your documents”"}).link("Bring them under {yours}.")
        'Bring them under <a class="section-link" href="#yours">“Your documents”</a>.'
        """
        out, last = [], 0
        for m in _SECTION.finditer(text):
            key = m.group(1)
            if key in TECHNIQUES or key in self.places:
                words = section_name(key) if key in TECHNIQUES else self.places[key]
                out += [
                    self._terms(text[last : m.start()]),
                    f'<a class="section-link" href="#{key}">{escape(words)}</a>',
                ]
                last = m.end()
        return "".join(out) + self._terms(text[last:])

    def _terms(self, text: str) -> str:
        if not self.pattern:
            return escape(text)
        out, last, done = [], 0, set()
        for m in self.pattern.finditer(text):
            target = self.ids[m.group(1).lower()]
            if target in done:
                continue
            done.add(target)
            self.popovers += 1
            pid = f"{self.prefix}-{self.popovers}"
            out += [
                escape(text[last : m.start()]),
                f'<button type="button" class="term" popovertarget="{pid}">{escape(m.group(0))}</button>'
                f'<span class="def" popover id="{pid}">{escape(self.meanings[target])} '
                f'<a href="#{target}">In the word list</a></span>',
            ]
            last = m.end()
        return "".join(out) + escape(text[last:])

    def word_list(self, words: Sequence[Mapping[str, str]]) -> str:
        return "".join(
            f'<dt id="{word_id(w["term"])}">{escape(w["term"])}</dt><dd>{escape(w["meaning"])}</dd>' for w in words
        )
