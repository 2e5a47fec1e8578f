"""Related words by meaning, for query rewriting on the visitor's documents: the words of a question their documents
never use, and their own words closest in meaning (raglab.search.related), which the visitor can add to their word list.

The words are embedded by the page's embedding model (its worker), a batch at a time, and kept in the page's vector
table, so asking again costs nothing; the cosines are computed in Python."""

import asyncio

from pyscript import document, when

from raglab.documents.word_lists import word_list_text
from raglab.search.related import merge_word_list, suggest, unknown_words, vocabulary, word_list_lines
from raglab.ui.related_html import render_suggestions

BATCH = 256  # words a request: single words are short, so a batch this size is quick


class Related:
    def __init__(self, page):
        self.page = page
        self.suggestions = []  # the last ones shown

    async def find(self, question: str) -> None:
        """The words the suggestions need embedded are embedded first (what the table lacks, a batch at a time),
        then the suggestions are made once."""
        page = self.page
        lab = page.yours()
        if lab is None:
            page.say("yours", "Keep some documents first: the suggestions come from their words.")
            return
        index = lab.index()
        words, candidates = unknown_words(question, index), vocabulary(index)
        table = await page.site.vector_table()
        texts = dict.fromkeys([*words, *candidates]) if words and candidates else {}
        missing = [w for w in texts if w not in table.vectors]
        ticket = page.model.request("yours").ticket
        try:
            for start in range(0, len(missing), BATCH):
                page.say("yours", f"Embedding your documents' words: {start:,} of {len(missing):,}…")
                if not await page.embedder.add(table, "yours", ticket, missing[start : start + BATCH], "related"):
                    page.draw(page.model.failed("yours", ticket))  # its line keeps the failure, with "Try again"
                    return
        except Exception as error:
            page.draw(page.model.failed("yours", ticket, "", f"The words could not be embedded: {error}."))
            return
        page.draw(page.model.finished("yours", ticket))
        if missing:
            page.say("yours", "")
        self.suggestions = suggest(words, candidates, table)
        document.getElementById("related-words").innerHTML = render_suggestions(
            question, self.suggestions, len(candidates)
        )

    async def accept(self) -> None:
        ticked = document.querySelectorAll("#related-words input[type=checkbox]:checked")
        accepted = {}
        for box in ticked:
            accepted.setdefault(box.dataset.word, []).append(box.value)
        lines = word_list_lines(self.suggestions, accepted)
        words = merge_word_list(self.page.documents.collection.related_words, lines)
        document.getElementById("my-words").value = word_list_text(words)
        await self.page.documents.save_words()


def install(page) -> None:
    related = Related(page)

    @when("click", "#related-find")
    def on_find(event):
        question = document.getElementById("related-q").value.strip()
        if question:
            asyncio.ensure_future(related.find(question))

    @when("click", "#yours")
    def on_click(event):
        target = event.target
        if target.classList.contains("accept-related"):
            asyncio.ensure_future(related.accept())
        elif target.classList.contains("model-retry") and target.dataset.retry == "related":
            document.getElementById("related-find").click()
