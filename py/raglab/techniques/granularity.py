"""Parent-document and chunk size: the same keyword search over pieces of other sizes."""

from __future__ import annotations

from dataclasses import replace

from ..documents.chunking import CHUNK_SIZES, chunk_id, passages_kind, whole_document
from ..lab import Lab
from ..result import Hit, Result
from .common import (
    TOP_K,
    check_question,
    empty_result,
    finish,
    keyword_search,
    no_words_message,
    plain_comparison,
    plural,
    words_step,
)

CHILD_SIZE = 1  # sentences per child chunk


def parent(lab: Lab, question: str, top_k: int = TOP_K) -> Result:
    """Match the best ``top_k`` one-sentence children, then pass each one's whole parent document once, parents in
    the order of their best child, each document's text in its original order."""
    question = check_question(question)
    words = lab.search_words(question)
    if not words:
        return empty_result("parent", question, no_words_message(question))
    children = keyword_search(lab, words, top_k, size=CHILD_SIZE)
    best_child: dict[str, Hit] = {}
    for child in children:
        best_child.setdefault(child.slug, child)
    hits = []
    for rank, (slug, child) in enumerate(best_child.items(), 1):
        whole = whole_document(lab.corpus.document(slug))
        hits.append(Hit.of(whole, rank, child.score, "best sentence", child.parts, note=f"best sentence: {child.id}"))
    n_children = len(lab.index(CHILD_SIZE))
    steps = [words_step(words)]
    if children:
        best = " ".join(f"“{c.text}” ({c.score:.2f})" for c in children)
        what = "sentence is" if len(children) == 1 else f"{len(children)} sentences are"
        steps.append(f"Scored {n_children} one-sentence child chunks; the best {what}: {best}")
        steps.append(
            f"Those belong to {plural(len(hits), 'parent document')}, each passed once, whole and in order: "
            f"{', '.join(h.title for h in hits)}."
        )
    else:
        steps.append(f"Scored {n_children} one-sentence child chunks; none holds a search word.")
    comparison = plain_comparison(lab, question, label=f"plain search ({passages_kind(lab.passage_size)})")
    details = {"children": list(children)}
    return finish("parent", question, words, steps, hits, comparison, details)


def chunk_size(lab: Lab, question: str, top_k: int = 1, sizes: tuple[int, ...] = CHUNK_SIZES) -> Result:
    """Search the documents cut into 1, 2 and 4 sentences, each size on its own; show each size's best side by
    side. For "What are the visitor rules?" only "visitor" matches, in one chunk of each size: ln(1 + 56/1) = 4.04,
    ln(1 + 32/1) = 3.50, ln(1 + 20/1) = 3.04."""
    question = check_question(question)
    words = lab.search_words(question)
    if not words:
        return empty_result("chunk_size", question, no_words_message(question))
    first_slug = lab.corpus.documents[0].slug
    steps = [
        words_step(words),
        f"Cut every document into chunks of {', '.join(map(str, sizes))} sentences (ids look like "
        f"{chunk_id(first_slug, sizes[0], 1)}) and searched each size on its own.",
    ]
    hits: list[Hit] = []
    by_size: dict[int, list[Hit]] = {}
    for size in sizes:
        index = lab.index(size)
        sized = {c.id: c.sized_id for c in index.chunks}
        found = [
            replace(h, id=sized[h.id], rank=len(hits) + j, note=f"{plural(size, 'sentence')} per chunk")
            for j, h in enumerate(keyword_search(lab, words, top_k, size=size), 1)
        ]
        by_size[size] = found
        if found:
            best = found[0]
            steps.append(f"Size {size}: best chunk is {best.id}, {len(best.text)} characters, score {best.score:.2f}.")
        else:
            steps.append(f"Size {size}: no chunk holds a search word.")
        hits += found
    steps.append(
        f"The list below shows the best {'chunk' if top_k == 1 else f'{top_k} chunks'} of each size side "
        "by side. A real system would pick one size first."
    )
    steps.append(
        "Small chunks are precise but can lose the sentence next to them; big chunks keep more together "
        "but fill the prompt and add words that have nothing to do with the question. No size is best "
        "for every question."
    )
    details = {
        "sizes": {str(s): [h.id for h in found] for s, found in by_size.items()},
        "chunks_per_size": {str(s): len(lab.index(s)) for s in sizes},
    }
    return finish("chunk_size", question, words, steps, hits, plain_comparison(lab, question), details)
