"""The command line: ``raglab ask``, ``raglab compare``, ``raglab techniques``, ``raglab corpus``, ``raglab eval``.

Without ``--json`` it prints what the page shows, readable in a terminal; with ``--json`` the result object.
``--corpus DIR`` searches a corpus folder, or any folder of .txt, .md, .html, .pdf and .docx files (each file
that gives nothing is named on stderr, "skipped: ...", and the rest is searched).
Exit status: 0 done, 2 the question, the options or the folder cannot be used (the message says why), 141 the
reader of the output went away (``raglab corpus | head``). A file read past its time (``readers.FILE_SECONDS``, a
PDF's ``PDF_STEP_SECONDS`` a page) is named as skipped, like any file that gives nothing.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import sys
import textwrap
from collections.abc import Sequence

from . import Lab, load_corpus
from .documents.chunking import WHOLE_DOCUMENT, passages_phrase
from .documents.collect_files import read_folder
from .documents.corpus import CorpusError
from .documents.document_cache import CachedReader
from .documents.language import reading_note
from .documents.passage_sizes import passage_size_in
from .documents.readers import escape_controls
from .graph.names_by_rules import NamesByRules
from .result import Result
from .show import HEADINGS, passage_place, score_label, score_sum
from .techniques import EMBEDDINGS, TECHNIQUES, Input, Option, QuestionError, options_of, run, technique
from .techniques.registry import SHOWS_SEARCHES

WIDTH = 100
CLOSED_PIPE = 141  # 128 + SIGPIPE (13), the exit status of a command whose output pipe closed


def _wrap(text: str, indent: str) -> str:
    return textwrap.fill(text, WIDTH, initial_indent=indent, subsequent_indent=indent)


def render_text(result: Result) -> str:
    t = TECHNIQUES[result.technique]
    out = [t.title, f"Question: {result.question}", ""]
    if result.steps:
        out.append(HEADINGS["steps"])
        out += [_wrap(f"{i}. {s}", "  ") for i, s in enumerate(result.steps, 1)]
        out.append("")
    if result.message:
        out += [_wrap(result.message, ""), ""]
    out += [result.summary, "", HEADINGS["passages"]]
    out += _hits(result.passages) or ["  (none)"]
    if SHOWS_SEARCHES in t.shows:  # each list as ranked, so every 1/(60 + rank) of a fused score can be checked
        for search in result.details.get("searches", []):
            out += ["", f"{search['label'].capitalize()}: {search['against']}, “{search['wording']}”, as ranked"]
            ranked = "; ".join(f"{h.rank} {h.id} ({h.score:.4f})" for h in search["passages"])
            out.append(_wrap(ranked, "  "))
    if result.comparison:
        out += ["", HEADINGS["compare"].format(label=result.comparison.label)]
        out += _hits(result.comparison.passages) or [_wrap(result.comparison.message, "  ")]
    out += ["", HEADINGS["prompt"], textwrap.indent(result.prompt, "  | ", lambda _: True)]
    return "\n".join(out)


def _hits(hits) -> list[str]:
    lines = []
    for h in hits:
        note = f" · {h.note}" if h.note else ""
        place = passage_place(h)
        where = f" ({place})" if place else ""
        lines.append(f"  {h.rank}. {h.title} [{h.id}]{where} {score_label(h)}{note}")
        if h.parts and h.score_kind != "fused":
            lines.append(_wrap(("" if h.score_kind == "similarity" else "sum: ") + score_sum(h), "       "))
        lines.append(_wrap(h.text, "     "))
    return lines


class ModelUnavailable(Exception):
    """The embedding model could not be loaded when a vector was first needed (the message says why)."""


class _ModelOnFirstUse:
    """The embedding model, loaded on its first call: loading (onnxruntime and 90 MB of weights) takes 0.5-1 s, and
    a question whose vectors are all kept (a folder's passages, a question asked before) never needs it."""

    dtype = "fp32"  # OnnxEmbedder's default, named in the vectors' key before anything is loaded

    def __init__(self) -> None:
        self.model = None

    def __call__(self, texts: list[str]) -> list[list[float]]:
        if self.model is None:
            from .models.onnx_embed import OnnxEmbedder, default_model_dir

            try:
                self.model = OnnxEmbedder(default_model_dir(), self.dtype)
            except (ImportError, OSError) as e:
                raise ModelUnavailable(str(e)) from e
        return self.model(texts)


def _embedder(name: str, on_first_use: bool = False):
    """The embedding model, its vectors kept between calls (vector_cache: a folder's passages are embedded once).
    ``on_first_use``: loaded only when a vector is not kept (ModelUnavailable then, if it cannot be)."""
    if name == "none":
        return None
    from .models.onnx_embed import MODEL_NAME, OnnxEmbedder, default_model_dir
    from .search.vector_cache import CachedEmbedder

    model = _ModelOnFirstUse() if on_first_use else OnnxEmbedder(default_model_dir())
    return CachedEmbedder(model, f"{MODEL_NAME} {model.dtype}")


def cmd_ask(args, lab: Lab) -> int:
    t = technique(args.technique)
    given = {name: value for name, value in vars(args).items() if name in _declared() and value is not None}
    for name in given.keys() - options_of(t, given).keys():
        raise QuestionError(f"{_flag(name)} belongs to {_owners(name)}, not to {t.name}.")
    for i in (i for i in t.inputs if i.name in given):  # the page's limits, from the registry; more is refused
        values = given[i.name] if i.kind == "lines" else [given[i.name]]
        if problem := i.too_long(values, _flag(i.name)):
            raise QuestionError(problem)
        given[i.name] = i.read(values)
    options = {name: value for name, value in given.items() if value is not None}
    if options.keys() & {i.name for i in t.inputs}:
        options["source"] = "visitor"
    if t.meaning:  # after the checks above: a mistake is said before the model loads
        options["embed"] = _embedder(args.embedder, on_first_use=True)
        if options["embed"] is None and EMBEDDINGS in t.needs:
            raise QuestionError(f"{t.name} searches by meaning and needs an embedder: run without --embedder none.")
    try:
        result = run(lab, t.key, args.question, top_k=args.top_k, **options)
    except ModelUnavailable as e:
        raise QuestionError(
            f"{t.name} searches by meaning and needs the embedding model all-MiniLM-L6-v2, which could not be "
            f"loaded ({e}). Build it with `make models`, or choose a keyword technique."
        ) from e
    print(json.dumps(result.to_dict(), ensure_ascii=False, indent=2) if args.json else render_text(result))
    return 0


def _declared() -> dict[str, Input | Option]:
    """Every input and option any technique declares, by name (one command-line flag each)."""
    found: dict[str, Input | Option] = {}
    for t in TECHNIQUES.values():
        found.update({i.name: i for i in t.inputs if i.flag})
        found.update({o.name: o for o in t.options})
    return found


def _flag(name: str) -> str:
    """The command-line flag of a declared input or option: an input's own, an option's made from its name."""
    declared = _declared().get(name)
    return declared.flag if isinstance(declared, Input) and declared.flag else "--" + name.replace("_", "-")


def _owners(name: str) -> str:
    return ", ".join(
        t.name for t in TECHNIQUES.values() if name in {i.name for i in t.inputs} | {o.name for o in t.options}
    )


def cmd_techniques(args, lab: Lab) -> int:
    rows = [
        {
            "key": t.key,
            "title": t.title,
            "top_k": t.top_k,
            "meaning": t.meaning,
            "needs": sorted(t.needs),
            "inputs": [i.name for i in t.inputs],
            "options": {o.name: o.default for o in t.options},
            "presets": list(lab.corpus.presets.get(t.key, ())),
        }
        for t in TECHNIQUES.values()
    ]
    if args.json:
        print(json.dumps(rows, ensure_ascii=False, indent=2))
    else:
        for r in rows:
            needs = "  (searches by meaning: needs the embedding model)" if r["meaning"] else ""
            print(f"{r['key']:<12} {r['title']}{needs}")
    return 0


def cmd_corpus(args, lab: Lab) -> int:
    docs = [
        {
            "slug": d.slug,
            "title": d.title,
            "source": d.source,
            "pages": d.pages,
            "language": d.language.code,
            "reading": reading_note(d.language),
            "passages": [{"id": c.id, "text": c.text, "page": c.page} for c in lab.chunks() if c.slug == d.slug],
        }
        for d in lab.corpus.documents
    ]
    if args.json:
        print(json.dumps(docs, ensure_ascii=False, indent=2))
        return 0
    n = sum(len(d["passages"]) for d in docs)
    cut = passages_phrase(lab.passage_size)
    cut = f"passages, {cut}" if lab.passage_size == WHOLE_DOCUMENT else cut
    print(f"{lab.corpus.name}: {len(docs)} documents, {n} {cut}\n")
    for d in docs:
        head = f"{d['title']} ({d['slug']})"
        if d["source"] and d["source"] != d["title"]:
            head += f" · {d['source']}"
        if d["pages"]:
            head += f" · {d['pages']} {'page' if d['pages'] == 1 else 'pages'}"
        print(f"{head} · {d['reading']}")
        for p in d["passages"]:
            page = f" (p. {p['page']})" if p["page"] is not None else ""
            print(_wrap(f"{p['id']}{page}: {p['text']}", "  "))
    return 0


def cmd_eval(args, lab: Lab) -> int:
    from .evaluate import evaluate, load_questions

    questions = load_questions(args.questions) if args.questions else None
    embed, why = None, ""
    try:
        embed = _embedder("onnx")
    except (ImportError, OSError, FileNotFoundError) as e:
        why = str(e)
    board = evaluate(lab, embed, questions)
    if args.json:
        out = board.to_dict()
        if why:
            out["embedder_error"] = why
        print(json.dumps(out, ensure_ascii=False, indent=2))
        return 0
    print(f"Scoreboard: {len(board.questions)} labelled questions on {board.corpus}\n")
    n = len(board.questions)
    if board.groups:
        print("Which technique fixes which mistake: each group holds the questions a rule finds; a technique is")
        print("counted only on the questions where it did its own work.\n")
    for g in board.groups:
        print(_wrap(f"{g.name} ({len(g.questions)} question{'s' * (len(g.questions) != 1)} {g.rule})", ""))
        print(_wrap(g.verdict, "  "))
        if g.best_said:
            print(_wrap(g.best_said, "  "))
        print(_wrap("Questions: " + "; ".join(board.questions[i] for i in g.questions), "  ") + "\n")
    print(
        f"{'technique':<14} {'hit@3':>6} {'recall@3':>9} {'MRR':>6} {'nDCG@10':>8} {'sentences@3':>12} {'own work':>9}"
    )
    for r in board.rows:
        name = r.key + (" *" if r.baseline else "")
        own = "-" if r.baseline else f"{n - r.fell_back}/{n}"
        print(
            f"{name:<14} {r.hit_at_3:>6.3f} {r.recall_at_3:>9.3f} {r.mrr:>6.3f} {r.ndcg_at_10:>8.3f} "
            f"{r.sentences_at_3:>12.1f} {own:>9}"
        )
    print("* a baseline, not one of the nine techniques; own work: the questions where it did what it is built to do")
    for key, reason in board.skipped.items():
        print(_wrap(f"Skipped {key}: it {reason}" + (f" ({why})." if why else "."), ""))
    print("\nRight at 3 (rank of the first right unit; - when none in the first 10):")
    print(f"{'':<44} " + " ".join(f"{i:>3}" for i in range(1, len(board.rows) + 1)))
    for qi, question in enumerate(board.questions):
        ranks = [r.questions[qi].first_right for r in board.rows]
        cells = " ".join(f"{(str(x) if x else '-'):>3}" for x in ranks)
        print(f"{question[:43]:<44} {cells}")
    print("   " + "  ".join(f"{i} {r.key}" for i, r in enumerate(board.rows, 1)))
    print("\nMissed at 3 (no right unit in the first 3):")
    for r in board.rows:
        missed = [q.question for q in r.questions if not q.hit]
        print(_wrap(f"{r.key}: " + ("; ".join(missed) if missed else "none"), "  "))
    print("\nQuestions only one technique gets right (hit@3):")
    lines = [_wrap(f"{r.key}: " + "; ".join(r.only_right), "  ") for r in board.rows if r.only_right]
    print("\n".join(lines) or "  (none)")
    for note in board.notes:
        print(_wrap(note, ""))
    return 0


def cmd_compare(args, lab: Lab) -> int:
    """One question through every technique side by side (raglab.compare), with the meaning map when the
    embedding model is there; with no question, the labelled questions that show the techniques' differences."""
    from .compare import compare, probes
    from .compare_text import compared_text, showcase_text
    from .meaning_map import meaning_map

    embed = _embedder(args.embedder, on_first_use=True)
    try:
        if args.question is None:
            from .evaluate import evaluate
            from .showcase import showcase

            found = showcase(evaluate(lab, embed))
            rows = [{"question": s.question, "technique": s.technique, "why": s.why} for s in found]
            print(json.dumps(rows, ensure_ascii=False, indent=2) if args.json else showcase_text(found), end="")
            return 0
        compared = compare(lab, args.question, embed)
        drawn = meaning_map(lab, embed, probes(compared)) if embed is not None else None
    except ModelUnavailable as e:
        raise QuestionError(
            f"The meaning techniques need the embedding model all-MiniLM-L6-v2, which could not be loaded ({e}). "
            "Build it with `make models`, or run with --embedder none (they are then left out)."
        ) from e
    if args.json:
        out = {**compared.to_dict(), "map": drawn.to_dict() if drawn else None}
        print(json.dumps(out, ensure_ascii=False, indent=2))
    else:
        print(compared_text(compared, drawn), end="")
    return 0


def _embedder_flag(command: argparse.ArgumentParser, what: str) -> None:
    command.add_argument(
        "--embedder",
        choices=["onnx", "none"],
        default="onnx",
        help=f"{what}: the local all-MiniLM-L6-v2 ONNX model (default) or none",
    )


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="raglab", description="RAG Lab: see how retrieval-augmented generation works.")
    p.add_argument(
        "--corpus",
        help="a corpus folder, or a folder of your own .txt, .md, .html, .pdf and .docx files "
        "(default: the Fernport corpus)",
    )
    sub = p.add_subparsers(dest="command", required=True)
    ask = sub.add_parser("ask", help="run one technique on a question")
    ask.add_argument("technique", help="one of: " + ", ".join(TECHNIQUES))
    ask.add_argument("question")
    ask.add_argument("--json", action="store_true", help="print the result object as JSON")
    ask.add_argument("--top-k", type=int, default=None, help="passages to keep (default per technique, 1-10)")
    ask.add_argument("--corpus", dest="corpus_ask", help=argparse.SUPPRESS)
    _embedder_flag(ask, "meaning search")
    for name, declared in _declared().items():
        if isinstance(declared, Input):
            ask.add_argument(
                _flag(name), dest=name, help=declared.help, action="append" if declared.kind == "lines" else "store"
            )
        elif declared.choices:
            ask.add_argument(
                _flag(name),
                dest=name,
                choices=[v for v, _ in declared.choices],
                help=f"{declared.help} (default {declared.default})",
            )
        else:
            ask.add_argument(
                _flag(name),
                dest=name,
                type=float,
                help=f"{declared.help} (default {declared.default:g}, range {declared.low:g}-{declared.high:g})",
            )
    cmp = sub.add_parser("compare", help="one question through every technique side by side, with a meaning map")
    cmp.add_argument("question", nargs="?", help="(none: the labelled questions that show the differences)")
    cmp.add_argument("--json", action="store_true", help="print the rows and the map as JSON")
    cmp.add_argument("--corpus", dest="corpus_ask", help=argparse.SUPPRESS)
    _embedder_flag(cmp, "the meaning techniques and the map")
    ev = sub.add_parser("eval", help="score every technique on the labelled questions")
    ev.add_argument("--questions", help="a questions.toml (default: the corpus's own)")
    ev.add_argument("--json", action="store_true", help="print the scoreboard as JSON")
    ev.add_argument("--corpus", dest="corpus_ask", help=argparse.SUPPRESS)
    for name, helptext in [("techniques", "list the techniques"), ("corpus", "list documents and passages")]:
        s = sub.add_parser(name, help=helptext)
        s.add_argument("--json", action="store_true")
        s.add_argument("--corpus", dest="corpus_ask", help=argparse.SUPPRESS)
    return p


class _Escaped:
    """A text stream that writes what it is given with each control character but line breaks and tabs escaped."""

    def __init__(self, stream):
        self.stream = stream

    def write(self, text: str) -> int:
        return self.stream.write(escape_controls(text, keep="\n\t"))

    def __getattr__(self, name: str):
        return getattr(self.stream, name)


@contextlib.contextmanager
def shown_not_obeyed():
    """What is printed meanwhile, on stdout and stderr, with each control character but line breaks and tabs
    escaped (``readers.escape_controls``): a file name, a title or a document's text that holds a terminal's escape
    codes ("\\x1b[2J" clears the screen) or a carriage return is shown as those characters, never obeyed. Used by
    this command line and build.py."""
    out, err = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = _Escaped(out), _Escaped(err)
    try:
        yield
    finally:
        sys.stdout, sys.stderr = out, err


def main(argv: Sequence[str] | None = None) -> int:
    try:
        try:
            with shown_not_obeyed():
                return _command(argv)
        finally:
            sys.stdout.flush()  # a closed pipe shows here, where it is caught, not at exit with a traceback
    except BrokenPipeError:
        # The reader has gone (`raglab corpus | head`), so there is no one to tell. What is still buffered goes to
        # devnull (else the flush at exit prints a traceback after all), and the status is the one the shell
        # reports for `yes | head` or any tool stopped by a closed pipe: the output was cut short, so 0 ("done")
        # would not be true, and 2 would blame the question.
        try:
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        except (AttributeError, OSError, ValueError):  # a stdout that is no file (a test's) buffers nothing
            pass
        return CLOSED_PIPE


def _command(argv: Sequence[str] | None) -> int:
    args = parser().parse_args(argv)
    commands = {
        "ask": cmd_ask,
        "compare": cmd_compare,
        "techniques": cmd_techniques,
        "corpus": cmd_corpus,
        "eval": cmd_eval,
    }
    try:
        return commands[args.command](args, _lab(args.corpus_ask or args.corpus))
    except (QuestionError, CorpusError) as e:
        print(f"raglab: {e}", file=sys.stderr)
        return 2


def _lab(folder: str | None) -> Lab:
    """Fernport, or the folder given, cut as its passages.toml says: each of its files that gives nothing is one
    line on stderr."""
    if folder is None:
        return Lab(load_corpus())
    corpus, problems = read_folder(folder, CachedReader(), NamesByRules)
    for problem in problems:
        print(f"skipped: {problem}", file=sys.stderr)
    return Lab(corpus, passage_size_in(folder))


if __name__ == "__main__":
    sys.exit(main())
