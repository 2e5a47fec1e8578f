async () => {
  const files = [...document.getElementById("bench-files").files];
  const t0 = performance.now();
  let chars = 0;
  for (const f of files) chars += (await f.text()).length;
  return { ms: performance.now() - t0, files: files.length, chars };
}