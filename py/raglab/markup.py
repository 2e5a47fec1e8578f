"""HTML and Markdown as plain text: what a reader sees, never any markup (the standard library's HTML parser does
the parsing; this keeps the readable blocks and drops scripts, styles and page furniture)."""

from __future__ import annotations

import re
from html.parser import HTMLParser


class _PageText(HTMLParser):
    """The text a reader sees on a web page: no markup, no scripts or styles, no menus, headers, footers or forms;
    each block element (paragraph, heading, list item, table row...) a block of its own."""

    SKIP = frozenset("head title script style noscript template svg math nav header footer aside form iframe "
                     "button select canvas object".split())
    BLOCK = frozenset("address article blockquote body br dd details div dl dt figcaption figure h1 h2 h3 h4 h5 h6 "
                      "hr html li main ol p pre section summary table tr ul".split())

    def __init__(self):
        super().__init__(convert_charrefs=True)  # "&amp;" -> "&", "&lt;b&gt;" -> "<b>" (as text)
        self.blocks: list[str] = []
        self.current: list[str] = []
        self.skipping = 0

    def handle_starttag(self, tag, attrs):
        self._tag(tag, 1)

    def handle_endtag(self, tag):
        self._tag(tag, -1)

    def _tag(self, tag: str, step: int) -> None:
        if tag in self.SKIP:
            self.skipping = max(0, self.skipping + step)
        elif tag in self.BLOCK:
            self.close_block()
        elif tag in ("td", "th"):
            self.current.append(" ")

    def handle_data(self, data):
        if not self.skipping:
            self.current.append(data)

    def close_block(self) -> None:
        block = " ".join("".join(self.current).split())
        if block:
            self.blocks.append(block)
        self.current = []


def html_text(html: str) -> str:
    """A web page's readable text, one block a paragraph.

    >>> html_text('<nav>Home</nav><h1>Pier</h1><p onclick="x()">Opens at 7:00 &amp; <b>closes</b><br>at dusk.'
    ...           '<script>alert(1)</script></p>')
    'Pier\\n\\nOpens at 7:00 & closes\\n\\nat dusk.'
    """
    parser = _PageText()
    parser.feed(html)
    parser.close()
    parser.close_block()
    return "\n\n".join(parser.blocks)


_MARKDOWN = [(re.compile(r"<!--.*?-->", re.DOTALL), ""),  # comments are not text (and export uses them)
             (re.compile(r"!?\[([^\]\n]*)\]\([^)\n]*\)"), r"\1"),  # a link or picture: its words, not its address
             (re.compile(r"^[ \t]*(?:```|~~~).*$", re.MULTILINE), ""),  # code fences (the code stays)
             (re.compile(r"\*\*|__|`"), "")]  # bold and code marks


def markdown_text(text: str) -> str:
    """Markdown's text with links, pictures, comments and bold marks reduced to their words; headings and lists
    stay, as the sentence splitter reads them.

    >>> markdown_text("# Tides\\n\\nSee **the** [board](https://x.org/b) <!-- old -->")
    '# Tides\\n\\nSee the board '
    """
    for pattern, replacement in _MARKDOWN:
        text = pattern.sub(replacement, text)
    return text
