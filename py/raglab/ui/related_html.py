"""The related words by meaning the lab suggests for a question on the visitor's documents (``search.related``),
each ticked to be added to their word list.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape


def render_suggestions(question: str, suggestions: Sequence, candidates: int) -> str:
    """What the lab suggests for a question: each word the documents never use with their closest words (ticked to
    be added), or why there is nothing to suggest.

    >>> from raglab.search.related import Suggestion
    >>> html = render_suggestions("a boat?", [Suggestion("boat", (("ferry", 0.63),))], 250)
    >>> 'value="ferry" data-word="boat" checked> ferry 0.63' in html
    True
    """
    if not suggestions:
        return (
            f'<p class="message">Every search word of “{escape(question)}” is in your documents: query '
            "rewriting has nothing to add.</p>"
        )
    rows = []
    for s in suggestions:
        if not s.related:
            rows.append(
                f"<li><b>{escape(s.word)}</b> is not in your documents, and none of their {candidates:,} "
                "most used words is close to it in meaning.</li>"
            )
            continue
        boxes = "".join(
            f'<label><input type="checkbox" value="{escape(w)}" data-word="{escape(s.word)}" checked> '
            f"{escape(label)}</label>"
            for (w, _), label in zip(s.related, s.labels, strict=True)
        )
        rows.append(f"<li><b>{escape(s.word)}</b> is not in your documents; closest in meaning: {boxes}</li>")
    add = (
        '<button type="button" class="accept-related">Add the ticked words to my word list</button>'
        if any(s.related for s in suggestions)
        else ""
    )
    return (
        f"<p>Compared with the {candidates:,} words your documents use most (cosine of the embeddings, from -1 "
        f'to 1):</p><ul class="related-list">{"".join(rows)}</ul>{add}'
    )
