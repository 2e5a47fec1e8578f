() => {
    window.__asks = [];
    document.addEventListener("click", (e) => {
        if (e.target.closest("#plain button.ask-model-button, #model-plain .consent-yes"))
            window.__asks.push({clicked: performance.now(), what: e.target.className, answers:
                document.querySelectorAll("#model-plain .answer").length});
    }, {capture: true});
    const panel = document.getElementById("model-plain");
    window.__answers = [];
    new MutationObserver(() => {
        panel.querySelectorAll(".answer").forEach((answer, i) => {
            const seen = window.__answers[i] ??= {};
            const n = answer.querySelector(".answer-text").textContent.length;
            const now = performance.now();
            if (n && seen.first === undefined) seen.first = now;
            if (n !== seen.chars) { seen.chars = n; seen.last = now; }
            const end = answer.querySelector(".answer-meta");  // written after the last token
            if (end && seen.done === undefined) { seen.done = now; seen.meta = end.textContent; }
        });
    }).observe(panel, {subtree: true, childList: true, characterData: true});
}