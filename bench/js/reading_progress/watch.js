() => {
    window.readingLog = [];
    const line = document.getElementById("docs-progress"), bar = document.getElementById("docs-bar");
    const note = () => window.readingLog.push({t: performance.now(), text: line.textContent, value: bar.value,
        max: bar.max});
    new MutationObserver(note).observe(line, {childList: true, characterData: true, subtree: true});
}