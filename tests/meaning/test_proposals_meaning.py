"""Hybrid search's proposed questions (raglab.proposals), found with the real embedding model: each is run again and
hands over a passage that only the vector side found."""

from pathlib import Path

import pytest

from raglab import Lab, run
from raglab.documents.corpus_folder import load_corpus
from raglab.proposals import propose
from raglab.search.fusion import RRF_DEPTH

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("corpus", ["fernport", "ledger"])
def test_hybrid_proposals_hand_over_a_passage_only_the_vector_side_found(real_embed, corpus):
    lab = Lab(load_corpus(ROOT / "corpus" / corpus))
    found = propose(lab, embed=real_embed)
    assert found.of("hybrid") and "hybrid" not in found.why_none
    for p in found.of("hybrid"):
        result = run(lab, "hybrid", p.question, embed=real_embed)
        named = p.why.split()[2]  # "hands over <id> at rank <n>: ..."
        hit = next(h for h in result.passages if h.id == named)
        assert f"at rank {hit.rank}:" in p.why
        keyword = [h.id for h in result.details["keyword"]]
        vector = [h.id for h in result.details["vector"]]
        assert named not in keyword and named in vector
        if "holds no search word" in p.why:
            assert len(keyword) < RRF_DEPTH
            assert not set(lab.search_words(p.question)) & set(lab.search_words(hit.text))
