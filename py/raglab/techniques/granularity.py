"""Parent-document and chunk size: the same keyword search over pieces of other sizes."""

from __future__ import annotations

from dataclasses import replace

from ..documents.chunking import (
    BLOCKS,
    CHUNK_SIZES,
    MAX_PASSAGE_WORDS,
    PassageSize,
    chunk_id,
    passages_kind,
    whole_document,
)
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
    comparison = plain_comparison(lab, words, label=f"plain search ({passages_kind(lab.passage_size)})")
    details = {"children": list(children)}
    return finish("parent", question, words, steps, hits, comparison, details)


def chunk_size(lab: Lab, question: str, top_k: int = 1, sizes: tuple[int, ...] = CHUNK_SIZES) -> Result:
    """Search the documents cut into 1, 2 and 4 sentences, each size on its own; show each size's best side by
    side. For "What are the visitor rules?" only "visitor" matches, in one chunk of each size: ln(1 + 56/1) = 4.04,
    ln(1 + 32/1) = 3.50, ln(1 + 20/1) = 3.04. A lab whose passages follow its documents' blocks (a visitor's
    documents) shows its own cut beside the sentence counts."""
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
    cuts: tuple[PassageSize, ...] = (*sizes, BLOCKS) if lab.passage_size == BLOCKS else sizes
    if BLOCKS in cuts:
        steps.append(
            "Beside them, the lab’s own passages: each follows the document, a paragraph, a list or a table, "
            f"packed inside its section up to {MAX_PASSAGE_WORDS} words, so no passage stops in the middle of "
            "one or runs across a heading."
        )
    hits: list[Hit] = []
    by_size: dict[PassageSize, list[Hit]] = {}
    for size in cuts:
        index = lab.index(size)
        sized = {c.id: c.sized_id for c in index.chunks}
        found = [
            replace(h, id=sized[h.id], rank=len(hits) + j, note=_per_chunk(size))
            for j, h in enumerate(keyword_search(lab, words, top_k, size=size), 1)
        ]
        by_size[size] = found
        if found:
            best = found[0]
            steps.append(
                f"{_cut_name(size)}: best chunk is {best.id}, {len(best.text)} characters, score {best.score:.2f}."
            )
        else:
            steps.append(f"{_cut_name(size)}: no chunk holds a search word.")
        hits += found
    steps.append(
        f"The passages handed over show the best {'chunk' if top_k == 1 else f'{top_k} chunks'} of each size side "
        "by side. A real system would pick one size first."
    )
    steps.append(
        "Small chunks are precise but can lose the sentence next to them; big chunks keep more together "
        "but fill the prompt and add words that have nothing to do with the question. No size is best "
        "for every question."
    )
    details = {
        "sizes": {str(s): [h.id for h in found] for s, found in by_size.items()},
        "chunks_per_size": {str(s): len(lab.index(s)) for s in cuts},
    }
    return finish("chunk_size", question, words, steps, hits, plain_comparison(lab, words), details)


def _cut_name(size: PassageSize) -> str:
    return "The lab’s blocks" if size == BLOCKS else f"Size {size}"


def _per_chunk(size: PassageSize) -> str:
    """A chunk-size hit's note: "2 sentences per chunk", or "the lab's passage: a block or blocks"."""
    if isinstance(size, int):
        return f"{plural(size, 'sentence')} per chunk"
    return "the lab’s passage: paragraphs, lists, tables"


def parent_did(result: Result) -> str:
    """>>> from raglab import Lab
    >>> parent_did(parent(Lab(), "How much does the ferry cost?"))
    'matched 3 sentences and handed over 1 whole document: Ferry timetable'
    """
    children = result.details.get("children", [])
    if not result.passages:
        return ""
    titles = ", ".join(h.title for h in result.passages)
    if len(children) == 1:
        return f"matched the sentence {children[0].id} and handed over its whole document, {titles}"
    return (
        f"matched {len(children)} sentences and handed over {plural(len(result.passages), 'whole document')}: {titles}"
    )


def chunk_size_did(result: Result) -> str:
    """>>> from raglab import Lab
    >>> chunk_size_did(chunk_size(Lab(), "What are the visitor rules?"))
    'searched chunks of 1, 2 and 4 sentences: the best are rules-s1-1, rules-s2-1, rules-s4-1'
    """
    sizes = result.details.get("sizes", {})
    if not sizes:
        return ""
    best = [ids[0] for ids in sizes.values() if ids]
    if not best:
        return ""
    counts = [name for name in sizes if name.isdigit()]
    blocks = " and the lab’s blocks" if str(BLOCKS) in sizes else ""
    said = f"searched chunks of {', '.join(counts[:-1])} and {counts[-1]} sentences{blocks}"
    return f"{said}: the best are {', '.join(best)}"
