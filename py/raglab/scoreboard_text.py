"""The scoreboard as the terminal shows it (``raglab eval`` without ``--json``): each group of a mistake of plain
search with its sentence, every row's metrics, each question's rank of the first right unit, the questions each
row misses and those only one technique gets right, and the notes.
"""

from __future__ import annotations

from .evaluate import Scoreboard
from .result_text import wrap


def scoreboard_text(board: Scoreboard, why: str = "") -> str:
    """What ``raglab eval`` prints for ``board``; ``why``: why the embedding model could not be loaded ("" when it
    was), said beside each technique skipped for it."""
    out = [f"Scoreboard: {len(board.questions)} labelled questions on {board.corpus}\n"]
    n = len(board.questions)
    if board.groups:
        out.append("Which technique fixes which mistake: each group holds the questions a rule finds; a technique is")
        out.append("counted only on the questions where it did its own work.\n")
    for g in board.groups:
        out.append(wrap(f"{g.name} ({len(g.questions)} question{'s' * (len(g.questions) != 1)} {g.rule})", ""))
        out.append(wrap(g.verdict, "  "))
        if g.best_said:
            out.append(wrap(g.best_said, "  "))
        out.append(wrap("Questions: " + "; ".join(board.questions[i] for i in g.questions), "  ") + "\n")
    out.append(
        f"{'technique':<14} {'hit@3':>6} {'recall@3':>9} {'MRR':>6} {'nDCG@10':>8} {'sentences@3':>12} {'own work':>9}"
    )
    for r in board.rows:
        name = r.key + (" *" if r.baseline else "")
        own = "-" if r.baseline else f"{n - r.fell_back}/{n}"
        out.append(
            f"{name:<14} {r.hit_at_3:>6.3f} {r.recall_at_3:>9.3f} {r.mrr:>6.3f} {r.ndcg_at_10:>8.3f} "
            f"{r.sentences_at_3:>12.1f} {own:>9}"
        )
    out.append(
        "* a baseline, not one of the nine techniques; own work: the questions where it did what it is built to do"
    )
    for key, reason in board.skipped.items():
        out.append(wrap(f"Skipped {key}: it {reason}" + (f" ({why})." if why else "."), ""))
    out.append("\nRight at 3 (rank of the first right unit; - when none in the first 10):")
    out.append(f"{'':<44} " + " ".join(f"{i:>3}" for i in range(1, len(board.rows) + 1)))
    for qi, question in enumerate(board.questions):
        ranks = [r.questions[qi].first_right for r in board.rows]
        cells = " ".join(f"{(str(x) if x else '-'):>3}" for x in ranks)
        out.append(f"{question[:43]:<44} {cells}")
    out.append("   " + "  ".join(f"{i} {r.key}" for i, r in enumerate(board.rows, 1)))
    out.append("\nMissed at 3 (no right unit in the first 3):")
    for r in board.rows:
        missed = [q.question for q in r.questions if not q.hit]
        out.append(wrap(f"{r.key}: " + ("; ".join(missed) if missed else "none"), "  "))
    out.append("\nQuestions only one technique gets right (hit@3):")
    lines = [wrap(f"{r.key}: " + "; ".join(r.only_right), "  ") for r in board.rows if r.only_right]
    out.append("\n".join(lines) or "  (none)")
    out += [wrap(note, "") for note in board.notes]
    return "\n".join(out)
