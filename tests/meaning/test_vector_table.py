"""The page's way of embedding: a table of precomputed vectors gives the same results as the model itself, and
names what it lacks."""

import pytest

from raglab import run
from raglab.search.vector_table import MissingVectors, VectorTable, preset_texts


@pytest.fixture(scope="module")
def table(lab, real_embed):
    texts = preset_texts(lab)
    t = VectorTable()
    t.add(texts, real_embed(texts))
    return VectorTable.from_json(t.to_json())  # through the shipped format, float32


@pytest.mark.parametrize("key", ["multi_query", "hyde", "hybrid"])
def test_presets_from_the_table_match_the_model(lab, real_embed, table, key):
    for q in lab.corpus.presets[key]:
        direct = run(lab, key, q, embed=real_embed)
        looked_up = run(lab, key, q, embed=table)
        assert [p.id for p in looked_up.passages] == [p.id for p in direct.passages]
        assert [round(p.score, 4) for p in looked_up.passages] == [round(p.score, 4) for p in direct.passages]


def test_a_typed_question_names_its_missing_text(lab, table):
    with pytest.raises(MissingVectors) as e:
        run(lab, "hybrid", "Is there a swimming pool?", embed=table)
    assert e.value.texts == ["Is there a swimming pool?"]
