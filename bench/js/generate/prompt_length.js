async ([prompt, n]) => {
    const node = document.createTextNode("");
    let first;
    new MutationObserver(() => { first ??= performance.now(); }).observe(node, {characterData: true});
    const t0 = performance.now();
    const done = await raglabBridge.generate(prompt, n, node).ended;
    const status = window.__events.filter(e => e.type === "status" && e.stage === "generating").at(-1);
    return {first_token_ms: (first ?? performance.now()) - t0, worker_first_token_ms: done.first_token_ms,
            input_tokens: status.input_tokens, tokens: done.tokens, ms: performance.now() - t0};
}