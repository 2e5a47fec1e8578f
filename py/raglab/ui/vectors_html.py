"""The line about the meaning vectors of the visitor's passages, under "Your documents": how many are made, a bar
and "Cancel" while they are being made, "Make meaning vectors" otherwise, and which device makes them.
"""

from __future__ import annotations

from html import escape


def render_vectors(
    made: int,
    total: int,
    running: bool,
    seconds_left: float | None = None,
    device: str | None = None,
    stopping: bool = False,
) -> str:
    """The line about the meaning vectors of the visitor's passages: how many are made, a bar and "Cancel" while
    they are being made (``stopping``: Cancel was pressed; a batch under way ends first, none starts), "Make vectors"
    otherwise; ``device``: which device makes them and why, in the embedding worker's words, once it has said
    (web/worker.js measures WebGPU against WebAssembly at first use).

    >>> "320 of 1,234 passages, about 2 min left" in render_vectors(320, 1234, True, 95)
    True
    >>> stopping = render_vectors(8, 53, True, 40, stopping=True)
    >>> "Stopping, no new batch starts: 8 of 53 passages have a vector." in stopping, "Cancel" in stopping
    (True, False)
    >>> render_vectors(3, 9, True, device="no WebGPU, so <the CPU>").split("</div>")[1]
    '<p class="vectors-device">On this device: no WebGPU, so &lt;the CPU&gt;.</p>'
    """
    if not total:
        return ""
    return _vectors_line(made, total, running, seconds_left, stopping) + (
        f'<p class="vectors-device">On this device: {escape(device)}.</p>' if device else ""
    )


def _vectors_line(made: int, total: int, running: bool, seconds_left: float | None, stopping: bool) -> str:
    if made >= total:
        return (
            f'<p class="vectors-done">Every one of your {total:,} {"passage" if total == 1 else "passages"} has a '
            "meaning vector (all-MiniLM-L6-v2), so every technique searches your documents.</p>"
        )
    if running and stopping:
        return (
            f'<div class="row vectors-running"><progress max="{total}" value="{made}"></progress> '
            f"<span>Stopping, no new batch starts: {made:,} of {total:,} passages have a vector.</span></div>"
        )
    if running:
        left = f", about {_duration(seconds_left)} left" if seconds_left is not None else ""
        return (
            f'<div class="row vectors-running"><progress max="{total}" value="{made}"></progress> '
            f"<span>Making meaning vectors: {made:,} of {total:,} passages{left}.</span>"
            '<button type="button" class="cancel-vectors">Cancel</button></div>'
        )
    return (
        f'<p class="vectors-wanted">Meaning vectors: {made:,} of {total:,} passages have one. The meaning '
        "techniques (multi-query, HyDE, hybrid) need all of them. They are made on this device by the embedding "
        "model (downloaded once, 23 MB), in batches; the keyword techniques keep working meanwhile, and a "
        "reload carries on where it stopped.</p>"
        '<button type="button" class="make-vectors">Make meaning vectors</button>'
    )


def _duration(seconds: float) -> str:
    return f"{max(1, round(seconds))} s" if seconds < 90 else f"{round(seconds / 60)} min"
