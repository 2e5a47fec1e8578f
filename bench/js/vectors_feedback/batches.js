() => performance.getEntriesByName("raglab:vectors-batch")
    .map((e) => ({t: e.startTime, batch: e.detail.batch, left: e.detail.left}))