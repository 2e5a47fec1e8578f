() => {
  const line = document.getElementById("offline");
  return Boolean(line?.textContent) && !line.textContent.endsWith("…");
}