"""Related words by meaning, for query rewriting on the visitor's documents: the words of a question their documents
never use, and their own words closest in meaning (raglab.related), which the visitor can add to their word list.

The words are embedded by the page's embedding model (its worker), a batch at a time, and kept in the page's vector
table, so asking again costs nothing; the cosines are computed in Python."""

import asyncio

import my_documents
from pyscript import document, when

from raglab.collection import word_list_text
from raglab.related import merge_word_list, suggest, unknown_words, vocabulary, word_list_lines
from raglab.ui.documents_html import render_suggestions
from raglab.vector_table import MissingVectors

BATCH = 256  # words a request: single words are short, so a batch this size is quick
page = {"embedder": None, "table": None, "lab": None, "ask": None}
shown = {"suggestions": []}


def install(embedder, table, lab, ask) -> None:
    """As my_vectors.install: main.py's Embedder, its vector table, the visitor's Lab and a section's ticket."""
    page.update(embedder=embedder, table=table, lab=lab, ask=ask)


def say(text: str) -> None:
    document.getElementById("msg-yours").textContent = text


async def find(question: str) -> None:
    lab = page["lab"]()
    if lab is None:
        say("Keep some documents first: the suggestions come from their words.")
        return
    index = lab.index()
    words, candidates = unknown_words(question, index), vocabulary(index)
    table = await page["table"]()
    ticket = page["ask"]("yours")
    while True:
        try:
            shown["suggestions"] = suggest(words, candidates, table)
            break
        except MissingVectors as missing:
            try:
                for start in range(0, len(missing.texts), BATCH):
                    say(f"Embedding your documents' words: {start:,} of {len(missing.texts):,}…")
                    batch = missing.texts[start : start + BATCH]
                    table.add(batch, await page["embedder"].vectors("yours", ticket, batch, retry="related"))
            except Exception as error:  # the model failed: its message, with "Try again", is drawn already
                if type(error).__name__ != "ModelFailed":
                    say(f"The words could not be embedded: {error}.")
                return
            say("")
    document.getElementById("related-words").innerHTML = render_suggestions(
        question, shown["suggestions"], len(candidates)
    )


async def accept() -> None:
    ticked = document.querySelectorAll("#related-words input[type=checkbox]:checked")
    accepted = {}
    for box in ticked:
        accepted.setdefault(box.dataset.word, []).append(box.value)
    lines = word_list_lines(shown["suggestions"], accepted)
    words = merge_word_list(my_documents.collection.related_words, lines)
    document.getElementById("my-words").value = word_list_text(words)
    await my_documents.save_words()


@when("click", "#related-find")
def on_find(event):
    question = document.getElementById("related-q").value.strip()
    if question:
        asyncio.ensure_future(find(question))


@when("click", "#yours")
def on_click(event):
    target = event.target
    if target.classList.contains("accept-related"):
        asyncio.ensure_future(accept())
    elif target.classList.contains("model-retry") and target.dataset.retry == "related":
        document.getElementById("related-find").click()
