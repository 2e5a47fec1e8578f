() => {
  window.vectorLog = [];
  const line = document.getElementById("docs-vectors");
  const note = () => {
    const bar = line.querySelector("progress");
    window.vectorLog.push({t: performance.now(), text: line.textContent, value: bar ? Number(bar.value) : null});
  };
  new MutationObserver(note).observe(line, {childList: true, subtree: true, characterData: true, attributes: true});
}