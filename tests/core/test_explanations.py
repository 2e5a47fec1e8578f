"""Each technique's explanation (page.toml), read against what the technique did (issue 34): every number it states
is one its first preset's result shows, so no sentence above a result claims what the result does not."""

import re

import pytest
from page_toml import load_page_text

from raglab import TECHNIQUES, run
from raglab.documents.corpus import default_corpus_dir

EXPLAIN = {key: text["explain"] for key, text in load_page_text(default_corpus_dir())["technique"].items()}


def did(lab, embed, key):
    """The technique's first preset's result, as the page pre-renders it."""
    t = TECHNIQUES[key]
    question = lab.corpus.presets[key][0]
    return run(lab, key, question, **({"embed": embed} if t.meaning else {}))


# What each number of an explanation stands for, read from the result: (the words that state it, its value).
CLAIMS = {
    "plain": lambda lab, r: [
        ("passages of 2 sentences", lab.passage_size),
        ("The best 3 passages", len(r.passages)),
    ],
    "query": lambda lab, r: [],
    "graph": lambda lab, r: [],
    "document": lambda lab, r: [],
    "multi_query": lambda lab, r: [
        ("rewritten 3 other ways", len(r.details["rewrites"])),
        ("each of the 4 wordings", len(r.details["searches"])),
        ("The 4 rankings", len(r.details["searches"])),
        ("1 ÷ (60 + its rank)", {part.k for hit in r.passages for part in hit.parts} == {60} and 60),
    ],
    "hyde": lambda lab, r: [],
    "parent": lambda lab, r: [("1-sentence child chunks", {c.sentences for c in r.details["children"]} == {1} and 1)],
    # (a sentence with no number is read by the tests of its technique's own claims: tests/core/test_page_claims.py)
    "chunk_size": lambda lab, r: [("chunks of 1, 2 and 4 sentences", [int(size) for size in r.details["sizes"]])],
    "hybrid": lambda lab, r: [],
}
STATED = {
    "plain": [2, 3],
    "multi_query": [3, 4, 4, 60],
    "parent": [1],
    "chunk_size": [[1, 2, 4]],
}


@pytest.mark.parametrize("key", list(TECHNIQUES))
def test_each_explanation_says_what_its_technique_did(lab, embed, key):
    """Intent: every claim listed for a technique stands in its explanation, and the result shows it; and no number
    in an explanation is left unread (a new one fails here until its claim is listed)."""
    explain, result = EXPLAIN[key], did(lab, embed, key)
    claims = CLAIMS[key](lab, result)
    assert [words for words, _ in claims if words not in explain] == [], key
    assert [value for _, value in claims] == STATED.get(key, []), key
    numbers = re.findall(r"\d+", explain)
    read = re.findall(r"\d+", " ".join(words for words, _ in claims))
    assert sorted(numbers) == sorted(read), (key, numbers, read)
