
() => {
  window.__batches = [];
  const real = raglabBridge.vectors.bind(raglabBridge);
  raglabBridge.vectors = (texts) => {
    __batches.push(Array.from(texts));
    return real(texts);
  };
}
