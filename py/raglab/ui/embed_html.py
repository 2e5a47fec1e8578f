"""The lab embedded in a course page: the code a teacher pastes (an iframe and the lines that let it take the lab's
height) and the bar an embed shows in place of the page's header.
"""

from __future__ import annotations

from html import escape
from urllib.parse import urlencode

from ..techniques import Technique


def embed_bar(key: str) -> str:
    """Shown in an embed only (lab.css): the page's h1, and a link to the whole lab in a new tab. The link's address
    here opens the technique; boot.js adds the question the embed shows when the link is followed."""
    return (
        '<div class="embed-bar"><h1 class="embed-h1">RAG Lab</h1>'
        f'<a class="full-lab" href="?{urlencode({"technique": key})}#{key}" target="_blank" '
        'rel="noopener noreferrer">Open the full lab<span class="visually-hidden"> (in a new tab)</span></a></div>'
    )


# The host page's side of the embed: the lab posts {type: "raglab:height", technique, height} whenever its height
# changes (boot.js), and each snippet's script follows the messages of its own frame only (event.source), so several
# labs on one course page never resize each other's frames.
_FOLLOW_HEIGHT = """<script>
(function (frame) {
  addEventListener("message", function (event) {
    var data = event.data;
    if (event.source !== frame.contentWindow || !data || data.type !== "raglab:height") return;
    if (data.height > 0) frame.style.height = Math.ceil(data.height) + "px";
  });
})(document.currentScript.previousElementSibling);
</script>"""


def embed_snippet(page_url: str, t: Technique) -> str:
    """The code a teacher pastes into a course page: the technique alone, in an iframe, and the few lines that let
    the frame take the lab's height (without them, ``height`` fits the technique's first preset).

    >>> from raglab.techniques import TECHNIQUES
    >>> snippet = embed_snippet("https://a.github.io/raglab/", TECHNIQUES["graph"])
    >>> snippet.split('" ')[:3]
    ['<iframe src="https://a.github.io/raglab/?technique=graph&amp;embed=1', 'title="RAG Lab: Graph RAG', 'width="100%']
    >>> snippet.split(">")[0].split()[-3:], snippet.count("<script>")
    (['height="1300"', 'style="border:0"', 'loading="lazy"'], 1)
    """
    src = f"{page_url}?{urlencode({'technique': t.key, 'embed': 1})}"
    height = t.embed_height  # the registry's: measured, see Technique.embed_height
    return (
        f'<iframe src="{escape(src)}" title="RAG Lab: {escape(t.name)}" width="100%" height="{height}" '
        f'style="border:0" loading="lazy"></iframe>\n{_FOLLOW_HEIGHT}'
    )
