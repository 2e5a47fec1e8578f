"""HTML and Markdown as plain text: what a reader sees, never any markup (the standard library's HTML parser does
the parsing; this keeps the readable blocks and drops scripts, styles and page furniture)."""

from __future__ import annotations

import re
from html.parser import HTMLParser

from .steps import Steps, run_steps
from .tables import header_row, markdown_tables, row_text


class _PageText(HTMLParser):
    """The text a reader sees on a web page: no markup, no scripts or styles, no menus, headers, footers or forms;
    each block element (paragraph, heading, list item...) a block of its own, and each table row a block that keeps
    its column names (``tables.row_text``)."""

    SKIP = frozenset(
        "head title script style noscript template svg math nav header footer aside form iframe "
        "button select canvas object".split()
    )
    HEADINGS = {f"h{n}": n for n in range(1, 7)}
    BLOCK = frozenset(
        "address article blockquote body br dd details div dl dt figcaption figure h1 h2 h3 h4 h5 h6 "
        "hr html li main ol p pre section summary table tr ul".split()
    )

    def __init__(self):
        super().__init__(convert_charrefs=True)  # "&amp;" -> "&", "&lt;b&gt;" -> "<b>" (as text)
        self.blocks: list[str] = []
        self.current: list[str] = []
        self.skipping = 0
        self.heading = 0  # the level of the heading being read (h1-h6), 0 outside one
        self.tables: list[list[str] | None] = []  # each open table's column names (None before its first row)
        self.row: list[list[str]] | None = None  # the cells of the row being read, each its pieces of text
        self.in_head = False  # inside <thead>
        self.all_th = True  # every cell of the row being read so far is a <th>

    def handle_starttag(self, tag, attrs):
        self._tag(tag, 1)

    def handle_endtag(self, tag):
        self._tag(tag, -1)

    def _tag(self, tag: str, step: int) -> None:
        if tag in self.SKIP:
            self.skipping = max(0, self.skipping + step)
        elif tag in ("table", "tr", "td", "th", "thead") or (self.row is not None and tag in self.BLOCK):
            self._table_tag(tag, step)
        elif tag in self.BLOCK:
            self.close_block()
            if tag in self.HEADINGS:
                self.heading = self.HEADINGS[tag] if step > 0 else 0

    def _table_tag(self, tag: str, step: int) -> None:
        if tag == "table":
            self._end_row()
            self.close_block()
            if step > 0:
                self.tables.append(None)
            elif self.tables:
                self.tables.pop()
        elif tag == "thead":
            self.in_head = step > 0
        elif tag == "tr" or not self.tables:
            self._end_row()
            if step > 0 and tag == "tr" and self.tables:
                self.close_block()
                self.row = []
        elif tag in ("td", "th") and step > 0:
            if self.row is None:
                self.close_block()
                self.row = []
            self.all_th = (self.all_th or len(self.row) == 0) and tag == "th"
            self.row.append([])
        elif self.row:
            self.row[-1].append(" ")  # a paragraph or a break inside a cell: a space

    def _end_row(self) -> None:
        if self.row is None:
            return
        cells = [" ".join("".join(pieces).split()) for pieces in self.row]
        self.row = None
        if not self.tables or not any(cells):
            return
        if self.tables[-1] is None and header_row(cells, self.in_head or self.all_th):
            self.tables[-1] = cells
            return
        self.tables[-1] = self.tables[-1] or []
        self.blocks.append(row_text(self.tables[-1], cells))

    def handle_data(self, data):
        if self.skipping:
            return
        if self.row:
            self.row[-1].append(data)
        else:
            self.current.append(data)

    def close_block(self) -> None:
        block = " ".join("".join(self.current).split())
        if self.heading:
            block = block.rstrip("¶§# ").rstrip()  # a heading's own link mark (Sphinx's "¶"), not its words
        if block:
            self.blocks.append("#" * self.heading + " " + block if self.heading else block)
        self.current = []


def without_comments(text: str) -> str:
    """Text without its HTML comments, found by a linear scan (an unclosed "<!--" hides the rest, as in a browser).
    A pattern ``<!--.*?-->`` would read to the end from every unclosed "<!--", quadratic in the text
    (bench/README.md, "Hostile text").

    >>> without_comments("a<!-- b -->c<!-- d")
    'ac'
    """
    parts, at = [], 0
    while (start := text.find("<!--", at)) >= 0:
        parts.append(text[at:start])
        end = text.find("-->", start + 4)
        at = len(text) if end < 0 else end + 3
    parts.append(text[at:])
    return "".join(parts)


def _tags_that_close(html: str) -> str:
    """HTML with every "<" that opens no tag, because another "<" comes before a ">", written as the text it is
    ("&lt;"): the standard library's parser reads an unclosed tag again from each such "<", quadratic in the text
    (bench/README.md, "Hostile text"). One pass over the text, linear.

    >>> _tags_that_close("<p>1 <a 2</p>")
    '<p>1 &lt;a 2</p>'
    """
    parts, at, close = [], 0, 0
    while (start := html.find("<", at)) >= 0:
        if 0 <= close <= start:  # the next ">" is found once for all the "<" before it (none left: -1 for good)
            close = html.find(">", start + 1)
        again = html.find("<", start + 1)
        parts.append(html[at:start])
        parts.append("<" if close >= 0 and (again < 0 or close < again) else "&lt;")
        at = start + 1
    parts.append(html[at:])
    return "".join(parts)


# The HTML the parser is fed a step (html_text_steps): about 20 ms of parsing in CPython (0.85 s for 4.7 MB, a
# Word file of 90,000 paragraphs), so a step stays within the page's ~50 ms in Pyodide.
HTML_STEP_CHARS = 100_000


def html_text(html: str) -> str:
    """A web page's readable text, one block a paragraph, a heading (h1-h6) as "#" to "######" as in Markdown.

    >>> html_text('<nav>Home</nav><h1>Pier</h1><p onclick="x()">Opens at 7:00 &amp; <b>closes</b><br>at dusk.'
    ...           '<script>alert(1)</script></p>')
    '# Pier\\n\\nOpens at 7:00 & closes\\n\\nat dusk.'
    """
    return run_steps(html_text_steps(html))


def html_text_steps(html: str, step: int = HTML_STEP_CHARS) -> Steps[str]:
    """``html_text`` with the HTML fed to the parser ``step`` characters at a time, a step each (the page reads a
    long page or Word file between its tasks). The parser keeps a tag or a character reference cut between two
    pieces until the next, and a block's text pieces are joined as they come, so the text is the same at any step.

    >>> page = '<h1>Pier</h1><p>Opens at 7:00 &amp; <b>closes</b> at dusk.</p><script>x < 1</script>'
    >>> all(run_steps(html_text_steps(page, n)) == html_text(page) for n in (1, 2, 3, 7))
    True
    """
    parser = _PageText()
    text = _tags_that_close(without_comments(html))
    for at in range(0, len(text), step):
        parser.feed(text[at : at + step])
        yield
    parser.close()
    parser.close_block()
    return "\n\n".join(parser.blocks)


# A link's words hold no bracket and its address no bracket, parenthesis or space: so each "[" is read up to the
# next bracket at most, and a run of 100,000 "[" (or "[a](") is read once, not once from each.
_MARKDOWN = [
    (re.compile(r"!?\[([^\[\]\n]*)\]\([^()\[\]\s]*\)"), r"\1"),  # a link or picture: its words
    (re.compile(r"^[ \t]*(?:```|~~~).*$", re.MULTILINE), ""),  # code fences (the code stays)
    (re.compile(r"\*\*|__|`"), ""),
]  # bold and code marks


def _without_front_matter(text: str) -> str:
    lines = text.splitlines(keepends=True)
    if lines and lines[0].strip() == "---":
        end = next((n for n, line in enumerate(lines[1:], 1) if line.strip() in ("---", "...")), None)
        if end is not None and all(":" in line or not line.strip() for line in lines[1:end]):
            return "".join(lines[end + 1 :])
    return text


def markdown_text(text: str) -> str:
    """Markdown's text with links, pictures, comments and bold marks reduced to their words; headings and lists
    stay, as the sentence splitter reads them.

    >>> markdown_text("# Tides\\n\\nSee **the** [board](https://x.org/b) <!-- old -->")
    '# Tides\\n\\nSee the board '

    Front matter (settings for a site generator between "---" lines at the very top) is not text:

    >>> markdown_text("---\\ntitle: Tides\\nlayout: default\\n---\\n# Tides\\n")
    '# Tides\\n'
    """
    text = markdown_tables(without_comments(_without_front_matter(text)))  # comments are not text (export uses them)
    for pattern, replacement in _MARKDOWN:
        text = pattern.sub(replacement, text)
    return text
