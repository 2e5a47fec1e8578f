"""A PDF measured before pypdf reads it (the command line; pdf.js gives the page its count, each page's object and
its items): how many pages its page tree lists, how many of them list a page object already listed, and how many
texts a page's content shows.

/Count can lie, and nodes can share their kids: 17 objects, each listing the next twice, are 65,536 pages, which
pypdf lists in full before its own limit (100,000 entries) refuses them; this walk stops after MAX_PAGES + 1 pages
(bench/README.md, "Hostile files"). A page object has one parent (its /Parent), so no PDF writer lists one twice;
9,999 kids that are one page of text would be 9,999 readings of it.

>>> from pypdf.generic import DictionaryObject as D, NameObject as N, ArrayObject as A, NumberObject
>>> page, other = D({N("/Type"): N("/Page")}), D({N("/Type"): N("/Page")})
>>> pair = D({N("/Type"): N("/Pages"), N("/Kids"): A([page, page]), N("/Count"): NumberObject(2)})
>>> tree_pages(pair), tree_pages(D({**pair, N("/Kids"): A([page, other])}))
((2, 1), (2, 0))
>>> tree_pages(D({**pair, N("/Count"): NumberObject(10**9)}))
(1000000000, 0)
"""

from __future__ import annotations

import re

from .corpus import MAX_PAGES

_SHOWS = re.compile(rb"(?<![A-Za-z*])(?:Tj|TJ|'|\")(?![A-Za-z*])")  # the operators that show text


def tree_pages(root) -> tuple[int | None, int]:
    """(the pages the tree holds: its /Count when that says more than MAX_PAGES, else the pages found by walking
    it, None once the walk passes MAX_PAGES pages or 2 * MAX_PAGES nodes (a loop); the pages that repeat an object
    listed before)."""
    claimed = root.get("/Count")
    if isinstance(claimed, int) and claimed > MAX_PAGES:
        return int(claimed), 0
    pages, nodes, todo, seen, repeated = 0, 0, [root], set(), 0
    while todo:
        node = todo.pop()
        key = (node.idnum, node.generation) if hasattr(node, "idnum") else id(node)
        node = node.get_object()
        nodes += 1
        kids = node.get("/Kids") if hasattr(node, "get") else None
        if kids is None:
            pages += 1  # a page (or junk, which pypdf refuses when it lists the pages)
            repeated += key in seen
            seen.add(key)
        else:
            todo.extend(kids.get_object())
        if pages > MAX_PAGES or nodes > 2 * MAX_PAGES:
            return None, repeated
    return pages, repeated


def shown_texts(page) -> int:
    """How many times a page's content streams show text (Tj, TJ, ' and "), each a text item or more, counted in
    their bytes before pypdf parses them into operations (pypdf parses a whole stream before its first item reaches
    the visitor: bench/README.md, "Issue 36: one budget for every read"); a quote inside a string counts too, so
    this is never fewer than pypdf finds. pypdf bounds each stream's unzipped size.

    >>> from pypdf.generic import DictionaryObject as D, NameObject as N, StreamObject
    >>> stream = StreamObject(); stream.set_data(b"BT (a) Tj [(b) 2 (c)] TJ (d) ' ET")
    >>> shown_texts(D({N("/Contents"): stream}))
    3
    """
    contents = page.get("/Contents")
    if contents is None:
        return 0
    contents = contents.get_object()
    streams = contents if isinstance(contents, list) else [contents]
    return sum(len(_SHOWS.findall(s.get_object().get_data())) for s in streams)
