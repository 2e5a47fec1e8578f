() => {
    window.__typed = {};
    const input = document.getElementById("q-hybrid");
    input.addEventListener("keydown", (e) => {
        if (e.key === "Enter") window.__typed[input.value] = {pressed: performance.now()};
    }, {capture: true});
    const slot = document.getElementById("result-hybrid");
    new MutationObserver(() => {
        const summary = slot.querySelector(".summary");
        if (!summary || slot.classList.contains("busy")) return;
        for (const [q, t] of Object.entries(window.__typed)) {
            if (t.shown === undefined && summary.textContent.includes("\u201c" + q + "\u201d")) {
                t.shown = performance.now();
                requestAnimationFrame(() => setTimeout(() => { t.painted = performance.now(); }));
            }
        }
    }).observe(slot, {subtree: true, childList: true, characterData: true, attributes: true});
}