() => Object.fromEntries(performance.getEntriesByType("mark")
    .filter((m) => m.name.startsWith("raglab:")).map((m) => [m.name.slice(7), m.startTime]))