
async ({ name, args }) => {
  const t0 = performance.now();
  await raglabBench[name](...args);
  const t1 = performance.now();
  const long = __bench.longtasks.filter(([s, d]) => s < t1 && s + d > t0).map(([, d]) => d);
  return { ms: t1 - t0, longest: long.length ? Math.max(...long) : 0 };
}
