() => {
  const number = (text) => Number(text.replaceAll(",", ""));
  const read = document.querySelector("#docs-read").textContent.match(/([\d,]+) passages?\./);
  const kept = [...document.querySelectorAll("#docs-kept li.kept-doc .facts")]
    .map((f) => number(f.textContent.match(/([\d,]+) passages?$/)[1]));
  const line = document.querySelector("#docs-vectors").textContent.match(/of ([\d,]+) passages/);
  return {read: read && number(read[1]), kept: kept.reduce((a, b) => a + b, 0), vectors: line && number(line[1])};
}