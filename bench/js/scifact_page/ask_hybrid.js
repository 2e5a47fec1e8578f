
async ({ claim, vector }) => {
  await raglabBench.addVectors([claim], [vector]);
  const slot = document.getElementById("result-hybrid");
  const box = document.getElementById("q-hybrid");
  const t0 = performance.now();
  const shown = new Promise((resolve) => {
    const check = () => {
      const summary = slot.querySelector(".summary");
      if (summary && summary.textContent.includes(claim) && !slot.classList.contains("busy")) {
        watch.disconnect();
        requestAnimationFrame(() => resolve(performance.now()));
      }
    };
    const watch = new MutationObserver(check);
    watch.observe(slot, { subtree: true, childList: true, attributes: true, characterData: true });
  });
  box.value = claim;
  box.form.requestSubmit();
  return { t0, shown: await shown, first: slot.querySelector("li.hit")?.dataset.id ?? null };
}
