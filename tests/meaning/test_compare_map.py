"""The compare view and the meaning map on Fernport with all-MiniLM-L6-v2 (fp32, the command line's and the presets'
weights): the figures a learner reads on the page."""

import pytest

from raglab.compare import compare, probes
from raglab.evaluate import _memo
from raglab.meaning_map import meaning_map
from raglab.search.projection import principal_axes

MIRA = "When can I meet the man who taught Mira to bake?"


@pytest.fixture(scope="module")
def embed(real_embed):
    return _memo(real_embed)


def test_hyde_alone_puts_the_answer_first_and_its_made_up_answer_lands_by_it(lab, embed):
    compared = compare(lab, MIRA, embed)
    assert compared.first == ("hyde",)
    assert [p.id for p in compared.row("hyde").passages] == ["lighthouse-2", "festival-2", "festival-1"]
    drawn = meaning_map(lab, embed, probes(compared))
    assert [p.label for p in drawn.probes] == [
        "your question",
        "rewrite 1",
        "rewrite 2",
        "rewrite 3",
        "made-up answer (HyDE)",
    ]
    question, hyde = drawn.probes[0], drawn.probes[-1]
    assert [(n.id, round(n.cosine, 4)) for n in question.nearest] == [
        ("bakery-2", 0.6577),
        ("bakery-1", 0.3998),
        ("lighthouse-2", 0.3093),
    ]
    assert [(n.id, round(n.cosine, 4)) for n in hyde.nearest] == [
        ("lighthouse-2", 0.8245),
        ("festival-2", 0.4762),
        ("festival-1", 0.4404),
    ]
    assert (round(question.x, 4), round(question.y, 4)) == (-0.0679, 0.1941)
    assert (round(hyde.x, 4), round(hyde.y, 4)) == (0.1274, 0.131)
    assert question.drawn == ("weather-2", "bakery-2", "school-2") and question.kept == 1
    assert hyde.drawn == ("festival-2", "lighthouse-3", "lighthouse-2") and hyde.kept == 2
    assert hyde.sentence == (
        "On this picture, 2 of the 3 passages nearest to made-up answer (HyDE) in meaning are also among its 3 nearest."
    )
    assert round(drawn.share, 4) == 0.199
    assert drawn.share_sentence.startswith("The two directions of this picture hold 20% of how the passages spread")


def test_fernports_axes_are_the_same_with_and_without_numpy(lab, embed):
    vectors = lab.vectors(embed)
    plain, fast = principal_axes(vectors, use_numpy=False), principal_axes(vectors, use_numpy=True)
    for a, b in zip(plain.axes, fast.axes, strict=True):
        assert max(abs(x - y) for x, y in zip(a, b, strict=True)) < 1e-10
